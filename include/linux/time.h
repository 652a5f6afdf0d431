/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_TIME_H
#define _CACHET_LINUX_TIME_H

#include <linux/types.h>

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL

/* nanoseconds since boot from the calibrated TSC; 0 before calibration */
u64 local_clock(void);
void udelay(unsigned long usecs);
void mdelay(unsigned long msecs);

#endif /* _CACHET_LINUX_TIME_H */
