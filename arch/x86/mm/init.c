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
 *   - a table under every top-level entry of the vmalloc area, so the
 *     kernel half's top level never changes after boot and user spaces
 *     can share it (arch/x86/mm/pgd.c).
 *
 * On a CPU without NX every "NX" above is dropped (__supported_pte_mask):
 * nothing can be made non-executable, as in Linux.
 *
 * The tables are built here with pt_build_map() (pgtable.c) before they
 * are live and before any other CPU runs; once live, they change only
 * through page-table transactions (asm/pgtable_txn.h), CPA's included.
 */
#include <linux/bug.h>
#include <linux/e820.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/fixmap.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_user.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>

extern char _text[], _etext[], _rodata[], _erodata[], _sdata[], _edata[];
extern char _end[];

pteval_t __supported_pte_mask = ~0ULL;

/**
 * x86_configure_nx() - drop _PAGE_NX from every entry the kernel writes
 * when the boot CPU has no NX (its EFER.NXE stays clear, and bit 63 of a
 * present entry is then reserved)
 *
 * From early_cpu_init(), before the first page table is built.
 */
void x86_configure_nx(void)
{
	if (boot_cpu_has(X86_FEATURE_NX))
		__supported_pte_mask |= _PAGE_NX;
	else
		__supported_pte_mask &= ~_PAGE_NX;
}

/**
 * x86_report_nx() - say whether NX protects anything, in Linux's words
 */
void x86_report_nx(void)
{
	if (!boot_cpu_has(X86_FEATURE_NX))
		pr_notice("Notice: NX (Execute Disable) protection missing in CPU!\n");
	else
		pr_info("NX (Execute Disable) protection: active\n");
}

unsigned long direct_pages_count[PG_LEVEL_NUM];
unsigned long direct_pages_boot[PG_LEVEL_NUM];

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
		if (pt_build_map((unsigned long)__va(p), p, level,
				 pgprot_val(PAGE_KERNEL)))
			panic("paging: out of memory for the direct map");
		direct_pages_count[level]++;
	}
}

static void map_kernel_range(char *start, char *end, pgprot_t prot)
{
	unsigned long va;

	for (va = (unsigned long)start; va < (unsigned long)end; va += PAGE_SIZE)
		if (pt_build_map(va, __pa_symbol(va), PG_LEVEL_4K,
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
	if (pt_build_map(FIXADDR_START, 0, PG_LEVEL_4K, 0))
		panic("paging: out of memory for the fixmap");
	/* user spaces share these top-level entries: all made now */
	pgd_prepopulate_kernel_half();

	init_mm.pgd = __va(init_pgd_phys);
	init_mm.pgd_phys = init_pgd_phys;
	init_mm.cpu_mask = 1;
	write_cr3(init_pgd_phys);
	pgtable_switched();
	__flush_tlb_all();
	protect_image_alias();
	memcpy(direct_pages_boot, direct_pages_count, sizeof(direct_pages_boot));
	pr_info("x86/mm: direct map: %lu x 4K, %lu x 2M, %lu x 1G pages\n",
		direct_pages_count[PG_LEVEL_4K], direct_pages_count[PG_LEVEL_2M],
		direct_pages_count[PG_LEVEL_1G]);
}
