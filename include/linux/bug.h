/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_BUG_H
#define _CACHET_LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/printk.h>

__printf(1, 2) void __noreturn panic(const char *fmt, ...);
/* "test.crash_cpu=N": oops on CPU N (after SMP bring-up) */
void crash_test_run(void);
void warn_slowpath(const char *file, int line, void *caller);

#define BUG()	panic("kernel BUG at %s:%d!", __FILE__, __LINE__)
#define BUG_ON(c)	do { if (unlikely(c)) BUG(); } while (0)

#define WARN_ON(c) ({							\
	bool __ret = !!(c);						\
	if (unlikely(__ret))						\
		warn_slowpath(__FILE__, __LINE__,			\
			      __builtin_return_address(0));		\
	unlikely(__ret);						\
})

#define WARN_ON_ONCE(c) ({						\
	static bool __warned;						\
	bool __ret = !!(c);						\
	if (unlikely(__ret) && !__warned) {				\
		__warned = true;					\
		warn_slowpath(__FILE__, __LINE__,			\
			      __builtin_return_address(0));		\
	}								\
	unlikely(__ret);						\
})

#define WARN_ONCE(c, fmt, ...) ({					\
	static bool __warned;						\
	bool __ret = !!(c);						\
	if (unlikely(__ret) && !__warned) {				\
		__warned = true;					\
		printk(KERN_WARNING fmt, ##__VA_ARGS__);		\
		warn_slowpath(__FILE__, __LINE__,			\
			      __builtin_return_address(0));		\
	}								\
	unlikely(__ret);						\
})

#define WARN(c, fmt, ...) ({						\
	bool __ret = !!(c);						\
	if (unlikely(__ret)) {						\
		printk(KERN_WARNING fmt, ##__VA_ARGS__);		\
		warn_slowpath(__FILE__, __LINE__,			\
			      __builtin_return_address(0));		\
	}								\
	unlikely(__ret);						\
})

#endif /* _CACHET_LINUX_BUG_H */
