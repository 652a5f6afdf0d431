// SPDX-License-Identifier: GPL-2.0
/*
 * MTRRs as the firmware left them: read once into mtrr_state, checked for
 * firmware mistakes (/proc/mtrr shows them: if.c), and answered by
 * the pure lookup in arch/x86/mm/pat/mtrr_lookup.c.
 *
 * A CPU without MTRRs in CPUID has its MSRs left alone: under TCG they
 * would read as 0, i.e. "MTRRs disabled, everything UC", which is not what
 * the hardware does.  Lookups then answer MTRR_TYPE_INVALID ("no opinion")
 * and the PAT type alone decides.
 */
#define pr_fmt(fmt) "mtrr: " fmt

#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/processor.h>
#include <asm/special_insns.h>

struct mtrr_state mtrr_state;

static void mtrr_read_fixed(struct mtrr_state *s)
{
	u64 v[11];
	unsigned int i;

	v[0] = rdmsr(MSR_MTRRfix64K_00000);
	v[1] = rdmsr(MSR_MTRRfix16K_80000);
	v[2] = rdmsr(MSR_MTRRfix16K_A0000);
	for (i = 0; i < 8; i++)
		v[3 + i] = rdmsr(MSR_MTRRfix4K_C0000 + i);
	for (i = 0; i < MTRR_NUM_FIXED_RANGES; i++)
		s->fixed_ranges[i] = v[i / 8] >> ((i % 8) * 8);
}

/**
 * mtrr_read_state() - read this CPU's MTRR MSRs
 * @s: filled in; s->have_mtrr is false if the CPU has no MTRRs
 */
void mtrr_read_state(struct mtrr_state *s)
{
	unsigned int i, vcnt;

	*s = (struct mtrr_state){ .phys_bits = boot_cpu_data.x86_phys_bits };
	if (!boot_cpu_has(X86_FEATURE_MTRR))
		return;
	s->have_mtrr = true;
	s->cap = rdmsr(MSR_MTRRcap);
	s->def_type_msr = rdmsr(MSR_MTRRdefType);
	s->def_type = s->def_type_msr & MTRR_DEF_TYPE_MASK;
	s->enabled = s->def_type_msr & MTRR_DEF_TYPE_E;
	s->fixed_enabled = s->def_type_msr & MTRR_DEF_TYPE_FE;
	s->have_fixed = s->cap & MTRR_CAP_FIX;
	vcnt = s->cap & MTRR_CAP_VCNT_MASK;
	if (vcnt > MTRR_MAX_VAR_RANGES) {
		pr_warn("%u variable ranges, using the first %u\n", vcnt,
			MTRR_MAX_VAR_RANGES);
		vcnt = MTRR_MAX_VAR_RANGES;
	}
	s->num_var = vcnt;
	for (i = 0; i < vcnt; i++) {
		s->var[i].base = rdmsr(MTRRphysBase_MSR(i));
		s->var[i].mask = rdmsr(MTRRphysMask_MSR(i));
	}
	if (s->have_fixed)
		mtrr_read_fixed(s);
}

u8 mtrr_type_lookup(u64 start, u64 end, u8 *uniform)
{
	u8 dummy;

	return mtrr_state_type_lookup(&mtrr_state, start, end,
				      uniform ? uniform : &dummy, NULL);
}

/* firmware mistakes: say so once at boot, with the range concerned */
static void mtrr_check_firmware(const struct mtrr_state *s)
{
	unsigned int i, j, flags;
	u64 b1, e1, b2, e2;

	for (i = 0; i < s->num_var; i++) {
		if (!mtrr_var_range_bounds(s, i, &b1, &e1))
			continue;
		if (!mtrr_var_range_contiguous(s, i))
			pr_warn("reg%02u: mask %#llx is not contiguous\n", i,
				(unsigned long long)s->var[i].mask);
		for (j = i + 1; j < s->num_var; j++) {
			if (!mtrr_var_range_bounds(s, j, &b2, &e2) ||
			    b2 >= e1 || b1 >= e2)
				continue;
			flags = 0;
			mtrr_state_type_at(s, b1 > b2 ? b1 : b2, &flags);
			if (flags & MTRR_LOOKUP_UNDEFINED_OVERLAP)
				pr_warn("reg%02u and reg%02u overlap with types %s and %s: undefined by the SDM, treated as uncachable\n",
					i, j,
					mtrr_attrib_to_str(s->var[i].base & 0xff),
					mtrr_attrib_to_str(s->var[j].base & 0xff));
		}
	}
}

/**
 * mtrr_bp_init() - read the boot CPU's MTRRs and report them
 */
void mtrr_bp_init(void)
{
	struct mtrr_state *s = &mtrr_state;

	mtrr_read_state(s);
	if (!s->have_mtrr) {
		pr_info("CPU has no MTRRs: memory types come from PAT alone\n");
		return;
	}
	if (!s->enabled) {
		pr_info("MTRRs disabled by firmware (MTRRdefType %#llx)\n",
			(unsigned long long)s->def_type_msr);
		return;
	}
	mtrr_usage_init();
	pr_info("MTRR default type: %s, %u variable ranges, fixed ranges %s\n",
		mtrr_attrib_to_str(s->def_type), s->num_var,
		s->have_fixed && s->fixed_enabled ? "enabled" : "disabled");
	mtrr_check_firmware(s);
}

/**
 * mtrr_check_ram() - warn about RAM that the MTRRs do not call write-back
 *
 * Firmware that leaves RAM uncachable by MTRR makes it slow whatever the
 * page tables say (UC wins), and breaks the memtype rule that a WB request
 * stays WB.  Run once the e820 map is known.
 */
void mtrr_check_ram(void)
{
	unsigned int i;
	u8 uniform, type;

	if (!mtrr_state.have_mtrr || !mtrr_state.enabled)
		return;
	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->type != E820_TYPE_RAM)
			continue;
		type = mtrr_type_lookup(e->addr, e->addr + e->size, &uniform);
		if (type != MTRR_TYPE_WRBACK || !uniform)
			pr_warn("RAM [mem %#018llx-%#018llx] is %s%s by MTRR: firmware bug, this RAM will not be cached as it should\n",
				(unsigned long long)e->addr,
				(unsigned long long)(e->addr + e->size - 1),
				uniform ? "" : "partly ",
				mtrr_attrib_to_str(type));
	}
}
