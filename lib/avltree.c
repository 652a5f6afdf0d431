// SPDX-License-Identifier: GPL-2.0
/*
 * AVL trees (linux/avltree.h).  Every node's subtrees differ in height by
 * at most one, so a tree of n nodes is at most about 1.44 log2(n) high
 * and the recursion below is shallow (under 30 levels for 2^20 nodes).
 * Insertion and erasure go down by comparison and rebalance on the way
 * back up with at most two rotations per level.
 */
#include <linux/avltree.h>

static int avl_max(int a, int b)
{
	return a > b ? a : b;
}

static void avl_fix_height(struct avl_node *n)
{
	n->height = 1 + avl_max(avl_height(n->left), avl_height(n->right));
}

static struct avl_node *avl_rotate_right(struct avl_node *n)
{
	struct avl_node *l = n->left;

	n->left = l->right;
	l->right = n;
	avl_fix_height(n);
	avl_fix_height(l);
	return l;
}

static struct avl_node *avl_rotate_left(struct avl_node *n)
{
	struct avl_node *r = n->right;

	n->right = r->left;
	r->left = n;
	avl_fix_height(n);
	avl_fix_height(r);
	return r;
}

/* @n's subtrees are balanced and differ by at most two: make @n so */
static struct avl_node *avl_balance(struct avl_node *n)
{
	int diff = avl_height(n->left) - avl_height(n->right);

	if (diff > 1) {
		if (avl_height(n->left->left) < avl_height(n->left->right))
			n->left = avl_rotate_left(n->left);
		return avl_rotate_right(n);
	}
	if (diff < -1) {
		if (avl_height(n->right->right) < avl_height(n->right->left))
			n->right = avl_rotate_right(n->right);
		return avl_rotate_left(n);
	}
	avl_fix_height(n);
	return n;
}

static struct avl_node *avl_insert_at(struct avl_node *sub,
				      struct avl_node *node, avl_cmp_t cmp)
{
	if (!sub)
		return node;
	if (cmp(node, sub) < 0)
		sub->left = avl_insert_at(sub->left, node, cmp);
	else
		sub->right = avl_insert_at(sub->right, node, cmp);
	return avl_balance(sub);
}

/**
 * avl_insert() - add @node to the tree
 * @root: the tree
 * @node: a node not in any tree, whose key no node of the tree has
 * @cmp: the tree's order
 */
void avl_insert(struct avl_root *root, struct avl_node *node, avl_cmp_t cmp)
{
	node->left = NULL;
	node->right = NULL;
	node->height = 1;
	root->node = avl_insert_at(root->node, node, cmp);
}

/* take the smallest node out of @sub; *@min receives it */
static struct avl_node *avl_take_min(struct avl_node *sub,
				     struct avl_node **min)
{
	if (!sub->left) {
		*min = sub;
		return sub->right;
	}
	sub->left = avl_take_min(sub->left, min);
	return avl_balance(sub);
}

static struct avl_node *avl_erase_at(struct avl_node *sub,
				     struct avl_node *node, avl_cmp_t cmp)
{
	struct avl_node *min;
	int c;

	if (!sub)
		return NULL;	/* not in the tree: nothing changes */
	c = cmp(node, sub);
	if (c < 0) {
		sub->left = avl_erase_at(sub->left, node, cmp);
	} else if (c > 0) {
		sub->right = avl_erase_at(sub->right, node, cmp);
	} else {
		if (!sub->left)
			return sub->right;
		if (!sub->right)
			return sub->left;
		/* the successor takes the erased node's place */
		sub->right = avl_take_min(sub->right, &min);
		min->left = sub->left;
		min->right = sub->right;
		sub = min;
	}
	return avl_balance(sub);
}

/**
 * avl_erase() - take @node out of the tree
 * @root: the tree
 * @node: a node of the tree (found by its key, so the key must not have
 *	changed since it was inserted)
 * @cmp: the tree's order
 */
void avl_erase(struct avl_root *root, struct avl_node *node, avl_cmp_t cmp)
{
	root->node = avl_erase_at(root->node, node, cmp);
	node->left = NULL;
	node->right = NULL;
}
