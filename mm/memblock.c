// SPDX-License-Identifier: GPL-2.0
/*
 * memblock: the boot-time physical memory allocator.
 *
 * Two range sets (include/linux/memblock_ranges.h): "memory", the usable
 * RAM of the sanitised e820 map, and "reserved", what is in use.  Free
 * memory is memory minus reserved; allocating is finding a free fit, top
 * down inside the caller's window, and reserving it.  The arrays are
 * static because nothing else can allocate yet.
 *
 * setup_arch() reserves what RAM already holds before anything is
 * allocated: all of the first MiB (page 0, BIOS data, the future SMP
 * trampoline) and the kernel image.
 *
 * It serves the page tables (below 1 GiB, before the direct map exists)
 * and the struct page array; mem_init() then hands every free range to
 * the buddy allocator and memblock_retire() closes it, so no page is ever
 * owned by both.  Only the boot CPU runs while memblock is open, hence
 * no lock.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/memblock_ranges.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/page.h>

/* QEMU's maps have < 10 RAM ranges; page-table pages merge as they come */
#define MEMBLOCK_MEMORY_REGIONS		128
#define MEMBLOCK_RESERVED_REGIONS	256

static struct mb_range memblock_memory_r[MEMBLOCK_MEMORY_REGIONS];
static struct mb_range memblock_reserved_r[MEMBLOCK_RESERVED_REGIONS];

static struct mb_ranges memblock_memory = {
	.max = MEMBLOCK_MEMORY_REGIONS, .r = memblock_memory_r,
};
static struct mb_ranges memblock_reserved = {
	.max = MEMBLOCK_RESERVED_REGIONS, .r = memblock_reserved_r,
};

static bool memblock_retired;

/* [base, base + size) clamped at the top of the address space */
static phys_addr_t memblock_end(phys_addr_t base, phys_addr_t size)
{
	return base + size < base ? ~(phys_addr_t)0 : base + size;
}

/**
 * memblock_add() - declare [base, base + size) as RAM
 * @base: physical address
 * @size: bytes
 *
 * Returns 0 or -ENOSPC.
 */
int memblock_add(phys_addr_t base, phys_addr_t size)
{
	return mb_ranges_add(&memblock_memory, base, memblock_end(base, size));
}

/**
 * memblock_reserve() - mark [base, base + size) as in use
 * @base: physical address
 * @size: bytes
 *
 * The range need not be RAM (reserving a hole is harmless).  Returns 0 or
 * -ENOSPC.
 */
int memblock_reserve(phys_addr_t base, phys_addr_t size)
{
	return mb_ranges_add(&memblock_reserved, base,
			     memblock_end(base, size));
}

/**
 * memblock_free() - give back a range reserved earlier
 * @base: physical address
 * @size: bytes
 *
 * Returns 0 or -ENOSPC (when it would split a reservation in a full set).
 */
int memblock_free(phys_addr_t base, phys_addr_t size)
{
	if (WARN_ON_ONCE(memblock_retired))
		return -EINVAL;
	return mb_ranges_remove(&memblock_reserved, base,
				memblock_end(base, size));
}

phys_addr_t memblock_phys_alloc_range(phys_addr_t size, phys_addr_t align,
				      phys_addr_t start, phys_addr_t end)
{
	u64 addr;

	if (WARN_ON_ONCE(memblock_retired))
		return 0;
	if (!align)
		align = PAGE_SIZE;
	if (!mb_ranges_find_top_down(&memblock_memory, &memblock_reserved,
				     size, align, start, end, &addr))
		return 0;
	/* page 0 is always reserved, so 0 is never a real answer */
	if (memblock_reserve(addr, size))
		return 0;
	return addr;
}

/**
 * memblock_phys_alloc() - reserve @size bytes anywhere in RAM
 * @size: bytes
 * @align: power of two (0 means a page)
 *
 * Returns the physical address, or 0.  The memory is not zeroed.
 */
phys_addr_t memblock_phys_alloc(phys_addr_t size, phys_addr_t align)
{
	return memblock_phys_alloc_range(size, align, 0,
					 MEMBLOCK_ALLOC_ANYWHERE);
}

/**
 * memblock_alloc() - zeroed memory through the direct map
 * @size: bytes
 * @align: power of two (0 means a page)
 *
 * Only after paging_init(): before it, __va() is not mapped.
 */
void *memblock_alloc(phys_addr_t size, phys_addr_t align)
{
	phys_addr_t p = memblock_phys_alloc(size, align);

	if (!p)
		return NULL;
	memset(__va(p), 0, size);
	return __va(p);
}

bool memblock_is_memory(phys_addr_t addr)
{
	return mb_ranges_contains(&memblock_memory, addr);
}

bool memblock_is_reserved(phys_addr_t addr)
{
	return mb_ranges_contains(&memblock_reserved, addr);
}

phys_addr_t memblock_end_of_DRAM(void)
{
	if (!memblock_memory.cnt)
		return 0;
	return memblock_memory.r[memblock_memory.cnt - 1].end;
}

phys_addr_t memblock_phys_mem_size(void)
{
	return mb_ranges_total(&memblock_memory);
}

phys_addr_t memblock_reserved_size(void)
{
	return mb_ranges_total(&memblock_reserved);
}

/*
 * @idx is an address cursor, not an index: callers may allocate while
 * they walk (mem_init() does not, but tests do) without skipping ranges.
 */
bool memblock_next_free(u64 *idx, phys_addr_t *start, phys_addr_t *end)
{
	return mb_ranges_next_free(&memblock_memory, &memblock_reserved, idx,
				   start, end);
}

bool memblock_next_mem(u64 *idx, phys_addr_t *start, phys_addr_t *end)
{
	if (*idx >= memblock_memory.cnt)
		return false;
	*start = memblock_memory.r[*idx].base;
	*end = memblock_memory.r[*idx].end;
	(*idx)++;
	return true;
}

/**
 * memblock_retire() - close memblock once the buddy allocator owns RAM
 *
 * Called by mem_init() after it handed over every free range.  Later
 * memblock allocations warn and fail instead of handing out pages the
 * buddy allocator also owns.
 */
void memblock_retire(void)
{
	pr_info("memblock: %llu KiB reserved at hand-over to the buddy allocator\n",
		(unsigned long long)(memblock_reserved_size() >> 10));
	memblock_retired = true;
}
