/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_TSC_H
#define _ASM_X86_TSC_H

extern unsigned long tsc_khz;
void tsc_init(void);
void tsc_calibrate_ref(unsigned long hpet_khz);
/* drivers/clocksource/acpi_pm.c */
unsigned long acpi_pm_measure_tsc_khz(void);

#endif
