/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_KERNEL_H
#define _CACHET_LINUX_KERNEL_H

#include <stdarg.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/sizes.h>
#include <linux/kstrtox.h>
#include <linux/cmdline.h>

#define U8_MAX		((u8)~0U)
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define U64_MAX		((u64)~0ULL)
#define INT_MAX		((int)(~0U >> 1))
#define UINT_MAX	(~0U)
#define LONG_MAX	((long)(~0UL >> 1))
#define ULONG_MAX	(~0UL)

#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))
#define min_t(t, a, b)	min((t)(a), (t)(b))
#define max_t(t, a, b)	max((t)(a), (t)(b))
#define clamp(v, lo, hi) min(max(v, lo), hi)

/* for powers of two only */
#define ALIGN(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define round_up(x, a)		ALIGN(x, a)
#define round_down(x, a)	ALIGN_DOWN(x, a)
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define is_power_of_2(n)	((n) != 0 && (((n) & ((n) - 1)) == 0))

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define IS_ENABLED(option)	__is_defined(option)
#define __is_defined(x)		___is_defined(x)
#define ___is_defined(val)	____is_defined(__ARG_PLACEHOLDER_##val)
#define __ARG_PLACEHOLDER_1	0,
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define __take_second_arg(__ignored, val, ...) val

__printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
__printf(2, 3) int sprintf(char *buf, const char *fmt, ...);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);
/* receives one piece of vprintf_sink()'s output; @s is not NUL-terminated */
typedef void (*printf_sink_t)(void *ctx, const char *s, size_t n);
int vprintf_sink(printf_sink_t sink, void *ctx, const char *fmt, va_list args);

#endif /* _CACHET_LINUX_KERNEL_H */
