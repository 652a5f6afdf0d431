// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's page tables as a data structure: where their pages come
 * from, the one walker, and mapping ranges into the vmalloc/ioremap area.
 *
 * One set of tables, shared by every CPU.  paging_init() (init.c) builds
 * it before any other CPU runs, through pt_build_entry(); from then on
 * every change and every walk of more than one's own entries is a
 * page-table transaction (pgtable_txn.c), so lookup_address() insists on
 * one being held.
 *
 * Until the switch to these tables, their pages are reached through
 * head.S's early mapping of the first GiB at __START_KERNEL_map, so they
 * are allocated below 1 GiB; afterwards through the direct map.
 */
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/tlbflush.h>

pteval_t *init_pgd;
phys_addr_t init_pgd_phys;

static bool pgtable_early = true;
static bool pgtable_buddy;

/* a page-table page's contents, before or after the switch */
pteval_t *pt_virt(phys_addr_t p)
{
	if (pgtable_early)
		return (pteval_t *)(__START_KERNEL_map + p);
	return __va(p);
}

/* init.c, once CR3 holds init_pgd_phys */
void pgtable_switched(void)
{
	pgtable_early = false;
	init_pgd = __va(init_pgd_phys);
}

/*
 * Page-table pages taken from the buddy allocator minus those given back
 * (a boot table given back counts too): free pages + this is constant
 * while only page tables come and go, which the SMP stress test checks.
 */
long pgtable_nr_buddy;

/**
 * pgtable_alloc_page() - a zeroed page for page tables
 *
 * From memblock before mem_init(), from the buddy allocator after.
 * Returns its physical address, or 0.
 */
phys_addr_t pgtable_alloc_page(void)
{
	phys_addr_t p;

	if (pgtable_buddy) {
		unsigned long v = get_zeroed_page(GFP_ATOMIC | __GFP_NOWARN);

		if (v)
			__atomic_fetch_add(&pgtable_nr_buddy, 1,
					   __ATOMIC_RELAXED);
		return v ? __pa((void *)v) : 0;
	}
	p = memblock_phys_alloc_range(PAGE_SIZE, PAGE_SIZE, 0,
				      pgtable_early ? SZ_1G :
				      MEMBLOCK_ALLOC_ANYWHERE);
	if (p)
		memset(pt_virt(p), 0, PAGE_SIZE);
	return p;
}

/**
 * pgtable_free_page() - give back a page from pgtable_alloc_page()
 * @p: its physical address; no CPU may be able to reach it any more
 *
 * Only pgtable_txn.c calls this, for spares it did not use and for
 * unlinked tables after its last invalidation.
 */
void pgtable_free_page(phys_addr_t p)
{
	struct page *pg;

	if (!pgtable_buddy)
		return;	/* before mem_init() the boot tables only grow */
	/* a table built at boot came from memblock and is still reserved */
	pg = virt_to_page(__va(p));
	__atomic_fetch_sub(&pgtable_nr_buddy, 1, __ATOMIC_RELAXED);
	if (PageReserved(pg))
		free_reserved_page(pg);
	else
		__free_page(pg);
}

void pgtable_use_buddy(void)
{
	pgtable_buddy = true;
}

bool pgtable_can_free(void)
{
	return pgtable_buddy;
}

/* the walk itself, shared by the lookups below */
static pteval_t *pt_walk(unsigned long va, enum pg_level *level)
{
	pteval_t *t = pt_virt(init_pgd_phys), *e;
	enum pg_level l;

	for (l = PG_LEVEL_512G;; l--) {
		e = &t[pt_index(va, l)];
		if (l == PG_LEVEL_4K || !pt_entry_present(*e) ||
		    pt_entry_large(*e, l)) {
			*level = l;
			return e;
		}
		t = pt_virt(*e & PTE_PFN_MASK);
	}
}

/**
 * lookup_address() - the entry that decides @va's mapping
 * @va: virtual address
 * @level: receives the entry's level
 *
 * A 4 KiB entry, a large one, or the first entry found not present;
 * never NULL.  The caller holds a page-table transaction: the pointer is
 * good until it commits.  Without one, use pt_read_entry().
 */
pteval_t *lookup_address(unsigned long va, enum pg_level *level)
{
	WARN_ON_ONCE(!pgtable_early && !pt_txn_held());
	return pt_walk(va, level);
}

/**
 * lookup_entry_at() - the entry of @level on va's walk
 * @va: virtual address
 * @level: the level wanted
 *
 * NULL if a level above is absent or a large page.  The caller holds a
 * page-table transaction.
 */
pteval_t *lookup_entry_at(unsigned long va, enum pg_level level)
{
	pteval_t *t = pt_virt(init_pgd_phys), *e;
	enum pg_level l;

	WARN_ON_ONCE(!pgtable_early && !pt_txn_held());
	for (l = PG_LEVEL_512G; l > level; l--) {
		e = &t[pt_index(va, l)];
		if (!pt_entry_present(*e) || pt_entry_large(*e, l))
			return NULL;
		t = pt_virt(*e & PTE_PFN_MASK);
	}
	return &t[pt_index(va, level)];
}

/**
 * pt_read_entry() - a copy of the entry that decides @va's mapping
 * @va: virtual address
 * @level: receives the entry's level
 *
 * For callers outside a transaction: the walk runs inside one, so no
 * concurrent commit can free a table under it.
 */
pteval_t pt_read_entry(unsigned long va, enum pg_level *level)
{
	struct pt_txn t;
	pteval_t v;

	pt_txn_begin(&t);
	v = *pt_walk(va, level);
	pt_txn_commit(&t);
	return v;
}

/* boot only: the entry for va at @level, creating tables above it */
static pteval_t *pt_build_entry(unsigned long va, enum pg_level level)
{
	pteval_t *t = pt_virt(init_pgd_phys), *e;
	enum pg_level l;
	phys_addr_t p;

	for (l = PG_LEVEL_512G; l > level; l--) {
		e = &t[pt_index(va, l)];
		if (!pt_entry_present(*e)) {
			p = pgtable_alloc_page();
			if (!p)
				return NULL;
			/* upper levels allow everything; the leaf decides */
			*e = p | _PAGE_TABLE;
		}
		t = pt_virt(*e & PTE_PFN_MASK);
	}
	return &t[pt_index(va, level)];
}

/**
 * pt_build_map() - boot only: map one page of @level
 * @va: virtual address, aligned to @level
 * @pa: physical address, aligned to @level
 * @level: PG_LEVEL_4K, _2M or _1G
 * @prot: 4 KiB-format protection
 *
 * For paging_init(), before these tables are live and before any other
 * CPU runs.  Returns 0 or -ENOMEM.
 */
int pt_build_map(unsigned long va, phys_addr_t pa, enum pg_level level,
		 pteval_t prot)
{
	pteval_t *e;

	if (WARN_ON(!pgtable_early))
		return -EINVAL;
	e = pt_build_entry(va, level);
	if (!e)
		return -ENOMEM;
	*e = pt_leaf_entry(pa, level, prot);
	return 0;
}

static bool pt_table_empty(const pteval_t *table)
{
	unsigned int i;

	for (i = 0; i < PTRS_PER_TABLE; i++)
		if (pt_entry_present(table[i]))
			return false;
	return true;
}

/* the level vmap_range() maps @off of a range with */
static enum pg_level vmap_level(unsigned long va, phys_addr_t pa,
				size_t size, unsigned long off)
{
	return IS_ALIGNED(va + off, PMD_SIZE) && IS_ALIGNED(pa + off, PMD_SIZE) &&
	       size - off >= PMD_SIZE ? PG_LEVEL_2M : PG_LEVEL_4K;
}

/*
 * The tables vmap_range() must create: walk as it will, counting each
 * absent entry above the leaf once (a table created for one address
 * serves the addresses after it, which are visited in order).
 */
static unsigned int vmap_tables_needed(unsigned long va, phys_addr_t pa,
				       size_t size)
{
	unsigned long counted[PG_LEVEL_NUM] = { 0 }, off, base;
	enum pg_level level, l;
	unsigned int n = 0;
	pteval_t *t, *e;

	for (off = 0; off < size; off += pt_level_size(level)) {
		level = vmap_level(va, pa, size, off);
		t = init_pgd;
		for (l = PG_LEVEL_512G; l > level; l--) {
			e = &t[pt_index(va + off, l)];
			if (!pt_entry_present(*e))
				break;
			t = __va(*e & PTE_PFN_MASK);
		}
		/*
		 * From the first absent entry down, each level takes a table,
		 * one per region an entry of that level covers.
		 */
		for (; l > level; l--) {
			base = ALIGN_DOWN(va + off, pt_level_size(l)) | 1;
			if (counted[l] != base) {
				counted[l] = base;
				n++;
			}
		}
	}
	return n;
}

/* the entry of @level for @va, linking preallocated tables as needed */
static pteval_t *vmap_entry(struct pt_txn *t, unsigned long va,
			    enum pg_level level)
{
	pteval_t *tab = init_pgd, *e;
	enum pg_level l;

	for (l = PG_LEVEL_512G; l > level; l--) {
		e = &tab[pt_index(va, l)];
		if (!pt_entry_present(*e))
			tab = pt_txn_link_table(t, e);
		else
			tab = __va(*e & PTE_PFN_MASK);
	}
	return &tab[pt_index(va, level)];
}

/**
 * vmap_range() - map a physical range into the vmalloc/ioremap area
 * @va: page-aligned virtual address, in an area the caller owns
 * @pa: page-aligned physical address
 * @size: page-aligned size
 * @prot: 4 KiB-format protection, cache bits included
 *
 * Uses 2 MiB pages wherever @va and @pa are both 2 MiB aligned and 2 MiB
 * remain; a table left under such a place by an earlier 4 KiB mapping is
 * unlinked, and freed once no CPU can reach it.  One transaction, with
 * every table it needs allocated first: returns 0, or -ENOMEM with
 * nothing mapped.
 */
int vmap_range(unsigned long va, phys_addr_t pa, size_t size, pgprot_t prot)
{
	unsigned long off;
	enum pg_level level;
	struct pt_txn t;
	pteval_t *e;
	int err;

	pt_txn_begin(&t);
	err = pt_txn_prealloc(&t, vmap_tables_needed(va, pa, size));
	for (off = 0; !err && off < size; off += pt_level_size(level)) {
		level = vmap_level(va, pa, size, off);
		e = vmap_entry(&t, va + off, level);
		if (level != PG_LEVEL_4K && pt_entry_present(*e) &&
		    !pt_entry_large(*e, level)) {
			/* left by an earlier mapping of the area: empty */
			WARN_ON(!pt_table_empty(pt_virt(*e & PTE_PFN_MASK)));
			pt_txn_replace_table(&t, e, 0, va + off, level);
		}
		WARN_ON(pt_entry_present(*e));
		pt_txn_write(&t, e, pt_leaf_entry(pa + off, level,
						  pgprot_val(prot)),
			     va + off, level);
	}
	pt_txn_commit(&t);
	return err;
}

/**
 * vunmap_range() - unmap [va, va + size) from the vmalloc/ioremap area
 * @va: page-aligned virtual address
 * @size: page-aligned size
 *
 * Returns once no CPU holds a translation of the range.  The tables stay,
 * for the next mapping of the area.
 */
void vunmap_range(unsigned long va, size_t size)
{
	unsigned long p = va, end = va + size, step;
	enum pg_level level;
	struct pt_txn t;
	pteval_t *e;

	pt_txn_begin(&t);
	while (p < end) {
		e = lookup_address(p, &level);
		step = pt_level_size(level);
		if (pt_entry_present(*e))
			pt_txn_write(&t, e, 0, ALIGN_DOWN(p, step), level);
		p = ALIGN_DOWN(p, step) + step;
	}
	pt_txn_commit(&t);
}
