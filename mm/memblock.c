// SPDX-License-Identifier: GPL-2.0
/*
 * memblock: the boot-time allocator.  Two sorted lists of disjoint ranges:
 * "memory" (RAM, from the e820 map) and "reserved" (in use).  Free memory
 * is memory minus reserved.  Allocation is top-down inside the caller's
 * window and simply adds a reserved range.  Static arrays only: it runs
 * before any other allocator exists, and hands the free ranges over to the
 * buddy allocator in mem_init().
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/string.h>
#include <asm/page.h>

#define MEMBLOCK_MAX_REGIONS	256

struct memblock_region {
	phys_addr_t base;
	phys_addr_t end;	/* exclusive */
};

struct memblock_type {
	unsigned int cnt;
	struct memblock_region r[MEMBLOCK_MAX_REGIONS];
};

static struct memblock_type memblock_memory, memblock_reserved;

/* add [base, end) to a sorted disjoint list, merging what it touches */
static int memblock_insert(struct memblock_type *t, phys_addr_t base,
			   phys_addr_t end)
{
	unsigned int i = 0, j;

	while (i < t->cnt && t->r[i].end < base)
		i++;
	/* t->r[i..j) touch or overlap [base, end): fold them in */
	for (j = i; j < t->cnt && t->r[j].base <= end; j++) {
		base = min(base, t->r[j].base);
		end = max(end, t->r[j].end);
	}
	if (j == i) {
		if (t->cnt == MEMBLOCK_MAX_REGIONS)
			return -ENOSPC;
		memmove(&t->r[i + 1], &t->r[i], (t->cnt - i) * sizeof(t->r[0]));
		t->cnt++;
	} else if (j > i + 1) {
		memmove(&t->r[i + 1], &t->r[j], (t->cnt - j) * sizeof(t->r[0]));
		t->cnt -= j - i - 1;
	}
	t->r[i].base = base;
	t->r[i].end = end;
	return 0;
}

static int memblock_add_range(struct memblock_type *t, phys_addr_t base,
			      phys_addr_t size)
{
	phys_addr_t end = base + size;

	if (!size)
		return 0;
	if (end < base)
		end = ~(phys_addr_t)0 & PAGE_MASK;
	return memblock_insert(t, base, end);
}

int memblock_add(phys_addr_t base, phys_addr_t size)
{
	return memblock_add_range(&memblock_memory, base, size);
}

int memblock_reserve(phys_addr_t base, phys_addr_t size)
{
	return memblock_add_range(&memblock_reserved, base, size);
}

/*
 * The idx-th free range: memory regions with reserved ranges cut out.
 * Recomputed from the start each time: both lists are short.
 */
static bool memblock_emit(u64 *k, u64 *idx, phys_addr_t s, phys_addr_t e,
			  phys_addr_t *start, phys_addr_t *end)
{
	if ((*k)++ != *idx)
		return false;
	*start = s;
	*end = e;
	(*idx)++;
	return true;
}

bool memblock_next_free(u64 *idx, phys_addr_t *start, phys_addr_t *end)
{
	unsigned int m, r;
	u64 k = 0;

	for (m = 0; m < memblock_memory.cnt; m++) {
		phys_addr_t p = memblock_memory.r[m].base;
		phys_addr_t e = memblock_memory.r[m].end;

		for (r = 0; r < memblock_reserved.cnt && p < e; r++) {
			const struct memblock_region *rr = &memblock_reserved.r[r];

			if (rr->end <= p)
				continue;
			if (rr->base >= e)
				break;
			if (rr->base > p &&
			    memblock_emit(&k, idx, p, rr->base, start, end))
				return true;
			p = max(p, rr->end);
		}
		if (p < e && memblock_emit(&k, idx, p, e, start, end))
			return true;
	}
	return false;
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

phys_addr_t memblock_phys_alloc_range(phys_addr_t size, phys_addr_t align,
				      phys_addr_t start, phys_addr_t end)
{
	phys_addr_t fs, fe, best = 0, cand;
	u64 idx = 0;

	if (!size || !is_power_of_2(align))
		return 0;
	/* top-down: the last fitting candidate in address order wins */
	while (memblock_next_free(&idx, &fs, &fe)) {
		fs = max(fs, start);
		fe = min(fe, end);
		if (fe <= fs || fe - fs < size)
			continue;
		cand = ALIGN_DOWN(fe - size, align);
		if (cand >= fs && cand > best)
			best = cand;
	}
	if (!best || memblock_reserve(best, size))
		return 0;
	return best;
}

phys_addr_t memblock_phys_alloc(phys_addr_t size, phys_addr_t align)
{
	return memblock_phys_alloc_range(size, align, 0,
					 MEMBLOCK_ALLOC_ANYWHERE);
}

void *memblock_alloc(phys_addr_t size, phys_addr_t align)
{
	phys_addr_t p = memblock_phys_alloc(size, align);
	void *v;

	if (!p)
		return NULL;
	v = __va(p);
	memset(v, 0, size);
	return v;
}

bool memblock_is_memory(phys_addr_t addr)
{
	unsigned int i;

	for (i = 0; i < memblock_memory.cnt; i++)
		if (addr >= memblock_memory.r[i].base &&
		    addr < memblock_memory.r[i].end)
			return true;
	return false;
}

phys_addr_t memblock_end_of_DRAM(void)
{
	if (!memblock_memory.cnt)
		return 0;
	return memblock_memory.r[memblock_memory.cnt - 1].end;
}
