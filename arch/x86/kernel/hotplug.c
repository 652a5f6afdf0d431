// SPDX-License-Identifier: GPL-2.0
/*
 * x86's part of CPU hotplug, called by kernel/cpu.c with the hotplug
 * write side held (no cpus_read_lock() section runs anywhere).
 *
 * Down, in this order (Documentation/core-api/cpu_hotplug.rst says why):
 *   1. the scheduler places nothing more on the CPU and moves away what
 *      it holds (sched_cpu_deactivate()); we wait until it runs its idle
 *      task with no smp_run_async() work;
 *   2. its idle loop, interrupts off, stops its tick, leaves the call
 *      targets and cpu_online_mask (smp_leave_online(), which serves the
 *      calls already addressed to it) and says so (hotplug_left); we
 *      wait for that as long as it takes, as Linux's stop_machine()
 *      does: until then a call or shootdown may count on it, and INIT
 *      would leave the caller waiting for good;
 *   3. it leaves init_mm's CPU mask, writes back and invalidates its
 *      caches (WBINVD), says it is parked and halts; we wait up to
 *      hotplug_park_timeout_ms for that, since it needs nothing from
 *      anyone any more ("didn't die" past that, as Linux says);
 *   4. we send it INIT: it waits for a STARTUP, deaf to interrupts and
 *      NMIs, with empty TLBs, until arch_cpu_up() restarts it.
 * Up: the boot path again (smp_boot_cpu()), then the boot check of its
 * IA32_PAT and MTRRs against CPU 0's, and only then may tasks go there.
 */
#define pr_fmt(fmt) "smpboot: " fmt

#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include <asm/smp.h>
#include <asm/special_insns.h>

/* how long a task may keep a CPU that is going down */
#define HOTPLUG_IDLE_TIMEOUT_MS	10000
/* how long until a CPU slow to leave the call targets is reported */
#define HOTPLUG_LEAVE_WARN_MS	5000

unsigned int hotplug_park_timeout_ms = 5000;
unsigned long hotplug_park_timeouts;
unsigned int hotplug_test_park_delay_us;

/**
 * cpu_play_dead() - park this CPU (step 2 above)
 *
 * From the idle loop with interrupts off and nothing held: the CPU runs
 * no task and no work, so abandoning this context loses nothing.  After
 * smp_leave_online() no shootdown reaches it, so from there it touches
 * only its per-CPU area and init_mm's mask, which no change unmaps.
 */
void __noreturn cpu_play_dead(void)
{
	struct pcpu *p = this_pcpu();

	lapic_timer_stop();
	smp_leave_online();
	__atomic_store_n(&p->hotplug_left, true, __ATOMIC_RELEASE);
	udelay(__atomic_load_n(&hotplug_test_park_delay_us, __ATOMIC_RELAXED));
	__atomic_fetch_and(&init_mm.cpu_mask, ~(1ULL << p->cpu),
			   __ATOMIC_SEQ_CST);
	wbinvd();
	p->wbinvd++;
	__atomic_store_n(&p->hotplug_dead, true, __ATOMIC_RELEASE);
	for (;;)
		__asm__ __volatile__("cli; hlt" : : : "memory");
}

/* poll @done(@cpu) every millisecond for @ms; false on time-out */
static bool wait_for(bool (*done)(unsigned int), unsigned int cpu,
		     unsigned int ms)
{
	u64 t0 = local_clock();

	while (!done(cpu)) {
		if (local_clock() - t0 > (u64)ms * NSEC_PER_MSEC)
			return false;
		/* a task still there may need a nudge to switch */
		resched_cpu(cpu);
		msleep(1);
	}
	return true;
}

static bool cpu_quiet(unsigned int cpu)
{
	return sched_cpu_idle(cpu) &&
	       !__atomic_load_n(&per_cpu_ptr(cpu)->work_fn, __ATOMIC_ACQUIRE);
}

static bool cpu_left(unsigned int cpu)
{
	return __atomic_load_n(&per_cpu_ptr(cpu)->hotplug_left,
			       __ATOMIC_ACQUIRE);
}

static bool cpu_parked(unsigned int cpu)
{
	return __atomic_load_n(&per_cpu_ptr(cpu)->hotplug_dead,
			       __ATOMIC_ACQUIRE);
}

/* step 2: no time-out, but say so when it takes long */
static void wait_until_left(unsigned int cpu)
{
	if (wait_for(cpu_left, cpu, HOTPLUG_LEAVE_WARN_MS))
		return;
	pr_warn("CPU %u: not out of the online CPUs after %u ms, waiting\n",
		cpu, HOTPLUG_LEAVE_WARN_MS);
	while (!wait_for(cpu_left, cpu, HOTPLUG_LEAVE_WARN_MS))
		;
}

/**
 * arch_cpu_down() - take @cpu offline and park it
 * @cpu: an online CPU other than CPU 0 and other than the last
 *
 * Returns 0, or -EBUSY if a task did not leave it within 10 s (it stays
 * online and active).  A CPU that left the online CPUs but did not say
 * it is parked within hotplug_park_timeout_ms is offline all the same:
 * it is sent INIT, with Linux's "didn't die" message.
 */
int arch_cpu_down(unsigned int cpu)
{
	struct pcpu *p = per_cpu_ptr(cpu);

	sched_cpu_deactivate(cpu);
	if (!wait_for(cpu_quiet, cpu, HOTPLUG_IDLE_TIMEOUT_MS)) {
		pr_err("CPU %u: a task did not leave it in %u ms, stays online\n",
		       cpu, HOTPLUG_IDLE_TIMEOUT_MS);
		sched_cpu_activate(cpu);
		return -EBUSY;
	}
	__atomic_store_n(&p->hotplug_die, true, __ATOMIC_RELEASE);
	wait_until_left(cpu);
	if (!wait_for(cpu_parked, cpu, hotplug_park_timeout_ms)) {
		pr_err("CPU %u didn't die...\n", cpu);
		hotplug_park_timeouts++;
	}
	apic_send_init(p->apicid);
	/* step 3 may not have got that far: INIT emptied its TLBs anyway */
	__atomic_fetch_and(&init_mm.cpu_mask, ~(1ULL << cpu), __ATOMIC_SEQ_CST);
	pr_info("CPU %u is now offline\n", cpu);
	return 0;
}

/**
 * arch_cpu_up() - bring offline @cpu back and let tasks go there
 * @cpu: an offline CPU below num_possible_cpus()
 *
 * Returns 0, the bring-up's error, or -EIO if the CPU does not hold
 * CPU 0's IA32_PAT and MTRRs afterwards (it is parked again).
 */
int arch_cpu_up(unsigned int cpu)
{
	int err = smp_boot_cpu(cpu);

	if (!err && cache_control_check_cpu(cpu))
		err = -EIO;
	if (err) {
		if (cpu_online(cpu))
			arch_cpu_down(cpu);
		return err;
	}
	sched_cpu_activate(cpu);
	return 0;
}
