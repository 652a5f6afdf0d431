/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System sleep states, as Linux numbers them (kernel/power/).  cachet
 * implements suspend to RAM (ACPI S3, "mem", "deep") only.
 */
#ifndef _CACHET_LINUX_SUSPEND_H
#define _CACHET_LINUX_SUSPEND_H

#include <linux/types.h>

typedef int suspend_state_t;

#define PM_SUSPEND_ON		0
#define PM_SUSPEND_TO_IDLE	1
#define PM_SUSPEND_STANDBY	2
#define PM_SUSPEND_MEM		3
#define PM_SUSPEND_MIN		PM_SUSPEND_TO_IDLE
#define PM_SUSPEND_MAX		4

/* pure, kernel/power/state_label.c: @labels[state] NULL when unsupported */
suspend_state_t pm_decode_state(const char *const *labels, const char *buf,
				size_t n);
size_t pm_states_show(const char *const *labels, char *buf, size_t size);

int pm_suspend(suspend_state_t state);
void pm_init(void);

#endif /* _CACHET_LINUX_SUSPEND_H */
