/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPUs and cross-CPU calls.  A CPU is "online" once it runs the kernel's
 * page tables with the boot CPU's PAT and MTRRs and answers calls.
 *
 * A cross-CPU call runs a function on other CPUs and, with @wait, returns
 * only when every one of them has run it.  Each CPU has one outgoing call
 * slot, so a CPU has at most one call in flight; callers never need to
 * allocate.  A CPU that waits for anything with interrupts off (a call to
 * finish, a spinlock) still serves calls aimed at it, so two CPUs that
 * call each other, or one that waits on a lock held by a caller, cannot
 * deadlock (see Documentation/x86/pat.rst, "SMP rules").
 */
#ifndef _CACHET_LINUX_SMP_H
#define _CACHET_LINUX_SMP_H

#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/percpu.h>

typedef void (*smp_call_func_t)(void *info);

/* online CPUs, bit n for CPU n */
extern u64 cpu_online_mask;
/*
 * CPUs the scheduler may put tasks on: online CPUs that are neither being
 * taken down nor still being checked after bring-up (kernel/cpu.c).
 */
extern u64 cpu_active_mask;

#define for_each_online_cpu(cpu)					\
	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++)			\
		if (cpu_online_mask & (1ULL << (cpu)))

static inline bool cpu_online(unsigned int cpu)
{
	return cpu < NR_CPUS &&
	       (__atomic_load_n(&cpu_online_mask, __ATOMIC_ACQUIRE) >> cpu) & 1;
}

static inline bool cpu_active(unsigned int cpu)
{
	return cpu < NR_CPUS &&
	       (__atomic_load_n(&cpu_active_mask, __ATOMIC_ACQUIRE) >> cpu) & 1;
}

static inline unsigned int num_online_cpus(void)
{
	return hweight64(__atomic_load_n(&cpu_online_mask,
						    __ATOMIC_ACQUIRE));
}

#ifdef CONFIG_SMP

static inline unsigned int smp_processor_id(void)
{
	return this_pcpu()->cpu;
}

/*
 * smp_call_function_many() - run @func(@info) on each CPU of @mask that is
 * online, except this one.  With @wait, return once all have run it.
 */
void smp_call_function_many(u64 mask, smp_call_func_t func, void *info,
			    bool wait);
/* run @func on @cpu (this CPU: directly, interrupts off); -ENXIO if offline */
int smp_call_function_single(unsigned int cpu, smp_call_func_t func,
			     void *info);
void __smp_serve_calls(void);

/* serve calls aimed at this CPU; cheap when there are none */
static inline void smp_poll_calls(void)
{
	if (__atomic_load_n(&this_pcpu()->call_pending, __ATOMIC_RELAXED))
		__smp_serve_calls();
}

/*
 * All online CPUs run @func at the same time, interrupts off.  Takes
 * cpus_read_lock(): from a context that may sleep.
 */
void stop_machine_all(smp_call_func_t func, void *info);
void stop_machine_cpuslocked(smp_call_func_t func, void *info);
/* CPU hotplug: a dying CPU leaves the call targets (smp.c) */
void smp_leave_online(void);

/* panic(): halt every other online CPU, waiting at most about a second */
void smp_send_stop(void);
bool smp_stop_nmi(void);

/* halt until *@word == @val; whoever changes it sends us an IPI */
void smp_halt_until(const unsigned long *word, unsigned long val);

void smp_prepare_boot_cpu(void);
void smp_init(void);
/* CPUs the MADT allows (after nr_cpus=), 1 before smp_init() */
unsigned int num_possible_cpus(void);
/* a secondary CPU is being brought up (smpboot.c) */
bool smp_cpu_booting(void);

/* long work on an idle CPU, interrupts on (smpboot.c) */
int smp_run_async(unsigned int cpu, void (*fn)(void *), void *arg);
void smp_wait_async(unsigned int cpu);

#else /* !CONFIG_SMP */

static inline unsigned int smp_processor_id(void)
{
	return 0;
}

static inline void smp_call_function_many(u64 mask, smp_call_func_t func,
					  void *info, bool wait)
{
}

int smp_call_function_single(unsigned int cpu, smp_call_func_t func,
			     void *info);

static inline void smp_poll_calls(void)
{
}

void stop_machine_all(smp_call_func_t func, void *info);

static inline void stop_machine_cpuslocked(smp_call_func_t func, void *info)
{
	stop_machine_all(func, info);
}

static inline void smp_prepare_boot_cpu(void)
{
}

static inline void smp_send_stop(void)
{
}

static inline bool smp_stop_nmi(void)
{
	return false;
}

static inline int smp_run_async(unsigned int cpu, void (*fn)(void *),
				void *arg)
{
	return -ENXIO;
}

static inline void smp_wait_async(unsigned int cpu)
{
}

static inline bool smp_cpu_booting(void)
{
	return false;
}

static inline unsigned int num_possible_cpus(void)
{
	return 1;
}

void smp_init(void);

#endif /* CONFIG_SMP */

/* run @func(@info) on every online CPU, this one included, and wait */
void on_each_cpu(smp_call_func_t func, void *info);

#endif /* _CACHET_LINUX_SMP_H */
