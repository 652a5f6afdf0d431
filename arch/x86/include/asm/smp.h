/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86's part of CPU hotplug: bringing a CPU back (smpboot.c) and parking
 * one (hotplug.c).  Documentation/core-api/cpu_hotplug.rst has the order.
 */
#ifndef _ASM_X86_SMP_H
#define _ASM_X86_SMP_H

#include <linux/compiler.h>

#ifdef CONFIG_SMP
int smp_boot_cpu(unsigned int cpu);
/* the idle loop of a CPU asked to go offline ends here */
void __noreturn cpu_play_dead(void);
#endif

#endif /* _ASM_X86_SMP_H */
