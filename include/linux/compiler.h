/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_COMPILER_H
#define _CACHET_LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#undef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define __noreturn	__attribute__((__noreturn__))
#define __packed	__attribute__((__packed__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __section(s)	__attribute__((__section__(s)))
#define __used		__attribute__((__used__))
#define __maybe_unused	__attribute__((__unused__))
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))
#define __weak		__attribute__((__weak__))

/* sparse annotations; plain compilers see nothing */
#ifdef __CHECKER__
#define __iomem		__attribute__((noderef, address_space(__iomem)))
#define __user		__attribute__((noderef, address_space(__user)))
#define __force		__attribute__((force))
#else
#define __iomem
#define __user
#define __force
#endif

#define barrier()	__asm__ __volatile__("" : : : "memory")
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)

#endif /* _CACHET_LINUX_COMPILER_H */
