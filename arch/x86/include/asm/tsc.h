/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_TSC_H
#define _ASM_X86_TSC_H

extern unsigned long tsc_khz;
void tsc_init(void);
void tsc_calibrate_ref(unsigned long ref_khz);

#endif
