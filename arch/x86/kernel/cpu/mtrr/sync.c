// SPDX-License-Identifier: GPL-2.0
/*
 * Every CPU must hold the same MTRRs (SDM Vol. 3A 11.11.8), but firmware
 * often programs only the boot CPU; QEMU's does.  A new CPU compares its
 * MTRRs with the boot CPU's as it comes up (mtrr_ap_check()); once all are
 * up, mtrr_aps_sync() rewrites them on every CPU at once if any differed,
 * with Linux's messages.  "At once" because the SDM wants the change made
 * on all CPUs together, each with caches disabled (11.11.8's procedure),
 * so no CPU caches a line under the old type while another uses the new.
 */
#define pr_fmt(fmt) "mtrr: " fmt

#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <asm/irqflags.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>

static unsigned int mtrr_ap_mismatch;	/* MTRR_CHANGE_MASK_* seen at bring-up */
static unsigned int mtrr_changed;	/* ... and rewritten by the rendezvous */

/**
 * mtrr_ap_check() - note how this CPU's MTRRs differ from the boot CPU's
 */
void mtrr_ap_check(void)
{
	struct mtrr_state mine;

	if (!mtrr_state.have_mtrr)
		return;
	mtrr_read_state(&mine);
	__atomic_fetch_or(&mtrr_ap_mismatch,
			  mtrr_state_compare(&mtrr_state, &mine),
			  __ATOMIC_RELAXED);
}

static void mtrr_write_fixed(const struct mtrr_state *s)
{
	u64 v[11] = { 0 };
	unsigned int i;

	for (i = 0; i < MTRR_NUM_FIXED_RANGES; i++)
		v[i / 8] |= (u64)s->fixed_ranges[i] << ((i % 8) * 8);
	wrmsr(MSR_MTRRfix64K_00000, v[0]);
	wrmsr(MSR_MTRRfix16K_80000, v[1]);
	wrmsr(MSR_MTRRfix16K_A0000, v[2]);
	for (i = 0; i < 8; i++)
		wrmsr(MSR_MTRRfix4K_C0000 + i, v[3 + i]);
}

/*
 * SDM 11.11.8 on this CPU, interrupts off: no-fill mode, flush caches and
 * TLBs, MTRRs off, new values, flush again, MTRRs and caches back on.
 */
static void mtrr_write_state(const struct mtrr_state *s)
{
	unsigned long cr0 = read_cr0();
	unsigned int i;

	write_cr0((cr0 | X86_CR0_CD) & ~X86_CR0_NW);
	wbinvd();
	__flush_tlb_all();
	wrmsr(MSR_MTRRdefType, s->def_type_msr &
	      ~(u64)(MTRR_DEF_TYPE_E | MTRR_DEF_TYPE_FE));
	for (i = 0; i < s->num_var; i++) {
		wrmsr(MTRRphysBase_MSR(i), s->var[i].base);
		wrmsr(MTRRphysMask_MSR(i), s->var[i].mask);
	}
	if (s->have_fixed)
		mtrr_write_fixed(s);
	wbinvd();
	__flush_tlb_all();
	wrmsr(MSR_MTRRdefType, s->def_type_msr);
	write_cr0(cr0);
}

/* run on every CPU at once by stop_machine_all() */
static void mtrr_rendezvous(void *unused)
{
	struct mtrr_state mine;
	unsigned int diff;

	mtrr_read_state(&mine);
	diff = mtrr_state_compare(&mtrr_state, &mine);
	if (!diff)
		return;
	mtrr_write_state(&mtrr_state);
	__atomic_fetch_or(&mtrr_changed, diff, __ATOMIC_RELAXED);
}

/**
 * mtrr_aps_sync() - give every CPU the boot CPU's MTRRs, if they differ
 *
 * After SMP bring-up, on the boot CPU.
 */
void mtrr_aps_sync(void)
{
	unsigned int mask;

	if (!mtrr_state.have_mtrr || !mtrr_ap_mismatch)
		return;
	stop_machine_all(mtrr_rendezvous, NULL);
	mask = mtrr_changed;
	if (!mask)
		return;
	if (mask & MTRR_CHANGE_MASK_FIXED)
		pr_warn("your CPUs had inconsistent fixed MTRR settings\n");
	if (mask & MTRR_CHANGE_MASK_VARIABLE)
		pr_warn("your CPUs had inconsistent variable MTRR settings\n");
	if (mask & MTRR_CHANGE_MASK_DEFTYPE)
		pr_warn("your CPUs had inconsistent MTRRdefType settings\n");
	pr_info("probably your BIOS does not setup all CPUs.\n");
	pr_info("corrected configuration.\n");
}
