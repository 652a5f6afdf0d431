// SPDX-License-Identifier: GPL-2.0
/*
 * The memtype reservation tree.
 *
 * Every physical range that is mapped with a cache mode other than the one
 * its page tables default to is recorded here, as [start, end) (end
 * exclusive) with its mode and its owner.  The point is that no page may be
 * mapped with two cache modes at once: aliases with different modes leave
 * stale or conflicting lines in the caches, so a new reservation must agree
 * with every reservation it overlaps.  The rules (the reserve/free/lookup
 * semantics of shared/bench/TRACE-FORMAT.md) are Linux's:
 *
 *  - reserve with &new_type: adopt the mode of the overlapping entry with
 *    the lowest start if every overlapping entry has it, else -EBUSY;
 *    strict reserve (no new_type): every overlapping entry must have the
 *    requested mode;
 *  - free: remove an exact match (the one inserted first), else shrink the
 *    first entry with the same end and a lower start so that it ends at
 *    start (it then counts as newly inserted), else -EINVAL;
 *  - owned entries (not in Linux): an entry inserted by
 *    memtype_tree_reserve_owned() is invisible to free, and removed only
 *    by an owned free, of the first-inserted exact match held by the
 *    given owner (never another owner's entry, never a shrink), so a
 *    caller that frees by owner cannot lose its entry to a free of the
 *    same range by someone else, nor take theirs;
 *  - lookup: the mode of the lowest-start entry overlapping a page.
 *
 * Structure: a B+tree keyed by start.  Leaves (512-byte allocations) hold
 * up to 24 entries as three parallel arrays (start, end, meta), so a scan
 * touches only the field it compares.  Inner nodes (512 bytes) hold up to
 * 20 children, each with its smallest start (the separator) and its largest
 * end (the augmentation), so a walk can skip every subtree that ends before
 * the address it looks for.  Entries with the same start stay in insertion
 * order; a shrunk entry moves to the end of its run of equal starts.
 * Duplicates are separate entries, not counts, so each keeps its owner:
 * meta packs the mode (3 bits) and an index into the owner table, so an
 * entry costs 20 bytes in its leaf.
 *
 * Memory comes from the caller's allocator: nodes are allocated only when a
 * leaf splits and before anything is changed, so -ENOMEM leaves the tree as
 * it was; a free never allocates.  Nothing recurses.  The caller serialises
 * all calls (the kernel holds memtype_lock, IRQ-safe, around each).
 *
 * The tree is four files with one job each, sharing the node layout and a
 * few inline helpers through memtype_tree_internal.h:
 *
 *  - memtype_tree.c (this file): the API, and the searches every call runs
 *    (overlap search, insert position, exact match), kept in the same
 *    translation unit as reserve, free and lookup so that they inline;
 *  - memtype_tree_node.c: structural changes (insert and split, remove and
 *    rebalance, shrink);
 *  - memtype_tree_owner.c: the owner table;
 *  - memtype_tree_check.c: the invariant checker.
 */
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/compiler.h>
#include <asm/page_cache_mode.h>

#include "memtype_tree.h"
#include "memtype_tree_internal.h"

/**
 * memtype_tree_alloc_class() - bytes a kmalloc() of @size really takes
 * @size: requested size
 *
 * The kernel's kmalloc size classes; larger requests take whole pages,
 * rounded up to a power of two.  Used to account the tree's memory.
 */
size_t memtype_tree_alloc_class(size_t size)
{
	static const u16 classes[] = {
		8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096
	};
	size_t i, c;

	for (i = 0; i < ARRAY_SIZE(classes); i++)
		if (size <= classes[i])
			return classes[i];
	for (c = 8192; c < size; c <<= 1)
		;
	return c;
}

/* The caller's allocator, with what it gives counted in tree->bytes. */
void *mt_alloc(struct memtype_tree *tree, size_t size)
{
	void *p = tree->ops->alloc(size, tree->ctx);

	if (p)
		tree->bytes += memtype_tree_alloc_class(size);
	return p;
}

void mt_free(struct memtype_tree *tree, void *p, size_t size)
{
	tree->bytes -= memtype_tree_alloc_class(size);
	tree->ops->free(p, size, tree->ctx);
}

static void mt_entry_get(const struct memtype_tree *tree,
			 const struct mt_leaf *leaf, unsigned int i,
			 struct memtype_tree_entry *e)
{
	e->start = leaf->start[i];
	e->end = leaf->end[i];
	e->mode = MT_META_MODE(leaf->meta[i]);
	e->owned = MT_META_OWNED(leaf->meta[i]);
	mt_owner_get(tree, MT_META_OWNER(leaf->meta[i]), &e->owner);
}

/* ---- search ---------------------------------------------------------- */

/* Index of the first element of a[0..n) above x, or n. */
static inline unsigned int mt_first_gt(const u64 *a, unsigned int n, u64 x)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (a[i] > x)
			break;
	return i;
}

/* Number of elements of the sorted a[0..n) that are <= x (or < x). */
static inline unsigned int mt_count_le(const u64 *a, unsigned int n, u64 x)
{
	unsigned int i, c = 0;

	for (i = 0; i < n; i++)
		c += a[i] <= x;
	return c;
}

static inline unsigned int mt_count_lt(const u64 *a, unsigned int n, u64 x)
{
	unsigned int i, c = 0;

	for (i = 0; i < n; i++)
		c += a[i] < x;
	return c;
}

/*
 * The first entry, in start order, under @node (height @h) that overlaps
 * [lo + 1, hi), i.e. with end > lo and start < hi.  The max ends lead
 * straight to it: no backtracking.
 */
static bool mt_descend(void *node, unsigned int h, u64 lo, u64 hi,
		       struct mt_pos *pos)
{
	struct mt_leaf *leaf;
	unsigned int i;

	for (; h > 1; h--) {
		struct mt_inode *in = node;

		i = mt_first_gt(in->max_end, in->hdr.nr, lo);
		if (i == in->hdr.nr || in->key[i] >= hi)
			return false;
		node = in->child[i];
	}
	leaf = node;
	i = mt_first_gt(leaf->end, leaf->hdr.nr, lo);
	if (i == leaf->hdr.nr || leaf->start[i] >= hi)
		return false;
	pos->leaf = leaf;
	pos->idx = i;
	return true;
}

static bool mt_first_overlap(const struct memtype_tree *tree, u64 lo, u64 hi,
			     struct mt_pos *pos)
{
	return tree->root && mt_descend(tree->root, tree->height, lo, hi, pos);
}

/* The overlapping entry after *pos, climbing only past exhausted subtrees. */
static bool mt_next_overlap(u64 lo, u64 hi, struct mt_pos *pos)
{
	struct mt_leaf *leaf = pos->leaf;
	struct mt_inode *p;
	unsigned int i, h;
	void *node;

	for (i = pos->idx + 1; i < leaf->hdr.nr; i++) {
		if (leaf->start[i] >= hi)
			return false;
		if (leaf->end[i] > lo) {
			pos->idx = i;
			return true;
		}
	}
	node = leaf;
	for (h = 1, p = leaf->hdr.parent; p; node = p, p = p->hdr.parent, h++) {
		for (i = mt_child_index(p, node) + 1; i < p->hdr.nr; i++) {
			if (p->key[i] >= hi)
				return false;
			if (p->max_end[i] > lo)
				return mt_descend(p->child[i], h, lo, hi, pos);
		}
	}
	return false;
}

/* The leaf where an entry starting at @start goes: after equal starts. */
static struct mt_leaf *mt_leaf_for_insert(const struct memtype_tree *tree,
					  u64 start)
{
	void *node = tree->root;
	unsigned int h;

	for (h = tree->height; h > 1; h--) {
		struct mt_inode *in = node;
		unsigned int i = mt_count_le(in->key, in->hdr.nr, start);

		node = in->child[i ? i - 1 : 0];
	}
	return node;
}

/* ---- the API ---------------------------------------------------------- */

/**
 * memtype_tree_init() - set up an empty tree
 * @tree: the tree
 * @ops: allocator used for every node and owner-table chunk
 * @ctx: passed to @ops
 *
 * Allocates nothing; cannot fail.
 */
void memtype_tree_init(struct memtype_tree *tree,
		       const struct memtype_tree_alloc_ops *ops, void *ctx)
{
	unsigned int i;

	tree->root = NULL;
	tree->height = 0;
	tree->count = 0;
	tree->bytes = 0;
	tree->ops = ops;
	tree->ctx = ctx;
	tree->nr_owners = 0;
	tree->last_owner = 0;
	tree->last_rec = NULL;
	for (i = 0; i < MEMTYPE_TREE_OWNER_HASH; i++)
		tree->owner_hash[i] = 0;
	for (i = 0; i < MEMTYPE_TREE_OWNER_CHUNKS; i++)
		tree->owner_chunk[i] = NULL;
}

/**
 * memtype_tree_destroy() - free every node and the owner table
 * @tree: the tree; empty and reusable afterwards, with the same allocator
 *
 * Walks the tree bottom-up without recursion: it detaches each inner
 * node's children from the end, so the tree is its own stack.
 */
void memtype_tree_destroy(struct memtype_tree *tree)
{
	void *node = tree->root;
	unsigned int h = tree->height;

	while (node) {
		struct mt_inode *parent = mt_hdr(node)->parent;

		if (h > 1 && mt_hdr(node)->nr) {
			struct mt_inode *in = node;

			node = in->child[--in->hdr.nr];
			h--;
			continue;
		}
		mt_free(tree, node, MT_NODE_BYTES);
		node = parent;
		h++;
	}
	mt_owner_destroy(tree);
	memtype_tree_init(tree, tree->ops, tree->ctx);
}

/*
 * Check [start, end) against every overlapping entry; *mode gets the mode
 * to insert with.  @strict: the mode must be @req exactly.  @met, if not
 * NULL, is filled on success and on -EBUSY (see struct
 * memtype_tree_conflict).
 */
static int mt_check_conflict(const struct memtype_tree *tree, u64 start,
			     u64 end, enum page_cache_mode req, bool strict,
			     enum page_cache_mode *mode,
			     struct memtype_tree_conflict *met)
{
	enum page_cache_mode found = req;
	struct mt_pos pos, named;
	bool busy = false;

	*mode = req;
	if (!mt_first_overlap(tree, start, end, &pos)) {
		if (met) {
			met->found = req;
			met->overlap = false;
		}
		return 0;
	}
	/* on success the first overlapping entry is named, else the culprit */
	named = pos;
	if (!strict)
		found = MT_META_MODE(pos.leaf->meta[pos.idx]);
	do {
		if (MT_META_MODE(pos.leaf->meta[pos.idx]) != found) {
			named = pos;
			busy = true;
			break;
		}
	} while (mt_next_overlap(start, end, &pos));
	if (met) {
		met->found = found;
		met->overlap = true;
		mt_entry_get(tree, named.leaf, named.idx, &met->holder);
	}
	if (busy)
		return -EBUSY;
	*mode = found;
	return 0;
}

/* memtype_tree_reserve(), with the entry marked owned or not */
static int mt_reserve(struct memtype_tree *tree, u64 start, u64 end,
		      enum page_cache_mode req, enum page_cache_mode *new_type,
		      const struct memtype_owner *owner,
		      struct memtype_tree_conflict *conflict, bool owned)
{
	struct memtype_tree_conflict met;
	enum page_cache_mode mode;
	struct mt_spares sp;
	struct mt_leaf *leaf;
	unsigned int i, need;
	u32 owner_idx;
	int err;

	if (start >= end || (unsigned int)req >= MT_NR_MODES)
		return -EINVAL;
	err = mt_check_conflict(tree, start, end, req, !new_type, &mode,
				conflict ? &met : NULL);
	if (err == -EBUSY && conflict)
		*conflict = met;
	if (err)
		return err;

	leaf = tree->root ? mt_leaf_for_insert(tree, start) : NULL;
	need = mt_nodes_needed(leaf);
	for (sp.nr = 0; sp.nr < need; sp.nr++) {
		sp.node[sp.nr] = mt_alloc(tree, MT_NODE_BYTES);
		if (!sp.node[sp.nr]) {
			err = -ENOMEM;
			goto err_free_spares;
		}
	}
	err = mt_owner_intern(tree, owner, &owner_idx);
	if (err)
		goto err_free_spares;

	if (!leaf) {
		leaf = mt_spare(&sp);
		leaf->hdr.parent = NULL;
		leaf->hdr.nr = 0;
		leaf->next = NULL;
		tree->root = leaf;
		tree->height = 1;
	}
	i = mt_count_le(leaf->start, leaf->hdr.nr, start);
	mt_leaf_insert(tree, leaf, i, start, end,
		       MT_META(mode, owner_idx, owned), &sp);
	tree->count++;
	if (new_type)
		*new_type = mode;
	if (conflict)
		*conflict = met;
	return 0;

err_free_spares:
	while (sp.nr)
		mt_free(tree, sp.node[--sp.nr], MT_NODE_BYTES);
	return err;
}

/**
 * memtype_tree_reserve() - record that [@start, @end) is mapped with a mode
 * @tree: the tree
 * @start: first byte
 * @end: first byte after the range; must be above @start
 * @req: requested cache mode
 * @new_type: NULL for a strict reservation, where every overlapping entry
 *            must have @req; else any mode shared by every overlapping entry
 *            is accepted, and *@new_type gets the mode the range now has
 *            (@req when nothing overlaps).  Set only on success.
 * @owner: who reserves (copied into the owner table), or NULL
 * @conflict: if not NULL, what the range met (struct memtype_tree_conflict).
 *            On -EBUSY: the mode to agree with and the entry that does not.
 *            On success with @conflict->overlap set: the mode granted and
 *            the first overlapping entry in (start, insertion) order, for
 *            a non-strict reserve the one whose mode was adopted.  On
 *            success with @conflict->overlap clear: nothing overlapped,
 *            @conflict->found is @req, @conflict->holder is not written.
 *            Not written at all on -EINVAL or -ENOMEM.
 *
 * Context: the caller's lock; may call the allocator.
 * Return: 0; -EBUSY on a conflict; -ENOMEM, with the tree unchanged;
 * -EINVAL if @start >= @end or @req is not a cache mode.
 */
int memtype_tree_reserve(struct memtype_tree *tree, u64 start, u64 end,
			 enum page_cache_mode req,
			 enum page_cache_mode *new_type,
			 const struct memtype_owner *owner,
			 struct memtype_tree_conflict *conflict)
{
	return mt_reserve(tree, start, end, req, new_type, owner, conflict,
			  false);
}

/**
 * memtype_tree_reserve_owned() - memtype_tree_reserve() of an entry that
 * only its owner frees
 * @tree: the tree
 * @start: first byte
 * @end: first byte after the range; must be above @start
 * @req: requested cache mode
 * @new_type: as for memtype_tree_reserve()
 * @owner: who reserves, and the only one who may free the entry
 * @conflict: as for memtype_tree_reserve()
 *
 * The same rules and answers as memtype_tree_reserve(); the entry is
 * skipped by memtype_tree_free() and removed by memtype_tree_free_owner()
 * with @owner.
 */
int memtype_tree_reserve_owned(struct memtype_tree *tree, u64 start, u64 end,
			       enum page_cache_mode req,
			       enum page_cache_mode *new_type,
			       const struct memtype_owner *owner,
			       struct memtype_tree_conflict *conflict)
{
	return mt_reserve(tree, start, end, req, new_type, owner, conflict,
			  true);
}

/* The first entry that is exactly [start, end), in insertion order. */
static bool mt_find_exact(const struct memtype_tree *tree, u64 start, u64 end,
			  struct mt_pos *pos)
{
	void *node = tree->root;
	unsigned int h;

	if (!node)
		return false;
	for (h = tree->height; h > 1; h--) {
		struct mt_inode *in = node;
		unsigned int i = mt_count_lt(in->key, in->hdr.nr, start);

		node = in->child[i ? i - 1 : 0];
	}
	pos->leaf = node;
	pos->idx = mt_count_lt(pos->leaf->start, pos->leaf->hdr.nr, start);
	if (pos->idx == pos->leaf->hdr.nr) {
		pos->leaf = pos->leaf->next;
		pos->idx = 0;
		if (!pos->leaf)
			return false;
	}
	do {
		if (pos->leaf->start[pos->idx] != start)
			return false;
		if (pos->leaf->end[pos->idx] == end)
			return true;
	} while (mt_pos_next(pos));
	return false;
}

/**
 * memtype_tree_free() - drop the reservation of [@start, @end)
 * @tree: the tree
 * @start: first byte
 * @end: first byte after the range
 * @freed: if not NULL, gets the entry as it was before (its owner names
 *         the holder)
 *
 * Removes the first-inserted entry that is exactly [@start, @end).  If there
 * is none, the entry with the same end and the lowest start below @start
 * is shrunk to end at @start (a partial unmap).  Owned entries
 * (memtype_tree_reserve_owned()) are passed over.  Never allocates.
 *
 * Return: 0 when an entry was removed, %MEMTYPE_TREE_SHRUNK when one was
 * shrunk, -EINVAL when nothing matches.
 */
int memtype_tree_free(struct memtype_tree *tree, u64 start, u64 end,
		      struct memtype_tree_entry *freed)
{
	struct mt_pos pos;

	if (start >= end)
		return -EINVAL;
	if (mt_find_exact(tree, start, end, &pos)) {
		do {
			if (pos.leaf->start[pos.idx] != start)
				break;
			if (pos.leaf->end[pos.idx] != end ||
			    MT_META_OWNED(pos.leaf->meta[pos.idx]))
				continue;
			if (freed)
				mt_entry_get(tree, pos.leaf, pos.idx, freed);
			mt_remove(tree, pos);
			return 0;
		} while (mt_pos_next(&pos));
	}
	/* Entries with end >= @end and start < @start: those containing it. */
	if (!mt_first_overlap(tree, end - 1, start, &pos))
		return -EINVAL;
	do {
		if (pos.leaf->end[pos.idx] == end &&
		    !MT_META_OWNED(pos.leaf->meta[pos.idx])) {
			if (freed)
				mt_entry_get(tree, pos.leaf, pos.idx, freed);
			mt_shrink(pos, start);
			return MEMTYPE_TREE_SHRUNK;
		}
	} while (mt_next_overlap(end - 1, start, &pos));
	return -EINVAL;
}

/* does the entry at @pos belong to @owner (NULL: anonymous)? */
static bool mt_owned_by(const struct memtype_tree *tree,
			const struct mt_pos *pos,
			const struct memtype_owner *owner)
{
	struct memtype_owner o;

	mt_owner_get(tree, MT_META_OWNER(pos->leaf->meta[pos->idx]), &o);
	if (!owner)
		return !o.caller && !o.driver;
	return o.caller == owner->caller && o.driver == owner->driver;
}

/**
 * memtype_tree_free_owner() - drop @owner's reservation of [@start, @end)
 * @tree: the tree
 * @start: first byte, as reserved
 * @end: first byte after the range, as reserved
 * @owner: who reserved it, as passed to memtype_tree_reserve() (NULL:
 *         anonymous)
 * @freed: if not NULL, gets the entry as it was before
 *
 * Removes the first-inserted entry that is exactly [@start, @end) and
 * belongs to @owner; entries of the same range held by others are left
 * alone, and nothing is ever shrunk.  An entry recorded as anonymous (no
 * owner, or an owner table that was full) matches only a NULL @owner.
 * Never allocates.
 *
 * Return: 0 when an entry was removed, -EINVAL when none matches (the tree
 * is unchanged).
 */
int memtype_tree_free_owner(struct memtype_tree *tree, u64 start, u64 end,
			    const struct memtype_owner *owner,
			    struct memtype_tree_entry *freed)
{
	struct mt_pos pos;

	if (start >= end || !mt_find_exact(tree, start, end, &pos))
		return -EINVAL;
	do {
		if (pos.leaf->start[pos.idx] != start)
			return -EINVAL;
		if (pos.leaf->end[pos.idx] != end ||
		    !mt_owned_by(tree, &pos, owner))
			continue;
		if (freed)
			mt_entry_get(tree, pos.leaf, pos.idx, freed);
		mt_remove(tree, pos);
		return 0;
	} while (mt_pos_next(&pos));
	return -EINVAL;
}

/**
 * memtype_tree_lookup() - cache mode of the page at @addr
 * @tree: the tree
 * @addr: an address in the page (the page is [@addr, @addr + 4096))
 *
 * Return: the mode of the lowest-start entry overlapping the page, or
 * -ENOENT if none does.
 */
int memtype_tree_lookup(const struct memtype_tree *tree, u64 addr)
{
	u64 hi = addr > ~0ULL - 4096 ? ~0ULL : addr + 4096;
	struct mt_pos pos;

	if (!mt_first_overlap(tree, addr, hi, &pos))
		return -ENOENT;
	return MT_META_MODE(pos.leaf->meta[pos.idx]);
}

/**
 * memtype_tree_for_each() - call @fn on every entry in start order
 * @tree: the tree; must not change during the walk
 * @fn: callback; a non-zero return stops the walk
 * @arg: passed to @fn
 *
 * Entries with the same start come in insertion order.
 * Return: 0, or the first non-zero value @fn returned.
 */
int memtype_tree_for_each(const struct memtype_tree *tree,
			  int (*fn)(const struct memtype_tree_entry *entry,
				    void *arg),
			  void *arg)
{
	struct memtype_tree_entry e;
	struct mt_leaf *leaf;
	unsigned int i;
	int ret;

	for (leaf = mt_first_leaf(tree); leaf; leaf = leaf->next) {
		for (i = 0; i < leaf->hdr.nr; i++) {
			mt_entry_get(tree, leaf, i, &e);
			ret = fn(&e, arg);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/**
 * memtype_tree_copy() - copy entries out in start order, in one pass
 * @tree: the tree
 * @skip: entries to pass over first
 * @buf: destination
 * @max: room in @buf
 *
 * Meant for a snapshot under the lock, formatted after it is dropped.
 * Return: the number of entries copied.
 */
unsigned long memtype_tree_copy(const struct memtype_tree *tree,
				unsigned long skip,
				struct memtype_tree_entry *buf,
				unsigned long max)
{
	unsigned long n = 0;
	struct mt_leaf *leaf;
	unsigned int i;

	for (leaf = mt_first_leaf(tree); leaf && n < max; leaf = leaf->next) {
		if (skip >= leaf->hdr.nr) {
			skip -= leaf->hdr.nr;
			continue;
		}
		for (i = (unsigned int)skip; i < leaf->hdr.nr && n < max; i++)
			mt_entry_get(tree, leaf, i, &buf[n++]);
		skip = 0;
	}
	return n;
}

/**
 * memtype_tree_count() - number of reservations in the tree
 * @tree: the tree
 */
unsigned long memtype_tree_count(const struct memtype_tree *tree)
{
	return tree->count;
}

/**
 * memtype_tree_bytes() - memory the tree holds, at allocator class sizes
 * @tree: the tree
 */
unsigned long memtype_tree_bytes(const struct memtype_tree *tree)
{
	return tree->bytes;
}
