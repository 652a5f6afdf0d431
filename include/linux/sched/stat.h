/* SPDX-License-Identifier: GPL-2.0 */
/* The scheduler's counts for /proc/stat and /proc/loadavg (Linux's names) */
#ifndef _CACHET_LINUX_SCHED_STAT_H
#define _CACHET_LINUX_SCHED_STAT_H

unsigned int nr_running(void);
unsigned long long nr_context_switches(void);
unsigned long nr_forks_total(void);
int pid_last_nr(void);

#endif /* _CACHET_LINUX_SCHED_STAT_H */
