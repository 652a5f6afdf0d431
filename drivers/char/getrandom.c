// SPDX-License-Identifier: GPL-2.0
/*
 * getrandom(): bytes of the kernel's generator (random.c), which is
 * seeded before user space runs, so no flag ever makes the call wait or
 * fail for want of entropy.  Linux's flag checks: unknown flags, and
 * GRND_INSECURE with GRND_RANDOM, are -EINVAL.  A count above INT_MAX
 * is cut to INT_MAX, as Linux does; a fault after some bytes returns
 * the bytes copied.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define GRND_NONBLOCK	0x0001
#define GRND_RANDOM	0x0002
#define GRND_INSECURE	0x0004

#define INT_MAX_BYTES	0x7fffffffUL
#define CHUNK		256

/* the bytes handed out do not stay on the stack */
static void wipe(void *p, size_t n)
{
	memset(p, 0, n);
	barrier();
}

SYSCALL_DEFINE3(getrandom, char __user *, ubuf, size_t, len,
		unsigned int, flags)
{
	u8 buf[CHUNK];
	size_t done = 0, n;

	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	if ((flags & (GRND_INSECURE | GRND_RANDOM)) ==
	    (GRND_INSECURE | GRND_RANDOM))
		return -EINVAL;
	if (len > INT_MAX_BYTES)
		len = INT_MAX_BYTES;
	while (done < len) {
		/* a long read gives way to a signal, as Linux's */
		if (done && signal_pending(current))
			break;
		n = min(len - done, sizeof(buf));
		get_random_bytes(buf, n);
		if (copy_to_user(ubuf + done, buf, n)) {
			wipe(buf, sizeof(buf));
			return done ? (long)done : -EFAULT;
		}
		done += n;
		cond_resched();
	}
	wipe(buf, sizeof(buf));
	return done;
}
