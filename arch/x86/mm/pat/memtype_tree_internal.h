/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memtype reservation tree's insides, shared by its four files and by
 * nothing else: the node layout, the constants, the small inline helpers
 * more than one file walks the tree with, and the mt_ functions one file
 * calls in another.  Users of the tree include memtype_tree.h only.
 */
#ifndef _ASM_X86_MM_PAT_MEMTYPE_TREE_INTERNAL_H
#define _ASM_X86_MM_PAT_MEMTYPE_TREE_INTERNAL_H

#include <linux/types.h>
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

/* meta: the mode (3 bits), the owned flag, the owner index */
#define MT_MODE_BITS	3
#define MT_OWNED	(1u << MT_MODE_BITS)
#define MT_OWNER_SHIFT	(MT_MODE_BITS + 1)
#define MT_META(mode, owner, owned)				\
	((u32)(mode) | (u32)(owner) << MT_OWNER_SHIFT | ((owned) ? MT_OWNED : 0))
#define MT_META_MODE(meta)	((enum page_cache_mode)((meta) & 7))
#define MT_META_OWNER(meta)	((meta) >> MT_OWNER_SHIFT)
#define MT_META_OWNED(meta)	(!!((meta) & MT_OWNED))

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

/* A position in a leaf. */
struct mt_pos {
	struct mt_leaf *leaf;
	unsigned int idx;
};

/* Nodes taken from the allocator before a change, so it cannot fail. */
struct mt_spares {
	unsigned int nr;
	void *node[MT_MAX_HEIGHT + 1];
};

static inline void *mt_spare(struct mt_spares *sp)
{
	return sp->node[--sp->nr];
}

static inline struct mt_hdr *mt_hdr(void *node)
{
	return node;
}

static inline u64 mt_max(const u64 *a, unsigned int n)
{
	u64 m = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		m = a[i] > m ? a[i] : m;
	return m;
}

static inline unsigned int mt_child_index(const struct mt_inode *p,
					  const void *child)
{
	unsigned int i;

	for (i = 0; p->child[i] != child; i++)
		;
	return i;
}

/* Smallest start and largest end under @node, a node of height @h. */
static inline void mt_span(void *node, unsigned int h, u64 *min, u64 *max)
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

/* Step to the next entry in start order; false past the last one. */
static inline bool mt_pos_next(struct mt_pos *pos)
{
	if (++pos->idx < pos->leaf->hdr.nr)
		return true;
	pos->leaf = pos->leaf->next;
	pos->idx = 0;
	return pos->leaf != NULL;
}

/* The leftmost leaf, or NULL for an empty tree. */
static inline struct mt_leaf *mt_first_leaf(const struct memtype_tree *tree)
{
	void *node = tree->root;
	unsigned int h;

	for (h = tree->height; h > 1; h--)
		node = ((struct mt_inode *)node)->child[0];
	return node;
}

/* memtype_tree.c: the caller's allocator, with the memory accounted */
void *mt_alloc(struct memtype_tree *tree, size_t size);
void mt_free(struct memtype_tree *tree, void *p, size_t size);

/* memtype_tree_owner.c: the owner table */
void mt_owner_get(const struct memtype_tree *tree, u32 idx,
		  struct memtype_owner *owner);
int mt_owner_intern(struct memtype_tree *tree,
		    const struct memtype_owner *owner, u32 *idx);
void mt_owner_destroy(struct memtype_tree *tree);

/* memtype_tree_node.c: structural changes */
unsigned int mt_nodes_needed(const struct mt_leaf *leaf);
void mt_leaf_insert(struct memtype_tree *tree, struct mt_leaf *leaf,
		    unsigned int i, u64 start, u64 end, u32 meta,
		    struct mt_spares *sp);
void mt_remove(struct memtype_tree *tree, struct mt_pos pos);
void mt_shrink(struct mt_pos pos, u64 new_end);

#endif /* _ASM_X86_MM_PAT_MEMTYPE_TREE_INTERNAL_H */
