// SPDX-License-Identifier: GPL-2.0
/*
 * The memtype tree's structural changes: everything that moves entries or
 * children between nodes.  Inserting into a leaf (splitting it, and full
 * inner nodes above it, into the spares the caller took beforehand),
 * removing an entry (refilling or merging underfull nodes up to the root)
 * and shrinking an entry (moving it behind its run of equal starts), each
 * keeping the separators and max ends of the ancestors right.
 *
 * memtype_tree.c decides what to change and where; this file only
 * changes it, so the B+tree's bookkeeping is in one place.  Nothing here
 * allocates (frees, yes: merged nodes), and nothing recurses: splits and
 * merges climb by parent pointers.
 */
#include <linux/types.h>
#include <linux/compiler.h>

#include "memtype_tree_internal.h"

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

/**
 * mt_leaf_insert() - put an entry into @leaf at @i
 * @tree: the tree
 * @leaf: the leaf the entry belongs in
 * @i: its slot there: after every entry with a start <= @start
 * @start: first byte
 * @end: first byte after the range
 * @meta: MT_META() of its mode and owner index
 * @sp: at least mt_nodes_needed(@leaf) spare nodes, for the splits
 *
 * Splits a full @leaf, and full inner nodes above it, taking nodes from
 * @sp; updates the separators and max ends above.  Cannot fail.
 */
void mt_leaf_insert(struct memtype_tree *tree, struct mt_leaf *leaf,
		    unsigned int i, u64 start, u64 end, u32 meta,
		    struct mt_spares *sp)
{
	if (leaf->hdr.nr < MT_LEAF_SLOTS) {
		mt_leaf_put(leaf, i, start, end, meta);
		mt_grow(leaf, start, end);
	} else {
		mt_leaf_split_put(tree, leaf, i, start, end, meta, sp);
	}
}

/**
 * mt_nodes_needed() - nodes inserting into @leaf may need
 * @leaf: the leaf, or NULL when the tree is empty
 *
 * Counts a split and its cascade, up to a new root.
 */
unsigned int mt_nodes_needed(const struct mt_leaf *leaf)
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

/**
 * mt_remove() - remove the entry at @pos
 * @tree: the tree
 * @pos: the entry
 *
 * Rebalances as far up as needed, freeing merged nodes.
 */
void mt_remove(struct memtype_tree *tree, struct mt_pos pos)
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

/**
 * mt_shrink() - make the entry at @pos end at @new_end
 * @pos: the entry
 * @new_end: its new end, above its start
 *
 * It now counts as inserted last, so it moves behind the other entries
 * with its start; they all share that start, so no separator changes,
 * only the max ends of the leaves crossed.
 */
void mt_shrink(struct mt_pos pos, u64 new_end)
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
