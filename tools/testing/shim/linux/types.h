/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host shim for <linux/types.h>: the kernel's header uses only freestanding
 * compiler headers, so the host uses it as is, minus what libc defines.
 */
#ifndef _SHIM_LINUX_TYPES_H
#define _SHIM_LINUX_TYPES_H
#define __KERNEL_HOST_BUILD 1
#include <sys/types.h>
#include "../../../../include/linux/types.h"
#endif
