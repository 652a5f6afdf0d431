// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite cpu_hotplug: every CPU but CPU 0 taken offline and brought
 * back (Documentation/core-api/cpu_hotplug.rst).  Checked: the masks
 * (online, active, init_mm's shootdown mask), that calls and shootdowns
 * skip an offline CPU and reach it again once it is back, pat_cpus, the
 * PAT and MTRRs it comes back with (an MTRR changed while it was offline
 * included), bad requests, tasks moved off it (a CPU-bound one keeps
 * running; one bound to it loses its affinity, a process with Linux's
 * message) and freeze/thaw.  Rounds over all CPUs under the pat_smp
 * stress are pat_smp.test_stress_hotplug.  Needs two CPUs; skipped on one.
 */
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/kthread.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/smp.h>
#include <asm/special_insns.h>

#define GIVE_UP		(20 * HZ)

static bool need_two(struct ktest *t)
{
	if (num_possible_cpus() >= 2 && num_online_cpus() >= 2)
		return true;
	ktest_skip(t, "needs 2 CPUs");
	return false;
}

static u64 bit(unsigned int cpu)
{
	return 1ULL << cpu;
}

static void where_am_i(void *info)
{
	*(int *)info = smp_processor_id();
}

static void read_pat(void *info)
{
	*(u64 *)info = rdmsr(MSR_IA32_CR_PAT);
}

/* the pat_cpus line of @cpu, into @line; false if there is none */
static bool pat_cpus_line(unsigned int cpu, char *line, size_t size)
{
	static char buf[4096];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) - 1 };
	char want[16], *p, *end;

	if (vfile_show("/sys/kernel/debug/x86/pat_cpus", &m))
		return false;
	buf[m.count] = '\0';
	snprintf(want, sizeof(want), "cpu%u: ", cpu);
	for (p = buf; p && *p; p = end ? end + 1 : NULL) {
		end = strchr(p, '\n');
		if (strncmp(p, want, strlen(want)))
			continue;
		strscpy(line, p, min_t(size_t, size,
				       end ? (size_t)(end - p) + 1 : size));
		return true;
	}
	return false;
}

static void expect_offline(struct ktest *t, unsigned int cpu)
{
	char line[160] = "", want[32];
	int ran = -1;

	snprintf(want, sizeof(want), "cpu%u: offline", cpu);
	KTEST_EXPECT_FALSE(t, cpu_online(cpu));
	KTEST_EXPECT_FALSE(t, cpu_active(cpu));
	KTEST_EXPECT_EQ(t, init_mm.cpu_mask & bit(cpu), 0);
	KTEST_EXPECT_TRUE(t, per_cpu_ptr(cpu)->hotplug_dead);
	KTEST_EXPECT_EQ(t, smp_call_function_single(cpu, where_am_i, &ran),
			-ENXIO);
	KTEST_EXPECT_EQ(t, ran, -1);
	KTEST_EXPECT_TRUE(t, pat_cpus_line(cpu, line, sizeof(line)));
	KTEST_EXPECT_STREQ(t, line, want);
}

static void expect_online(struct ktest *t, unsigned int cpu)
{
	char line[160] = "";
	u64 pat0 = 0, pat = 1;
	int ran = -1;

	KTEST_EXPECT_TRUE(t, cpu_online(cpu));
	KTEST_EXPECT_TRUE(t, cpu_active(cpu));
	KTEST_EXPECT_EQ(t, init_mm.cpu_mask & bit(cpu), bit(cpu));
	KTEST_EXPECT_EQ(t, smp_call_function_single(cpu, where_am_i, &ran), 0);
	KTEST_EXPECT_EQ(t, ran, cpu);
	if (boot_cpu_has(X86_FEATURE_PAT)) {
		smp_call_function_single(0, read_pat, &pat0);
		smp_call_function_single(cpu, read_pat, &pat);
		KTEST_EXPECT_EQ(t, pat, pat0);
	}
	KTEST_EXPECT_EQ(t, cache_control_check_cpu(cpu), 0);
	KTEST_EXPECT_TRUE(t, pat_cpus_line(cpu, line, sizeof(line)));
	KTEST_EXPECT_TRUE(t, strstr(line, " apicid=") &&
			     !strstr(line, "differs-from-cpu0"));
}

/* --- each AP offline and back ---------------------------------------- */

static void tlb_counts(unsigned long *remote)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		remote[cpu] = __atomic_load_n(&per_cpu_ptr(cpu)->tlb_remote,
					      __ATOMIC_ACQUIRE);
}

/* a kernel shootdown: which CPUs served it? */
static u64 shootdown_reached(void)
{
	static unsigned long before[NR_CPUS], after[NR_CPUS];
	unsigned long page = __get_free_pages(GFP_KERNEL, 0);
	unsigned int cpu;
	u64 served = 0;

	if (!page)
		return 0;
	tlb_counts(before);
	set_memory_ro(page, 1);
	tlb_counts(after);
	set_memory_rw(page, 1);
	free_pages(page, 0);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (after[cpu] != before[cpu])
			served |= bit(cpu);
	return served;
}

static void test_each_ap_offline_online(struct ktest *t)
{
	struct mtrr_sync_stats before, after;
	u64 all = cpu_online_mask, saved = current->cpus_allowed, others;
	unsigned int cpu;

	if (!need_two(t))
		return;
	/* on CPU 0, so that the shootdowns below all come from there */
	set_cpus_allowed(current, bit(0));
	for (cpu = 1; cpu < num_possible_cpus(); cpu++) {
		if (!(all & bit(cpu)))
			continue;
		KTEST_ASSERT_TRUE(t, remove_cpu(cpu) == 0);
		expect_offline(t, cpu);
		KTEST_EXPECT_EQ(t, cpu_online_mask, all & ~bit(cpu));
		/* the others still flush; the parked one is not asked */
		others = all & ~bit(cpu) & ~bit(0);
		KTEST_EXPECT_EQ(t, shootdown_reached() & (others | bit(cpu)),
				others);
		mtrr_sync_stats_get(cpu, &before);
		KTEST_ASSERT_TRUE(t, add_cpu(cpu) == 0);
		mtrr_sync_stats_get(cpu, &after);
		expect_online(t, cpu);
		KTEST_EXPECT_EQ(t, cpu_online_mask, all);
		KTEST_EXPECT_EQ(t, shootdown_reached() & all & ~bit(0),
				all & ~bit(0));
		/* it ran the MTRR set-up itself, once, as it came up */
		if (mtrr_state.have_mtrr)
			KTEST_EXPECT_EQ(t, after.rendezvous,
					before.rendezvous + 1);
	}
	set_cpus_allowed(current, saved);
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

/*
 * A CPU that has left the online CPUs but is slow to say it is parked
 * (the host did not run it) gets INIT before it does: it must be offline
 * like any other, no call or shootdown may wait for it, and it must come
 * back.  hotplug_test_park_delay_us holds it there for 300 ms; the
 * park wait gives up after 1 ms.
 */
#ifdef CONFIG_SMP
static void test_init_before_parked(struct ktest *t)
{
	u64 all = cpu_online_mask, saved = current->cpus_allowed, others;
	unsigned int cpu = num_possible_cpus() - 1, saved_ms;
	unsigned long timeouts = hotplug_park_timeouts;
	int ran = -1;

	if (!need_two(t) || !(all & bit(cpu)))
		return;
	set_cpus_allowed(current, bit(0));
	saved_ms = hotplug_park_timeout_ms;
	hotplug_park_timeout_ms = 1;
	hotplug_test_park_delay_us = 300000;
	KTEST_EXPECT_EQ(t, remove_cpu(cpu), 0);
	hotplug_test_park_delay_us = 0;
	hotplug_park_timeout_ms = saved_ms;
	KTEST_EXPECT_EQ(t, hotplug_park_timeouts, timeouts + 1);
	KTEST_EXPECT_FALSE(t, cpu_online(cpu));
	KTEST_EXPECT_FALSE(t, cpu_active(cpu));
	KTEST_EXPECT_EQ(t, init_mm.cpu_mask & bit(cpu), 0);
	KTEST_EXPECT_EQ(t, smp_call_function_single(cpu, where_am_i, &ran),
			-ENXIO);
	others = all & ~bit(cpu) & ~bit(0);
	KTEST_EXPECT_EQ(t, shootdown_reached() & (others | bit(cpu)), others);
	KTEST_ASSERT_TRUE(t, add_cpu(cpu) == 0);
	expect_online(t, cpu);
	KTEST_EXPECT_EQ(t, cpu_online_mask, all);
	set_cpus_allowed(current, saved);
}
#else
static void test_init_before_parked(struct ktest *t)
{
	need_two(t);
}
#endif

/* --- bad requests change nothing ------------------------------------- */

static void test_bad_requests(struct ktest *t)
{
	unsigned int last = num_possible_cpus() - 1;
	u64 all = cpu_online_mask;

	if (!need_two(t))
		return;
	KTEST_EXPECT_EQ(t, remove_cpu(0), -EPERM);
	KTEST_EXPECT_EQ(t, remove_cpu(num_possible_cpus()), -EINVAL);
	KTEST_EXPECT_EQ(t, add_cpu(num_possible_cpus()), -EINVAL);
	KTEST_EXPECT_EQ(t, add_cpu(NR_CPUS + 5), -EINVAL);
	/* online an online CPU: nothing happens */
	KTEST_EXPECT_EQ(t, add_cpu(last), 0);
	KTEST_EXPECT_EQ(t, add_cpu(0), 0);
	KTEST_EXPECT_EQ(t, cpu_online_store(last, "2", 1), -EINVAL);
	KTEST_EXPECT_EQ(t, cpu_online_store(last, "abc", 3), -EINVAL);
	KTEST_EXPECT_EQ(t, cpu_online_store(last, "", 0), -EINVAL);
	KTEST_EXPECT_EQ(t, cpu_online_store(last, " 0", 2), -EINVAL);
	KTEST_EXPECT_EQ(t, cpu_online_mask, all);
	KTEST_EXPECT_EQ(t, cpu_active_mask, all);
	/* Linux's kstrtobool() words, and offline twice is no error */
	KTEST_EXPECT_EQ(t, cpu_online_store(last, "off\n", 4), 4);
	KTEST_EXPECT_FALSE(t, cpu_online(last));
	KTEST_EXPECT_EQ(t, cpu_online_store(last, "n", 1), 1);
	KTEST_EXPECT_EQ(t, remove_cpu(last), 0);
	KTEST_EXPECT_EQ(t, cpu_online_store(last, "y", 1), 1);
	KTEST_EXPECT_EQ(t, cpu_online_mask, all);
	/* inside cpus_read_lock() a hotplug request would wait on itself */
	cpus_read_lock();
	KTEST_EXPECT_EQ(t, remove_cpu(last), -EDEADLK);
	cpus_read_unlock();
	KTEST_EXPECT_EQ(t, cpu_online_mask, all);
}

/* --- tasks on a CPU going offline ------------------------------------ */

struct spin_state {
	unsigned long loops;
	u64 cpus_after;		/* CPUs it ran on once told to record */
	bool record;
};

static int spin_fn(void *arg)
{
	struct spin_state *s = arg;

	while (!kthread_should_stop()) {
		__atomic_fetch_add(&s->loops, 1, __ATOMIC_RELAXED);
		if (__atomic_load_n(&s->record, __ATOMIC_ACQUIRE))
			__atomic_fetch_or(&s->cpus_after,
					  bit(smp_processor_id()),
					  __ATOMIC_RELAXED);
		cpu_relax();
	}
	return 0;
}

static bool wait_loops(struct spin_state *s, unsigned long n)
{
	u64 j0 = get_jiffies_64();
	unsigned long from = __atomic_load_n(&s->loops, __ATOMIC_ACQUIRE);

	while (__atomic_load_n(&s->loops, __ATOMIC_ACQUIRE) - from < n) {
		if (get_jiffies_64() - j0 > GIVE_UP)
			return false;
		msleep(1);
	}
	return true;
}

/* a task that never sleeps, allowed on two CPUs: the second takes it */
static void test_cpu_bound_task_migrates(struct ktest *t)
{
	unsigned int cpu = num_possible_cpus() - 1, other = cpu - 1;
	static struct spin_state s;
	struct task_struct *k;

	if (!need_two(t) || !cpu_online(cpu))
		return;
	memset(&s, 0, sizeof(s));
	k = kthread_create(spin_fn, &s, "spin-hp");
	KTEST_ASSERT_TRUE(t, k != NULL);
	k->cpus_allowed = bit(cpu) | bit(other);
	k->cpu = cpu;
	wake_up_process(k);
	KTEST_EXPECT_TRUE(t, wait_loops(&s, 1000));
	KTEST_ASSERT_TRUE(t, remove_cpu(cpu) == 0);
	__atomic_store_n(&s.record, true, __ATOMIC_RELEASE);
	KTEST_EXPECT_TRUE(t, wait_loops(&s, 1000));
	KTEST_EXPECT_EQ(t, k->cpus_allowed, bit(cpu) | bit(other));
	KTEST_EXPECT_EQ(t, add_cpu(cpu), 0);
	kthread_stop(k);
	KTEST_EXPECT_EQ(t, s.cpus_after & bit(cpu), 0);
	KTEST_EXPECT_TRUE(t, s.cpus_after & bit(other));
}

struct bound_state {
	unsigned int ready;		/* it runs, a process if asked */
	unsigned int woken;
	int ran_on;
	bool as_process;
};

static DECLARE_WAIT_QUEUE_HEAD(bound_wq);

/* sleeps on its CPU, then reports where it woke up */
static int bound_fn(void *arg)
{
	struct bound_state *s = arg;
	struct mm_struct *mm = NULL;
	unsigned long flags;

	if (s->as_process) {
		/* a process, so that Linux's message names it */
		mm = mm_alloc();
		if (mm) {
			local_irq_save(flags);
			switch_mm_irqs_off(current->active_mm, mm);
			current->active_mm = mm;
			current->mm = mm;
			local_irq_restore(flags);
		}
	}
	__atomic_store_n(&s->ready, 1, __ATOMIC_RELEASE);
	wake_up_all(&bound_wq);
	wait_event_timeout(bound_wq, __atomic_load_n(&s->woken,
						     __ATOMIC_ACQUIRE), GIVE_UP);
	s->ran_on = smp_processor_id();
	if (mm) {
		local_irq_save(flags);
		switch_mm_irqs_off(mm, &init_mm);
		current->active_mm = &init_mm;
		current->mm = NULL;
		local_irq_restore(flags);
		mmput(mm);
	}
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static void bound_case(struct ktest *t, bool as_process)
{
	unsigned int cpu = num_possible_cpus() - 1;
	static struct bound_state s;
	struct task_struct *k;
	unsigned long mark;
	unsigned int i;
	char msg[80];

	if (!need_two(t) || !cpu_online(cpu))
		return;
	memset(&s, 0, sizeof(s));
	s.ran_on = -1;
	s.as_process = as_process;
	k = kthread_create(bound_fn, &s, "bound-hp");
	KTEST_ASSERT_TRUE(t, k != NULL);
	kthread_bind(k, cpu);
	wake_up_process(k);
	/* asleep on its CPU (and a process) before the CPU goes */
	wait_event_timeout(bound_wq, __atomic_load_n(&s.ready,
						     __ATOMIC_ACQUIRE), GIVE_UP);
	for (i = 0; i < 5000 && !task_is_asleep(k); i++)
		msleep(1);
	KTEST_EXPECT_TRUE(t, task_is_asleep(k));
	mark = ktest_log_mark();
	KTEST_ASSERT_TRUE(t, remove_cpu(cpu) == 0);
	__atomic_store_n(&s.woken, 1, __ATOMIC_RELEASE);
	wake_up_all(&bound_wq);
	msleep(50);
	KTEST_EXPECT_EQ(t, add_cpu(cpu), 0);
	kthread_stop(k);
	KTEST_EXPECT_TRUE(t, s.ran_on >= 0 && (unsigned int)s.ran_on != cpu);
	/* Linux's select_fallback_rq(): any CPU from now on */
	KTEST_EXPECT_EQ(t, k->cpus_allowed, ~0ULL);
	snprintf(msg, sizeof(msg), "process %d (bound-hp) no longer affine to cpu%u",
		 k->pid, cpu);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, msg), as_process ? 1 : 0);
}

static void test_bound_thread_loses_affinity(struct ktest *t)
{
	bound_case(t, false);
}

static void test_bound_process_told(struct ktest *t)
{
	bound_case(t, true);
}

/* --- an MTRR changed while a CPU is offline reaches it ---------------- */

static int free_var_mtrr(void)
{
	unsigned int i;

	for (i = 0; i < mtrr_state.num_var; i++)
		if (!(mtrr_state.var[i].mask & MTRR_PHYSMASK_V))
			return i;
	return -1;
}

static void test_mtrr_change_reaches_offline_cpu(struct ktest *t)
{
	unsigned int cpu = num_possible_cpus() - 1;
	u64 phys_mask = (1ULL << boot_cpu_data.x86_phys_bits) - 1;
	struct mtrr_sync_stats before, after;
	int slot = free_var_mtrr();

	if (!need_two(t) || !cpu_online(cpu))
		return;
	if (!mtrr_state.have_mtrr || slot < 0) {
		ktest_skip(t, "no free variable MTRR");
		return;
	}
	KTEST_ASSERT_TRUE(t, remove_cpu(cpu) == 0);
	/* UC over a page SeaBIOS's UC hole covers already: no type changes */
	mtrr_state.var[slot].base = 0xfebff000ULL | MTRR_TYPE_UNCACHABLE;
	mtrr_state.var[slot].mask = (~0xfffULL & phys_mask) | MTRR_PHYSMASK_V;
	mtrr_aps_sync();
	mtrr_sync_stats_get(cpu, &before);
	KTEST_EXPECT_EQ(t, add_cpu(cpu), 0);
	mtrr_sync_stats_get(cpu, &after);
	/* it wrote the two MSRs of the new range, and holds CPU 0's now */
	KTEST_EXPECT_TRUE(t, after.msr_rewritten >= before.msr_rewritten + 2);
	KTEST_EXPECT_EQ(t, cache_control_check_cpu(cpu), 0);
	mtrr_state.var[slot].base = 0;
	mtrr_state.var[slot].mask = 0;
	mtrr_aps_sync();
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

/* --- freeze and thaw --------------------------------------------------- */

static void test_freeze_thaw(struct ktest *t)
{
	unsigned int admin = num_possible_cpus() - 1;
	u64 all = cpu_online_mask;

	if (!need_two(t) || !cpu_online(admin))
		return;
	KTEST_ASSERT_TRUE(t, remove_cpu(admin) == 0);
	KTEST_EXPECT_EQ(t, freeze_secondary_cpus(-1), 0);
	KTEST_EXPECT_EQ(t, cpu_online_mask, 1);
	KTEST_EXPECT_EQ(t, smp_processor_id(), 0);
	/* no hotplug between the two */
	KTEST_EXPECT_EQ(t, add_cpu(admin), -EBUSY);
	thaw_secondary_cpus();
	KTEST_EXPECT_EQ(t, cpu_online_mask, all & ~bit(admin));
	KTEST_EXPECT_EQ(t, cpu_active_mask, all & ~bit(admin));
	KTEST_EXPECT_EQ(t, add_cpu(admin), 0);
	KTEST_EXPECT_EQ(t, cpu_online_mask, all);
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

static struct ktest_case cpu_hotplug_cases[] = {
	KTEST_CASE(test_each_ap_offline_online),
	KTEST_CASE(test_init_before_parked),
	KTEST_CASE(test_bad_requests),
	KTEST_CASE(test_cpu_bound_task_migrates),
	KTEST_CASE(test_bound_thread_loses_affinity),
	KTEST_CASE(test_bound_process_told),
	KTEST_CASE(test_mtrr_change_reaches_offline_cpu),
	KTEST_CASE(test_freeze_thaw),
	{}
};
KTEST_SUITE(cpu_hotplug, cpu_hotplug_cases);
