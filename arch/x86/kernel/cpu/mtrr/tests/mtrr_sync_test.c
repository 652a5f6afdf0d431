// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite x86_mtrr: the MTRR rendezvous (arch/x86/kernel/cpu/mtrr/sync.c)
 * runs the SDM 11.11.8 sequence on every online CPU and leaves every CPU
 * with the boot CPU's MTRRs.  TCG shows neither caches nor the order of
 * the CPUs' steps, so the cases read the per-CPU step counters
 * (mtrr_sync_stats_get()), each CPU's MSRs (read by that CPU), the pat_cpus
 * fingerprint (cache_control_check()) and the kernel log.
 *
 * To make a CPU differ, a case rewrites one of its MTRRs in a way that
 * changes no memory type in use: the base of a variable range whose valid
 * bit is clear, or a 4 KiB fixed range of the option-ROM area
 * (0xc0000-0xdffff, which nothing touches while the case runs) made UC,
 * inside CR0.CD and WBINVD.  Whatever the sync does, the case puts the
 * old value back.
 *
 * With one CPU (or CONFIG_SMP=n) the cases that need another CPU are
 * skipped; the others check the sequence on the only CPU.
 */
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>

/* the first 4 KiB fixed range (0xc0000) and the one after 0xdf000 */
#define FIXED_4K_FIRST		24
#define FIXED_OPTION_ROM_END	(FIXED_4K_FIRST + 32)

struct cpu_view {
	struct mtrr_state s;
	unsigned long cr0;
	unsigned long cr4;
	bool valid;
};

static struct mtrr_sync_stats before[NR_CPUS], after[NR_CPUS];
static struct cpu_view view_before[NR_CPUS], view_after[NR_CPUS];
static char log_text[4096];

static void read_view(void *arg)
{
	struct cpu_view *v = (struct cpu_view *)arg + smp_processor_id();

	mtrr_read_state(&v->s);
	v->cr0 = read_cr0();
	v->cr4 = read_cr4();
	v->valid = true;
}

static void snapshot(struct cpu_view *view, struct mtrr_sync_stats *st)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		view[cpu].valid = false;
		mtrr_sync_stats_get(cpu, &st[cpu]);
	}
	on_each_cpu(read_view, view);
}

/* where the kernel log ends now */
static unsigned long log_end(void)
{
	unsigned long pos = 0;
	char chunk[256];

	while (log_buf_read(&pos, chunk, sizeof(chunk)))
		;
	return pos;
}

/* the log written since @pos, as much as fits */
static const char *log_since(unsigned long pos)
{
	unsigned long n = log_buf_read(&pos, log_text, sizeof(log_text) - 1);

	log_text[n] = '\0';
	return log_text;
}

/* snapshot, sync, snapshot; returns the mask mtrr_aps_sync() returned */
static unsigned int sync_and_watch(const char **log)
{
	unsigned long pos;
	unsigned int mask;

	snapshot(view_before, before);
	pos = log_end();
	mask = mtrr_aps_sync();
	*log = log_since(pos);
	snapshot(view_after, after);
	return mask;
}

static const char *const inconsistent[] = {
	"mtrr: your CPUs had inconsistent fixed MTRR settings\n",
	"mtrr: your CPUs had inconsistent variable MTRR settings\n",
	"mtrr: your CPUs had inconsistent MTRRdefType settings\n",
};

static const char *const corrected[] = {
	"mtrr: probably your BIOS does not setup all CPUs.\n",
	"mtrr: corrected configuration.\n",
};

/* Linux's lines for the MTRR_CHANGE_MASK_* bits of @mask, no others */
static void expect_messages(struct ktest *t, const char *log,
			    unsigned int mask)
{
	unsigned int i;
	bool want;

	for (i = 0; i < ARRAY_SIZE(inconsistent); i++) {
		want = mask & (1U << i);
		if (!!strstr(log, inconsistent[i]) != want)
			ktest_fail(t, __FILE__, __LINE__, "%s \"%.*s\"",
				   want ? "missing" : "unexpected",
				   (int)strlen(inconsistent[i]) - 1,
				   inconsistent[i]);
	}
	for (i = 0; i < ARRAY_SIZE(corrected); i++)
		if (!!strstr(log, corrected[i]) != !!mask)
			ktest_fail(t, __FILE__, __LINE__, "%s \"%.*s\"",
				   mask ? "missing" : "unexpected",
				   (int)strlen(corrected[i]) - 1, corrected[i]);
}

#define EXPECT_STEPS(t, cpu, field, n)					\
	do {								\
		unsigned long __d = after[cpu].field - before[cpu].field; \
		if (__d != (unsigned long)(n))				\
			ktest_fail(t, __FILE__, __LINE__,		\
				   "CPU%u: " #field " went up by %lu, expected %lu", \
				   cpu, __d, (unsigned long)(n));	\
	} while (0)

/*
 * Every online CPU ran the whole sequence once, all together; @victim
 * (or none, NR_CPUS) rewrote @rewritten MSRs and nobody else any; every
 * CPU now holds the boot CPU's MTRRs, with caching and CR4 as before.
 */
static void expect_synced(struct ktest *t, unsigned int victim,
			  unsigned long rewritten)
{
	unsigned int cpu, nr = num_online_cpus();
	unsigned long once;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		once = cpu_online(cpu);
		EXPECT_STEPS(t, cpu, rendezvous, once);
		EXPECT_STEPS(t, cpu, cache_disabled, once);
		EXPECT_STEPS(t, cpu, wbinvd, 2 * once);
		EXPECT_STEPS(t, cpu, tlb_flushes, 2 * once);
		EXPECT_STEPS(t, cpu, mtrr_disabled, once);
		EXPECT_STEPS(t, cpu, msr_rewritten,
			     cpu == victim ? rewritten : 0);
		EXPECT_STEPS(t, cpu, mtrr_enabled, once);
		EXPECT_STEPS(t, cpu, cache_enabled, once);
		if (!once)
			continue;
		KTEST_EXPECT_EQ(t, after[cpu].nofill_seen, nr);
		KTEST_EXPECT_EQ(t, after[cpu].written_seen, nr);
		KTEST_ASSERT_TRUE(t, view_before[cpu].valid &&
				     view_after[cpu].valid);
		KTEST_EXPECT_EQ(t, mtrr_state_compare(&mtrr_state,
						      &view_after[cpu].s), 0);
		KTEST_EXPECT_EQ(t, view_after[cpu].cr0, view_before[cpu].cr0);
		KTEST_EXPECT_EQ(t, view_after[cpu].cr0 &
				   (X86_CR0_CD | X86_CR0_NW), 0);
		KTEST_EXPECT_EQ(t, view_after[cpu].cr4, view_before[cpu].cr4);
		/* the boot rendezvous too gave PGE back (common.c sets it) */
		KTEST_EXPECT_EQ(t, !!(view_after[cpu].cr4 & X86_CR4_PGE),
				boot_cpu_has(X86_FEATURE_PGE));
	}
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

static bool need_mtrrs(struct ktest *t)
{
	if (mtrr_state.have_mtrr)
		return true;
	ktest_skip(t, "the CPU has no MTRRs");
	return false;
}

/* the first online CPU other than this one, NR_CPUS if none */
static unsigned int other_cpu(void)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			return cpu;
	return NR_CPUS;
}

static void test_boot_ran_everywhere(struct ktest *t)
{
	struct mtrr_sync_stats s;
	unsigned int cpu;

	if (!need_mtrrs(t))
		return;
	for_each_online_cpu(cpu) {
		mtrr_sync_stats_get(cpu, &s);
		KTEST_EXPECT_TRUE(t, s.rendezvous >= 1);
		KTEST_EXPECT_EQ(t, s.cache_disabled, s.rendezvous);
		KTEST_EXPECT_EQ(t, s.wbinvd, 2 * s.rendezvous);
		KTEST_EXPECT_EQ(t, s.tlb_flushes, 2 * s.rendezvous);
		KTEST_EXPECT_EQ(t, s.mtrr_disabled, s.rendezvous);
		KTEST_EXPECT_EQ(t, s.mtrr_enabled, s.rendezvous);
		KTEST_EXPECT_EQ(t, s.cache_enabled, s.rendezvous);
	}
}

static void test_sync_runs_on_every_cpu(struct ktest *t)
{
	const char *log;

	if (!need_mtrrs(t))
		return;
	KTEST_EXPECT_EQ(t, sync_and_watch(&log), 0);
	expect_synced(t, NR_CPUS, 0);
	expect_messages(t, log, 0);
	ktest_printf(t, "%u CPU%s", num_online_cpus(),
		     num_online_cpus() > 1 ? "s" : "");
}

/* one MTRR MSR, changed on one CPU by that CPU */
struct msr_change {
	u32 msr;
	u64 val;
	u64 old;
};

static void change_msr(void *arg)
{
	struct msr_change *c = arg;
	unsigned long cr0 = read_cr0();

	c->old = rdmsr(c->msr);
	write_cr0((cr0 | X86_CR0_CD) & ~X86_CR0_NW);
	wbinvd();
	wrmsr(c->msr, c->val);
	wbinvd();
	write_cr0(cr0);
}

static void restore_msr(void *arg)
{
	struct msr_change *c = arg;

	c->val = c->old;
	change_msr(c);
}

/* differs from the boot CPU's? (read by @cpu itself) */
static unsigned int cpu_differs(unsigned int cpu)
{
	static struct cpu_view v[NR_CPUS];

	v[cpu].valid = false;
	smp_call_function_single(cpu, read_view, v);
	return v[cpu].valid ? mtrr_state_compare(&mtrr_state, &v[cpu].s) :
			      ~0U;
}

/*
 * Make @cpu's MTRRs differ by @c, sync, check that every CPU ran the
 * sequence, that @cpu alone rewrote one MSR and now agrees, and that the
 * log says what differed.
 */
static void differ_and_sync(struct ktest *t, unsigned int cpu,
			    struct msr_change *c, unsigned int mask)
{
	const char *log;

	KTEST_ASSERT_TRUE(t, smp_call_function_single(cpu, change_msr, c) == 0);
	KTEST_EXPECT_EQ(t, cpu_differs(cpu), mask);
	KTEST_EXPECT_EQ(t, sync_and_watch(&log), mask);
	expect_synced(t, cpu, 1);
	expect_messages(t, log, mask);
	if (cpu_differs(cpu))
		smp_call_function_single(cpu, restore_msr, c);
	ktest_printf(t, "CPU%u: MSR %#x %#llx -> %#llx, corrected", cpu,
		     c->msr, (unsigned long long)c->old,
		     (unsigned long long)c->val);
}

/*
 * A variable range that is not valid: its base changes no memory type.
 * Returns false if every range is in use.
 */
static bool unused_var_change(struct msr_change *c)
{
	u64 addr_mask = ((1ULL << mtrr_state.phys_bits) - 1) & ~0xfffULL;
	unsigned int i;

	for (i = 0; i < mtrr_state.num_var; i++) {
		if (mtrr_state.var[i].mask & MTRR_PHYSMASK_V)
			continue;
		c->msr = MTRRphysBase_MSR(i);
		c->val = ((mtrr_state.var[i].base ^ (1ULL << 20)) & addr_mask) |
			 MTRR_TYPE_WRBACK;
		return true;
	}
	return false;
}

static void test_variable_range_on_other_cpu(struct ktest *t)
{
	unsigned int cpu = other_cpu();
	struct msr_change c;

	if (!need_mtrrs(t))
		return;
	if (cpu == NR_CPUS) {
		ktest_skip(t, "needs a second CPU");
		return;
	}
	if (!unused_var_change(&c)) {
		ktest_skip(t, "every variable range is in use");
		return;
	}
	differ_and_sync(t, cpu, &c, MTRR_CHANGE_MASK_VARIABLE);
}

static void test_fixed_range_on_other_cpu(struct ktest *t)
{
	unsigned int cpu = other_cpu(), i, j;
	struct msr_change c;
	u64 v;

	if (!need_mtrrs(t))
		return;
	if (cpu == NR_CPUS || !mtrr_state.have_fixed) {
		ktest_skip(t, cpu == NR_CPUS ? "needs a second CPU" :
			   "no fixed-range MTRRs");
		return;
	}
	for (i = FIXED_4K_FIRST; i < FIXED_OPTION_ROM_END; i++)
		if (mtrr_state.fixed_ranges[i] != MTRR_TYPE_UNCACHABLE)
			break;
	if (i == FIXED_OPTION_ROM_END) {
		ktest_skip(t, "the option-ROM area is uncachable already");
		return;
	}
	/* the boot CPU's MSR with range i made UC */
	c.msr = MSR_MTRRfix4K_C0000 + (i - FIXED_4K_FIRST) / 8;
	for (v = 0, j = 0; j < 8; j++)
		v |= (u64)mtrr_state.fixed_ranges[i / 8 * 8 + j] << (j * 8);
	c.val = v & ~(0xffULL << (i % 8 * 8));
	differ_and_sync(t, cpu, &c, MTRR_CHANGE_MASK_FIXED);
}

/* with one CPU this is the sequence on the only CPU, correcting itself */
static void test_this_cpu_corrected(struct ktest *t)
{
	struct msr_change c;

	if (!need_mtrrs(t))
		return;
	if (!unused_var_change(&c)) {
		ktest_skip(t, "every variable range is in use");
		return;
	}
	differ_and_sync(t, smp_processor_id(), &c, MTRR_CHANGE_MASK_VARIABLE);
}

static struct ktest_case x86_mtrr_cases[] = {
	KTEST_CASE(test_boot_ran_everywhere),
	KTEST_CASE(test_sync_runs_on_every_cpu),
	KTEST_CASE(test_variable_range_on_other_cpu),
	KTEST_CASE(test_fixed_range_on_other_cpu),
	KTEST_CASE(test_this_cpu_corrected),
	{}
};
KTEST_SUITE(x86_mtrr, x86_mtrr_cases);
