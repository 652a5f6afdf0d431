// SPDX-License-Identifier: GPL-2.0
/*
 * "pat bench": what cache-mode changes cost, counted.  The emulator models
 * no caches, so time alone says little; the counters say what the code
 * did: TLB flushes (single-page and full), cache flushes (lines and
 * WBINVDs), page-table splits and merges, memtype reservations, and TSC
 * cycles for reference.
 *
 *   set_memory_uc() + set_memory_wb() of 1, 512 and 262144 pages (the
 *   last, 1 GiB, only with 1.5 GiB free; it borrows a 1 GiB-aligned
 *   stretch of the direct map as Linux's own tests do);
 *   ioremap_wc() + iounmap() of a 16 MiB BAR.
 */
#include <linux/gfp.h>
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/shell.h>
#include <linux/string.h>
#include <asm/cacheflush.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>
#include "memtype.h"

struct bench_counts {
	struct tlb_stats tlb;
	struct cacheflush_stats cache;
	struct cpa_stats cpa;
	unsigned long reserves;
	u64 tsc;
};

static void bench_snap(struct bench_counts *c)
{
	c->tlb = tlb_stats;
	c->cache = cacheflush_stats;
	c->cpa = cpa_stats;
	c->reserves = memtype_stats.reserves;
	c->tsc = rdtsc();
}

static void bench_report(const char *what, const struct bench_counts *a,
			 int err)
{
	struct bench_counts b;

	bench_snap(&b);
	if (err) {
		shell_printf("%-30s error %d\n", what, err);
		return;
	}
	shell_printf("%-30s tlb single %6lu full %4lu  shootdowns %3lu ipis %4lu  clflush lines %8lu wbinvd %2lu  splits %3lu merges %3lu  reservations %2lu  cycles %llu\n",
		     what, b.tlb.single - a->tlb.single, b.tlb.full - a->tlb.full,
		     b.tlb.shootdowns - a->tlb.shootdowns,
		     b.tlb.ipis - a->tlb.ipis,
		     b.cache.lines - a->cache.lines,
		     b.cache.wbinvd - a->cache.wbinvd,
		     b.cpa.splits - a->cpa.splits, b.cpa.merges - a->cpa.merges,
		     b.reserves - a->reserves,
		     (unsigned long long)(b.tsc - a->tsc));
}

static void bench_set_memory(unsigned long va, int pages, const char *what)
{
	struct bench_counts c;
	int err;

	bench_snap(&c);
	err = set_memory_uc(va, pages);
	if (!err)
		err = set_memory_wb(va, pages);
	bench_report(what, &c, err);
}

/* a 1 GiB-aligned stretch of RAM in the direct map, or 0 */
static unsigned long bench_gigabyte(void)
{
	u64 p;

	if ((u64)nr_free_pages() << PAGE_SHIFT < 3 * (SZ_1G / 2))
		return 0;
	for (p = SZ_1G; p + SZ_1G <= memblock_end_of_DRAM(); p += SZ_1G)
		if (e820__mapped_all(p, p + SZ_1G, E820_TYPE_RAM))
			return (unsigned long)__va(p);
	return 0;
}

static void bench_ioremap(void)
{
	struct pci_dev *vga = pci_get_device(0x1234, 0x1111, NULL);
	u64 bar = vga ? pci_resource_start(vga, 0) :
		  1ULL << (boot_cpu_data.x86_phys_bits - 2);
	struct bench_counts c;
	void __iomem *p;

	bench_snap(&c);
	p = ioremap_wc(bar, SZ_16M);
	if (p)
		iounmap(p);
	bench_report("ioremap_wc+iounmap 16 MiB", &c, p ? 0 : -ENOMEM);
}

static int cmd_pat_bench(void)
{
	/* one page inside a 2M block: its round trip splits and merges */
	unsigned long two = __get_free_pages(GFP_KERNEL, 9);
	unsigned long one = two ? two + 7 * PAGE_SIZE : 0;
	unsigned long gig = bench_gigabyte();

	shell_printf("pat bench: PAT %s, %u CPU%s, CPU %s, clflush %s\n",
		     pat_enabled() ? "on" : "off", num_online_cpus(),
		     num_online_cpus() > 1 ? "s" : "",
		     boot_cpu_has(X86_FEATURE_GBPAGES) ? "with 1G pages" :
		     "without 1G pages",
		     boot_cpu_has(X86_FEATURE_CLFLUSHOPT) ? "clflushopt" :
		     boot_cpu_has(X86_FEATURE_CLFLUSH) ? "clflush" : "none");
	if (one)
		bench_set_memory(one, 1, "set_memory_uc/wb 1 page");
	if (two)
		bench_set_memory(two, 512, "set_memory_uc/wb 512 pages");
	if (gig)
		bench_set_memory(gig, 262144, "set_memory_uc/wb 262144 pages");
	else
		shell_printf("%-30s skipped (needs 1.5 GiB free)\n",
			     "set_memory_uc/wb 262144 pages");
	bench_ioremap();
	if (two)
		free_pages(two, 9);
	return 0;
}

int pat_bench_cmd(int argc, char **argv)
{
	if (argc != 1) {
		shell_printf("usage: pat bench\n");
		return 1;
	}
	return cmd_pat_bench();
}
