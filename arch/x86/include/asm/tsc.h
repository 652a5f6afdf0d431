/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_TSC_H
#define _ASM_X86_TSC_H

extern unsigned long tsc_khz;
void tsc_init(void);
void tsc_calibrate_ref(unsigned long hpet_khz);
/* across suspend to RAM: the clock goes on from where it stopped */
void save_sched_clock_state(void);
void restore_sched_clock_state(void);
/* drivers/clocksource/acpi_pm.c */
unsigned long acpi_pm_measure_tsc_khz(void);

#endif
