// SPDX-License-Identifier: GPL-2.0
/*
 * The memtype tree's invariant checker: memtype_tree_check() verifies every
 * rule the tree keeps (shape, links, order, separators, max ends, count,
 * modes, owners, overlaps) and memtype_tree_check_name() words a failure.
 *
 * The host tests, the fuzzer and "memtype-replay --check" call it, never
 * the reserve/free/lookup paths, so it lives apart from them: it only
 * reads the nodes, and walks them its own way (by parent pointers).
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/page_cache_mode.h>

#include "memtype_tree_internal.h"

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
