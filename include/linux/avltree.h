/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An intrusive AVL tree (lib/avltree.c): ordered, height-balanced, so a
 * lookup, an insertion and an erasure each visit O(log n) nodes.  Pure:
 * no locking, no allocation, no printing; the same file is built into
 * the kernel and into tools/testing/unit/test_avltree.
 *
 * The caller embeds a struct avl_node in its objects, keeps the keys
 * unique, and walks the tree itself for lookups (node->left holds the
 * smaller keys, node->right the larger):
 *
 *	struct avl_node *n = root.node;
 *
 *	while (n) {
 *		struct foo *f = container_of(n, struct foo, node);
 *
 *		if (key < f->key)
 *			n = n->left;
 *		else if (key > f->key)
 *			n = n->right;
 *		else
 *			return f;
 *	}
 */
#ifndef _CACHET_LINUX_AVLTREE_H
#define _CACHET_LINUX_AVLTREE_H

#include <linux/types.h>

struct avl_node {
	struct avl_node *left;
	struct avl_node *right;
	int height;		/* of the subtree rooted here; a leaf is 1 */
};

struct avl_root {
	struct avl_node *node;
};

#define AVL_ROOT	((struct avl_root){ NULL })

/* <0, 0, >0 as @a's key is below, equal to, above @b's */
typedef int (*avl_cmp_t)(const struct avl_node *a, const struct avl_node *b);

static inline int avl_height(const struct avl_node *n)
{
	return n ? n->height : 0;
}

void avl_insert(struct avl_root *root, struct avl_node *node, avl_cmp_t cmp);
void avl_erase(struct avl_root *root, struct avl_node *node, avl_cmp_t cmp);

#endif /* _CACHET_LINUX_AVLTREE_H */
