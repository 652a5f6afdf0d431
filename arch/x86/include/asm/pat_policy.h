/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU whitelist that picks a PAT layout (arch/x86/mm/pat/whitelist.c,
 * pure).  The layouts themselves are in <asm/page_cache_mode.h>.
 */
#ifndef _ASM_X86_PAT_POLICY_H
#define _ASM_X86_PAT_POLICY_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/processor.h>

#define X86_VENDOR_ANY	((enum x86_vendor)0xff)

enum pat_verdict {
	PAT_TRUSTED,		/* full layout */
	PAT_ERRATUM_LOWER4,	/* entries 0-3 only, programmed twice */
};

struct pat_whitelist_row {
	enum x86_vendor vendor;
	u16 family_min, family_max;
	u16 model_min, model_max;
	enum pat_verdict verdict;
	const char *reason;
};

/* the first row matching the CPU; never NULL */
const struct pat_whitelist_row *pat_whitelist_lookup(enum x86_vendor vendor,
						     unsigned int family,
						     unsigned int model);
unsigned int pat_whitelist_size(void);
/* row @i, or NULL past the end */
const struct pat_whitelist_row *pat_whitelist_row(unsigned int i);
/* the IA32_PAT value a verdict programs */
u64 pat_layout_value(enum pat_verdict v);

#endif /* _ASM_X86_PAT_POLICY_H */
