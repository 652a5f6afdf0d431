/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The clocks user space reads (kernel/time/timekeeping.c): monotonic
 * time is the TSC clock since boot (local_clock()); boot time is the same
 * (cachet never suspends); the wall clock is the CMOS RTC's time read at
 * boot plus monotonic time, moved by settimeofday().  Linux's names.
 */
#ifndef _CACHET_LINUX_TIMEKEEPING_H
#define _CACHET_LINUX_TIMEKEEPING_H

#include <linux/types.h>

typedef int clockid_t;

/* Linux's uapi struct __kernel_timespec and struct __kernel_old_timeval */
struct __kernel_timespec {
	s64 tv_sec;
	long long tv_nsec;
};

struct __kernel_old_timeval {
	long tv_sec;
	long tv_usec;
};

#define CLOCK_REALTIME			0
#define CLOCK_MONOTONIC			1
#define CLOCK_PROCESS_CPUTIME_ID	2
#define CLOCK_THREAD_CPUTIME_ID		3
#define CLOCK_MONOTONIC_RAW		4
#define CLOCK_REALTIME_COARSE		5
#define CLOCK_MONOTONIC_COARSE		6
#define CLOCK_BOOTTIME			7

#define TIMER_ABSTIME			0x01

u64 ktime_get_ns(void);
u64 ktime_get_boottime_ns(void);
u64 ktime_get_real_ns(void);
/* step the wall clock to @ns since the epoch */
void timekeeping_set_real_ns(u64 ns);
/* the wall clock at boot, in seconds since the epoch (0: no RTC) */
void timekeeping_init(u64 boot_seconds);
/* around a suspend to RAM: add the time asleep to boot and wall time */
void timekeeping_suspend(void);
void timekeeping_resume(void);

/* Linux's mktime64(): a UTC calendar time in seconds since the epoch */
u64 mktime64(unsigned int year, unsigned int mon, unsigned int day,
	     unsigned int hour, unsigned int min, unsigned int sec);

/* the CMOS RTC's time in seconds since the epoch; 0 without one */
u64 rtc_cmos_read_seconds(void);

#endif /* _CACHET_LINUX_TIMEKEEPING_H */
