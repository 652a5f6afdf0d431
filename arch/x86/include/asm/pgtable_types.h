/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page-table entry bits (SDM Vol. 3A 4.5, Tables 4-15 to 4-20).  The same
 * layout at every level, except bit 7: PS (a large page) in a PDE/PDPTE,
 * PAT in a 4 KiB PTE; a large page's PAT bit is bit 12.
 *
 *   63  NX      12  PAT (2M/1G)   8  G     7  PS / PAT (4K)   6  D
 *    5  A        4  PCD           3  PWT   2  U/S   1  R/W    0  P
 */
#ifndef _ASM_X86_PGTABLE_TYPES_H
#define _ASM_X86_PGTABLE_TYPES_H

#include <linux/types.h>

#define _PAGE_BIT_PRESENT	0
#define _PAGE_BIT_RW		1
#define _PAGE_BIT_USER		2
#define _PAGE_BIT_PWT		3
#define _PAGE_BIT_PCD		4
#define _PAGE_BIT_ACCESSED	5
#define _PAGE_BIT_DIRTY		6
#define _PAGE_BIT_PSE		7
#define _PAGE_BIT_PAT		7
#define _PAGE_BIT_GLOBAL	8
#define _PAGE_BIT_PAT_LARGE	12
#define _PAGE_BIT_NX		63

#define _PAGE_PRESENT	(1ULL << _PAGE_BIT_PRESENT)
#define _PAGE_RW	(1ULL << _PAGE_BIT_RW)
#define _PAGE_USER	(1ULL << _PAGE_BIT_USER)
#define _PAGE_PWT	(1ULL << _PAGE_BIT_PWT)
#define _PAGE_PCD	(1ULL << _PAGE_BIT_PCD)
#define _PAGE_ACCESSED	(1ULL << _PAGE_BIT_ACCESSED)
#define _PAGE_DIRTY	(1ULL << _PAGE_BIT_DIRTY)
#define _PAGE_PSE	(1ULL << _PAGE_BIT_PSE)
#define _PAGE_PAT	(1ULL << _PAGE_BIT_PAT)
#define _PAGE_GLOBAL	(1ULL << _PAGE_BIT_GLOBAL)
#define _PAGE_PAT_LARGE	(1ULL << _PAGE_BIT_PAT_LARGE)
#define _PAGE_NX	(1ULL << _PAGE_BIT_NX)

/* the cache-mode bits of a 4 KiB entry and of a large one */
#define _PAGE_CACHE_MASK	(_PAGE_PWT | _PAGE_PCD | _PAGE_PAT)
#define _PAGE_CACHE_MASK_LARGE	(_PAGE_PWT | _PAGE_PCD | _PAGE_PAT_LARGE)

#define PTE_PFN_MASK		0x000ffffffffff000ULL
#define PTE_FLAGS_MASK		(~PTE_PFN_MASK)

typedef u64 pteval_t;
typedef struct {
	pteval_t pgprot;
} pgprot_t;
typedef struct {
	pteval_t pte;
} pte_t;

#define __pgprot(x)	((pgprot_t){ (x) })
#define pgprot_val(p)	((p).pgprot)

#define __PAGE_KERNEL_BASE	(_PAGE_PRESENT | _PAGE_ACCESSED | _PAGE_GLOBAL)
#define PAGE_KERNEL	__pgprot(__PAGE_KERNEL_BASE | _PAGE_RW | _PAGE_DIRTY | _PAGE_NX)
#define PAGE_KERNEL_RO	__pgprot(__PAGE_KERNEL_BASE | _PAGE_NX)
#define PAGE_KERNEL_RX	__pgprot(__PAGE_KERNEL_BASE)

enum pg_level {
	PG_LEVEL_NONE,
	PG_LEVEL_4K,
	PG_LEVEL_2M,
	PG_LEVEL_1G,
	PG_LEVEL_512G,
	PG_LEVEL_NUM
};

/* page-table index math: pure, shared with host tests */
static inline unsigned int pt_index(unsigned long va, enum pg_level level)
{
	return (va >> (12 + 9 * (level - 1))) & 511;
}

static inline unsigned long pt_level_size(enum pg_level level)
{
	return 1UL << (12 + 9 * (level - 1));
}

#endif /* _ASM_X86_PGTABLE_TYPES_H */
