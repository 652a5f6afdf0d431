// SPDX-License-Identifier: GPL-2.0
/*
 * Every CPU must hold the same MTRRs (SDM Vol. 3A 11.11.8), but firmware
 * often programs only the boot CPU; QEMU's does.  Once all CPUs are up,
 * mtrr_aps_sync() gives each the boot CPU's MTRRs (mtrr_state, read at
 * boot) by the MP procedure of 11.11.8, on every online CPU whether or not
 * its MTRRs already agree, as Linux 6.1 does:
 *
 *   1-2.   stop_machine_all() calls every online CPU, interrupts off;
 *   3.     it waits until all are in (its entry barrier);
 *   4-8.   each CPU enters no-fill mode (CR0.CD = 1, NW = 0), WBINVD,
 *          flushes every TLB entry by clearing CR4.PGE (or reloading CR3
 *          if PGE is off), and turns its MTRRs off (MTRRdefType.E, FE = 0);
 *   9.     each writes the MTRRs that differ from the boot CPU's, only
 *          those, then waits until every CPU has written (the barrier
 *          11.11.8 asks for: all processors load their MTRRs before any
 *          enables them);
 *   10-13. each writes MTRRdefType (MTRRs back on), WBINVD, flushes the
 *          TLBs again (a CR3 reload, PGE still off), restores CR0 (caching
 *          on) and CR4 (PGE on);
 *   14-15. stop_machine_all() waits until all are done (its exit
 *          barrier), then interrupts come back on.
 *
 * mtrr_write_all() runs the same rendezvous after mtrr_add() or
 * mtrr_del() changed mtrr_state (api.c), without the messages.
 *
 * The new types take effect on a CPU at step 10.  By then every CPU has
 * written back its caches, fills no line and holds the new MTRRs, so no
 * line is cached under the old types once any CPU caches under the new.
 * Writes before that, with E = 0, change no type (everything is UC on
 * that CPU), so a second barrier between steps 8 and 9 would add nothing.
 * The barrier spins, serving calls: on the other CPUs this runs inside
 * the call interrupt, before its EOI, so an IPI could not wake a halted
 * one.  (11.11.7's pre_mtrr_change()/post_mtrr_change() are the same
 * steps for one CPU.)
 *
 * Each CPU reports what it had to rewrite; Linux's messages then name only
 * what really differed.  Each CPU also counts its own steps
 * (mtrr_sync_stats_get()): under TCG caches and orderings are invisible,
 * so the tests check these counts.
 */
#define pr_fmt(fmt) "mtrr: " fmt

#include <linux/cpu.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>

#define MTRR_NUM_FIXED_MSRS	(MTRR_NUM_FIXED_RANGES / 8)

/* one rendezvous: written by every CPU taking part */
struct mtrr_sync {
	const struct mtrr_state *want;	/* the boot CPU's MTRRs */
	unsigned int nr;		/* CPUs taking part */
	unsigned int loaded;		/* the barrier: CPUs done writing */
	unsigned int in_nofill;		/* CPUs that entered no-fill mode */
	unsigned int written;		/* CPUs done writing, for the stats */
	unsigned int changed;		/* MTRR_CHANGE_MASK_* found anywhere */
};

/* what a CPU saves when it turns caching and MTRRs off */
struct mtrr_saved {
	unsigned long cr0;
	unsigned long cr4;
	u64 def_type_msr;
};

static struct mtrr_sync_stats mtrr_sync_stats[NR_CPUS];

/**
 * mtrr_sync_stats_get() - what @cpu has done in MTRR rendezvous so far
 * @cpu: the CPU
 * @out: a copy of its counters (zeroes for a CPU that never took part)
 */
void mtrr_sync_stats_get(unsigned int cpu, struct mtrr_sync_stats *out)
{
	*out = (struct mtrr_sync_stats){ 0 };
	if (cpu < NR_CPUS)
		*out = mtrr_sync_stats[cpu];
}

/* step 9's barrier: wait for every CPU of @d, serving calls */
static void mtrr_sync_barrier(struct mtrr_sync *d)
{
	__atomic_fetch_add(&d->loaded, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&d->loaded, __ATOMIC_ACQUIRE) != d->nr) {
		cpu_relax();
		smp_poll_calls();
	}
}

/* the full TLB flush of steps 6-7 and 11: PGE stays clear until step 13 */
static void mtrr_flush_tlb(struct mtrr_sync_stats *st)
{
	unsigned long cr4 = read_cr4();

	if (cr4 & X86_CR4_PGE)
		write_cr4(cr4 & ~X86_CR4_PGE);
	else
		write_cr3(read_cr3());
	st->tlb_flushes++;
}

/* steps 4-8 */
static void mtrr_cache_off(struct mtrr_sync *d, struct mtrr_saved *sv,
			   struct mtrr_sync_stats *st)
{
	sv->cr0 = read_cr0();
	sv->cr4 = read_cr4();
	write_cr0((sv->cr0 | X86_CR0_CD) & ~X86_CR0_NW);
	st->cache_disabled++;
	__atomic_fetch_add(&d->in_nofill, 1, __ATOMIC_ACQ_REL);
	wbinvd();
	st->wbinvd++;
	mtrr_flush_tlb(st);
	sv->def_type_msr = rdmsr(MSR_MTRRdefType);
	wrmsr(MSR_MTRRdefType, sv->def_type_msr &
	      ~(u64)(MTRR_DEF_TYPE_E | MTRR_DEF_TYPE_FE));
	st->mtrr_disabled++;
}

/* steps 10-13: MTRRdefType after all the others: they come back on as one */
static void mtrr_cache_on(const struct mtrr_saved *sv, u64 def_type_msr,
			  struct mtrr_sync_stats *st)
{
	wrmsr(MSR_MTRRdefType, def_type_msr);
	st->mtrr_enabled++;
	wbinvd();
	st->wbinvd++;
	mtrr_flush_tlb(st);
	write_cr0(sv->cr0);
	write_cr4(sv->cr4);
	st->cache_enabled++;
}

static u32 mtrr_fixed_msr(unsigned int i)
{
	if (i == 0)
		return MSR_MTRRfix64K_00000;
	if (i < 3)
		return MSR_MTRRfix16K_80000 + i - 1;
	return MSR_MTRRfix4K_C0000 + i - 3;
}

/* fixed-range MSR @i as it holds @s's types, one byte per sub-range */
static u64 mtrr_fixed_value(const struct mtrr_state *s, unsigned int i)
{
	u64 v = 0;
	unsigned int j;

	for (j = 0; j < 8; j++)
		v |= (u64)s->fixed_ranges[i * 8 + j] << (j * 8);
	return v;
}

static void mtrr_write_if(u32 msr, u64 mine, u64 want,
			  struct mtrr_sync_stats *st)
{
	if (mine == want)
		return;
	wrmsr(msr, want);
	st->msr_rewritten++;
}

/* step 9: write what differs, as Linux's set_mtrr_state() does */
static void mtrr_write_differing(const struct mtrr_state *mine,
				 const struct mtrr_state *want,
				 struct mtrr_sync_stats *st)
{
	unsigned int i, nv = min(mine->num_var, want->num_var);

	for (i = 0; i < nv; i++) {
		mtrr_write_if(MTRRphysBase_MSR(i), mine->var[i].base,
			      want->var[i].base, st);
		mtrr_write_if(MTRRphysMask_MSR(i), mine->var[i].mask,
			      want->var[i].mask, st);
	}
	if (mine->have_fixed && want->have_fixed)
		for (i = 0; i < MTRR_NUM_FIXED_MSRS; i++)
			mtrr_write_if(mtrr_fixed_msr(i),
				      mtrr_fixed_value(mine, i),
				      mtrr_fixed_value(want, i), st);
	if (mine->def_type_msr != want->def_type_msr)
		st->msr_rewritten++;	/* written by step 10 */
}

/* run on every online CPU at once by stop_machine_all() */
static void mtrr_rendezvous(void *arg)
{
	struct mtrr_sync *d = arg;
	struct mtrr_sync_stats *st = &mtrr_sync_stats[smp_processor_id()];
	struct mtrr_state mine;
	struct mtrr_saved sv;
	unsigned int diff;

	st->rendezvous++;
	mtrr_read_state(&mine);
	diff = mtrr_state_compare(d->want, &mine);
	mtrr_cache_off(d, &sv, st);
	mtrr_write_differing(&mine, d->want, st);
	__atomic_fetch_add(&d->written, 1, __ATOMIC_ACQ_REL);
	mtrr_sync_barrier(d);
	st->nofill_seen = __atomic_load_n(&d->in_nofill, __ATOMIC_ACQUIRE);
	st->written_seen = __atomic_load_n(&d->written, __ATOMIC_ACQUIRE);
	mtrr_cache_on(&sv, d->want->def_type_msr, st);
	__atomic_fetch_or(&d->changed, diff, __ATOMIC_RELAXED);
}

/* Linux's words, only for what differed */
static void mtrr_state_warn(unsigned int mask)
{
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

/*
 * One rendezvous of every online CPU; the MTRR_CHANGE_MASK_* found.  The
 * caller holds cpus_read_lock(), so the CPUs counted are the CPUs that
 * meet, and none comes online with an older mtrr_state meanwhile.
 */
static unsigned int mtrr_sync_run(void)
{
	struct mtrr_sync d = { .want = &mtrr_state };

	if (!mtrr_state.have_mtrr)
		return 0;
	d.nr = num_online_cpus();
	stop_machine_cpuslocked(mtrr_rendezvous, &d);
	return d.changed;
}

/**
 * mtrr_ap_init() - give this CPU, coming online after boot, the MTRRs in force
 *
 * The same steps as the rendezvous, on this CPU alone (SDM 11.11.7): the
 * online CPUs already hold mtrr_state, and this one caches nothing they
 * could see until it is online.  Reads mtrr_state now, not a copy, so an
 * MTRR changed while this CPU was offline reaches it; the hotplug write
 * side keeps any change from running meanwhile (cpus_read_lock()).
 */
void mtrr_ap_init(void)
{
	struct mtrr_sync d = { .want = &mtrr_state, .nr = 1 };

	if (mtrr_state.have_mtrr)
		mtrr_rendezvous(&d);
}

/**
 * mtrr_aps_sync() - give every online CPU the boot CPU's MTRRs
 *
 * At boot, once all CPUs are up (tests call it again).  Every online CPU
 * runs the SDM 11.11.8 sequence, each rewriting only the MSRs that differ
 * from the boot CPU's as read at boot; nothing happens on a CPU without
 * MTRRs.  The online CPUs do not change meanwhile (cpus_read_lock()).
 *
 * Returns the MTRR_CHANGE_MASK_* bits of what differed on any CPU, and
 * prints Linux's messages for them.
 */
unsigned int mtrr_aps_sync(void)
{
	unsigned int changed;

	cpus_read_lock();
	changed = mtrr_sync_run();
	cpus_read_unlock();
	mtrr_state_warn(changed);
	return changed;
}

/**
 * mtrr_write_all() - write a changed mtrr_state to every online CPU
 *
 * The same rendezvous as mtrr_aps_sync(), after mtrr_add_page() or
 * mtrr_del_page() changed mtrr_state: every CPU differs from it then, by
 * design, so nothing is reported.  The caller holds cpus_read_lock()
 * and then mtrr_lock.
 */
void mtrr_write_all(void)
{
	mtrr_sync_run();
}

/**
 * mtrr_bp_restore() - give the boot CPU its MTRRs back after suspend to RAM
 *
 * Linux's name for the wake's case of mtrr_ap_init(): the wake resets the
 * CPU, the firmware need not program the MTRRs as at boot, and the boot
 * CPU, alone online with interrupts off, takes mtrr_state by the same
 * single-CPU sequence, rewriting what differs, silently.
 */
void mtrr_bp_restore(void)
{
	mtrr_ap_init();
}
