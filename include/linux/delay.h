/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_DELAY_H
#define _CACHET_LINUX_DELAY_H

#include <linux/time.h>

/* sleep, letting others run, for at least @msecs ms of jiffies */
void msleep(unsigned int msecs);

#endif /* _CACHET_LINUX_DELAY_H */
