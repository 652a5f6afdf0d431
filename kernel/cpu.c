// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug: remove_cpu() and add_cpu(), the lock that keeps the set of
 * online CPUs still (cpus_read_lock()), and suspend's
 * freeze_secondary_cpus()/thaw_secondary_cpus().
 *
 * One hotplug operation at a time (cpu_add_remove_lock), and each runs
 * with the write side of the hotplug lock: no cpus_read_lock() section
 * runs anywhere meanwhile.  Readers wait by sleeping, so a reader never
 * keeps a CPU busy that the writer waits to see idle.  The order of the
 * steps is in arch/x86/kernel/hotplug.c and the rules in
 * Documentation/core-api/cpu_hotplug.rst.
 */
#include <linux/bug.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <asm/irqflags.h>
#include <asm/processor.h>

#ifdef CONFIG_SMP

static bool cpu_add_remove_busy;
static unsigned int hotplug_readers;
static bool hotplug_writer;
static struct task_struct *hotplug_writer_task;
/* freeze_secondary_cpus() to thaw_secondary_cpus(): no other hotplug */
static unsigned int cpu_hotplug_disabled;
static u64 frozen_cpus;

static bool can_sleep(void)
{
	return !preempt_count() && !irqs_disabled();
}

/* Linux's cpu_maps_update_begin(): serialise hotplug operations */
static void cpu_maps_update_begin(void)
{
	while (__atomic_exchange_n(&cpu_add_remove_busy, true,
				   __ATOMIC_ACQUIRE))
		msleep(1);
}

static void cpu_maps_update_done(void)
{
	__atomic_store_n(&cpu_add_remove_busy, false, __ATOMIC_RELEASE);
}

/* the writer's own task, and interrupts taken on its CPU, pass freely */
static bool hotplug_is_writer(void)
{
	return current == __atomic_load_n(&hotplug_writer_task,
					  __ATOMIC_ACQUIRE);
}

static void cpus_read_wait(void)
{
	if (can_sleep()) {
		msleep(1);
		return;
	}
	/* only early boot and misuse get here: say so once */
	WARN_ONCE(1, "cpus_read_lock() waits in atomic context\n");
	cpu_relax();
	smp_poll_calls();
}

/**
 * cpus_read_lock() - keep the set of online CPUs as it is
 *
 * Until cpus_read_unlock(), no CPU goes online or offline.  Nests.  Waits,
 * sleeping, while a hotplug operation runs; so it is for code that may
 * sleep, as in Linux (at boot nothing waits).
 */
void cpus_read_lock(void)
{
	struct task_struct *me = current;

	if (hotplug_is_writer() || me->cpuhp_read_depth) {
		me->cpuhp_read_depth++;
		return;
	}
	for (;;) {
		__atomic_fetch_add(&hotplug_readers, 1, __ATOMIC_SEQ_CST);
		if (!__atomic_load_n(&hotplug_writer, __ATOMIC_SEQ_CST))
			break;
		__atomic_fetch_sub(&hotplug_readers, 1, __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&hotplug_writer, __ATOMIC_ACQUIRE))
			cpus_read_wait();
	}
	me->cpuhp_read_depth = 1;
}

/**
 * cpus_read_unlock() - end a cpus_read_lock() section
 */
void cpus_read_unlock(void)
{
	struct task_struct *me = current;

	if (WARN_ON_ONCE(!me->cpuhp_read_depth))
		return;
	if (--me->cpuhp_read_depth || hotplug_is_writer())
		return;
	__atomic_fetch_sub(&hotplug_readers, 1, __ATOMIC_SEQ_CST);
}

/* Dekker with cpus_read_lock(): each side checks the other after its own */
static void cpus_write_lock(void)
{
	__atomic_store_n(&hotplug_writer_task, current, __ATOMIC_RELEASE);
	__atomic_store_n(&hotplug_writer, true, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&hotplug_readers, __ATOMIC_SEQ_CST))
		msleep(1);
}

static void cpus_write_unlock(void)
{
	__atomic_store_n(&hotplug_writer_task, NULL, __ATOMIC_RELEASE);
	__atomic_store_n(&hotplug_writer, false, __ATOMIC_SEQ_CST);
}

/* what every request is checked against first */
static int cpu_hotplug_check(unsigned int cpu)
{
	if (cpu >= num_possible_cpus())
		return -EINVAL;
	/* a writer holding a read section would wait on itself */
	if (WARN_ON_ONCE(current->cpuhp_read_depth))
		return -EDEADLK;
	return 0;
}

/* cpu_add_remove_lock held */
static int _cpu_down(unsigned int cpu)
{
	int err;

	if (cpu_hotplug_disabled)
		return -EBUSY;
	if (!cpu_online(cpu))
		return 0;
	/* the boot CPU holds the tick and jiffies (kernel/time/tick.c) */
	if (cpu == 0 || num_online_cpus() == 1)
		return -EBUSY;
	cpus_write_lock();
	err = arch_cpu_down(cpu);
	cpus_write_unlock();
	return err;
}

/* cpu_add_remove_lock held */
static int _cpu_up(unsigned int cpu)
{
	int err;

	if (cpu_hotplug_disabled)
		return -EBUSY;
	if (cpu_online(cpu))
		return 0;
	cpus_write_lock();
	err = arch_cpu_up(cpu);
	cpus_write_unlock();
	return err;
}

/**
 * remove_cpu() - take @cpu offline
 * @cpu: the CPU
 *
 * Its tasks go to other CPUs (a task allowed on no other loses its
 * affinity, with Linux's message), then it parks.  See linux/cpu.h for
 * the return values.  May sleep.
 */
int remove_cpu(unsigned int cpu)
{
	int err;

	/* Linux's CPU 0 device is offline_disabled: device_offline() -EPERM */
	if (cpu == 0)
		return -EPERM;
	err = cpu_hotplug_check(cpu);
	if (err)
		return err;
	cpu_maps_update_begin();
	err = _cpu_down(cpu);
	cpu_maps_update_done();
	return err;
}

/**
 * add_cpu() - bring @cpu online
 * @cpu: the CPU
 *
 * It restarts as at boot, takes the PAT and MTRRs in force, and tasks may
 * go there once it is checked to hold the same as CPU 0.  See linux/cpu.h
 * for the return values.  May sleep.
 */
int add_cpu(unsigned int cpu)
{
	int err = cpu_hotplug_check(cpu);

	if (err)
		return err;
	cpu_maps_update_begin();
	err = _cpu_up(cpu);
	cpu_maps_update_done();
	return err;
}

/**
 * freeze_secondary_cpus() - take every online CPU but one offline
 * @primary: the CPU to keep, -1 for the first online one; an offline one
 *	means the same as -1
 *
 * For suspend.  Records which CPUs it took down, for thaw_secondary_cpus(),
 * and refuses other hotplug requests (-EBUSY) until then.  cachet cannot
 * take CPU 0 offline, so a @primary other than CPU 0 is -EINVAL.  Returns
 * 0 or the first error (CPUs taken down before it stay down until thaw).
 */
int freeze_secondary_cpus(int primary)
{
	unsigned int cpu;
	int err = 0;

	if (primary < 0 || !cpu_online(primary))
		primary = 0;
	if (primary != 0)
		return -EINVAL;
	if (WARN_ON_ONCE(current->cpuhp_read_depth))
		return -EDEADLK;
	cpu_maps_update_begin();
	frozen_cpus = 0;
	pr_info("Disabling non-boot CPUs ...\n");
	for_each_online_cpu(cpu) {
		if (cpu == (unsigned int)primary)
			continue;
		err = _cpu_down(cpu);
		if (err) {
			pr_err("Error taking CPU%u down: %d\n", cpu, err);
			break;
		}
		frozen_cpus |= 1ULL << cpu;
	}
	if (err)
		pr_err("Non-boot CPUs are not disabled\n");
	cpu_hotplug_disabled++;
	cpu_maps_update_done();
	return err;
}

/**
 * thaw_secondary_cpus() - bring back the CPUs freeze_secondary_cpus() took
 *
 * Each comes back by the same path as add_cpu(); one that fails is
 * reported and stays offline.  Hotplug requests are accepted again.
 */
void thaw_secondary_cpus(void)
{
	unsigned int cpu;
	int err;

	cpu_maps_update_begin();
	if (!WARN_ON_ONCE(!cpu_hotplug_disabled))
		cpu_hotplug_disabled--;
	if (!frozen_cpus)
		goto out;
	pr_info("Enabling non-boot CPUs ...\n");
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!(frozen_cpus & (1ULL << cpu)))
			continue;
		err = _cpu_up(cpu);
		if (!err) {
			pr_info("CPU%u is up\n", cpu);
			continue;
		}
		pr_warn("Error taking CPU%u up: %d\n", cpu, err);
	}
	frozen_cpus = 0;
out:
	cpu_maps_update_done();
}

#else /* !CONFIG_SMP */

void cpus_read_lock(void)
{
}

void cpus_read_unlock(void)
{
}

int remove_cpu(unsigned int cpu)
{
	return cpu == 0 ? -EPERM : -EINVAL;
}

int add_cpu(unsigned int cpu)
{
	return cpu == 0 ? 0 : -EINVAL;
}

int freeze_secondary_cpus(int primary)
{
	return primary > 0 ? -EINVAL : 0;
}

void thaw_secondary_cpus(void)
{
}

#endif /* CONFIG_SMP */
