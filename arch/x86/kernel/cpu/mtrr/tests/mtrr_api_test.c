// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite x86_mtrr_api: mtrr_add(), mtrr_del() and their page forms
 * (arch/x86/kernel/cpu/mtrr/api.c) on the running CPUs.  The ranges
 * added lie far above RAM and every device (TEST_BASE), where nothing is
 * mapped, so the types they give change nothing in use.
 *
 * Every change must reach every online CPU: each CPU reads its own MTRR
 * MSRs after it and they must equal mtrr_state, the rendezvous must have
 * run once on each, and pat_cpus (cache_control_check()) must find all
 * CPUs identical.  Every refusal must print Linux 6.1's message and leave
 * mtrr_state, the counts and every CPU's MSRs as they were.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/io.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>
#include <asm/pat.h>

#define TEST_BASE	0x4000000000UL	/* 256 GiB: above RAM and the PCI windows */

static struct mtrr_state cpu_state[NR_CPUS];
static bool cpu_read[NR_CPUS];

static void read_cpu(void *arg)
{
	mtrr_read_state(&cpu_state[smp_processor_id()]);
	cpu_read[smp_processor_id()] = true;
}

/* every online CPU holds mtrr_state, and pat_cpus agrees */
static void expect_all_cpus_hold_state(struct ktest *t)
{
	unsigned int cpu;

	memset(cpu_read, 0, sizeof(cpu_read));
	on_each_cpu(read_cpu, NULL);
	for_each_online_cpu(cpu) {
		KTEST_ASSERT_TRUE(t, cpu_read[cpu]);
		KTEST_EXPECT_EQ(t, mtrr_state_compare(&mtrr_state,
						      &cpu_state[cpu]), 0);
	}
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

static unsigned long rendezvous_count(unsigned int cpu)
{
	struct mtrr_sync_stats st;

	mtrr_sync_stats_get(cpu, &st);
	return st.rendezvous;
}

static bool need_mtrrs(struct ktest *t)
{
	if (mtrr_state.have_mtrr && mtrr_state.enabled &&
	    TEST_BASE < (1ULL << mtrr_state.phys_bits))
		return true;
	ktest_skip(t, "no enabled MTRRs, or too few address bits");
	return false;
}

/* register @reg's range as mtrr_var_get() reads it, in bytes */
static void expect_reg(struct ktest *t, int reg, unsigned long base,
		       unsigned long size, u8 type)
{
	unsigned long b, s;
	u8 ty;

	KTEST_ASSERT_TRUE(t, reg >= 0);
	mtrr_var_get(&mtrr_state, reg, &b, &s, &ty);
	KTEST_EXPECT_EQ(t, b << 12, base);
	KTEST_EXPECT_EQ(t, s << 12, size);
	KTEST_EXPECT_EQ(t, ty, type);
}

static unsigned int count_of(int reg)
{
	struct mtrr_state s;
	unsigned int usage[MTRR_MAX_VAR_RANGES];

	mtrr_snapshot(&s, usage);
	return usage[reg];
}

static void test_add_count_delete_on_every_cpu(struct ktest *t)
{
	unsigned long before[NR_CPUS] = { 0 };
	unsigned int cpu;
	int reg;

	if (!need_mtrrs(t))
		return;
	for_each_online_cpu(cpu)
		before[cpu] = rendezvous_count(cpu);
	reg = mtrr_add(TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB, true);
	expect_reg(t, reg, TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB);
	KTEST_EXPECT_EQ(t, count_of(reg), 1);
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, rendezvous_count(cpu), before[cpu] + 1);
	expect_all_cpus_hold_state(t);
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(TEST_BASE, TEST_BASE + SZ_2M,
					    NULL), MTRR_TYPE_WRCOMB);

	/* the same range and type: the same register, counted, no rendezvous */
	KTEST_EXPECT_EQ(t, mtrr_add(TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB, true),
			reg);
	KTEST_EXPECT_EQ(t, mtrr_add_page(TEST_BASE >> 12, SZ_2M >> 12,
					 MTRR_TYPE_WRCOMB, false), reg);
	KTEST_EXPECT_EQ(t, count_of(reg), 2);
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, rendezvous_count(cpu), before[cpu] + 1);

	KTEST_EXPECT_EQ(t, mtrr_del(reg, 0, 0), reg);
	KTEST_EXPECT_EQ(t, count_of(reg), 1);
	expect_reg(t, reg, TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB);
	KTEST_EXPECT_EQ(t, mtrr_del_page(-1, TEST_BASE >> 12, SZ_2M >> 12),
			reg);
	KTEST_EXPECT_EQ(t, mtrr_state.var[reg].mask & MTRR_PHYSMASK_V, 0);
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, rendezvous_count(cpu), before[cpu] + 2);
	expect_all_cpus_hold_state(t);
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(TEST_BASE, TEST_BASE + SZ_2M,
					    NULL), mtrr_state.def_type);
	ktest_printf(t, "reg%02d on %u CPUs", reg, num_online_cpus());
}

struct refusal {
	const char *what;
	int (*call)(void);
	int err;
	const char *msg;
};

static int add_unaligned(void)
{
	return mtrr_add(TEST_BASE + SZ_4K, 2 * SZ_4K, MTRR_TYPE_WRCOMB, true);
}

static int add_not_power_of_two(void)
{
	return mtrr_add(TEST_BASE, 3 * SZ_4K, MTRR_TYPE_WRCOMB, true);
}

static int add_not_pages(void)
{
	return mtrr_add(TEST_BASE + 1, SZ_4K, MTRR_TYPE_WRCOMB, true);
}

static int add_bad_type(void)
{
	return mtrr_add(TEST_BASE, SZ_4K, 7, true);
}

static int add_reserved_type(void)
{
	return mtrr_add(TEST_BASE, SZ_4K, 2, true);
}

static int add_zero(void)
{
	return mtrr_add_page(0, 0, MTRR_TYPE_WRCOMB, true);
}

static int add_too_wide(void)
{
	return mtrr_add_page(1UL << (mtrr_state.phys_bits - 12), 1,
			     MTRR_TYPE_WRCOMB, true);
}

/* inside the WC range the fixture adds: WB does not go with WC */
static int add_mismatch(void)
{
	return mtrr_add(TEST_BASE, SZ_4K, MTRR_TYPE_WRBACK, true);
}

/* around it: neither */
static int add_enclosing(void)
{
	return mtrr_add(TEST_BASE, 2 * SZ_2M, MTRR_TYPE_WRBACK, true);
}

static int del_not_found(void)
{
	return mtrr_del(-1, TEST_BASE + SZ_2M, SZ_2M);
}

static const struct refusal refusals[] = {
	{ "unaligned base", add_unaligned, -EINVAL,
	  "mtrr: base(0x4000001000) is not aligned on a size(0x2000) boundary" },
	{ "size not a power of two", add_not_power_of_two, -EINVAL,
	  "mtrr: base(0x4000000000) is not aligned on a size(0x3000) boundary" },
	{ "not whole pages", add_not_pages, -EINVAL,
	  "mtrr: size and base must be multiples of 4 kiB" },
	{ "type 7", add_bad_type, -EINVAL, "mtrr: type: 7 invalid" },
	{ "reserved type 2", add_reserved_type, -EINVAL,
	  "mtrr: type: 2 invalid" },
	{ "zero size", add_zero, -EINVAL, "mtrr: zero sized request" },
	{ "beyond MAXPHYADDR", add_too_wide, -EINVAL,
	  "mtrr: base or size exceeds the MTRR width" },
	{ "WB inside WC", add_mismatch, -EINVAL,
	  "mtrr: type mismatch for 4000000000,1000 old: write-combining new: write-back" },
	{ "WB around WC", add_enclosing, -EINVAL,
	  "mtrr: 0x4000000000,0x400000 overlaps existing 0x4000000000,0x200000" },
	{ "no such range", del_not_found, -EINVAL, NULL },
};

static struct mtrr_state saved_state;
static unsigned int saved_usage[MTRR_MAX_VAR_RANGES];

/* @call refused with @err and @msg, and nothing changed anywhere */
static void expect_refusal(struct ktest *t, const struct refusal *r)
{
	struct mtrr_state s;
	unsigned int usage[MTRR_MAX_VAR_RANGES];
	unsigned long mark;
	int ret;

	mtrr_snapshot(&saved_state, saved_usage);
	mark = ktest_log_mark();
	ret = r->call();
	if (ret != r->err)
		ktest_fail(t, __FILE__, __LINE__, "%s: returned %d, expected %d",
			   r->what, ret, r->err);
	if (r->msg && ktest_log_count(mark, r->msg) != 1)
		ktest_fail(t, __FILE__, __LINE__, "%s: \"%s\" not logged once",
			   r->what, r->msg);
	if (!r->msg && ktest_log_count(mark, "mtrr: "))
		ktest_fail(t, __FILE__, __LINE__, "%s: logged something",
			   r->what);
	mtrr_snapshot(&s, usage);
	KTEST_EXPECT_EQ(t, memcmp(&s, &saved_state, sizeof(s)), 0);
	KTEST_EXPECT_EQ(t, memcmp(usage, saved_usage, sizeof(usage)), 0);
}

static void test_refusals_change_nothing(struct ktest *t)
{
	unsigned int i;
	int reg;

	if (!need_mtrrs(t))
		return;
	reg = mtrr_add(TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB, true);
	KTEST_ASSERT_TRUE(t, reg >= 0);
	for (i = 0; i < ARRAY_SIZE(refusals); i++)
		expect_refusal(t, &refusals[i]);
	expect_all_cpus_hold_state(t);
	KTEST_EXPECT_EQ(t, mtrr_del(reg, 0, 0), reg);
	KTEST_EXPECT_EQ(t, mtrr_del(reg, 0, 0), -EINVAL);
	expect_all_cpus_hold_state(t);
}

static void test_del_bad_register(struct ktest *t)
{
	unsigned long mark;
	char msg[32];
	unsigned int i;

	if (!need_mtrrs(t))
		return;
	snprintf(msg, sizeof(msg), "mtrr: register: %u too big",
		 mtrr_state.num_var);
	mark = ktest_log_mark();
	KTEST_EXPECT_EQ(t, mtrr_del(mtrr_state.num_var, 0, 0), -EINVAL);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, msg), 1);
	for (i = 0; i < mtrr_state.num_var; i++)
		if (!(mtrr_state.var[i].mask & MTRR_PHYSMASK_V))
			break;
	if (i == mtrr_state.num_var) {
		ktest_skip(t, "every variable range is in use");
		return;
	}
	snprintf(msg, sizeof(msg), "mtrr: MTRR %u not used", i);
	mark = ktest_log_mark();
	KTEST_EXPECT_EQ(t, mtrr_del(i, 0, 0), -EINVAL);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, msg), 1);
}

/* fill every free register, one more fails, then give them all back */
static void test_no_more_mtrrs(struct ktest *t)
{
	int regs[MTRR_MAX_VAR_RANGES], n = 0, ret;
	unsigned long mark;

	if (!need_mtrrs(t))
		return;
	for (;;) {
		ret = mtrr_add(TEST_BASE + n * SZ_2M, SZ_2M, MTRR_TYPE_WRCOMB,
			       true);
		if (ret < 0 || n == MTRR_MAX_VAR_RANGES)
			break;
		regs[n++] = ret;
	}
	KTEST_EXPECT_EQ(t, ret, -ENOSPC);
	mtrr_snapshot(&saved_state, saved_usage);
	mark = ktest_log_mark();
	KTEST_EXPECT_EQ(t, mtrr_add(TEST_BASE + n * SZ_2M, SZ_2M,
				    MTRR_TYPE_WRCOMB, true), -ENOSPC);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "mtrr: no more MTRRs available"),
			1);
	KTEST_EXPECT_EQ(t, memcmp(&mtrr_state, &saved_state,
				  sizeof(saved_state)), 0);
	expect_all_cpus_hold_state(t);
	while (n--)
		KTEST_EXPECT_EQ(t, mtrr_del(regs[n], 0, 0), regs[n]);
	expect_all_cpus_hold_state(t);
}

/* a CPU without MTRRcap.WC: the bit is cleared in the copy for the call */
static void test_wc_needs_mtrrcap_wc(struct ktest *t)
{
	unsigned long mark;
	u64 cap;
	int ret;

	if (!need_mtrrs(t))
		return;
	cap = mtrr_state.cap;
	mark = ktest_log_mark();
	mtrr_state.cap &= ~(u64)MTRR_CAP_WC;
	ret = mtrr_add(TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB, true);
	mtrr_state.cap = cap;
	KTEST_EXPECT_EQ(t, ret, -ENOSYS);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark,
			"mtrr: your processor doesn't support write-combining"),
			1);
	expect_all_cpus_hold_state(t);
}

/* PAT on: nothing to do; PAT off: a WC MTRR, handed back by the del */
static void test_arch_phys_wc(struct ktest *t)
{
	int handle;

	if (!need_mtrrs(t))
		return;
	handle = arch_phys_wc_add(TEST_BASE, SZ_2M);
	if (pat_enabled()) {
		KTEST_EXPECT_EQ(t, handle, 0);
		KTEST_EXPECT_EQ(t, arch_phys_wc_index(handle), -1);
		KTEST_EXPECT_EQ(t, mtrr_type_lookup(TEST_BASE,
						    TEST_BASE + SZ_2M, NULL),
				mtrr_state.def_type);
		arch_phys_wc_del(handle);
		ktest_printf(t, "PAT on: no MTRR");
		return;
	}
	KTEST_ASSERT_TRUE(t, handle >= 1000);
	expect_reg(t, arch_phys_wc_index(handle), TEST_BASE, SZ_2M,
		   MTRR_TYPE_WRCOMB);
	expect_all_cpus_hold_state(t);
	arch_phys_wc_del(handle);
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(TEST_BASE, TEST_BASE + SZ_2M,
					    NULL), mtrr_state.def_type);
	expect_all_cpus_hold_state(t);
	ktest_printf(t, "PAT off: reg%02d", arch_phys_wc_index(handle));
}

/* -cpu ...,-mtrr: Linux's errors, and arch_phys_wc_add() does nothing */
static void test_without_mtrrs(struct ktest *t)
{
	unsigned long mark;

	if (mtrr_state.have_mtrr && mtrr_state.enabled) {
		ktest_skip(t, "the MTRRs are there");
		return;
	}
	KTEST_EXPECT_EQ(t, mtrr_add(TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB, true),
			-ENODEV);
	KTEST_EXPECT_EQ(t, mtrr_add_page(TEST_BASE >> 12, SZ_2M >> 12,
					 MTRR_TYPE_WRCOMB, true), -ENXIO);
	KTEST_EXPECT_EQ(t, mtrr_del(0, 0, 0), -ENODEV);
	KTEST_EXPECT_EQ(t, mtrr_del_page(0, 0, 0), -ENODEV);
	mark = ktest_log_mark();
	KTEST_EXPECT_EQ(t, arch_phys_wc_add(TEST_BASE, SZ_2M), 0);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark,
			"mtrr: no MTRRs and no PAT: [mem 0x0000004000000000-0x00000040001fffff] cannot be write-combining"),
			pat_enabled() ? 0 : 1);
}

static struct ktest_case x86_mtrr_api_cases[] = {
	KTEST_CASE(test_add_count_delete_on_every_cpu),
	KTEST_CASE(test_refusals_change_nothing),
	KTEST_CASE(test_del_bad_register),
	KTEST_CASE(test_no_more_mtrrs),
	KTEST_CASE(test_wc_needs_mtrrcap_wc),
	KTEST_CASE(test_arch_phys_wc),
	KTEST_CASE(test_without_mtrrs),
	{}
};
KTEST_SUITE(x86_mtrr_api, x86_mtrr_api_cases);
