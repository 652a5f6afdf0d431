// SPDX-License-Identifier: GPL-2.0
/*
 * The periodic tick: see include/linux/tick.h.  One CPU, the boot CPU
 * (Linux's tick_do_timer_cpu), advances jiffies and runs the timers, so
 * jiffies moves by exactly one per tick whatever the number of CPUs.
 */
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <linux/timer.h>

u64 jiffies;
static bool tick_on;
static const unsigned int tick_do_timer_cpu;
static u64 poll_next_ns;

#define TICK_NSEC	(NSEC_PER_SEC / HZ)

bool tick_running(void)
{
	return __atomic_load_n(&tick_on, __ATOMIC_ACQUIRE);
}

/*
 * From the local APIC timer interrupt, interrupts off.  Timers take locks
 * (theirs, and the scheduler's to wake a task): not while the interrupted
 * code halts with interrupts opened inside a section that may hold them
 * (halt_irqs_off() in arch/x86/kernel/smp.c).  An expired timer then runs
 * at the next tick: a timer runs at or after its expiry, never before.
 */
void tick_handle(void)
{
	if (smp_processor_id() == tick_do_timer_cpu) {
		__atomic_fetch_add(&jiffies, 1, __ATOMIC_RELAXED);
		if (!this_pcpu()->irqs_off_halt)
			run_timers();
	}
	scheduler_tick();
}

static void tick_start_cpu(void *unused)
{
	if (!lapic_timer_setup())
		pr_err("CPU%u: no tick\n", smp_processor_id());
}

/**
 * tick_init() - start the tick on every online CPU
 *
 * After smp_init(): the boot CPU calibrates its timer, then every CPU
 * starts its own.  Without a usable local APIC the kernel runs on
 * without a tick: tasks switch only when they sleep or yield.
 */
void tick_init(void)
{
	if (!lapic_timer_setup()) {
		pr_info("no tick: running without preemption\n");
		return;
	}
	on_each_cpu(tick_start_cpu, NULL);
	__atomic_store_n(&tick_on, true, __ATOMIC_RELEASE);
}

void tick_setup_secondary(void)
{
	if (tick_running() && !lapic_timer_setup())
		pr_err("CPU%u: no tick\n", smp_processor_id());
}

/* the idle loop without a tick: one jiffy per TICK_NSEC of local_clock() */
void tick_poll(void)
{
	u64 now = local_clock();

	if (smp_processor_id() != tick_do_timer_cpu)
		return;
	if (!poll_next_ns)
		poll_next_ns = now + TICK_NSEC;
	while (now >= poll_next_ns) {
		__atomic_fetch_add(&jiffies, 1, __ATOMIC_RELAXED);
		poll_next_ns += TICK_NSEC;
		run_timers();
	}
}
