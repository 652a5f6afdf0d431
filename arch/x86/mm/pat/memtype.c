// SPDX-License-Identifier: GPL-2.0
/*
 * Memtype reservations: the one place that decides which cache mode a
 * physical range may be mapped with, so that no page ever has two.
 *
 * Ranges are [start, end), end exclusive; messages print end - 1 where
 * Linux does.  Three kinds of memory, three ways of tracking:
 *
 *   - the legacy ISA range 0xa0000-0x100000: untracked, reported WB
 *     (its MTRRs, not the page tables, decide, as on every PC);
 *   - RAM: per page, in struct page (memtype, memtype_refs), because RAM
 *     is large and ranges of it change type through set_memory_*();
 *     unlike Linux every type is allowed and reservations are counted, so
 *     two users may share a type and the last release restores WB;
 *   - everything else (MMIO, firmware tables): the memtype tree.
 *
 * A range mixing RAM and non-RAM is refused.  A WB request is lowered to
 * UC- where the MTRRs do not say WB (a WB page table entry over UC MTRR
 * memory would silently be UC anyway, and would break WC sharing).
 *
 * One IRQ-safe spinlock, memtype_lock, guards the tree and the per-page
 * fields.  Nothing is printed under it except through the deferred
 * messages at the end of each call.
 */
#define pr_fmt(fmt) "x86/PAT: " fmt

#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/pat_rules.h>
#include <asm/processor.h>
#include "memtype.h"
#include "memtype_tree.h"
#include "memtype_log.h"

#define ISA_START	0xa0000ULL
#define ISA_END		0x100000ULL

static DEFINE_SPINLOCK(memtype_lock);
struct memtype_stats memtype_stats;
static struct memtype_tree memtype_tree;
static bool memtype_ready;

static void *memtype_kmalloc(size_t size, void *ctx)
{
	void *p = kmalloc(size, GFP_ATOMIC);

	if (p)
		memtype_stats.tree_nodes++;
	return p;
}

static void memtype_kfree(void *p, size_t size, void *ctx)
{
	memtype_stats.tree_nodes--;
	kfree(p);
}

static const struct memtype_tree_alloc_ops memtype_alloc_ops = {
	.alloc = memtype_kmalloc,
	.free = memtype_kfree,
};

/**
 * memtype_init() - set up the tree; call once kmalloc works
 */
void memtype_init(void)
{
	memtype_tree_init(&memtype_tree, &memtype_alloc_ops, NULL);
	memtype_ready = true;
}

static bool memtype_range_untracked(u64 start, u64 end)
{
	return start >= ISA_START && end <= ISA_END;
}

/* 1: all RAM, 0: no RAM, -1: a mix */
static int memtype_range_is_ram(u64 start, u64 end)
{
	if (e820__mapped_all(start, end, E820_TYPE_RAM))
		return 1;
	return e820__mapped_any(start, end, E820_TYPE_RAM) ? -1 : 0;
}

static bool memtype_range_valid(u64 start, u64 end)
{
	u64 limit = 1ULL << boot_cpu_data.x86_phys_bits;

	return start < end && end <= limit;
}

static void memtype_owner_of_caller(struct memtype_owner *o,
				    unsigned long caller)
{
	o->caller = caller;
	o->driver = current->driver;
}

/* the MTRR hint: WB where the MTRRs do not say WB would not be WB */
static enum page_cache_mode memtype_apply_mtrr_hint(u64 start, u64 end,
						    enum page_cache_mode req)
{
	u8 uniform, mtrr;

	if (req != _PAGE_CACHE_MODE_WB)
		return req;
	mtrr = mtrr_type_lookup(start, end, &uniform);
	if (mtrr == MTRR_TYPE_INVALID || mtrr == MTRR_TYPE_WRBACK)
		return req;
	return _PAGE_CACHE_MODE_UC_MINUS;
}

/* RAM: check every page, then change them all, so a conflict changes nothing */
static int memtype_reserve_ram(u64 start, u64 end, enum page_cache_mode req,
			       struct memtype_conflict_info *ci)
{
	unsigned long pfn;

	for (pfn = PHYS_PFN(start); pfn < PFN_UP(end); pfn++) {
		struct page *pg = pfn_to_page(pfn);

		if (pg->memtype_refs && pg->memtype != req) {
			ci->want = req;
			ci->found = pg->memtype;
			ci->start = PFN_PHYS(pfn);
			ci->end = PFN_PHYS(pfn + 1);
			ci->ram = true;
			return -EBUSY;
		}
		if (pg->memtype_refs == U16_MAX)
			return -ENOSPC;
	}
	for (pfn = PHYS_PFN(start); pfn < PFN_UP(end); pfn++) {
		struct page *pg = pfn_to_page(pfn);

		pg->memtype = req;
		pg->memtype_refs++;
	}
	return 0;
}

static int memtype_free_ram(u64 start, u64 end)
{
	unsigned long pfn;

	for (pfn = PHYS_PFN(start); pfn < PFN_UP(end); pfn++)
		if (!pfn_to_page(pfn)->memtype_refs)
			return -EINVAL;
	for (pfn = PHYS_PFN(start); pfn < PFN_UP(end); pfn++) {
		struct page *pg = pfn_to_page(pfn);

		if (!--pg->memtype_refs)
			pg->memtype = _PAGE_CACHE_MODE_WB;
	}
	return 0;
}

/* Linux's line, then who holds the range: what Linux leaves out */
static void memtype_report_conflict(u64 start, u64 end,
				    const struct memtype_conflict_info *ci)
{
	pr_info("%s:%d conflicting memory types %llx-%llx %s<->%s\n",
		current->comm, current->pid, (unsigned long long)start,
		(unsigned long long)end, cattr_name(ci->want),
		cattr_name(ci->found));
	if (ci->ram)
		pr_info("[mem %#010llx-%#010llx] is RAM already reserved %s\n",
			(unsigned long long)ci->start,
			(unsigned long long)ci->end - 1, cattr_name(ci->found));
	else
		pr_info("[mem %#010llx-%#010llx] %s is held by %pS%s%s%s\n",
			(unsigned long long)ci->start,
			(unsigned long long)ci->end - 1, cattr_name(ci->found),
			(void *)ci->owner.caller,
			ci->owner.driver ? " (" : "",
			ci->owner.driver ? ci->owner.driver : "",
			ci->owner.driver ? ")" : "");
}

/**
 * memtype_reserve_owner() - memtype_reserve() naming the owner
 * @start: first byte
 * @end: end, exclusive
 * @req: requested cache mode
 * @new_type: if not NULL, accept an existing compatible type and return
 *            the type granted; if NULL, the exact type or nothing
 * @caller: the code to name as owner
 *
 * Returns 0, -EINVAL (bad range, RAM/non-RAM mix), -EBUSY (conflict) or
 * -ENOMEM.  On error nothing has changed.
 */
int memtype_reserve_owner(u64 start, u64 end, enum page_cache_mode req,
			  enum page_cache_mode *new_type, unsigned long caller)
{
	struct memtype_conflict_info ci = { 0 };
	struct memtype_tree_conflict tc;
	struct memtype_owner owner;
	enum page_cache_mode actual, granted;
	unsigned long flags;
	int ram, err;

	if (!memtype_range_valid(start, end)) {
		pr_warn("memtype_reserve failed: [mem %#010llx-%#010llx], req %s: invalid range\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			cattr_name(req));
		return -EINVAL;
	}
	if (!pat_enabled()) {
		if (new_type)
			*new_type = req;
		return 0;
	}
	if (memtype_range_untracked(start, end)) {
		if (new_type)
			*new_type = _PAGE_CACHE_MODE_WB;
		return 0;
	}
	actual = memtype_apply_mtrr_hint(start, end, req);
	granted = actual;
	ram = memtype_range_is_ram(start, end);
	if (ram < 0) {
		pr_warn("memtype_reserve failed: [mem %#010llx-%#010llx] mixes RAM and non-RAM\n",
			(unsigned long long)start, (unsigned long long)end - 1);
		return -EINVAL;
	}
	memtype_owner_of_caller(&owner, caller);

	spin_lock_irqsave(&memtype_lock, flags);
	if (ram) {
		err = memtype_reserve_ram(start, end, actual, &ci);
	} else {
		err = memtype_tree_reserve(&memtype_tree, start, end, actual,
					   new_type ? &granted : NULL, &owner,
					   &tc);
		/* -ENOMEM changed nothing: the log's history holds without it */
		if (err != -ENOMEM)
			memtype_log_add(new_type ? 'r' : 's', start, end, actual,
					err, granted);
		if (err == -EBUSY) {
			ci.want = tc.found;
			ci.found = tc.holder.mode;
			ci.start = tc.holder.start;
			ci.end = tc.holder.end;
			ci.owner = tc.holder.owner;
		}
	}
	spin_unlock_irqrestore(&memtype_lock, flags);

	if (err == -EBUSY)
		memtype_report_conflict(start, end, &ci);
	if (err)
		return err;
	__atomic_fetch_add(&memtype_stats.reserves, 1, __ATOMIC_RELAXED);
	if (new_type)
		*new_type = granted;
	if (pat_debug_enable)
		pr_info("memtype_reserve added [mem %#010llx-%#010llx], track %s, req %s, ret %s\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			cattr_name(actual), cattr_name(req),
			new_type ? cattr_name(granted) : "-");
	return 0;
}

/**
 * memtype_reserve() - reserve a physical range for a cache mode
 *
 * See memtype_reserve_owner(); the owner is the caller.
 */
int memtype_reserve(u64 start, u64 end, enum page_cache_mode req,
		    enum page_cache_mode *new_type)
{
	return memtype_reserve_owner(start, end, req, new_type,
				     (unsigned long)__builtin_return_address(0));
}

/**
 * memtype_free() - release a reservation made by memtype_reserve()
 * @start: as reserved
 * @end: as reserved (or a tail of it: the same end, a higher start)
 *
 * Returns 0, or -EINVAL when nothing matches (nothing is changed).
 */
int memtype_free(u64 start, u64 end)
{
	struct memtype_tree_entry freed;
	unsigned long flags;
	int ram, err;

	if (!memtype_range_valid(start, end))
		return -EINVAL;
	if (!pat_enabled() || memtype_range_untracked(start, end))
		return 0;
	ram = memtype_range_is_ram(start, end);
	if (ram < 0)
		return -EINVAL;
	spin_lock_irqsave(&memtype_lock, flags);
	if (ram) {
		err = memtype_free_ram(start, end);
	} else {
		err = memtype_tree_free(&memtype_tree, start, end, &freed);
		memtype_log_add('f', start, end, 0, err < 0 ? -EINVAL : 0, 0);
	}
	spin_unlock_irqrestore(&memtype_lock, flags);
	if (err < 0) {
		pr_info("%s:%d freeing invalid memtype [mem %#010llx-%#010llx]\n",
			current->comm, current->pid, (unsigned long long)start,
			(unsigned long long)end - 1);
		return -EINVAL;
	}
	__atomic_fetch_add(&memtype_stats.frees, 1, __ATOMIC_RELAXED);
	if (pat_debug_enable)
		pr_info("memtype_free request [mem %#010llx-%#010llx]\n",
			(unsigned long long)start, (unsigned long long)end - 1);
	return 0;
}

/**
 * lookup_memtype() - the cache mode a physical page is reserved with
 * @paddr: any address in the page
 *
 * RAM with no reservation is WB; a non-RAM page with no reservation is
 * UC-, the mode ioremap() would give it.
 */
enum page_cache_mode lookup_memtype(u64 paddr)
{
	enum page_cache_mode rtype = _PAGE_CACHE_MODE_WB;
	unsigned long flags;
	int r;

	paddr &= PAGE_MASK;
	if (!pat_enabled() || memtype_range_untracked(paddr, paddr + PAGE_SIZE))
		return rtype;
	spin_lock_irqsave(&memtype_lock, flags);
	if (memtype_range_is_ram(paddr, paddr + PAGE_SIZE) == 1) {
		struct page *pg = pfn_to_page(PHYS_PFN(paddr));

		rtype = pg->memtype_refs ? pg->memtype : _PAGE_CACHE_MODE_WB;
	} else {
		r = memtype_tree_lookup(&memtype_tree, paddr);
		memtype_log_add('l', paddr, 0, 0, r, 0);
		rtype = r < 0 ? _PAGE_CACHE_MODE_UC_MINUS : r;
	}
	spin_unlock_irqrestore(&memtype_lock, flags);
	return rtype;
}

/**
 * memtype_snapshot() - copy the tree's entries, in start order
 * @buf: destination
 * @max: capacity of @buf in entries
 * @total: receives the number of entries in the tree
 *
 * Taken under the lock in one pass, so the list is consistent even while
 * other CPUs reserve and free.  Returns the number copied.
 */
unsigned long memtype_snapshot(struct memtype_tree_entry *buf,
			       unsigned long max, unsigned long *total)
{
	unsigned long flags, n;

	spin_lock_irqsave(&memtype_lock, flags);
	*total = memtype_tree_count(&memtype_tree);
	n = memtype_tree_copy(&memtype_tree, 0, buf, max);
	spin_unlock_irqrestore(&memtype_lock, flags);
	return n;
}

struct memtype_holder_search {
	u64 start, end;
	struct memtype_tree_entry *out;
	bool found;
};

static int memtype_holder_match(const struct memtype_tree_entry *e, void *arg)
{
	struct memtype_holder_search *h = arg;

	if (e->start >= h->end)
		return 1;	/* past the range: stop */
	if (e->end > h->start) {
		*h->out = *e;
		h->found = true;
		return 1;
	}
	return 0;
}

int memtype_find_holder(u64 start, u64 end, struct memtype_tree_entry *out)
{
	struct memtype_holder_search h = { start, end, out, false };
	unsigned long flags;

	spin_lock_irqsave(&memtype_lock, flags);
	memtype_tree_for_each(&memtype_tree, memtype_holder_match, &h);
	spin_unlock_irqrestore(&memtype_lock, flags);
	return h.found ? 0 : -ENOENT;
}

static int memtype_log_seed(const struct memtype_tree_entry *e, void *arg)
{
	memtype_log_add('s', e->start, e->end, e->mode, 0, 0);
	return 0;
}

/**
 * memtype_log_open() - log every tree operation into @buf from now on
 * @buf: room for @cap entries
 * @cap: capacity; once full, logging stops and the log says overflow
 *
 * The tree's current entries come first, so a replay can start empty.
 */
void memtype_log_open(struct memtype_log_entry *buf, unsigned long cap)
{
	unsigned long flags;

	spin_lock_irqsave(&memtype_lock, flags);
	memtype_log = (struct memtype_log){ .e = buf, .cap = cap, .on = true };
	memtype_tree_for_each(&memtype_tree, memtype_log_seed, NULL);
	spin_unlock_irqrestore(&memtype_lock, flags);
}

/* stop logging; the entries stay for memtype_log_print() */
void memtype_log_close(void)
{
	unsigned long flags;

	spin_lock_irqsave(&memtype_lock, flags);
	memtype_log.on = false;
	spin_unlock_irqrestore(&memtype_lock, flags);
}
