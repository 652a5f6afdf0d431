// SPDX-License-Identifier: GPL-2.0
/*
 * Each CPU's idle task ("swapper/N", pid 0): what a CPU runs when its run
 * queue is empty.  It also runs the work smp_run_async() hands a CPU, and
 * pulls waiting tasks from the busiest queue (idle_balance()).  It runs
 * with preemption off for good and switches only through schedule_idle().
 * A CPU going offline parks from here (cpu_play_dead()), where it holds
 * nothing: kernel/cpu.c asks only once no task and no work is left on it.
 */
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/tick.h>
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/smp.h>

#include "sched.h"

static bool run_async_work(struct pcpu *p)
{
	void (*fn)(void *) = __atomic_load_n(&p->work_fn, __ATOMIC_ACQUIRE);

	if (!fn)
		return false;
	local_irq_enable();
	fn(p->work_arg);
	__atomic_store_n(&p->work_fn, NULL, __ATOMIC_RELEASE);
	apic_send_ipi(per_cpu_ptr(p->work_from)->apicid, CALL_FUNCTION_VECTOR);
	return true;
}

/**
 * cpu_startup_entry() - become this CPU's idle loop, for good
 *
 * The boot CPU enters it at the end of rest_init(), each secondary CPU
 * at the end of start_secondary().
 */
void __noreturn cpu_startup_entry(void)
{
	struct pcpu *p = this_pcpu();

	preempt_disable();
	for (;;) {
		local_irq_disable();
#ifdef CONFIG_SMP
		if (__atomic_load_n(&p->hotplug_die, __ATOMIC_ACQUIRE))
			cpu_play_dead();
#endif
		if (run_async_work(p))
			continue;
		if (need_resched() || idle_balance()) {
			local_irq_enable();
			schedule_idle();
			continue;
		}
		if (!tick_running()) {
			/* no interrupt will wake us: poll the clock instead */
			local_irq_enable();
			tick_poll();
			cpu_relax();
			continue;
		}
		/* STI's one-instruction shadow: no wake-up is lost */
		__asm__ __volatile__("sti; hlt" : : : "memory");
	}
}
