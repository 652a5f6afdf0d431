// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite "tick": the timers of a tick that came inside an irqs-off
 * halt (halt_irqs_off(), arch/x86/kernel/smp.c) run once the section
 * ends, even when every tick comes inside one.  Before, they waited for
 * a tick that came elsewhere, and code that only ever opened interrupts
 * inside such halts (the pat_smp stress's workers, all on CPU 0 while
 * the other CPU was going offline) kept an msleep() asleep for good.
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <linux/timer.h>
#include <asm/irqflags.h>

#ifdef CONFIG_SMP
#define GIVE_UP_NS	(2 * NSEC_PER_SEC)

static bool fired;

static void set_fired(struct timer_list *t)
{
	__atomic_store_n(&fired, true, __ATOMIC_RELEASE);
}

/*
 * On CPU 0, which runs the timers: sections that halt, interrupts off,
 * until the next tick, back to back, so that every tick comes inside a
 * halt; a timer due in two ticks must still run, between two sections.
 */
static void test_timers_run_after_irqs_off_halts(struct ktest *t)
{
	u64 saved = current->cpus_allowed, t0;
	unsigned long deferred = tick_timers_deferred, flags, j;
	struct timer_list timer;
	unsigned int sections = 0;

	if (!tick_running()) {
		ktest_skip(t, "no tick on this machine");
		return;
	}
	set_cpus_allowed(current, 1ULL << 0);
	KTEST_ASSERT_TRUE(t, smp_processor_id() == 0);
	fired = false;
	timer_setup(&timer, set_fired, 0);
	/* no other task may run here with interrupts on meanwhile */
	preempt_disable();
	mod_timer(&timer, get_jiffies_64() + 2);
	t0 = local_clock();
	while (!__atomic_load_n(&fired, __ATOMIC_ACQUIRE) &&
	       local_clock() - t0 < GIVE_UP_NS) {
		local_irq_save(flags);
		j = (unsigned long)get_jiffies_64();
		smp_halt_until((const unsigned long *)&jiffies, j + 1);
		local_irq_restore(flags);
		sections++;
	}
	preempt_enable();
	del_timer_sync(&timer);
	set_cpus_allowed(current, saved);
	ktest_printf(t, "%u sections, %lu ticks deferred their timers",
		     sections, tick_timers_deferred - deferred);
	KTEST_EXPECT_TRUE(t, fired);
	/* every tick came inside a halt: the timer ran through the vector */
	KTEST_EXPECT_TRUE(t, tick_timers_deferred > deferred);
}
#else
static void test_timers_run_after_irqs_off_halts(struct ktest *t)
{
	/* the lock and call waits halt only in arch/x86/kernel/smp.c */
	ktest_skip(t, "CONFIG_SMP=n: no irqs-off halts");
}
#endif

static struct ktest_case tick_cases[] = {
	KTEST_CASE(test_timers_run_after_irqs_off_halts),
	{}
};
KTEST_SUITE(tick, tick_cases);
