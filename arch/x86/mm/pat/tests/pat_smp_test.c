// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite pat_smp: the PAT guarantees with every CPU running at once.
 *
 *  - every online CPU answers a cross-CPU call, runs on its own IDT, GDT,
 *    stack and per-CPU area, and holds the boot CPU's IA32_PAT and MTRRs;
 *  - after set_memory_ro() returns, no CPU can write through a translation
 *    it cached before (TCG keeps a software TLB per CPU that only INVLPG
 *    or a CR3/CR4 flush empties, so a missed shootdown shows);
 *  - the stress test (pat_smp_stress.c): a thread per CPU runs random
 *    ioremap*()/iounmap(), set_memory_*() and memtype_reserve()/free()/
 *    lookup on shared and private ranges for "pat_smp.seconds" (default
 *    2), while CPU 0's also takes an alias-verifier snapshot every
 *    200 ms, each of which must be clean; then every kind of operation
 *    must have succeeded somewhere, the memtype list is back to its boot
 *    contents, the allocator counters are back to their baseline, and the
 *    operation log (memtype_log.c: the tree and the RAM path) is printed
 *    for the host to replay (tools/testing/pat/memtype-logcheck);
 *  - the same stress while every CPU but CPU 0 goes offline and comes
 *    back, "pat_smp.hotplug_rounds" times (default 3).
 */
#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <linux/vmalloc.h>
#include <asm/extable.h>
#include <asm/io.h>
#include <asm/msr-index.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>
#include "../memtype.h"
#include "../memtype_log.h"
#include "pat_smp_stress.h"

static unsigned int stress_seconds = 2;
static unsigned int hotplug_rounds = 3;

/* a count from 1 to @max into *@out, or -EINVAL and nothing changed */
static int parse_count(char *arg, unsigned int max, unsigned int *out)
{
	unsigned int v;

	if (!arg || kstrtouint(arg, 10, &v) || v < 1 || v > max)
		return -EINVAL;
	*out = v;
	return 0;
}

static int parse_seconds(char *arg)
{
	return parse_count(arg, 600, &stress_seconds);
}
core_param("pat_smp.seconds", parse_seconds);

static int parse_hotplug_rounds(char *arg)
{
	return parse_count(arg, 100000, &hotplug_rounds);
}
core_param("pat_smp.hotplug_rounds", parse_hotplug_rounds);

/* --- every CPU answers, and agrees on cache control ------------------ */

static unsigned int answered[NR_CPUS];

static void answer_call(void *arg)
{
	answered[smp_processor_id()]++;
}

static void test_calls_reach_every_cpu(struct ktest *t)
{
	unsigned int cpu;

	memset(answered, 0, sizeof(answered));
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, smp_call_function_single(cpu, answer_call,
							    NULL), 0);
	on_each_cpu(answer_call, NULL);
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, answered[cpu], 2);
	KTEST_EXPECT_EQ(t, smp_call_function_single(NR_CPUS, answer_call,
						    NULL), -ENXIO);
	ktest_printf(t, "%u CPUs online", num_online_cpus());
}

struct cpu_tables {
	unsigned long idt, gdt, gs, sp;
	unsigned int cpu;
};

static struct cpu_tables tables[NR_CPUS];

static void read_tables(void *arg)
{
	struct cpu_tables *c = &tables[smp_processor_id()];
	struct __packed { u16 limit; unsigned long base; } idtr, gdtr;
	unsigned long sp;

	__asm__ __volatile__("sidt %0; sgdt %1" : "=m"(idtr), "=m"(gdtr));
	__asm__ __volatile__("mov %%rsp, %0" : "=r"(sp));
	c->idt = idtr.base;
	c->gdt = gdtr.base;
	c->gs = rdmsr(MSR_GS_BASE);
	c->sp = sp & ~(THREAD_SIZE - 1);
	c->cpu = this_pcpu()->cpu;
}

/* each CPU runs on its own IDT, GDT, stack and per-CPU area */
static void test_descriptors_per_cpu(struct ktest *t)
{
	unsigned int a, b;

	memset(tables, 0, sizeof(tables));
	on_each_cpu(read_tables, NULL);
	for_each_online_cpu(a) {
		KTEST_EXPECT_EQ(t, tables[a].cpu, a);
		KTEST_EXPECT_EQ(t, tables[a].gs, (unsigned long)per_cpu_ptr(a));
		for_each_online_cpu(b) {
			if (b <= a)
				continue;
			KTEST_EXPECT_NE(t, tables[a].idt, tables[b].idt);
			KTEST_EXPECT_NE(t, tables[a].gdt, tables[b].gdt);
			KTEST_EXPECT_NE(t, tables[a].sp, tables[b].sp);
		}
	}
}

static void test_same_pat_and_mtrrs(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

/* --- shootdown: no CPU writes through a stale RW translation --------- */

struct probe {
	volatile u8 *p;
	int result[NR_CPUS];
};

static void probe_write(void *arg)
{
	struct probe *pr = arg;

	pr->result[smp_processor_id()] = probe_write_u8(pr->p, 0x5a);
}

static unsigned int count_writable(struct probe *pr)
{
	unsigned int cpu, n = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		pr->result[cpu] = -1;
	on_each_cpu(probe_write, pr);
	for_each_online_cpu(cpu)
		n += pr->result[cpu] == 0;
	return n;
}

static void test_shootdown_ro(struct ktest *t)
{
	unsigned long va = get_zeroed_page(GFP_KERNEL);
	unsigned long remote = tlb_stats.ipis;
	struct probe pr;

	KTEST_ASSERT_TRUE(t, va);
	pr.p = (volatile u8 *)va;
	/* every CPU caches a writable translation */
	KTEST_EXPECT_EQ(t, count_writable(&pr), num_online_cpus());
	KTEST_EXPECT_EQ(t, set_memory_ro(va, 1), 0);
	KTEST_EXPECT_EQ(t, count_writable(&pr), 0);
	KTEST_EXPECT_EQ(t, set_memory_rw(va, 1), 0);
	KTEST_EXPECT_EQ(t, count_writable(&pr), num_online_cpus());
	if (num_online_cpus() > 1)
		KTEST_EXPECT_TRUE(t, tlb_stats.ipis > remote);
	free_page(va);
}

/* --- the stress test ------------------------------------------------- */

#define LOG_CAP		250000

static void expect_clean_run(struct ktest *t,
			     const struct pat_stress_result *res,
			     unsigned long min_verify)
{
	pat_stress_report(t);
	pat_stress_expect_every_kind(t);
	ktest_printf(t, "%lu verifier snapshots during the run, %lu with a violation",
		     res->verify_runs, res->verify_bad);
	KTEST_EXPECT_TRUE(t, res->verify_runs >= min_verify);
	/* with PAT off nothing is tracked: requests of two modes both win */
	if (pat_enabled())
		KTEST_EXPECT_EQ(t, res->verify_bad, 0);
	KTEST_EXPECT_EQ(t, res->release_failures, 0);
	/* no device interrupt ever got into a lock waiter's halt (smp.c) */
	KTEST_EXPECT_EQ(t, irqs_off_halt_leaks, 0);
	ktest_expect_no_alias(t);
}

static void test_stress(struct ktest *t)
{
	struct memtype_log_entry *log = vmalloc(LOG_CAP * sizeof(*log));
	int saved_loglevel = console_loglevel;
	struct pat_stress_result res;
	int err;

	KTEST_ASSERT_TRUE(t, log != NULL);
	memtype_log_open(log, LOG_CAP);
	/* conflicts are the point here: keep their messages off the console */
	console_loglevel = 1;
	err = pat_stress_start(local_clock() + stress_seconds * NSEC_PER_SEC,
			       stress_seconds * 2);
	if (!err)
		pat_stress_end(t, &res);
	console_loglevel = saved_loglevel;
	memtype_log_close();
	if (err) {
		vfree(log);
		KTEST_ASSERT_TRUE(t, err == 0);
	}
	KTEST_EXPECT_EQ(t, res.workers, num_online_cpus());
	/* bound to their CPUs, none of which went away */
	KTEST_EXPECT_EQ(t, res.moved, 0);
	expect_clean_run(t, &res, stress_seconds * 2);
	ktest_printf(t, "memtype log: %lu operations%s", memtype_log.nr,
		     memtype_log.overflow ? " (full: the rest not logged)" : "");
	memtype_log_print();
	vfree(log);
}

/*
 * Every CPU but CPU 0 offline and back, "pat_smp.hotplug_rounds" times,
 * while the stress runs: a worker whose CPU goes is moved and goes on
 * elsewhere, a CPU that comes back must get the PAT and MTRRs every
 * other CPU has (checked by each CPU against CPU 0, reading its own MSRs)
 * before anything maps with them, and no snapshot may find an alias.
 */
struct hotplug_err {
	const char *what;
	unsigned int cpu;
	int err;
};

static bool hotplug_failed(struct hotplug_err *e, const char *what,
			   unsigned int cpu, int err)
{
	if (!err)
		return false;
	e->what = what;
	e->cpu = cpu;
	e->err = err;
	return true;
}

/* one round; false with the first failure in @e */
static bool hotplug_round(u64 all, struct hotplug_err *e)
{
	unsigned int cpu;

	for (cpu = 1; cpu < NR_CPUS; cpu++) {
		if (!(all & (1ULL << cpu)))
			continue;
		if (hotplug_failed(e, "remove_cpu", cpu, remove_cpu(cpu)) ||
		    hotplug_failed(e, "add_cpu", cpu, add_cpu(cpu)))
			return false;
	}
	for (cpu = 1; cpu < NR_CPUS; cpu++)
		if ((all & (1ULL << cpu)) &&
		    hotplug_failed(e, "cache_control_check_cpu", cpu,
				   cache_control_check_cpu(cpu)))
			return false;
	return !hotplug_failed(e, "cpu_online_mask == all", 0,
			       cpu_online_mask == all ? 0 : -EIO);
}

static void test_stress_hotplug(struct ktest *t)
{
	int saved_loglevel = console_loglevel;
	u64 all = cpu_online_mask;
	struct hotplug_err e = { NULL, 0, 0 };
	struct pat_stress_result res;
	unsigned int r = 0;
	bool ok = true;

	if (num_online_cpus() < 2) {
		ktest_skip(t, "needs 2 CPUs");
		return;
	}
	/* the workers never sleep: without a tick this thread would not run */
	if (!tick_running()) {
		ktest_skip(t, "no tick on this machine");
		return;
	}
	console_loglevel = 1;
	if (pat_stress_start(U64_MAX, 2)) {
		console_loglevel = saved_loglevel;
		KTEST_ASSERT_TRUE(t, false);
	}
	while (r < hotplug_rounds && ok) {
		ok = hotplug_round(all, &e);
		r++;
	}
	pat_stress_end(t, &res);
	console_loglevel = saved_loglevel;
	if (!ok)
		ktest_printf(t, "round %u: %s(%u) failed: %d", r, e.what,
			     e.cpu, e.err);
	KTEST_EXPECT_TRUE(t, ok);
	KTEST_EXPECT_EQ(t, r, hotplug_rounds);
	KTEST_EXPECT_EQ(t, cpu_online_mask, all);
	KTEST_EXPECT_EQ(t, res.workers, hweight64(all));
	/* each CPU went while its worker ran, so that worker went on elsewhere */
	KTEST_EXPECT_EQ(t, res.moved & all & ~1ULL, all & ~1ULL);
	expect_clean_run(t, &res, 2);
	ktest_printf(t, "%u rounds over CPUs %#llx under the stress", r,
		     (unsigned long long)(all & ~1ULL));
}

static struct ktest_case pat_smp_cases[] = {
	KTEST_CASE(test_calls_reach_every_cpu),
	KTEST_CASE(test_descriptors_per_cpu),
	KTEST_CASE(test_same_pat_and_mtrrs),
	KTEST_CASE(test_shootdown_ro),
	KTEST_CASE(test_stress),
	KTEST_CASE(test_stress_hotplug),
	{}
};
KTEST_SUITE(pat_smp, pat_smp_cases);
