/* SPDX-License-Identifier: GPL-2.0 */
/* The HPET as a clock (drivers/clocksource/hpet.c). */
#ifndef _CACHET_LINUX_HPET_H
#define _CACHET_LINUX_HPET_H

#include <linux/types.h>

void hpet_init(void);
u64 hpet_read_counter(void);
/* nanoseconds since hpet_init(); 0 without an HPET */
u64 hpet_read_ns(void);
/* after suspend to RAM: the counter runs again, from where it is */
void hpet_resume_counter(void);

#endif
