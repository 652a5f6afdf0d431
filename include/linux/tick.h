/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The periodic tick (kernel/time/tick.c): HZ interrupts per second on
 * every CPU from its local APIC timer, or from the PIT on a machine
 * without one; the boot CPU also advances jiffies and runs the timers.
 */
#ifndef _CACHET_LINUX_TICK_H
#define _CACHET_LINUX_TICK_H

#include <linux/types.h>

/* start the tick on this CPU (boot CPU: also calibrate it) */
void tick_init(void);
void tick_setup_secondary(void);
/* true once this machine takes tick interrupts */
bool tick_running(void);
/* without a tick: bring jiffies up to date from the TSC clock */
void tick_poll(void);
/* the timer interrupt's work, on every CPU */
void tick_handle(void);
/* ticks whose timers waited for the end of an irqs-off halt */
extern unsigned long tick_timers_deferred;

/* arch: start this CPU's periodic timer at HZ; false if it cannot */
bool lapic_timer_setup(void);
void lapic_timer_stop(void);
/* arch, without a local APIC: the PIT through the 8259 (i8253.c) */
bool pit_tick_setup(void);
void pit_tick_stop(void);

#endif /* _CACHET_LINUX_TICK_H */
