/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PAT MSR layouts and the CPU whitelist that picks one (pure).
 *
 * IA32_PAT holds eight 8-bit entries PA0..PA7 (bits 8n+2..8n); encodings
 * 0 UC, 1 WC, 4 WT, 5 WP, 6 WB, 7 UC- (SDM Vol. 3A 11.12.2).
 */
#ifndef _ASM_X86_PAT_POLICY_H
#define _ASM_X86_PAT_POLICY_H

#include <linux/types.h>
#include <asm/processor.h>

#define PAT_UC		0ULL
#define PAT_WC		1ULL
#define PAT_WT		4ULL
#define PAT_WP		5ULL
#define PAT_WB		6ULL
#define PAT_UC_MINUS	7ULL
#define PAT_ENTRY(n, t)	((t) << ((n) * 8))

/* WB WC UC- UC WB WP UC- WT: Linux 4.2 and later */
#define PAT_VALUE_FULL	(PAT_ENTRY(0, PAT_WB) | PAT_ENTRY(1, PAT_WC) |	\
			 PAT_ENTRY(2, PAT_UC_MINUS) | PAT_ENTRY(3, PAT_UC) | \
			 PAT_ENTRY(4, PAT_WB) | PAT_ENTRY(5, PAT_WP) |	\
			 PAT_ENTRY(6, PAT_UC_MINUS) | PAT_ENTRY(7, PAT_WT))
/* WB WC UC- UC twice: for parts that may ignore the PAT bit */
#define PAT_VALUE_LOWER4 (PAT_ENTRY(0, PAT_WB) | PAT_ENTRY(1, PAT_WC) |	\
			  PAT_ENTRY(2, PAT_UC_MINUS) | PAT_ENTRY(3, PAT_UC) | \
			  PAT_ENTRY(4, PAT_WB) | PAT_ENTRY(5, PAT_WC) |	\
			  PAT_ENTRY(6, PAT_UC_MINUS) | PAT_ENTRY(7, PAT_UC))
/* WB WT UC- UC twice: the power-on value, what PWT/PCD alone select */
#define PAT_VALUE_POWER_ON (PAT_ENTRY(0, PAT_WB) | PAT_ENTRY(1, PAT_WT) | \
			    PAT_ENTRY(2, PAT_UC_MINUS) | PAT_ENTRY(3, PAT_UC) | \
			    PAT_ENTRY(4, PAT_WB) | PAT_ENTRY(5, PAT_WT) | \
			    PAT_ENTRY(6, PAT_UC_MINUS) | PAT_ENTRY(7, PAT_UC))

#define X86_VENDOR_ANY	((enum x86_vendor)0xff)

enum pat_verdict {
	PAT_TRUSTED,		/* full layout */
	PAT_ERRATUM_LOWER4,	/* entries 0-3 only, programmed twice */
	PAT_UNTRUSTED,		/* leave PAT off */
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
const struct pat_whitelist_row *pat_whitelist_row(unsigned int i);
u64 pat_layout_value(enum pat_verdict v);

#endif /* _ASM_X86_PAT_POLICY_H */
