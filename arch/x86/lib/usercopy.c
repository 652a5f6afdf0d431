// SPDX-License-Identifier: GPL-2.0
/*
 * copy_from_user() and friends: check the range, open the SMAP window,
 * run one primitive of copy_user_64.S, close the window.  See
 * <asm/uaccess.h>.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/processor.h>
#include <asm/uaccess.h>

/* stac/clac are #UD on a CPU without SMAP, so ask first */
static inline void user_access_begin(void)
{
	if (boot_cpu_has(X86_FEATURE_SMAP))
		__asm__ __volatile__("stac" ::: "memory");
}

static inline void user_access_end(void)
{
	if (boot_cpu_has(X86_FEATURE_SMAP))
		__asm__ __volatile__("clac" ::: "memory");
}

/**
 * raw_copy_from_user() - copy from user memory, leaving the rest alone
 * @to: kernel destination
 * @from: user source
 * @n: bytes
 *
 * Returns the bytes not copied.  Unlike copy_from_user(), the part of
 * @to not copied keeps what it held: a write(2) from a bad buffer into
 * a file's page must not zero the file (Linux's copy_from_iter() copies
 * this way).  The range is checked as copy_from_user() checks it.
 */
unsigned long raw_copy_from_user(void *to, const void __user *from,
				 unsigned long n)
{
	unsigned long left = n;

	if (access_ok(from, n)) {
		user_access_begin();
		left = __copy_user_bytes(to, (__force const void *)from, n);
		user_access_end();
	}
	return left;
}

/**
 * copy_from_user() - copy from user memory
 * @to: kernel destination
 * @from: user source
 * @n: bytes
 *
 * Returns the bytes not copied (0 on success); those bytes of @to are
 * zeroed, as in Linux, so a short copy never leaves stale kernel data.
 */
unsigned long copy_from_user(void *to, const void __user *from,
			     unsigned long n)
{
	unsigned long left = n;

	if (access_ok(from, n)) {
		user_access_begin();
		left = __copy_user_bytes(to, (__force const void *)from, n);
		user_access_end();
	}
	if (left)
		memset((char *)to + (n - left), 0, left);
	return left;
}

/**
 * copy_to_user() - copy to user memory
 * @to: user destination
 * @from: kernel source
 * @n: bytes
 *
 * Returns the bytes not copied (0 on success).
 */
unsigned long copy_to_user(void __user *to, const void *from,
			   unsigned long n)
{
	unsigned long left = n;

	if (access_ok(to, n)) {
		user_access_begin();
		left = __copy_user_bytes((__force void *)to, from, n);
		user_access_end();
	}
	return left;
}

/**
 * clear_user() - zero user memory
 * @to: user destination
 * @n: bytes
 *
 * Returns the bytes not cleared (0 on success).
 */
unsigned long clear_user(void __user *to, unsigned long n)
{
	unsigned long left = n;

	if (access_ok(to, n)) {
		user_access_begin();
		left = __clear_user_bytes((__force void *)to, n);
		user_access_end();
	}
	return left;
}

/**
 * strncpy_from_user() - copy a NUL-terminated string from user memory
 * @dst: kernel destination, @count bytes
 * @src: user source
 * @count: at most this many bytes are copied
 *
 * Returns the length of the string (without its NUL, which is copied
 * too), @count if no NUL came within @count bytes (then @dst is not
 * terminated, as in Linux), or -EFAULT if a byte before the NUL could not
 * be read.  Stops at the end of the user half like a fault would.
 */
long strncpy_from_user(char *dst, const char __user *src, long count)
{
	unsigned long a = (__force unsigned long)src, limit;
	long i;
	u8 c;

	if (count <= 0)
		return 0;
	if (!access_ok(src, 1))
		return -EFAULT;
	/* bytes before the end of the user half: reaching it is a fault */
	limit = min_t(unsigned long, count, TASK_SIZE_MAX - a);
	user_access_begin();
	for (i = 0; i < (long)limit; i++) {
		if (__get_user_byte(&c, (const void *)(a + i)))
			break;
		dst[i] = c;
		if (!c) {
			user_access_end();
			return i;
		}
	}
	user_access_end();
	return i == count ? count : -EFAULT;
}
