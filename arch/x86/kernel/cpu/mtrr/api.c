// SPDX-License-Identifier: GPL-2.0
/*
 * Adding and removing variable-range MTRRs at run time, Linux 6.1's
 * mtrr_add(), mtrr_add_page(), mtrr_del() and mtrr_del_page(), and the
 * drivers' arch_phys_wc_add() on top of them.
 *
 * mtrr_state stays the one master copy of every CPU's MTRRs: a change is
 * decided and made on it by the pure rules of plan.c, under mtrr_lock,
 * and then written to every online CPU by the SDM 11.11.8 rendezvous of
 * sync.c, still under the lock, so two changes never interleave.  Both
 * run inside cpus_read_lock(), taken first because it may sleep: no CPU
 * comes online or goes offline during a change, and a CPU brought up
 * later (or back from suspend) takes mtrr_state as the change left it.  The
 * usage counts (Linux's mtrr_usage_table) live here, next to it; every
 * register starts at 1, as Linux counts the firmware's ranges.
 *
 * mtrr_lock is a spinlock: there is no mutex, and a CPU waiting for it
 * serves cross-CPU calls, so the rendezvous of the holder goes through.
 * Messages are printed after it is dropped.
 */
#define pr_fmt(fmt) "mtrr: " fmt

#include <linux/bug.h>
#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <asm/io.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>
#include <asm/pat.h>

/* arch_phys_wc_add() returns an MTRR register plus this, as Linux */
#define MTRR_TO_PHYS_WC_OFFSET	1000

static DEFINE_SPINLOCK(mtrr_lock);
static unsigned int mtrr_usage_table[MTRR_MAX_VAR_RANGES];

/* called once mtrr_state holds the boot CPU's MTRRs */
void mtrr_usage_init(void)
{
	unsigned int i;

	for (i = 0; i < mtrr_state.num_var; i++)
		mtrr_usage_table[i] = 1;
}

/**
 * mtrr_snapshot() - a consistent copy of the variable ranges and counts
 * @s: receives mtrr_state
 * @usage: receives MTRR_MAX_VAR_RANGES counts
 */
void mtrr_snapshot(struct mtrr_state *s, unsigned int *usage)
{
	unsigned int i;

	spin_lock(&mtrr_lock);
	*s = mtrr_state;
	for (i = 0; i < MTRR_MAX_VAR_RANGES; i++)
		usage[i] = mtrr_usage_table[i];
	spin_unlock(&mtrr_lock);
}

static bool mtrr_enabled(void)
{
	return mtrr_state.have_mtrr && mtrr_state.enabled;
}

/* Linux's words for a refusal; @base and @size are the request's pages */
static void mtrr_plan_warn(const struct mtrr_plan_report *r,
			   unsigned long base, unsigned long size,
			   unsigned int type)
{
	switch (r->msg) {
	case MTRR_MSG_NONE:
	case MTRR_MSG_NOT_FOUND:	/* Linux's is a debug message */
		break;
	case MTRR_MSG_NOT_ALIGNED:
		pr_warn("base(0x%lx000) is not aligned on a size(0x%lx000) boundary\n",
			base, size);
		break;
	case MTRR_MSG_TYPE_INVALID:
		pr_warn("type: %u invalid\n", type);
		break;
	case MTRR_MSG_NO_WRCOMB:
		pr_warn("your processor doesn't support write-combining\n");
		break;
	case MTRR_MSG_ZERO_SIZE:
		pr_warn("zero sized request\n");
		break;
	case MTRR_MSG_TOO_WIDE:
		pr_warn("base or size exceeds the MTRR width\n");
		break;
	case MTRR_MSG_OVERLAP:
		pr_warn("0x%lx000,0x%lx000 overlaps existing 0x%lx000,0x%lx000\n",
			base, size, r->lbase, r->lsize);
		break;
	case MTRR_MSG_TYPE_MISMATCH:
		pr_warn("type mismatch for %lx000,%lx000 old: %s new: %s\n",
			base, size, mtrr_attrib_to_str(r->ltype),
			mtrr_attrib_to_str(type));
		break;
	case MTRR_MSG_NO_FREE:
		pr_info("no more MTRRs available\n");
		break;
	case MTRR_MSG_REG_TOO_BIG:
		pr_warn("register: %d too big\n", r->reg);
		break;
	case MTRR_MSG_NOT_USED:
		pr_warn("MTRR %d not used\n", r->reg);
		break;
	case MTRR_MSG_COUNT_ZERO:
		pr_warn("reg: %d has count=0\n", r->reg);
		break;
	}
}

/**
 * mtrr_add_page() - add a memory type range, in pages
 * @base: first page
 * @size: pages: a power of two, @base a multiple of it
 * @type: MTRR_TYPE_*
 * @increment: count this use of an existing MTRR of the same range and type
 *
 * Returns the register (a cookie for mtrr_del_page()), or -ENXIO with the
 * MTRRs absent or disabled, -EINVAL, -ENOSYS (WC without MTRRcap.WC) or
 * -ENOSPC, with Linux 6.1's message.  A change reaches every online CPU
 * before this returns.
 */
int mtrr_add_page(unsigned long base, unsigned long size, unsigned int type,
		  bool increment)
{
	struct mtrr_plan_report r;
	int ret;

	cpus_read_lock();
	spin_lock(&mtrr_lock);
	ret = mtrr_plan_add(&mtrr_state, mtrr_usage_table, base, size, type,
			    increment, &r);
	if (r.changed)
		mtrr_write_all();
	spin_unlock(&mtrr_lock);
	cpus_read_unlock();
	mtrr_plan_warn(&r, base, size, type);
	return ret;
}

static int mtrr_check(unsigned long base, unsigned long size)
{
	if ((base | size) & 0xfff) {
		pr_warn("size and base must be multiples of 4 kiB\n");
		return -EINVAL;
	}
	return 0;
}

/**
 * mtrr_add() - add a memory type range
 * @base: physical address, 4 KiB aligned
 * @size: bytes: a power of two, @base a multiple of it
 * @type: MTRR_TYPE_*
 * @increment: count this use of an existing MTRR of the same range and type
 *
 * mtrr_add_page() in bytes; -ENODEV without MTRRs, -EINVAL for a base or
 * size that is not a whole number of pages.
 */
int mtrr_add(unsigned long base, unsigned long size, unsigned int type,
	     bool increment)
{
	if (!mtrr_enabled())
		return -ENODEV;
	if (mtrr_check(base, size))
		return -EINVAL;
	return mtrr_add_page(base >> 12, size >> 12, type, increment);
}

/**
 * mtrr_del_page() - drop one use of a memory type range, in pages
 * @reg: the register mtrr_add_page() returned, or < 0 to find it
 * @base: first page, when @reg < 0
 * @size: pages, when @reg < 0
 *
 * The register is freed, on every online CPU, when its count reaches 0.
 * Returns the register, or -ENODEV without MTRRs, or -EINVAL with Linux
 * 6.1's message.
 */
int mtrr_del_page(int reg, unsigned long base, unsigned long size)
{
	struct mtrr_plan_report r;
	int ret;

	if (!mtrr_enabled())
		return -ENODEV;
	cpus_read_lock();
	spin_lock(&mtrr_lock);
	ret = mtrr_plan_del(&mtrr_state, mtrr_usage_table, reg, base, size,
			    &r);
	if (r.changed)
		mtrr_write_all();
	spin_unlock(&mtrr_lock);
	cpus_read_unlock();
	mtrr_plan_warn(&r, base, size, 0);
	return ret;
}

/**
 * mtrr_del() - drop one use of a memory type range
 * @reg: the register mtrr_add() returned, or < 0 to find it
 * @base: physical address, when @reg < 0
 * @size: bytes, when @reg < 0
 *
 * mtrr_del_page() in bytes.
 */
int mtrr_del(int reg, unsigned long base, unsigned long size)
{
	if (!mtrr_enabled())
		return -ENODEV;
	if (mtrr_check(base, size))
		return -EINVAL;
	return mtrr_del_page(reg, base >> 12, size >> 12);
}

/**
 * arch_phys_wc_add() - write-combining for a range when PAT cannot give it
 * @base: physical address
 * @size: bytes: a power of two, @base a multiple of it
 *
 * With PAT on, ioremap_wc() already maps WC: nothing to do, returns 0.
 * Otherwise adds a WC MTRR over the range, so that the UC- of a PAT-less
 * ioremap_wc() combines (SDM Table 11-7: MTRR WC x UC- = WC), and returns
 * a handle for arch_phys_wc_del(); on failure Linux's warning and the
 * error.  Without MTRRs there is no way to combine: 0, and a line says
 * so.  Another MTRR over the range may still win (UC beats WC).
 */
int arch_phys_wc_add(unsigned long base, unsigned long size)
{
	int ret;

	if (pat_enabled())
		return 0;
	if (!mtrr_enabled()) {
		pr_info("no MTRRs and no PAT: [mem %#018lx-%#018lx] cannot be write-combining\n",
			base, base + size - 1);
		return 0;
	}
	ret = mtrr_add(base, size, MTRR_TYPE_WRCOMB, true);
	if (ret < 0) {
		pr_warn("Failed to add WC MTRR for [%p-%p]; performance may suffer.\n",
			(void *)base, (void *)(base + size - 1));
		return ret;
	}
	return ret + MTRR_TO_PHYS_WC_OFFSET;
}

/**
 * arch_phys_wc_del() - undo arch_phys_wc_add()
 * @handle: its return value; 0 and errors do nothing
 */
void arch_phys_wc_del(int handle)
{
	if (handle < 1)
		return;
	WARN_ON(handle < MTRR_TO_PHYS_WC_OFFSET);
	mtrr_del(handle - MTRR_TO_PHYS_WC_OFFSET, 0, 0);
}

/**
 * arch_phys_wc_index() - the MTRR behind an arch_phys_wc_add() handle
 * @handle: its return value
 *
 * Returns the register, or -1 when no MTRR was added.
 */
int arch_phys_wc_index(int handle)
{
	if (handle < MTRR_TO_PHYS_WC_OFFSET)
		return -1;
	return handle - MTRR_TO_PHYS_WC_OFFSET;
}
