// SPDX-License-Identifier: GPL-2.0
/*
 * TLB and cache flushing for changes of kernel mappings.  The counters let
 * tests check that a change flushed, and "pat bench" report how much.
 */
#include <linux/kernel.h>
#include <asm/cacheflush.h>
#include <asm/irqflags.h>
#include <asm/page_types.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>

struct tlb_stats tlb_stats;
struct cacheflush_stats cacheflush_stats;

void __flush_tlb_all(void)
{
	unsigned long flags, cr4;

	local_irq_save(flags);
	cr4 = read_cr4();
	if (cr4 & X86_CR4_PGE) {
		write_cr4(cr4 & ~X86_CR4_PGE);
		write_cr4(cr4);
	} else {
		write_cr3(read_cr3());
	}
	tlb_stats.full++;
	local_irq_restore(flags);
}

/**
 * flush_tlb_kernel_range() - drop stale translations of [start, end)
 */
void flush_tlb_kernel_range(unsigned long start, unsigned long end)
{
	unsigned long va;

	if (end <= start)
		return;
	if ((end - start) >> PAGE_SHIFT > TLB_FLUSH_CEILING) {
		__flush_tlb_all();
		return;
	}
	for (va = start & PAGE_MASK; va < end; va += PAGE_SIZE) {
		invlpg(va);
		tlb_stats.single++;
	}
}

void wbinvd_flush_all(void)
{
	wbinvd();
	cacheflush_stats.wbinvd++;
}

/**
 * clflush_cache_range() - write back and invalidate a range's cache lines
 * @addr: start (any alignment)
 * @size: bytes
 *
 * CLFLUSHOPT where the CPU has it (weakly ordered, hence the fences),
 * else CLFLUSH, else WBINVD of everything.
 */
void clflush_cache_range(void *addr, unsigned int size)
{
	unsigned int line = boot_cpu_data.x86_clflush_size ?: 64;
	unsigned long p = (unsigned long)addr & ~(unsigned long)(line - 1);
	unsigned long end = (unsigned long)addr + size;
	bool opt = boot_cpu_has(X86_FEATURE_CLFLUSHOPT);

	if (!boot_cpu_has(X86_FEATURE_CLFLUSH) && !opt) {
		wbinvd_flush_all();
		return;
	}
	mb();
	for (; p < end; p += line) {
		if (opt)
			clflushopt((void *)p);
		else
			clflush((void *)p);
		cacheflush_stats.lines++;
	}
	mb();
}
