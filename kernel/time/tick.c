// SPDX-License-Identifier: GPL-2.0
/*
 * The periodic tick: see include/linux/tick.h.  One CPU, the boot CPU
 * (Linux's tick_do_timer_cpu), advances jiffies and runs the timers, so
 * jiffies moves by exactly one per tick whatever the number of CPUs.
 */
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/loadavg.h>
#include <linux/sched/cputime.h>
#include <linux/smp.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <linux/timer.h>
#include <asm/apic.h>
#include <asm/irq_regs.h>
#include <asm/irqflags.h>
#include <asm/ptrace.h>
#include <asm/special_insns.h>

u64 jiffies;
static bool tick_on;
static const unsigned int tick_do_timer_cpu;
static u64 poll_next_ns;

#define TICK_NSEC	(NSEC_PER_SEC / HZ)

bool tick_running(void)
{
	return __atomic_load_n(&tick_on, __ATOMIC_ACQUIRE);
}

unsigned long tick_timers_deferred;
static bool timers_defer_ready;

static void timers_deferred_interrupt(unsigned int vector, void *data)
{
	run_timers();
}

/*
 * The timers cannot run now: hand them to TIMER_DEFER_VECTOR, sent to
 * this CPU, which the local APIC holds back until the section ends.
 * Leaving them for the next tick instead starved them for good when the
 * code on this CPU only ever opened interrupts inside such halts (the
 * pat_smp stress's workers, all on CPU 0 while the other CPU went
 * offline): every tick came in a halt, and a task in msleep() never woke.
 */
static void defer_timers(void)
{
	tick_timers_deferred++;
	if (timers_defer_ready)
		apic_send_ipi(this_pcpu()->apicid, TIMER_DEFER_VECTOR);
}

/*
 * From the local APIC timer interrupt, interrupts off.  Timers take locks
 * (theirs, and the scheduler's to wake a task): not while the interrupted
 * code halts with interrupts opened inside a section that may hold them
 * (halt_irqs_off() in arch/x86/kernel/smp.c).  They run once that
 * section ends (defer_timers()): a timer runs at or after its expiry,
 * never before.
 */
void tick_handle(void)
{
	struct pt_regs *regs = get_irq_regs();

	account_process_tick(current, regs && user_mode(regs));
	if (smp_processor_id() == tick_do_timer_cpu) {
		__atomic_fetch_add(&jiffies, 1, __ATOMIC_RELAXED);
		calc_global_load();
		if (!this_pcpu()->irqs_off_halt)
			run_timers();
		else
			defer_timers();
	}
	scheduler_tick();
}

/*
 * See a few ticks come within 20 ticks' time of the TSC clock (or a
 * bounded spin without one): a local APIC may be listed but switched off
 * (-cpu ...,-apic), and a machine may have no PIT or 8259 to deliver.
 */
static bool ticks_come(void)
{
	u64 j0 = get_jiffies_64(), t0 = local_clock();
	unsigned long spins = 0, flags = native_save_fl();
	bool ok;

	local_irq_enable();
	while (get_jiffies_64() - j0 < 3) {
		if (t0 ? local_clock() - t0 > 20 * TICK_NSEC : ++spins > 100000000)
			break;
		cpu_relax();
	}
	ok = get_jiffies_64() - j0 >= 3;
	if (!(flags & X86_EFLAGS_IF))
		local_irq_disable();
	return ok;
}

static void tick_stop_cpu(void *unused)
{
	lapic_timer_stop();
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
	/* only the local APIC's tick can come inside such a halt */
	timers_defer_ready = apic_usable() &&
			     !request_irq_vector(TIMER_DEFER_VECTOR,
						 timers_deferred_interrupt, NULL);
	if (lapic_timer_setup()) {
		on_each_cpu(tick_start_cpu, NULL);
		if (ticks_come()) {
			__atomic_store_n(&tick_on, true, __ATOMIC_RELEASE);
			return;
		}
		on_each_cpu(tick_stop_cpu, NULL);
		pr_warn("APIC: timer does not tick\n");
	}
	if (pit_tick_setup()) {
		if (ticks_come()) {
			pr_info("tick: from the PIT, HZ %d\n", HZ);
			__atomic_store_n(&tick_on, true, __ATOMIC_RELEASE);
			return;
		}
		pit_tick_stop();
	}
	pr_info("no tick: running without preemption\n");
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
		calc_global_load();
		poll_next_ns += TICK_NSEC;
		run_timers();
	}
}
