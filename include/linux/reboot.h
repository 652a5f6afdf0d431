/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_REBOOT_H
#define _CACHET_LINUX_REBOOT_H

#include <linux/types.h>
#include <linux/compiler.h>

void qemu_exit(u8 code);
void __noreturn machine_power_off(void);
void __noreturn machine_restart(void);

#endif
