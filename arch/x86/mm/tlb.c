// SPDX-License-Identifier: GPL-2.0
/*
 * TLB and cache flushing for changes of kernel mappings, on every CPU.
 *
 * Kernel mappings are shared by all CPUs, so a change is complete only
 * when no CPU can still hold the old translation: the caller flushes its
 * own TLB and waits until every other online CPU has flushed its own
 * (a "shootdown", by cross-CPU call).  The caller has already written the
 * new entries, so a CPU that refills its TLB after the flush sees them.
 * The counters let tests check that a change flushed, and "pat bench"
 * report how much.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <asm/cacheflush.h>
#include <asm/irqflags.h>
#include <asm/page_types.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>

struct tlb_stats tlb_stats;
struct cacheflush_stats cacheflush_stats;

static inline void stat_add(unsigned long *c, unsigned long n)
{
	__atomic_fetch_add(c, n, __ATOMIC_RELAXED);
}

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
	stat_add(&tlb_stats.full, 1);
	this_pcpu()->tlb_full++;
	local_irq_restore(flags);
}

struct flush_range {
	unsigned long start, end;
};

static void flush_local(unsigned long start, unsigned long end)
{
	unsigned long va, n = 0;

	if ((end - start) >> PAGE_SHIFT > TLB_FLUSH_CEILING) {
		__flush_tlb_all();
		return;
	}
	for (va = start & PAGE_MASK; va < end; va += PAGE_SIZE, n++)
		invlpg(va);
	stat_add(&tlb_stats.single, n);
	this_pcpu()->tlb_single += n;
}

static void flush_remote(void *info)
{
	const struct flush_range *f = info;

	flush_local(f->start, f->end);
	this_pcpu()->tlb_remote++;
}

/* every other online CPU flushes [start, end) too; wait for them all */
static void shootdown(unsigned long start, unsigned long end)
{
	struct flush_range f = { start, end };
	unsigned int others = num_online_cpus() - 1;

	if (!others)
		return;
	stat_add(&tlb_stats.shootdowns, 1);
	stat_add(&tlb_stats.ipis, others);
	smp_call_function_many(cpu_online_mask, flush_remote, &f, true);
}

/**
 * flush_tlb_kernel_range() - drop stale translations of [start, end)
 * @start: first virtual address
 * @end: end, exclusive
 *
 * On every online CPU; returns when all have done it.  Above
 * TLB_FLUSH_CEILING pages each CPU flushes everything instead.
 */
void flush_tlb_kernel_range(unsigned long start, unsigned long end)
{
	if (end <= start)
		return;
	flush_local(start, end);
	shootdown(start, end);
}

/**
 * flush_tlb_all() - flush every TLB entry of every online CPU
 */
void flush_tlb_all(void)
{
	__flush_tlb_all();
	shootdown(0, ~0UL);
}

static void wbinvd_local(void *info)
{
	wbinvd();
	this_pcpu()->wbinvd++;
}

/**
 * wbinvd_flush_all() - write back and invalidate every CPU's caches
 *
 * WBINVD acts on the caches of the CPU that runs it only (and on the
 * shared levels it reaches), so a global flush runs it everywhere.
 */
void wbinvd_flush_all(void)
{
	on_each_cpu(wbinvd_local, NULL);
	stat_add(&cacheflush_stats.wbinvd, 1);
}

/**
 * clflush_cache_range() - write back and invalidate a range's cache lines
 * @addr: start (any alignment)
 * @size: bytes
 *
 * CLFLUSHOPT where the CPU has it (weakly ordered, hence the fences),
 * else CLFLUSH, else WBINVD everywhere.  One CPU suffices: CLFLUSH acts on
 * the line in every cache of the coherence domain (SDM, CLFLUSH).
 */
void clflush_cache_range(void *addr, unsigned int size)
{
	unsigned int line = boot_cpu_data.x86_clflush_size ?: 64;
	unsigned long p = (unsigned long)addr & ~(unsigned long)(line - 1);
	unsigned long end = (unsigned long)addr + size, n = 0;
	bool opt = boot_cpu_has(X86_FEATURE_CLFLUSHOPT);

	if (!boot_cpu_has(X86_FEATURE_CLFLUSH) && !opt) {
		wbinvd_flush_all();
		return;
	}
	mb();
	for (; p < end; p += line, n++) {
		if (opt)
			clflushopt((void *)p);
		else
			clflush((void *)p);
	}
	mb();
	stat_add(&cacheflush_stats.lines, n);
}
