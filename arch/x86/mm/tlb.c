// SPDX-License-Identifier: GPL-2.0
/*
 * TLB and cache flushing for changes of kernel mappings, on every CPU,
 * and of a user address space, on the CPUs that run it.
 *
 * Kernel mappings are shared by all CPUs, so a change is complete only
 * when no CPU can still hold the old translation: the caller flushes its
 * own TLB and waits until every other online CPU has flushed its own
 * (a "shootdown", by cross-CPU call).  The caller has already written the
 * new entries, so a CPU that refills its TLB after the flush sees them.
 * A user space's entries are cached only by the CPUs in its cpu_mask
 * (asm/mmu_context.h), so only those are asked.
 *
 * Every flush, INVLPG or full, also empties the CPU's paging-structure
 * caches (SDM Vol. 3A 4.10.4.1), so a CPU that has flushed since a
 * page-table page was unlinked can no longer reach that page.  Each CPU
 * records, in tlb_seen_gen, the unlink generation (pgtable_txn.c) it read
 * before its latest flush; the page allocator checks it before handing
 * out a page that was a page table.  The counters let tests check that a
 * change flushed, and "pat bench" report how much.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <asm/cacheflush.h>
#include <asm/irqflags.h>
#include <asm/page_types.h>
#include <asm/percpu.h>
#include <asm/pgtable_txn.h>
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

/* the generation to record once the flush that follows is done */
static u32 tlb_gen_before_flush(void)
{
	return __atomic_load_n(&pt_unlink_gen, __ATOMIC_ACQUIRE);
}

static void tlb_gen_flushed(u32 gen)
{
	__atomic_store_n(&this_pcpu()->tlb_seen_gen, gen, __ATOMIC_RELEASE);
}

void __flush_tlb_all(void)
{
	unsigned long flags, cr4;
	u32 gen;

	local_irq_save(flags);
	gen = tlb_gen_before_flush();
	cr4 = read_cr4();
	if (cr4 & X86_CR4_PGE) {
		write_cr4(cr4 & ~X86_CR4_PGE);
		write_cr4(cr4);
	} else {
		write_cr3(read_cr3());
	}
	stat_add(&tlb_stats.full, 1);
	this_pcpu()->tlb_full++;
	tlb_gen_flushed(gen);
	local_irq_restore(flags);
}

/**
 * tlb_batch_add() - add [start, end) to the ranges @b will invalidate
 * @b: the batch
 * @start: first virtual address
 * @end: end, exclusive; [start, end) may not wrap
 *
 * A range touching the last one added extends it (changes come in
 * address order), so a batch rarely runs out of slots.
 */
void tlb_batch_add(struct tlb_batch *b, unsigned long start,
		   unsigned long end)
{
	start &= PAGE_MASK;
	if (end <= start || b->all)
		return;
	b->pages += (end - start + PAGE_SIZE - 1) >> PAGE_SHIFT;
	if (b->pages > TLB_FLUSH_CEILING) {
		b->all = true;
		return;
	}
	if (b->nr && b->r[b->nr - 1].end >= start &&
	    b->r[b->nr - 1].start <= end) {
		b->r[b->nr - 1].start = min(b->r[b->nr - 1].start, start);
		b->r[b->nr - 1].end = max(b->r[b->nr - 1].end, end);
		return;
	}
	if (b->nr == TLB_BATCH_RANGES) {
		b->all = true;
		return;
	}
	b->r[b->nr].start = start;
	b->r[b->nr].end = end;
	b->nr++;
}

/* every non-global entry: enough for user mappings, which are never global */
static void flush_tlb_nonglobal(void)
{
	unsigned long flags;
	u32 gen;

	local_irq_save(flags);
	gen = tlb_gen_before_flush();
	write_cr3(read_cr3());
	stat_add(&tlb_stats.full, 1);
	this_pcpu()->tlb_full++;
	tlb_gen_flushed(gen);
	local_irq_restore(flags);
}

static void flush_local(const struct tlb_batch *b)
{
	unsigned long va, n = 0, flags;
	unsigned int i;
	u32 gen;

	if (b->all) {
		if (b->user)
			flush_tlb_nonglobal();
		else
			__flush_tlb_all();
		return;
	}
	local_irq_save(flags);
	gen = tlb_gen_before_flush();
	for (i = 0; i < b->nr; i++)
		for (va = b->r[i].start; va < b->r[i].end; va += PAGE_SIZE, n++)
			invlpg(va);
	stat_add(&tlb_stats.single, n);
	this_pcpu()->tlb_single += n;
	tlb_gen_flushed(gen);
	local_irq_restore(flags);
}

static void flush_remote(void *info)
{
	flush_local(info);
	this_pcpu()->tlb_remote++;
}

/* every other online CPU flushes @b too; wait for them all */
static void shootdown(const struct tlb_batch *b)
{
	unsigned int others = num_online_cpus() - 1;

	if (!others)
		return;
	stat_add(&tlb_stats.shootdowns, 1);
	stat_add(&tlb_stats.ipis, others);
	smp_call_function_many(cpu_online_mask, flush_remote, (void *)b, true);
}

/**
 * flush_tlb_kernel_batch() - invalidate a batch on every online CPU
 * @b: what to invalidate; emptied afterwards
 *
 * Returns when every online CPU has flushed: from then on none holds a
 * translation, or a paging-structure cache entry, from before the call.
 */
void flush_tlb_kernel_batch(struct tlb_batch *b)
{
	flush_local(b);
	shootdown(b);
	*b = (struct tlb_batch){ 0 };
}

static void flush_remote_mm(void *info)
{
	flush_local(info);
	this_pcpu()->tlb_mm_remote++;
}

/**
 * flush_tlb_mm_batch() - invalidate user ranges on the CPUs that run a space
 * @mask: the space's cpu_mask, read by the caller
 * @b: what to invalidate; emptied afterwards
 *
 * This CPU flushes if it is in @mask; the others of @mask are asked and
 * waited for.  A CPU outside @mask holds nothing of the space: it left it
 * by loading another CR3, which dropped every non-global entry.
 */
void flush_tlb_mm_batch(u64 mask, struct tlb_batch *b)
{
	u64 others = mask & ~(1ULL << smp_processor_id());

	b->user = true;
	if (mask & (1ULL << smp_processor_id()))
		flush_local(b);
	others &= __atomic_load_n(&cpu_online_mask, __ATOMIC_ACQUIRE);
	if (others) {
		stat_add(&tlb_stats.shootdowns, 1);
		stat_add(&tlb_stats.ipis, hweight64(others));
		smp_call_function_many(others, flush_remote_mm, b, true);
	}
	*b = (struct tlb_batch){ 0 };
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
