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
/*
 * How long a CPU that left the online CPUs may take to say it is parked
 * before it is sent INIT anyway ("didn't die"), and how often that
 * happened.  Test only: a parking CPU waits hotplug_test_park_delay_us
 * once it has left, as a CPU the host does not run for a while would, so
 * that a test can take the INIT-before-parked path every time.
 */
extern unsigned int hotplug_park_timeout_ms;
extern unsigned long hotplug_park_timeouts;
extern unsigned int hotplug_test_park_delay_us;
#endif

#endif /* _ASM_X86_SMP_H */
