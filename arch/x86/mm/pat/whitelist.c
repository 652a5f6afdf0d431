// SPDX-License-Identifier: GPL-2.0
/*
 * Which CPUs get which PAT layout.  A data table, first match wins, each
 * row with the reason it exists (Documentation/x86/pat.rst, "Whitelist").
 *
 * Policy for parts not listed: a CPU that reports PAT in CPUID is trusted
 * with the full layout, as Linux 6.1 does.  The layout itself is the hedge:
 * entries 0-3 keep their power-on meaning apart from WC at 1, and slot 7
 * holds WT, so a CPU that drops the PAT bit lands on UC, which is safe.
 * The table exists to single out the parts where that is not enough.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/pat_policy.h>

#define ANY_MODEL	0, 0xff
#define ANY_FAMILY	0, 0xffff

static const struct pat_whitelist_row pat_whitelist[] = {
	{ X86_VENDOR_INTEL, 0x6, 0x6, 0x0, 0xd, PAT_ERRATUM_LOWER4,
	  "Intel P6 family up to model 0xd (Pentium Pro/II/III/M): PAT index 4-7 may be ignored (erratum); use entries 0-3 only" },
	{ X86_VENDOR_INTEL, 0xf, 0xf, 0x0, 0x6, PAT_ERRATUM_LOWER4,
	  "Intel NetBurst up to model 6 (Pentium 4): PAT index 4-7 may be ignored (erratum); use entries 0-3 only" },
	{ X86_VENDOR_INTEL, 0x6, 0x6, 0xe, 0xff, PAT_TRUSTED,
	  "Intel family 6 from model 0xe (Core and later): PAT verified" },
	{ X86_VENDOR_INTEL, 0xf, 0xf, 0x7, 0xff, PAT_TRUSTED,
	  "Intel NetBurst from model 7: PAT verified" },
	{ X86_VENDOR_INTEL, ANY_FAMILY, ANY_MODEL, PAT_TRUSTED,
	  "Intel, other families reporting PAT: trusted like Linux 6.1" },
	{ X86_VENDOR_AMD, 0xf, 0xf, ANY_MODEL, PAT_TRUSTED,
	  "AMD K8 (family 0xf): PAT verified" },
	{ X86_VENDOR_AMD, 0x10, 0xffff, ANY_MODEL, PAT_TRUSTED,
	  "AMD family 0x10 and later: PAT verified" },
	{ X86_VENDOR_AMD, ANY_FAMILY, ANY_MODEL, PAT_TRUSTED,
	  "AMD, older families reporting PAT: trusted like Linux 6.1" },
	{ X86_VENDOR_HYGON, ANY_FAMILY, ANY_MODEL, PAT_TRUSTED,
	  "Hygon (AMD family 0x17 derived): PAT verified" },
	{ X86_VENDOR_CENTAUR, 0x6, 0xffff, ANY_MODEL, PAT_TRUSTED,
	  "Centaur/VIA from family 6 (C3 Nehemiah and later): PAT verified" },
	{ X86_VENDOR_CENTAUR, ANY_FAMILY, ANY_MODEL, PAT_TRUSTED,
	  "Centaur, older families reporting PAT: trusted like Linux 6.1" },
	{ X86_VENDOR_ZHAOXIN, ANY_FAMILY, ANY_MODEL, PAT_TRUSTED,
	  "Zhaoxin: PAT verified" },
	{ X86_VENDOR_ANY, ANY_FAMILY, ANY_MODEL, PAT_TRUSTED,
	  "unlisted CPU reporting PAT: trusted like Linux 6.1 (see pat.rst)" },
};

static bool pat_row_matches(const struct pat_whitelist_row *r,
			    enum x86_vendor vendor, unsigned int family,
			    unsigned int model)
{
	return (r->vendor == X86_VENDOR_ANY || r->vendor == vendor) &&
	       family >= r->family_min && family <= r->family_max &&
	       model >= r->model_min && model <= r->model_max;
}

const struct pat_whitelist_row *pat_whitelist_lookup(enum x86_vendor vendor,
						     unsigned int family,
						     unsigned int model)
{
	unsigned int i;

	/* the last row matches everything */
	for (i = 0; i < ARRAY_SIZE(pat_whitelist) - 1; i++)
		if (pat_row_matches(&pat_whitelist[i], vendor, family, model))
			break;
	return &pat_whitelist[i];
}

unsigned int pat_whitelist_size(void)
{
	return ARRAY_SIZE(pat_whitelist);
}

const struct pat_whitelist_row *pat_whitelist_row(unsigned int i)
{
	return i < ARRAY_SIZE(pat_whitelist) ? &pat_whitelist[i] : NULL;
}

u64 pat_layout_value(enum pat_verdict v)
{
	return v == PAT_ERRATUM_LOWER4 ? PAT_VALUE_LOWER4 : PAT_VALUE_FULL;
}
