/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed-width types shared by the kernel and by host builds of the pure
 * files.  Only freestanding compiler headers are used, so this header means
 * the same thing in vmlinux and in a host test built against libc.
 */
#ifndef _CACHET_LINUX_TYPES_H
#define _CACHET_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

typedef u64 phys_addr_t;
typedef u64 resource_size_t;
typedef u64 dma_addr_t;

#ifndef __KERNEL_HOST_BUILD
typedef long ssize_t;
#endif

#endif /* _CACHET_LINUX_TYPES_H */
