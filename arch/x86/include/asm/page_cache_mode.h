/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cache modes and everything that translates them, in one place: the PAT
 * encodings and layouts, PAT index <-> mode <-> PWT/PCD/PAT bits, the
 * kernel's live translation (cachemode2protval(), pgprot2cachemode()), the
 * PAT-bit move between 4 KiB and large entries, and the names.  All of it
 * is implemented in arch/x86/mm/pat/cachemode.c, which is pure (no MSR, no
 * printing, no locking) so host tests build the very same file.
 *
 * A page-table entry selects IA32_PAT entry PAT<<2 | PCD<<1 | PWT (SDM
 * Vol. 3A 11.12.3):
 *
 *   index  PAT PCD PWT   4 KiB entry bits   large entry bits
 *     0     0   0   0    -                  -
 *     1     0   0   1    PWT (3)            PWT (3)
 *     2     0   1   0    PCD (4)            PCD (4)
 *     3     0   1   1    PCD PWT            PCD PWT
 *     4-7   1   ...      + PAT (7)          + PAT (12)
 */
#ifndef _ASM_X86_PAGE_CACHE_MODE_H
#define _ASM_X86_PAGE_CACHE_MODE_H

#include <linux/types.h>
#include <asm/pgtable_types.h>

/* Linux's values: they appear in its "ioremap error" message, never renumber */
enum page_cache_mode {
	_PAGE_CACHE_MODE_WB = 0,
	_PAGE_CACHE_MODE_WC = 1,
	_PAGE_CACHE_MODE_UC_MINUS = 2,
	_PAGE_CACHE_MODE_UC = 3,
	_PAGE_CACHE_MODE_WT = 4,
	_PAGE_CACHE_MODE_WP = 5,

	_PAGE_CACHE_MODE_NUM = 8
};

/*
 * IA32_PAT: eight 8-bit entries PA0..PA7; encodings 0 UC, 1 WC, 4 WT,
 * 5 WP, 6 WB, 7 UC-, the rest reserved (SDM Vol. 3A 11.12.2).
 */
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

/* true if all 8 entries of @v are defined encodings */
bool pat_value_valid(u64 v);
/*
 * "WB  WC  UC- UC  WB  WP  UC- WT  " into @buf (33 bytes hold it all): the
 * entries of @value, each padded to 4 columns, "??  " for a reserved one.
 */
void pat_format_layout(u64 value, char *buf, size_t size);

/* the translation for one PAT value, built by pat_cachemode_init() */
struct pat_cachemode_tables {
	u8 mode2index[_PAGE_CACHE_MODE_NUM];	/* PAT index for a mode */
	u8 index2mode[8];			/* mode of a PAT index */
};

void pat_cachemode_init(struct pat_cachemode_tables *t, u64 pat_value);
/* the PWT/PCD/PAT bits of a 4 KiB entry for a PAT index, and back */
pteval_t pat_index_to_pte4k(unsigned int index);
unsigned int pat_pte4k_to_index(pteval_t v);

/*
 * The kernel's translation: the power-on layout until pat_cachemode_setup()
 * builds it from the PAT value in force (arch/x86/mm/pat/pat.c).
 */
void pat_cachemode_setup(u64 pat_value);
pteval_t cachemode2protval(enum page_cache_mode pcm);
enum page_cache_mode pgprot2cachemode(pteval_t v);
pgprot_t pgprot_kernel_cachemode(enum page_cache_mode pcm);

/*
 * The PAT bit is bit 7 in a 4 KiB entry and bit 12 in a 2 MiB/1 GiB entry,
 * where bit 7 is PS (SDM Vol. 3A 4.9.2): a split or merge moves it.
 */
static inline pteval_t protval_4k_2_large(pteval_t v)
{
	return (v & ~_PAGE_PAT) |
	       ((v & _PAGE_PAT) << (_PAGE_BIT_PAT_LARGE - _PAGE_BIT_PAT));
}

/* a large entry's flags as a 4 KiB entry's: PS goes, PAT moves to bit 7 */
static inline pteval_t protval_large_2_4k(pteval_t v)
{
	return (v & ~(_PAGE_PAT_LARGE | _PAGE_PSE)) |
	       ((v & _PAGE_PAT_LARGE) >> (_PAGE_BIT_PAT_LARGE - _PAGE_BIT_PAT));
}

/* Linux's names, as pat_memtype_list prints them; "broken" otherwise */
const char *cattr_name(enum page_cache_mode pcm);
/* the trace format's and the shell's names (wb wc uc- uc wt wp); "?" */
const char *cachemode_short_name(enum page_cache_mode pcm);
/* a short name -> mode: 0, or -EINVAL and *pcm untouched */
int cachemode_parse(const char *s, enum page_cache_mode *pcm);

#endif /* _ASM_X86_PAGE_CACHE_MODE_H */
