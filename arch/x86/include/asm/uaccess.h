/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copying to and from user memory.
 *
 * A user pointer is checked against the user half of the address space
 * (access_ok()) before it is touched, and touched only by the copy
 * routines of arch/x86/lib/copy_user_64.S, whose faulting instructions have
 * exception-table entries: a bad pointer costs the caller -EFAULT (or the
 * count of bytes not copied), never an oops and never a read of kernel
 * memory.  On a CPU with SMAP, ring 0 reaches user pages only between the
 * stac and clac these routines issue.
 */
#ifndef _ASM_X86_UACCESS_H
#define _ASM_X86_UACCESS_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * The highest user address plus one: the top of the lower canonical half
 * less one guard page, as in Linux (a user mapping ending at the canonical
 * boundary would let SYSRET return to a non-canonical address).
 */
#define TASK_SIZE_MAX	((1UL << 47) - 4096)

/**
 * access_ok() - may [@ptr, @ptr + @size) be a user range?
 * @ptr: user address
 * @size: bytes
 *
 * True when the whole range lies below TASK_SIZE_MAX, without overflow;
 * says nothing about whether it is mapped.
 */
static inline bool access_ok(const void __user *ptr, unsigned long size)
{
	unsigned long a = (__force unsigned long)ptr;

	return size <= TASK_SIZE_MAX && a <= TASK_SIZE_MAX - size;
}

unsigned long copy_from_user(void *to, const void __user *from,
			     unsigned long n);
/* as copy_from_user(), without zeroing what was not copied */
unsigned long raw_copy_from_user(void *to, const void __user *from,
				 unsigned long n);
unsigned long copy_to_user(void __user *to, const void *from,
			   unsigned long n);
unsigned long clear_user(void __user *to, unsigned long n);
long strncpy_from_user(char *dst, const char __user *src, long count);

/* the primitives, for the code above and its tests: no access_ok() */
unsigned long __copy_user_bytes(void *to, const void *from, unsigned long n);
unsigned long __clear_user_bytes(void *to, unsigned long n);
int __get_user_byte(u8 *val, const void *src);

/**
 * get_user() - read one value of @ptr's type from user memory
 * @x: lvalue receiving the value (0 on error)
 * @ptr: user pointer
 *
 * Returns 0 or -EFAULT.
 */
#define get_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __gu_val;					\
	int __gu_err = copy_from_user(&__gu_val, (ptr),			\
				      sizeof(__gu_val)) ? -EFAULT : 0;	\
	(x) = __gu_err ? (__typeof__(*(ptr)))0 : __gu_val;		\
	__gu_err;							\
})

/**
 * put_user() - write one value of @ptr's type to user memory
 * @x: the value
 * @ptr: user pointer
 *
 * Returns 0 or -EFAULT.
 */
#define put_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __pu_val = (x);				\
	copy_to_user((ptr), &__pu_val, sizeof(__pu_val)) ? -EFAULT : 0;	\
})

#endif /* _ASM_X86_UACCESS_H */
