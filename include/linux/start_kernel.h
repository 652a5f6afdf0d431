/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_START_KERNEL_H
#define _CACHET_LINUX_START_KERNEL_H

#include <linux/compiler.h>

void __noreturn start_kernel(void);

#endif
