/* SPDX-License-Identifier: GPL-2.0 */
/* What fault handlers need of signals: include/linux/signal.h has it. */
#ifndef _CACHET_LINUX_SCHED_SIGNAL_H
#define _CACHET_LINUX_SCHED_SIGNAL_H

#include <linux/signal.h>

#endif /* _CACHET_LINUX_SCHED_SIGNAL_H */
