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
 *  - lookup: the mode of the lowest-start entry overlapping a page.
 *
 * Structure: a B+tree keyed by start.  Leaves (512-byte allocations) hold
 * up to 24 entries as three parallel arrays (start, end, meta), so a scan
 * touches only the field it compares.  Inner nodes (512 bytes) hold up to
 * 20 children, each with its smallest start (the separator) and its largest
 * end (the augmentation), so a walk can skip every subtree that ends before
 * the address it looks for.  Entries with the same start stay in insertion
 * order; a shrunk entry moves to the end of its run of equal starts.
 * Duplicates are separate entries, not counts, so each keeps its owner.
 *
 * The owner record: meta packs the mode (3 bits) and an index into an
 * owner table in which every distinct (caller, driver) pair is stored once;
 * index 0 is the anonymous owner {0, NULL}, also used once the table is
 * full.  An entry therefore costs 20 bytes in its leaf.
 *
 * Memory comes from the caller's allocator: nodes are allocated only when a
 * leaf splits and before anything is changed, so -ENOMEM leaves the tree as
 * it was; a free never allocates.  Nothing recurses.  The caller serialises
 * all calls (the kernel holds memtype_lock, IRQ-safe, around each).
 */
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/compiler.h>
#include <asm/page_cache_mode.h>

#include "memtype_tree.h"

#define MT_LEAF_SLOTS	24
#define MT_FANOUT	20
#define MT_LEAF_MIN	(MT_LEAF_SLOTS / 2)
#define MT_INODE_MIN	(MT_FANOUT / 2)
/* A tree of MT_MAX_HEIGHT levels at minimum fill holds more than 2^50. */
#define MT_MAX_HEIGHT	16
#define MT_NR_MODES	6

#define MT_MODE_BITS	3
#define MT_META(mode, owner)	((u32)(mode) | (u32)(owner) << MT_MODE_BITS)
#define MT_META_MODE(meta)	((enum page_cache_mode)((meta) & 7))
#define MT_META_OWNER(meta)	((meta) >> MT_MODE_BITS)

struct mt_inode;

/* The first member of both node kinds. */
struct mt_hdr {
	struct mt_inode *parent;
	u32 nr;
};

struct mt_leaf {
	struct mt_hdr hdr;
	struct mt_leaf *next;		/* next leaf in start order */
	u64 start[MT_LEAF_SLOTS];
	u64 end[MT_LEAF_SLOTS];
	u32 meta[MT_LEAF_SLOTS];
};

struct mt_inode {
	struct mt_hdr hdr;
	u64 key[MT_FANOUT];		/* smallest start in child */
	u64 max_end[MT_FANOUT];		/* largest end in child */
	void *child[MT_FANOUT];
};

/* Both kinds come whole from kmalloc-512. */
#define MT_NODE_BYTES	512
BUILD_BUG_ON(sizeof(struct mt_leaf) > MT_NODE_BYTES);
BUILD_BUG_ON(sizeof(struct mt_inode) > MT_NODE_BYTES);
BUILD_BUG_ON(_PAGE_CACHE_MODE_NUM > 1 << MT_MODE_BITS);

struct memtype_tree_owner_rec {
	unsigned long caller;
	const char *driver;
	u32 hash_next;			/* index of next in bucket, 0 ends */
};

/* A position in a leaf. */
struct mt_pos {
	struct mt_leaf *leaf;
	unsigned int idx;
};

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

static void *mt_alloc(struct memtype_tree *tree, size_t size)
{
	void *p = tree->ops->alloc(size, tree->ctx);

	if (p)
		tree->bytes += memtype_tree_alloc_class(size);
	return p;
}

static void mt_free(struct memtype_tree *tree, void *p, size_t size)
{
	tree->bytes -= memtype_tree_alloc_class(size);
	tree->ops->free(p, size, tree->ctx);
}

static inline struct mt_hdr *mt_hdr(void *node)
{
	return node;
}

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

static inline u64 mt_max(const u64 *a, unsigned int n)
{
	u64 m = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		m = a[i] > m ? a[i] : m;
	return m;
}

static unsigned int mt_child_index(const struct mt_inode *p, const void *child)
{
	unsigned int i;

	for (i = 0; p->child[i] != child; i++)
		;
	return i;
}

/* Smallest start and largest end under @node, a node of height @h. */
static void mt_span(void *node, unsigned int h, u64 *min, u64 *max)
{
	if (h == 1) {
		struct mt_leaf *leaf = node;

		*min = leaf->start[0];
		*max = mt_max(leaf->end, leaf->hdr.nr);
	} else {
		struct mt_inode *in = node;

		*min = in->key[0];
		*max = mt_max(in->max_end, in->hdr.nr);
	}
}

/*
 * @node (height @h) changed: bring its separator and max end in each
 * ancestor up to date, stopping at the first ancestor that is already right.
 */
static void mt_refresh(void *node, unsigned int h)
{
	struct mt_inode *p;

	for (p = mt_hdr(node)->parent; p; node = p, p = p->hdr.parent, h++) {
		unsigned int i = mt_child_index(p, node);
		u64 min, max;

		mt_span(node, h, &min, &max);
		if (p->key[i] == min && p->max_end[i] == max)
			break;
		p->key[i] = min;
		p->max_end[i] = max;
	}
}

/* An entry [start, end) was added to @leaf: widen the ancestors' spans. */
static void mt_grow(struct mt_leaf *leaf, u64 start, u64 end)
{
	void *node = leaf;
	struct mt_inode *p;

	for (p = leaf->hdr.parent; p; node = p, p = p->hdr.parent) {
		unsigned int i = mt_child_index(p, node);
		bool changed = false;

		if (start < p->key[i]) {
			p->key[i] = start;
			changed = true;
		}
		if (end > p->max_end[i]) {
			p->max_end[i] = end;
			changed = true;
		}
		if (!changed)
			break;
	}
}

/* ---- owners ----------------------------------------------------------- */

/*
 * Owner i (from 1) is record i - 1 of the table, whose chunk k holds
 * 8 << k records for k < 5 (248 records in all), then 128 each.
 */
#define MT_OWNER_SMALL		248
#define MT_OWNER_BIG_CHUNK	128
#define MT_MAX_OWNERS	(MT_OWNER_SMALL + MT_OWNER_BIG_CHUNK * \
			 (MEMTYPE_TREE_OWNER_CHUNKS - 5))

static unsigned int mt_owner_chunk(u32 i, u32 *off)
{
	unsigned int k = 0;

	if (i >= MT_OWNER_SMALL) {
		*off = (i - MT_OWNER_SMALL) % MT_OWNER_BIG_CHUNK;
		return 5 + (i - MT_OWNER_SMALL) / MT_OWNER_BIG_CHUNK;
	}
	while (i >= (8u << (k + 1)) - 8)
		k++;
	*off = i - ((8u << k) - 8);
	return k;
}

static size_t mt_owner_chunk_bytes(unsigned int k)
{
	u32 n = k < 5 ? 8u << k : MT_OWNER_BIG_CHUNK;

	return n * sizeof(struct memtype_tree_owner_rec);
}

static struct memtype_tree_owner_rec *mt_owner_rec(const struct memtype_tree *tree,
						   u32 idx)
{
	u32 off;
	unsigned int k = mt_owner_chunk(idx - 1, &off);

	return &tree->owner_chunk[k][off];
}

static void mt_owner_get(const struct memtype_tree *tree, u32 idx,
			 struct memtype_owner *owner)
{
	const struct memtype_tree_owner_rec *rec;

	if (!idx || idx > tree->nr_owners) {
		owner->caller = 0;
		owner->driver = NULL;
		return;
	}
	rec = mt_owner_rec(tree, idx);
	owner->caller = rec->caller;
	owner->driver = rec->driver;
}

static unsigned int mt_owner_hash(unsigned long caller, const char *driver)
{
	u64 x = (u64)caller ^ ((u64)(unsigned long)driver << 1);

	x *= 0x9e3779b97f4a7c15ULL;
	return (unsigned int)(x >> 58) % MEMTYPE_TREE_OWNER_HASH;
}

/*
 * Find or add @owner in the owner table; *idx gets its index.  A full table
 * yields the anonymous owner 0 rather than failing the reservation.
 */
static int mt_owner_intern(struct memtype_tree *tree,
			   const struct memtype_owner *owner, u32 *idx)
{
	struct memtype_tree_owner_rec *rec;
	unsigned int h, k;
	u32 i, n, off;

	*idx = 0;
	if (!owner || (!owner->caller && !owner->driver))
		return 0;
	rec = tree->last_rec;
	if (rec && rec->caller == owner->caller && rec->driver == owner->driver) {
		*idx = tree->last_owner;
		return 0;
	}
	h = mt_owner_hash(owner->caller, owner->driver);
	for (i = tree->owner_hash[h]; i; i = rec->hash_next) {
		rec = mt_owner_rec(tree, i);
		if (rec->caller == owner->caller && rec->driver == owner->driver) {
			tree->last_owner = i;
			tree->last_rec = rec;
			*idx = i;
			return 0;
		}
	}
	n = tree->nr_owners;
	if (n >= MT_MAX_OWNERS)
		return 0;
	k = mt_owner_chunk(n, &off);
	if (!off) {
		void *chunk = mt_alloc(tree, mt_owner_chunk_bytes(k));

		if (!chunk)
			return -ENOMEM;
		tree->owner_chunk[k] = chunk;
	}
	i = ++tree->nr_owners;
	rec = mt_owner_rec(tree, i);
	rec->caller = owner->caller;
	rec->driver = owner->driver;
	rec->hash_next = tree->owner_hash[h];
	tree->owner_hash[h] = (u16)i;
	tree->last_owner = i;
	tree->last_rec = rec;
	*idx = i;
	return 0;
}

static void mt_entry_get(const struct memtype_tree *tree,
			 const struct mt_leaf *leaf, unsigned int i,
			 struct memtype_tree_entry *e)
{
	e->start = leaf->start[i];
	e->end = leaf->end[i];
	e->mode = MT_META_MODE(leaf->meta[i]);
	mt_owner_get(tree, MT_META_OWNER(leaf->meta[i]), &e->owner);
}

/* ---- overlap search --------------------------------------------------- */

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

static bool mt_pos_next(struct mt_pos *pos)
{
	if (++pos->idx < pos->leaf->hdr.nr)
		return true;
	pos->leaf = pos->leaf->next;
	pos->idx = 0;
	return pos->leaf != NULL;
}

/* ---- leaf and inode surgery ------------------------------------------- */

static void mt_leaf_move(struct mt_leaf *dst, unsigned int di,
			 const struct mt_leaf *src, unsigned int si,
			 unsigned int n)
{
	unsigned int k;

	if (dst == src && di > si) {
		for (k = n; k-- > 0; ) {
			dst->start[di + k] = src->start[si + k];
			dst->end[di + k] = src->end[si + k];
			dst->meta[di + k] = src->meta[si + k];
		}
		return;
	}
	for (k = 0; k < n; k++) {
		dst->start[di + k] = src->start[si + k];
		dst->end[di + k] = src->end[si + k];
		dst->meta[di + k] = src->meta[si + k];
	}
}

static void mt_leaf_put(struct mt_leaf *leaf, unsigned int i,
			u64 start, u64 end, u32 meta)
{
	mt_leaf_move(leaf, i + 1, leaf, i, leaf->hdr.nr - i);
	leaf->start[i] = start;
	leaf->end[i] = end;
	leaf->meta[i] = meta;
	leaf->hdr.nr++;
}

static void mt_inode_move(struct mt_inode *dst, unsigned int di,
			  const struct mt_inode *src, unsigned int si,
			  unsigned int n)
{
	unsigned int k;

	if (dst == src && di > si) {
		for (k = n; k-- > 0; ) {
			dst->key[di + k] = src->key[si + k];
			dst->max_end[di + k] = src->max_end[si + k];
			dst->child[di + k] = src->child[si + k];
		}
		return;
	}
	for (k = 0; k < n; k++) {
		dst->key[di + k] = src->key[si + k];
		dst->max_end[di + k] = src->max_end[si + k];
		dst->child[di + k] = src->child[si + k];
	}
}

/* Point the parent pointers of in->child[from..to) at @in. */
static void mt_adopt(struct mt_inode *in, unsigned int from, unsigned int to)
{
	for (; from < to; from++)
		mt_hdr(in->child[from])->parent = in;
}

static void mt_inode_put(struct mt_inode *in, unsigned int i, void *child,
			 unsigned int h)
{
	mt_inode_move(in, i + 1, in, i, in->hdr.nr - i);
	in->child[i] = child;
	mt_span(child, h, &in->key[i], &in->max_end[i]);
	mt_hdr(child)->parent = in;
	in->hdr.nr++;
}

/* Nodes taken from the allocator before a change, so it cannot fail. */
struct mt_spares {
	unsigned int nr;
	void *node[MT_MAX_HEIGHT + 1];
};

static void *mt_spare(struct mt_spares *sp)
{
	return sp->node[--sp->nr];
}

/*
 * @right (height @h) was split off @left: hang it after @left in the
 * parent, splitting full inodes upwards and growing a new root if needed.
 */
static void mt_insert_child(struct memtype_tree *tree, void *left, void *right,
			    unsigned int h, struct mt_spares *sp)
{
	for (;;) {
		struct mt_inode *p = mt_hdr(left)->parent, *q;
		unsigned int i, nl;

		if (!p) {
			p = mt_spare(sp);
			p->hdr.parent = NULL;
			p->hdr.nr = 0;
			mt_inode_put(p, 0, left, h);
			mt_inode_put(p, 1, right, h);
			tree->root = p;
			tree->height = h + 1;
			return;
		}
		i = mt_child_index(p, left);
		mt_span(left, h, &p->key[i], &p->max_end[i]);
		if (p->hdr.nr < MT_FANOUT) {
			mt_inode_put(p, i + 1, right, h);
			mt_refresh(p, h + 1);
			return;
		}
		/* Split the full @p: the left half keeps nl children. */
		q = mt_spare(sp);
		q->hdr.parent = p->hdr.parent;
		nl = (MT_FANOUT + 2) / 2;
		if (i + 1 < nl) {
			q->hdr.nr = MT_FANOUT - (nl - 1);
			mt_inode_move(q, 0, p, nl - 1, q->hdr.nr);
			p->hdr.nr = nl - 1;
			mt_inode_put(p, i + 1, right, h);
		} else {
			q->hdr.nr = MT_FANOUT - nl;
			mt_inode_move(q, 0, p, nl, q->hdr.nr);
			p->hdr.nr = nl;
			mt_inode_put(q, i + 1 - nl, right, h);
		}
		mt_adopt(q, 0, q->hdr.nr);
		left = p;
		right = q;
		h++;
	}
}

/* Insert into the full @leaf at @i, splitting it. */
static void mt_leaf_split_put(struct memtype_tree *tree, struct mt_leaf *leaf,
			      unsigned int i, u64 start, u64 end, u32 meta,
			      struct mt_spares *sp)
{
	struct mt_leaf *r = mt_spare(sp);
	unsigned int nl = (MT_LEAF_SLOTS + 2) / 2;

	r->hdr.parent = leaf->hdr.parent;
	r->next = leaf->next;
	leaf->next = r;
	if (i < nl) {
		r->hdr.nr = MT_LEAF_SLOTS - (nl - 1);
		mt_leaf_move(r, 0, leaf, nl - 1, r->hdr.nr);
		leaf->hdr.nr = nl - 1;
		mt_leaf_put(leaf, i, start, end, meta);
	} else {
		r->hdr.nr = MT_LEAF_SLOTS - nl;
		mt_leaf_move(r, 0, leaf, nl, r->hdr.nr);
		leaf->hdr.nr = nl;
		mt_leaf_put(r, i - nl, start, end, meta);
	}
	mt_insert_child(tree, leaf, r, 1, sp);
}

/* How many nodes inserting into @leaf may need (a split and its cascade). */
static unsigned int mt_nodes_needed(const struct mt_leaf *leaf)
{
	const struct mt_inode *p;
	unsigned int n = 1;

	if (!leaf)
		return 1;
	if (leaf->hdr.nr < MT_LEAF_SLOTS)
		return 0;
	for (p = leaf->hdr.parent; p && p->hdr.nr == MT_FANOUT; p = p->hdr.parent)
		n++;
	if (!p)
		n++;
	return n;
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

/* ---- removal ---------------------------------------------------------- */

/*
 * @node (height @h) lost an element: refill it from a sibling or merge it
 * into one, upwards as far as needed, and drop a root with one child.
 */
static void mt_rebalance(struct memtype_tree *tree, void *node, unsigned int h)
{
	for (;;) {
		struct mt_inode *p = mt_hdr(node)->parent;
		unsigned int min = h == 1 ? MT_LEAF_MIN : MT_INODE_MIN;
		unsigned int cap = h == 1 ? MT_LEAF_SLOTS : MT_FANOUT;
		unsigned int i, na, nb, total;
		void *a, *b;

		if (!p) {
			if (h > 1 && mt_hdr(node)->nr == 1) {
				struct mt_inode *old = node;

				tree->root = old->child[0];
				mt_hdr(tree->root)->parent = NULL;
				tree->height--;
				mt_free(tree, old, MT_NODE_BYTES);
			}
			return;
		}
		if (mt_hdr(node)->nr >= min) {
			mt_refresh(node, h);
			return;
		}
		i = mt_child_index(p, node);
		if (i + 1 == p->hdr.nr)
			i--;
		a = p->child[i];
		b = p->child[i + 1];
		na = mt_hdr(a)->nr;
		nb = mt_hdr(b)->nr;
		total = na + nb;
		if (total <= cap) {
			/* Merge b into a and drop b. */
			if (h == 1) {
				mt_leaf_move(a, na, b, 0, nb);
				((struct mt_leaf *)a)->next = ((struct mt_leaf *)b)->next;
			} else {
				mt_inode_move(a, na, b, 0, nb);
				mt_adopt(a, na, total);
			}
			mt_hdr(a)->nr = total;
			mt_inode_move(p, i + 1, p, i + 2, p->hdr.nr - i - 2);
			p->hdr.nr--;
			mt_span(a, h, &p->key[i], &p->max_end[i]);
			mt_free(tree, b, MT_NODE_BYTES);
			node = p;
			h++;
			continue;
		}
		/* Share evenly: a keeps total / 2. */
		if (na > total / 2) {
			unsigned int k = na - total / 2;

			if (h == 1) {
				mt_leaf_move(b, k, b, 0, nb);
				mt_leaf_move(b, 0, a, na - k, k);
			} else {
				mt_inode_move(b, k, b, 0, nb);
				mt_inode_move(b, 0, a, na - k, k);
				mt_adopt(b, 0, k);
			}
			mt_hdr(a)->nr -= k;
			mt_hdr(b)->nr += k;
		} else {
			unsigned int k = total / 2 - na;

			if (h == 1) {
				mt_leaf_move(a, na, b, 0, k);
				mt_leaf_move(b, 0, b, k, nb - k);
			} else {
				mt_inode_move(a, na, b, 0, k);
				mt_inode_move(b, 0, b, k, nb - k);
				mt_adopt(a, na, na + k);
			}
			mt_hdr(a)->nr += k;
			mt_hdr(b)->nr -= k;
		}
		mt_span(a, h, &p->key[i], &p->max_end[i]);
		mt_span(b, h, &p->key[i + 1], &p->max_end[i + 1]);
		mt_refresh(p, h + 1);
		return;
	}
}

static void mt_remove(struct memtype_tree *tree, struct mt_pos pos)
{
	struct mt_leaf *leaf = pos.leaf;
	struct mt_inode *p = leaf->hdr.parent;
	u64 end = leaf->end[pos.idx];

	mt_leaf_move(leaf, pos.idx, leaf, pos.idx + 1,
		     leaf->hdr.nr - pos.idx - 1);
	leaf->hdr.nr--;
	tree->count--;
	/* Neither its min (slot 0) nor its max end moved: nothing to redo. */
	if (p && pos.idx && leaf->hdr.nr >= MT_LEAF_MIN &&
	    end < p->max_end[mt_child_index(p, leaf)])
		return;
	mt_rebalance(tree, leaf, 1);
}

/*
 * Make the entry at @pos end at @new_end.  It now counts as inserted last,
 * so it moves behind the other entries with its start; they all share that
 * start, so no separator changes, only the max ends of the leaves crossed.
 */
static void mt_shrink(struct mt_pos pos, u64 new_end)
{
	struct mt_leaf *first = pos.leaf, *leaf;
	struct mt_pos cur = pos, nxt = pos;
	u64 start = pos.leaf->start[pos.idx];
	u32 meta = pos.leaf->meta[pos.idx];

	while (mt_pos_next(&nxt) && nxt.leaf->start[nxt.idx] == start) {
		cur.leaf->end[cur.idx] = nxt.leaf->end[nxt.idx];
		cur.leaf->meta[cur.idx] = nxt.leaf->meta[nxt.idx];
		cur = nxt;
	}
	cur.leaf->end[cur.idx] = new_end;
	cur.leaf->meta[cur.idx] = meta;
	for (leaf = first; ; leaf = leaf->next) {
		mt_refresh(leaf, 1);
		if (leaf == cur.leaf)
			break;
	}
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
	unsigned int h = tree->height, i;

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
	for (i = 0; i < MEMTYPE_TREE_OWNER_CHUNKS; i++)
		if (tree->owner_chunk[i])
			mt_free(tree, tree->owner_chunk[i],
				mt_owner_chunk_bytes(i));
	memtype_tree_init(tree, tree->ops, tree->ctx);
}

/*
 * Check [start, end) against every overlapping entry; *mode gets the mode
 * to insert with.  @strict: the mode must be @req exactly.
 */
static int mt_check_conflict(const struct memtype_tree *tree, u64 start,
			     u64 end, enum page_cache_mode req, bool strict,
			     enum page_cache_mode *mode,
			     struct memtype_tree_conflict *conflict)
{
	enum page_cache_mode found = req;
	struct mt_pos pos;

	*mode = req;
	if (!mt_first_overlap(tree, start, end, &pos))
		return 0;
	if (!strict)
		found = MT_META_MODE(pos.leaf->meta[pos.idx]);
	do {
		if (MT_META_MODE(pos.leaf->meta[pos.idx]) != found) {
			if (conflict) {
				conflict->found = found;
				mt_entry_get(tree, pos.leaf, pos.idx,
					     &conflict->holder);
			}
			return -EBUSY;
		}
	} while (mt_next_overlap(start, end, &pos));
	*mode = found;
	return 0;
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
 * @conflict: on -EBUSY, if not NULL, gets the entry that conflicts
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
	enum page_cache_mode mode;
	struct mt_spares sp;
	struct mt_leaf *leaf;
	unsigned int i, need;
	u32 owner_idx;
	int err;

	if (start >= end || (unsigned int)req >= MT_NR_MODES)
		return -EINVAL;
	err = mt_check_conflict(tree, start, end, req, !new_type, &mode,
				conflict);
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
	if (leaf->hdr.nr < MT_LEAF_SLOTS) {
		mt_leaf_put(leaf, i, start, end, MT_META(mode, owner_idx));
		mt_grow(leaf, start, end);
	} else {
		mt_leaf_split_put(tree, leaf, i, start, end,
				  MT_META(mode, owner_idx), &sp);
	}
	tree->count++;
	if (new_type)
		*new_type = mode;
	return 0;

err_free_spares:
	while (sp.nr)
		mt_free(tree, sp.node[--sp.nr], MT_NODE_BYTES);
	return err;
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
 * is shrunk to end at @start (a partial unmap).  Never allocates.
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
		if (freed)
			mt_entry_get(tree, pos.leaf, pos.idx, freed);
		mt_remove(tree, pos);
		return 0;
	}
	/* Entries with end >= @end and start < @start: those containing it. */
	if (!mt_first_overlap(tree, end - 1, start, &pos))
		return -EINVAL;
	do {
		if (pos.leaf->end[pos.idx] == end) {
			if (freed)
				mt_entry_get(tree, pos.leaf, pos.idx, freed);
			mt_shrink(pos, start);
			return MEMTYPE_TREE_SHRUNK;
		}
	} while (mt_next_overlap(end - 1, start, &pos));
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

static struct mt_leaf *mt_first_leaf(const struct memtype_tree *tree)
{
	void *node = tree->root;
	unsigned int h;

	for (h = tree->height; h > 1; h--)
		node = ((struct mt_inode *)node)->child[0];
	return node;
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

/* ---- invariants ------------------------------------------------------- */

struct mt_check {
	const struct memtype_tree *tree;
	const struct mt_leaf *prev_leaf;
	unsigned long count;
	u64 prev_start, max_end;
	enum page_cache_mode max_mode;
};

static int mt_check_leaf(struct mt_check *c, const struct mt_leaf *leaf)
{
	unsigned int i;

	if (c->prev_leaf ? c->prev_leaf->next != leaf
			 : mt_first_leaf(c->tree) != leaf)
		return -MEMTYPE_TREE_BAD_LINK;
	c->prev_leaf = leaf;
	for (i = 0; i < leaf->hdr.nr; i++) {
		u64 s = leaf->start[i], e = leaf->end[i];
		enum page_cache_mode m = MT_META_MODE(leaf->meta[i]);

		if (s >= e)
			return -MEMTYPE_TREE_BAD_RANGE;
		if (c->count && s < c->prev_start)
			return -MEMTYPE_TREE_BAD_ORDER;
		if ((unsigned int)m >= MT_NR_MODES)
			return -MEMTYPE_TREE_BAD_MODE;
		if (MT_META_OWNER(leaf->meta[i]) > c->tree->nr_owners)
			return -MEMTYPE_TREE_BAD_OWNER;
		/*
		 * Entries still open at s all contain s, so they overlap each
		 * other and (by induction) share a mode: the one holding the
		 * largest end speaks for all of them.
		 */
		if (c->count && c->max_end > s && c->max_mode != m)
			return -MEMTYPE_TREE_BAD_OVERLAP;
		if (!c->count || e > c->max_end) {
			c->max_end = e;
			c->max_mode = m;
		}
		c->prev_start = s;
		c->count++;
	}
	return 0;
}

static int mt_check_inode(const struct mt_inode *in, unsigned int h)
{
	unsigned int i, min = in->hdr.parent ? MT_INODE_MIN : 2;

	if (in->hdr.nr < min || in->hdr.nr > MT_FANOUT)
		return -MEMTYPE_TREE_BAD_SHAPE;
	for (i = 0; i < in->hdr.nr; i++) {
		void *child = in->child[i];
		unsigned int cmin = h == 2 ? MT_LEAF_MIN : MT_INODE_MIN;
		unsigned int cmax = h == 2 ? MT_LEAF_SLOTS : MT_FANOUT;
		u64 lo, hi;

		if (mt_hdr(child)->parent != in)
			return -MEMTYPE_TREE_BAD_LINK;
		if (mt_hdr(child)->nr < cmin || mt_hdr(child)->nr > cmax)
			return -MEMTYPE_TREE_BAD_SHAPE;
		mt_span(child, h - 1, &lo, &hi);
		if (in->key[i] != lo)
			return -MEMTYPE_TREE_BAD_KEY;
		if (in->max_end[i] != hi)
			return -MEMTYPE_TREE_BAD_MAX_END;
	}
	return 0;
}

/**
 * memtype_tree_check() - verify every invariant of the tree
 * @tree: the tree
 *
 * Shape (fill, height, links), start order, separators, max ends, the
 * entry count, modes and owners, and that overlapping entries share a
 * mode.  O(n), no recursion: the walk climbs by parent pointers.
 * Return: 0, or the negated &enum memtype_tree_check_err of the first
 * broken invariant found.
 */
int memtype_tree_check(const struct memtype_tree *tree)
{
	struct mt_check c = { .tree = tree };
	void *node = tree->root;
	unsigned int h = tree->height, i;
	int err;

	if (!node) {
		if (tree->height)
			return -MEMTYPE_TREE_BAD_SHAPE;
		return tree->count ? -MEMTYPE_TREE_BAD_COUNT : 0;
	}
	if (!h || h > MT_MAX_HEIGHT || mt_hdr(node)->parent)
		return -MEMTYPE_TREE_BAD_SHAPE;
	if (h == 1 && mt_hdr(node)->nr > MT_LEAF_SLOTS)
		return -MEMTYPE_TREE_BAD_SHAPE;
	/* Pre-order walk: down the first child, then to the next sibling. */
	for (;;) {
		if (h > 1) {
			err = mt_check_inode(node, h);
			if (err)
				return err;
			node = ((struct mt_inode *)node)->child[0];
			h--;
			continue;
		}
		err = mt_check_leaf(&c, node);
		if (err)
			return err;
		for (;;) {
			struct mt_inode *p = mt_hdr(node)->parent;

			if (!p)
				goto done;
			h++;
			i = mt_child_index(p, node) + 1;
			if (i < p->hdr.nr) {
				node = p->child[i];
				h--;
				break;
			}
			node = p;
		}
	}
done:
	if (c.prev_leaf->next)
		return -MEMTYPE_TREE_BAD_LINK;
	if (c.count != tree->count)
		return -MEMTYPE_TREE_BAD_COUNT;
	return 0;
}

/**
 * memtype_tree_check_name() - what a memtype_tree_check() result means
 * @err: its return value
 */
const char *memtype_tree_check_name(int err)
{
	static const char *const names[MEMTYPE_TREE_NR_CHECKS] = {
		[MEMTYPE_TREE_OK] = "ok",
		[MEMTYPE_TREE_BAD_SHAPE] = "node fill or height",
		[MEMTYPE_TREE_BAD_LINK] = "parent or next-leaf link",
		[MEMTYPE_TREE_BAD_RANGE] = "entry with start >= end",
		[MEMTYPE_TREE_BAD_ORDER] = "entries out of start order",
		[MEMTYPE_TREE_BAD_KEY] = "separator is not the child's min",
		[MEMTYPE_TREE_BAD_MAX_END] = "augmented max end",
		[MEMTYPE_TREE_BAD_COUNT] = "entry count",
		[MEMTYPE_TREE_BAD_MODE] = "cache mode out of range",
		[MEMTYPE_TREE_BAD_OWNER] = "owner index out of range",
		[MEMTYPE_TREE_BAD_OVERLAP] = "overlapping entries differ in mode",
	};

	if (err > 0 || -err >= MEMTYPE_TREE_NR_CHECKS)
		return "unknown";
	return names[-err];
}
