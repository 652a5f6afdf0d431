/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MTRR state and lookups.  The state is read from the MSRs once per boot
 * (arch/x86/kernel/cpu/mtrr/mtrr.c) into struct mtrr_state; everything that
 * answers questions about it is pure (arch/x86/mm/pat/mtrr_lookup.c) so host
 * tests feed it firmware layouts directly.
 */
#ifndef _ASM_X86_MTRR_H
#define _ASM_X86_MTRR_H

#include <linux/types.h>
/* MTRR_TYPE_* and the /proc/mtrr ioctls */
#include <uapi/asm/mtrr.h>
/* "no MTRR says anything": MTRRs absent or disabled */
#define MTRR_TYPE_INVALID	0xff

#define MTRR_MAX_VAR_RANGES	32	/* more than any real CPU has */
#define MTRR_NUM_FIXED_RANGES	88
#define MTRR_FIXED_END		0x100000ULL

#define MTRR_CAP_VCNT_MASK	0xff
#define MTRR_CAP_FIX		(1 << 8)
#define MTRR_CAP_WC		(1 << 10)
#define MTRR_CAP_SMRR		(1 << 11)
#define MTRR_DEF_TYPE_MASK	0xff
#define MTRR_DEF_TYPE_FE	(1 << 10)
#define MTRR_DEF_TYPE_E		(1 << 11)
#define MTRR_PHYSMASK_V		(1 << 11)

struct mtrr_var_range {
	u64 base;		/* IA32_MTRR_PHYSBASEn as read */
	u64 mask;		/* IA32_MTRR_PHYSMASKn as read */
};

struct mtrr_state {
	bool have_mtrr;		/* CPUID says MTRRs exist and they were read */
	bool enabled;		/* DEF_TYPE.E */
	bool have_fixed;	/* MTRRCAP.FIX */
	bool fixed_enabled;	/* DEF_TYPE.FE */
	u8 def_type;
	u8 phys_bits;		/* MAXPHYADDR: sizes the masks */
	unsigned int num_var;
	u64 cap;
	u64 def_type_msr;
	u8 fixed_ranges[MTRR_NUM_FIXED_RANGES];
	struct mtrr_var_range var[MTRR_MAX_VAR_RANGES];
};

/* what a lookup found besides the type, for firmware-bug warnings */
#define MTRR_LOOKUP_UNDEFINED_OVERLAP	(1 << 0)

/**
 * mtrr_state_type_lookup() - the MTRR type of [start, end)
 * @s: the state
 * @start: first byte
 * @end: end, exclusive
 * @uniform: set to 1 if the whole range has one type, else 0
 * @flags: optional, receives MTRR_LOOKUP_* findings
 *
 * Returns the type, or MTRR_TYPE_INVALID when MTRRs are absent or disabled.
 * A range of several types returns the strictest of them (UC if any part is
 * UC; WT for WT and WB only; UC for any other mix) with *uniform = 0.
 */
u8 mtrr_state_type_lookup(const struct mtrr_state *s, u64 start, u64 end,
			  u8 *uniform, unsigned int *flags);
/* the type of one physical address */
u8 mtrr_state_type_at(const struct mtrr_state *s, u64 addr,
		      unsigned int *flags);
/*
 * A valid variable range's [base, end), reading the mask as contiguous;
 * false for an invalid range.  mtrr_var_range_contiguous() says whether
 * that reading is exact (a hole-y mask is legal but matches a lattice).
 */
bool mtrr_var_range_bounds(const struct mtrr_state *s, unsigned int i,
			   u64 *base, u64 *end);
bool mtrr_var_range_contiguous(const struct mtrr_state *s, unsigned int i);
const char *mtrr_attrib_to_str(u8 type);

/* how two CPUs' MTRRs differ (Linux's names for the bits) */
#define MTRR_CHANGE_MASK_FIXED		0x01
#define MTRR_CHANGE_MASK_VARIABLE	0x02
#define MTRR_CHANGE_MASK_DEFTYPE	0x04
unsigned int mtrr_state_compare(const struct mtrr_state *a,
				const struct mtrr_state *b);
u64 mtrr_state_digest(const struct mtrr_state *s);

/* the running kernel's state and its lookup (glue) */
extern struct mtrr_state mtrr_state;
u8 mtrr_type_lookup(u64 start, u64 end, u8 *uniform);
void mtrr_read_state(struct mtrr_state *s);
void mtrr_bp_init(void);
void mtrr_proc_init(void);
void mtrr_check_ram(void);
/* after bring-up: every online CPU takes the boot CPU's MTRRs (sync.c) */
unsigned int mtrr_aps_sync(void);
/* a CPU coming online after boot takes mtrr_state itself */
void mtrr_ap_init(void);
/* after a change of mtrr_state: every online CPU takes it (sync.c) */
void mtrr_write_all(void);

/*
 * Run-time changes (api.c), Linux 6.1's calls: a register number or a
 * -errno.  Sizes and bases are bytes, or pages for the *_page() forms.
 */
int mtrr_add(unsigned long base, unsigned long size, unsigned int type,
	     bool increment);
int mtrr_add_page(unsigned long base, unsigned long size, unsigned int type,
		  bool increment);
int mtrr_del(int reg, unsigned long base, unsigned long size);
int mtrr_del_page(int reg, unsigned long base, unsigned long size);
void mtrr_usage_init(void);
/* mtrr_state and the usage counts (MTRR_MAX_VAR_RANGES), consistently */
void mtrr_snapshot(struct mtrr_state *s, unsigned int *usage);
/* after suspend to RAM, on the boot CPU alone (sync.c) */
void mtrr_bp_restore(void);

/* one CPU's steps in the rendezvous of mtrr_aps_sync(), for tests */
struct mtrr_sync_stats {
	unsigned long rendezvous;	/* times it took part */
	unsigned long cache_disabled;	/* entered no-fill mode (CR0.CD=1) */
	unsigned long wbinvd;
	unsigned long tlb_flushes;	/* full, global entries included */
	unsigned long mtrr_disabled;	/* MTRRdefType.E cleared */
	unsigned long msr_rewritten;	/* MSRs that differed, rewritten */
	unsigned long mtrr_enabled;	/* MTRRdefType written back */
	unsigned long cache_enabled;	/* CR0 and CR4 restored */
	/* in its last rendezvous, when it turned its MTRRs back on: CPUs
	 * that had entered no-fill mode, CPUs that had written theirs */
	unsigned int nofill_seen;
	unsigned int written_seen;
};
void mtrr_sync_stats_get(unsigned int cpu, struct mtrr_sync_stats *out);

#endif /* _ASM_X86_MTRR_H */
