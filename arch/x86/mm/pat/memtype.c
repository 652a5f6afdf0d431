// SPDX-License-Identifier: GPL-2.0
/*
 * Memtype reservations: the one place that decides which cache mode a
 * physical range may be mapped with, so that no page ever has two.
 *
 * Ranges are [start, end), end exclusive; messages print end - 1 where
 * Linux does.  Each request asks e820 once what its range is
 * (memtype_classify()) and is tracked accordingly:
 *
 *   - the legacy ISA range 0xa0000-0x100000: untracked, reported WB
 *     (its MTRRs, not the page tables, decide, as on every PC);
 *   - RAM: per page, in struct page (memtype_ram.c), because RAM is large
 *     and ranges of it change type through set_memory_*(); unlike Linux
 *     every type is allowed and reservations are counted, so two users
 *     may share a type and the last release restores WB; the direct map
 *     follows every change in the same page-table transaction;
 *   - everything else (MMIO, firmware tables): the memtype tree.
 *
 * A range mixing RAM and non-RAM is refused.  A WB request is lowered to
 * UC- where the MTRRs do not say WB (a WB page table entry over UC MTRR
 * memory would silently be UC anyway, and would break WC sharing).
 *
 * One IRQ-safe spinlock, memtype_lock, guards the tree and the per-page
 * fields.  Nothing is printed under it: messages come after.
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
#include <asm/page_cache_mode.h>
#include <asm/processor.h>
#include "memtype.h"
#include "memtype_tree.h"
#include "memtype_log.h"

#define ISA_START	0xa0000ULL
#define ISA_END		0x100000ULL

DEFINE_SPINLOCK(memtype_lock);
struct memtype_stats memtype_stats;
static struct memtype_tree memtype_tree;

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
}

/* does a whole RAM page lie in the page-aligned [start, end)? */
static bool memtype_any_ram_page(u64 start, u64 end)
{
	unsigned int i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];
		u64 s = PAGE_ALIGN(e->addr);
		u64 t = (e->addr + e->size) & PAGE_MASK;

		if (e->type == E820_TYPE_RAM && s < t && s < end && start < t)
			return true;
	}
	return false;
}

/**
 * memtype_classify() - what a physical range is, for memtype tracking
 * @start: first byte
 * @end: end, exclusive
 *
 * The one place that asks e820: callers pass the answer on.  A type
 * belongs to whole pages, so the answer is about the pages the range
 * touches, and a page is RAM only when all of it is, as for the direct
 * map (which maps whole RAM pages only) and Linux: a page only partly RAM
 * (0x9f000 under the EBDA at 0x9fc00) is tracked in the tree with the
 * non-RAM around it.  A range partly inside the legacy ISA range is mixed:
 * its ISA pages are untracked (always WB), so a tracked reservation of
 * them would give them a second type.
 */
enum memtype_kind memtype_classify(u64 start, u64 end)
{
	u64 limit = 1ULL << boot_cpu_data.x86_phys_bits;

	if (start >= end || end > limit)
		return MEMTYPE_INVALID;
	memtype_page_range(&start, &end);
	if (start >= ISA_START && end <= ISA_END)
		return MEMTYPE_UNTRACKED;
	if (start < ISA_END && end > ISA_START)
		return MEMTYPE_MIXED;
	if (e820__mapped_all(start, end, E820_TYPE_RAM))
		return MEMTYPE_RAM;
	if (memtype_any_ram_page(start, end))
		return MEMTYPE_MIXED;
	return MEMTYPE_IO;
}

/*
 * The mode the page tables really give @req: the cache-mode tables send
 * a mode the PAT layout lacks (WT and WP in the erratum layout) to UC-'s
 * entry, so that is what the range is mapped with and must be tracked as.
 */
static enum page_cache_mode memtype_mappable(enum page_cache_mode req)
{
	return pgprot2cachemode(cachemode2protval(req));
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

/* Linux's line, then who holds the range: what Linux leaves out */
void memtype_report_conflict(u64 start, u64 end,
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

void memtype_report_invalid_free(u64 start, u64 end)
{
	pr_info("%s:%d freeing invalid memtype [mem %#010llx-%#010llx]\n",
		current->comm, current->pid, (unsigned long long)start,
		(unsigned long long)end - 1);
}

/**
 * memtype_reserve_io() - reserve a non-RAM range in the tree
 * @start: first byte
 * @end: end, exclusive; [start, end) is MEMTYPE_IO and PAT is on
 * @req: requested mode, MTRR hint applied
 * @new_type: as for memtype_reserve()
 * @caller: the code to name as owner
 * @adopted: if not NULL, receives the entry whose mode was adopted when
 *           *@new_type differs from @req (taken under the lock, so it is
 *           the holder, never this request)
 * @owned: only memtype_free_io_owner() by the same owner frees the entry
 *
 * Returns 0, -EBUSY (conflict, reported) or -ENOMEM.
 */
int memtype_reserve_io(u64 start, u64 end, enum page_cache_mode req,
		       enum page_cache_mode *new_type, unsigned long caller,
		       struct memtype_tree_entry *adopted, bool owned)
{
	struct memtype_conflict_info ci = { 0 };
	struct memtype_tree_conflict tc = { 0 };
	struct memtype_owner owner = { caller, current->driver };
	enum page_cache_mode granted = req;
	unsigned long flags;
	int err;

	spin_lock_irqsave(&memtype_lock, flags);
	err = (owned ? memtype_tree_reserve_owned : memtype_tree_reserve)
		(&memtype_tree, start, end, req, new_type ? &granted : NULL,
		 &owner, &tc);
	/* -ENOMEM changed nothing: the log's history holds without it */
	if (err != -ENOMEM)
		memtype_log_add(new_type ? 'r' : 's', start, end, req, err,
				granted);
	spin_unlock_irqrestore(&memtype_lock, flags);

	if (err == -EBUSY) {
		ci.want = tc.found;
		ci.found = tc.holder.mode;
		ci.start = tc.holder.start;
		ci.end = tc.holder.end;
		ci.owner = tc.holder.owner;
		memtype_report_conflict(start, end, &ci);
	}
	if (err)
		return err;
	__atomic_fetch_add(&memtype_stats.reserves, 1, __ATOMIC_RELAXED);
	if (new_type)
		*new_type = granted;
	if (adopted && granted != req && tc.overlap)
		*adopted = tc.holder;
	return 0;
}

/**
 * memtype_free_io() - release a tree reservation
 * @start: as reserved
 * @end: as reserved (or a tail of it: the same end, a higher start)
 *
 * Returns 0, or -EINVAL when nothing matches (nothing is changed).
 */
int memtype_free_io(u64 start, u64 end)
{
	struct memtype_tree_entry freed;
	unsigned long flags;
	int err;

	spin_lock_irqsave(&memtype_lock, flags);
	err = memtype_tree_free(&memtype_tree, start, end, &freed);
	memtype_log_add('f', start, end, 0, err < 0 ? -EINVAL : 0, 0);
	spin_unlock_irqrestore(&memtype_lock, flags);
	if (err < 0)
		return -EINVAL;
	__atomic_fetch_add(&memtype_stats.frees, 1, __ATOMIC_RELAXED);
	return 0;
}

/**
 * memtype_free_io_owner() - release @owner's own tree reservation
 * @start: exactly as reserved
 * @end: exactly as reserved
 * @owner: as recorded by the reservation
 *
 * Returns 0, or -EINVAL when @owner holds no entry that is exactly
 * [@start, @end) (nothing is changed, whoever else holds the range).
 */
int memtype_free_io_owner(u64 start, u64 end,
			  const struct memtype_owner *owner)
{
	unsigned long flags;
	int err;

	spin_lock_irqsave(&memtype_lock, flags);
	err = memtype_tree_free_owner(&memtype_tree, start, end, owner, NULL);
	/*
	 * The log's replay model keeps no owners: an entry removed here is,
	 * to it, an exact free; a refused free changed nothing and is left
	 * out, since the model would have taken another owner's entry.
	 */
	if (!err)
		memtype_log_add('f', start, end, 0, 0, 0);
	spin_unlock_irqrestore(&memtype_lock, flags);
	if (err)
		return -EINVAL;
	__atomic_fetch_add(&memtype_stats.frees, 1, __ATOMIC_RELAXED);
	return 0;
}

/* RAM through the direct map, as set_memory_*() does it */
static int memtype_ram_range(u64 start, u64 end, enum page_cache_mode pcm,
			     bool release)
{
	unsigned long va = (unsigned long)__va(start & PAGE_MASK);
	struct memtype_ram_req r = {
		.vaddr = &va, .nr = 1, .pcm = pcm, .release = release,
		.pages = PFN_UP(end) - PHYS_PFN(start),
	};
	struct memtype_conflict_info ci;
	int err = memtype_ram_change(&r, &ci);

	if (err == -EBUSY)
		memtype_report_conflict(start, end, &ci);
	return err;
}

/**
 * memtype_reserve_owner() - memtype_reserve() naming the owner
 * @start: first byte
 * @end: end, exclusive
 * @req: requested cache mode
 * @flags: MEMTYPE_STRICT: the mode granted must agree with every
 *         reservation overlapping the range (else an existing compatible
 *         mode is adopted); MEMTYPE_OWNED: outside RAM, only
 *         memtype_free_owner() by @caller frees the reservation (and
 *         memtype_free() never takes it)
 * @granted: if not NULL, receives the mode the range is now reserved
 *           with, in both cases (see memtype_reserve_kind())
 * @caller: the code to name as owner
 *
 * RAM is reserved per page and the direct map remapped to the mode in the
 * same step (memtype_ram.c), so a reservation of RAM never leaves it
 * mapped with another mode; RAM takes no compatible type: the exact one
 * or -EBUSY.
 *
 * Returns 0, -EINVAL (bad range, RAM/non-RAM mix), -EBUSY (conflict),
 * -ENOSPC (a RAM page's count would overflow) or -ENOMEM.  On error
 * nothing has changed.
 */
int memtype_reserve_owner(u64 start, u64 end, enum page_cache_mode req,
			  unsigned int flags, enum page_cache_mode *granted,
			  unsigned long caller)
{
	return memtype_reserve_kind(start, end, memtype_classify(start, end),
				    req, flags, granted, caller, NULL);
}

/**
 * memtype_reserve_kind() - memtype_reserve_owner() for a caller that has
 * classified the range already (ioremap)
 * @start: first byte
 * @end: end, exclusive; the range is rounded out to whole pages, the unit
 *       a type belongs to
 * @kind: memtype_classify(start, end)
 * @req: requested cache mode
 * @flags: as for memtype_reserve_owner()
 * @granted: if not NULL, receives the mode reserved: @req as the PAT
 *           layout can map it (WT and WP become UC- in the erratum
 *           layout), WB lowered to UC- where the MTRRs do not say WB, and
 *           unless strict the mode adopted from the tree; WB for the
 *           untracked ISA range; with PAT off, @req outside RAM and
 *           what the tables in force map @req with in RAM
 * @caller: the code to name as owner
 * @adopted: see memtype_reserve_io(); not filled for RAM
 */
int memtype_reserve_kind(u64 start, u64 end, enum memtype_kind kind,
			 enum page_cache_mode req, unsigned int flags,
			 enum page_cache_mode *granted, unsigned long caller,
			 struct memtype_tree_entry *adopted)
{
	bool strict = flags & MEMTYPE_STRICT;
	enum page_cache_mode actual, got;
	int err;

	if (kind == MEMTYPE_INVALID) {
		pr_warn("memtype_reserve failed: [mem %#010llx-%#010llx], req %s: invalid range\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			cattr_name(req));
		return -EINVAL;
	}
	/* with PAT off only RAM is counted (memtype_ram.c), as with PAT on */
	if (!pat_enabled() && kind != MEMTYPE_RAM) {
		if (granted)
			*granted = req;
		return 0;
	}
	if (kind == MEMTYPE_UNTRACKED) {
		if (granted)
			*granted = _PAGE_CACHE_MODE_WB;
		return 0;
	}
	if (kind == MEMTYPE_MIXED) {
		pr_warn("memtype_reserve failed: [mem %#010llx-%#010llx] mixes RAM and non-RAM, or the ISA range and memory outside it\n",
			(unsigned long long)start, (unsigned long long)end - 1);
		return -EINVAL;
	}
	memtype_page_range(&start, &end);
	actual = memtype_mappable(req);
	if (pat_enabled())
		actual = memtype_apply_mtrr_hint(start, end, actual);
	got = actual;
	if (kind == MEMTYPE_RAM)
		err = memtype_ram_range(start, end, actual, false);
	else
		err = memtype_reserve_io(start, end, actual,
					 strict ? NULL : &got, caller, adopted,
					 flags & MEMTYPE_OWNED);
	if (err)
		return err;
	if (granted)
		*granted = got;
	if (pat_debug_enable)
		pr_info("memtype_reserve added [mem %#010llx-%#010llx], track %s, req %s, ret %s\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			cattr_name(actual), cattr_name(req),
			strict ? "-" : cattr_name(got));
	return 0;
}

/**
 * memtype_reserve() - reserve a physical range for a cache mode
 * @start: first byte
 * @end: end, exclusive
 * @req: requested cache mode
 * @new_type: if not NULL, accept an existing compatible type and return
 *            the type granted; if NULL, the exact type or nothing
 *
 * See memtype_reserve_owner(); the owner is the caller.
 */
int memtype_reserve(u64 start, u64 end, enum page_cache_mode req,
		    enum page_cache_mode *new_type)
{
	return memtype_reserve_owner(start, end, req,
				     new_type ? 0 : MEMTYPE_STRICT, new_type,
				     (unsigned long)__builtin_return_address(0));
}

/* a free of either kind; @owner NULL: Linux's rule, any holder */
static int memtype_free_kind(u64 start, u64 end,
			     const struct memtype_owner *owner)
{
	enum memtype_kind kind = memtype_classify(start, end);
	int err;

	if (kind == MEMTYPE_INVALID || kind == MEMTYPE_MIXED)
		return -EINVAL;
	if ((!pat_enabled() && kind != MEMTYPE_RAM) ||
	    kind == MEMTYPE_UNTRACKED)
		return 0;
	memtype_page_range(&start, &end);
	if (kind == MEMTYPE_RAM)
		err = memtype_ram_range(start, end, _PAGE_CACHE_MODE_WB, true);
	else if (owner)
		err = memtype_free_io_owner(start, end, owner);
	else
		err = memtype_free_io(start, end);
	if (err == -EINVAL)
		memtype_report_invalid_free(start, end);
	if (err)
		return err;
	if (pat_debug_enable)
		pr_info("memtype_free request [mem %#010llx-%#010llx]\n",
			(unsigned long long)start, (unsigned long long)end - 1);
	return 0;
}

/**
 * memtype_free() - release a reservation made by memtype_reserve()
 * @start: as reserved
 * @end: as reserved (or, outside RAM, a tail of it: the same end, a
 *       higher start)
 *
 * Like the reservation, works on the whole pages the range touches.  A
 * RAM page whose last reservation goes is mapped WB again.
 * Returns 0, or -EINVAL when nothing matches (nothing is changed); -ENOMEM
 * when RAM needs a page-table page to go back to WB and none is left.
 */
int memtype_free(u64 start, u64 end)
{
	return memtype_free_kind(start, end, NULL);
}

/**
 * memtype_free_owner() - release the caller's own reservation
 * @start: as reserved
 * @end: as reserved
 * @caller: the owner the reservation was made for (memtype_reserve_owner()
 *          with MEMTYPE_OWNED)
 *
 * Outside RAM only the entry of exactly this range held by this owner
 * (and the current driver) is removed, never another holder's of the same
 * range, and never shrunk.  RAM reservations are counts that keep no
 * owner: the caller must know it holds one (as the pat shell command
 * records each of its own), and the free works as memtype_free().
 * Returns as memtype_free(); -EINVAL changes nothing.
 */
int memtype_free_owner(u64 start, u64 end, unsigned long caller)
{
	struct memtype_owner owner = { caller, current->driver };

	return memtype_free_kind(start, end, &owner);
}

/**
 * memtype_lookup_locked() - the reservation of one page, for the verifier
 * @paddr: page-aligned address
 * @kind: what the page is (MEMTYPE_RAM or MEMTYPE_IO)
 *
 * Context: memtype_lock held.  Nothing is logged.
 */
enum page_cache_mode memtype_lookup_locked(u64 paddr, enum memtype_kind kind)
{
	int r;

	if (kind == MEMTYPE_RAM)
		return memtype_ram_lookup(paddr);
	r = memtype_tree_lookup(&memtype_tree, paddr);
	return r < 0 ? _PAGE_CACHE_MODE_UC_MINUS : r;
}

/**
 * lookup_memtype() - the cache mode a physical page is reserved with
 * @paddr: any address in the page
 *
 * RAM with no reservation is WB; a non-RAM page with no reservation is
 * UC-, the mode ioremap() would give it, and so is an address beyond
 * MAXPHYADDR, as in Linux.  With PAT off, RAM answers what set_memory_*()
 * made it (those counts are kept regardless) and anything else WB.
 */
enum page_cache_mode lookup_memtype(u64 paddr)
{
	enum page_cache_mode rtype = _PAGE_CACHE_MODE_WB;
	enum memtype_kind kind;
	unsigned long flags;

	paddr &= PAGE_MASK;
	kind = memtype_classify(paddr, paddr + PAGE_SIZE);
	/* RAM is counted with PAT off too (memtype_ram.c); I/O is not */
	if ((!pat_enabled() && kind != MEMTYPE_RAM) ||
	    kind == MEMTYPE_UNTRACKED)
		return rtype;
	if (kind == MEMTYPE_INVALID)
		return _PAGE_CACHE_MODE_UC_MINUS;
	spin_lock_irqsave(&memtype_lock, flags);
	rtype = memtype_lookup_locked(paddr, kind);
	if (kind == MEMTYPE_RAM)
		memtype_log_add('m', paddr, 0, 0, rtype, 0);
	else
		memtype_log_add('l', paddr, 0, 0,
				memtype_tree_lookup(&memtype_tree, paddr), 0);
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

#ifdef CONFIG_KTEST
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
 * The tree's current entries and the RAM reservations held come first,
 * so a replay can start empty.
 */
void memtype_log_open(struct memtype_log_entry *buf, unsigned long cap)
{
	unsigned long flags;

	spin_lock_irqsave(&memtype_lock, flags);
	memtype_log = (struct memtype_log){ .e = buf, .cap = cap, .on = true };
	memtype_tree_for_each(&memtype_tree, memtype_log_seed, NULL);
	memtype_ram_log_seed();
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
#endif
