// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's page tables, built once at boot by paging_init():
 *
 *   - the direct map of RAM at __PAGE_OFFSET, RAM ONLY: reserved, ACPI and
 *     hole ranges are left unmapped so that no cached alias of device or
 *     firmware memory exists.  1 GiB pages where the CPU has pdpe1gb and
 *     alignment allows, else 2 MiB, 4 KiB only at the edges.  RW, NX,
 *     global, WB.
 *   - the kernel image at __START_KERNEL_map, W^X with 4 KiB pages:
 *     text RX, rodata and the symbol table RO+NX, data and bss RW+NX.
 *   - the fixmap page table, so early_memremap() needs no allocation.
 *
 * Until the switch, page-table pages are reached through head.S's early
 * mapping of the first GiB at __START_KERNEL_map, so they are allocated
 * below 1 GiB; afterwards through the direct map.
 */
#include <linux/bug.h>
#include <linux/e820.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/fixmap.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>

extern char _text[], _etext[], _rodata[], _erodata[], _sdata[], _edata[];
extern char _end[];

pteval_t *init_pgd;
phys_addr_t init_pgd_phys;
unsigned long direct_pages_count[PG_LEVEL_NUM];
unsigned long direct_pages_boot[PG_LEVEL_NUM];

static bool pgtable_early = true;
static bool pgtable_buddy;

/* a page-table page's contents, before or after the switch */
static pteval_t *pt_virt(phys_addr_t p)
{
	if (pgtable_early)
		return (pteval_t *)(__START_KERNEL_map + p);
	return __va(p);
}

/*
 * Page-table pages taken from the buddy allocator minus those given back
 * (a boot table given back counts too): free pages + this is constant
 * while only page tables come and go, which the SMP stress test checks.
 */
long pgtable_nr_buddy;

phys_addr_t pgtable_alloc_page(void)
{
	phys_addr_t p;

	if (pgtable_buddy) {
		unsigned long v = get_zeroed_page(GFP_ATOMIC);

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

/* the next-level table under entry *e, created if absent */
static pteval_t *pt_next(pteval_t *e)
{
	phys_addr_t p;

	if (!pt_entry_present(*e)) {
		p = pgtable_alloc_page();
		if (!p)
			return NULL;
		/* upper levels allow everything; the leaf decides */
		*e = p | _PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY;
	}
	return pt_virt(*e & PTE_PFN_MASK);
}

/* the entry for va at @level, creating tables above it */
static pteval_t *pt_entry(unsigned long va, enum pg_level level)
{
	pteval_t *t = pt_virt(init_pgd_phys);
	enum pg_level l;

	for (l = PG_LEVEL_512G; l > level; l--) {
		t = pt_next(&t[pt_index(va, l)]);
		if (!t)
			return NULL;
	}
	return &t[pt_index(va, level)];
}

pteval_t *lookup_address(unsigned long va, enum pg_level *level)
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
 * lookup_entry_at() - the entry of @level on va's walk
 *
 * NULL if a level above is absent or a large page.
 */
pteval_t *lookup_entry_at(unsigned long va, enum pg_level level)
{
	pteval_t *t = pt_virt(init_pgd_phys), *e;
	enum pg_level l;

	for (l = PG_LEVEL_512G; l > level; l--) {
		e = &t[pt_index(va, l)];
		if (!pt_entry_present(*e) || pt_entry_large(*e, l))
			return NULL;
		t = pt_virt(*e & PTE_PFN_MASK);
	}
	return &t[pt_index(va, level)];
}

/* map one page of @level; prot is in 4 KiB format */
static int pt_map_one(unsigned long va, phys_addr_t pa, enum pg_level level,
		      pteval_t prot)
{
	pteval_t *e = pt_entry(va, level);

	if (!e)
		return -ENOMEM;
	if (level == PG_LEVEL_4K)
		*e = pa | prot;
	else
		*e = pa | protval_4k_2_large(prot) | _PAGE_PSE;
	return 0;
}

static enum pg_level direct_map_level(phys_addr_t p, phys_addr_t end)
{
	if (boot_cpu_has(X86_FEATURE_GBPAGES) && IS_ALIGNED(p, PUD_SIZE) &&
	    end - p >= PUD_SIZE)
		return PG_LEVEL_1G;
	if (IS_ALIGNED(p, PMD_SIZE) && end - p >= PMD_SIZE)
		return PG_LEVEL_2M;
	return PG_LEVEL_4K;
}

static void map_direct_range(phys_addr_t start, phys_addr_t end)
{
	enum pg_level level;
	phys_addr_t p;

	for (p = start; p < end; p += pt_level_size(level)) {
		level = direct_map_level(p, end);
		if (pt_map_one((unsigned long)__va(p), p, level,
			       pgprot_val(PAGE_KERNEL)))
			panic("paging: out of memory for the direct map");
		direct_pages_count[level]++;
	}
}

static void map_kernel_range(char *start, char *end, pgprot_t prot)
{
	unsigned long va;

	for (va = (unsigned long)start; va < (unsigned long)end; va += PAGE_SIZE)
		if (pt_map_one(va, __pa_symbol(va), PG_LEVEL_4K,
			       pgprot_val(prot)))
			panic("paging: out of memory for the kernel image");
}

static void map_direct(void)
{
	unsigned int i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];
		phys_addr_t s = PAGE_ALIGN(e->addr);
		phys_addr_t end = (e->addr + e->size) & PAGE_MASK;

		if (e->type == E820_TYPE_RAM && s < end)
			map_direct_range(s, end);
	}
}

/*
 * The direct map also maps the image's own pages, RW.  Left so, it would
 * be a writable alias of kernel text and read-only data: W^X of the image
 * could be bypassed by writing through __va(__pa_symbol(x)).  Make that
 * alias read-only, as Linux does (it stays NX: nothing runs from the
 * direct map).  Data and bss keep their RW alias.  CPA splits the large
 * page holding the image, so this runs before the boot counters are
 * taken; it needs the new tables live, and allocates from memblock.
 */
static void protect_image_alias(void)
{
	static char *const ro[][2] = {
		{ _text, _erodata },	/* text, rodata, notes */
		{ _edata, _end },	/* the symbol table */
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ro); i++)
		if (ro[i][1] > ro[i][0] &&
		    set_memory_ro((unsigned long)__va(__pa_symbol(ro[i][0])),
				  (ro[i][1] - ro[i][0]) >> PAGE_SHIFT))
			panic("paging: cannot make the image's direct-map alias read-only");
}

/**
 * paging_init() - build the kernel's page tables and switch to them
 *
 * Needs the e820 map and memblock.  Afterwards __va() works for all RAM,
 * and nothing but RAM, the kernel image and the fixmap is mapped.
 */
void paging_init(void)
{
	init_pgd_phys = pgtable_alloc_page();
	if (!init_pgd_phys)
		panic("paging: no memory below 1 GiB for page tables");

	map_direct();
	map_kernel_range(_text, _etext, PAGE_KERNEL_RX);
	map_kernel_range(_rodata, _erodata, PAGE_KERNEL_RO);
	map_kernel_range(_sdata, _edata, PAGE_KERNEL);
	map_kernel_range(_edata, _end, PAGE_KERNEL_RO);
	if (!pt_entry(FIXADDR_START, PG_LEVEL_4K))
		panic("paging: out of memory for the fixmap");

	write_cr3(init_pgd_phys);
	pgtable_early = false;
	init_pgd = __va(init_pgd_phys);
	__flush_tlb_all();
	protect_image_alias();
	memcpy(direct_pages_boot, direct_pages_count, sizeof(direct_pages_boot));
	pr_info("x86/mm: direct map: %lu x 4K, %lu x 2M, %lu x 1G pages\n",
		direct_pages_count[PG_LEVEL_4K], direct_pages_count[PG_LEVEL_2M],
		direct_pages_count[PG_LEVEL_1G]);
}

/**
 * vmap_range() - map a physical range into the vmalloc/ioremap area
 * @va: page-aligned virtual address
 * @pa: page-aligned physical address
 * @size: page-aligned size
 * @prot: 4 KiB-format protection, cache bits included
 *
 * Uses 2 MiB pages wherever @va and @pa are both 2 MiB aligned and 2 MiB
 * remain.  Returns 0 or -ENOMEM (then nothing stays mapped).
 */
/* clear the entries of [va, va + size); cpa_lock held, no flush */
static void vunmap_range_locked(unsigned long va, size_t size)
{
	unsigned long p = va, end = va + size;
	enum pg_level level;
	pteval_t *e;

	while (p < end) {
		e = lookup_address(p, &level);
		if (!e || !pt_entry_present(*e)) {
			p = ALIGN_DOWN(p, pt_level_size(level ? level : 1)) +
			    pt_level_size(level ? level : 1);
			continue;
		}
		*e = 0;
		p += pt_level_size(level);
	}
}

/*
 * Under cpa_lock: two CPUs mapping neighbouring areas would otherwise both
 * find an upper-level entry empty and both install a table for it.
 */
int vmap_range(unsigned long va, phys_addr_t pa, size_t size, pgprot_t prot)
{
	unsigned long off, flags;
	enum pg_level level;

	spin_lock_irqsave(&cpa_lock, flags);
	for (off = 0; off < size; off += pt_level_size(level)) {
		level = IS_ALIGNED(va + off, PMD_SIZE) &&
			IS_ALIGNED(pa + off, PMD_SIZE) && size - off >= PMD_SIZE ?
			PG_LEVEL_2M : PG_LEVEL_4K;
		if (pt_map_one(va + off, pa + off, level, pgprot_val(prot))) {
			vunmap_range_locked(va, off);
			spin_unlock_irqrestore(&cpa_lock, flags);
			flush_tlb_kernel_range(va, va + off);
			return -ENOMEM;
		}
	}
	spin_unlock_irqrestore(&cpa_lock, flags);
	return 0;
}

/* unmap [va, va + size) and flush it from every CPU's TLB */
void vunmap_range(unsigned long va, size_t size)
{
	unsigned long flags;

	spin_lock_irqsave(&cpa_lock, flags);
	vunmap_range_locked(va, size);
	spin_unlock_irqrestore(&cpa_lock, flags);
	flush_tlb_kernel_range(va, va + size);
}
