/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: the system's errno values are Linux's, the same as ours. */
#ifndef _SHIM_LINUX_ERRNO_H
#define _SHIM_LINUX_ERRNO_H
#include_next <linux/errno.h>
#endif
