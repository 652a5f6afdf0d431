// SPDX-License-Identifier: GPL-2.0
/*
 * lib/avltree.c: random insertions and erasures checked against a plain
 * array of which keys are in the tree, with the AVL invariants (order,
 * recorded heights, balance, the height bound) checked by a walk written
 * here, not by the tree's own code.
 */
#include <stdlib.h>
#include <linux/avltree.h>

#include "unit.h"

struct item {
	struct avl_node node;
	unsigned int key;
};

#define NKEYS	1024

static struct item items[NKEYS];
static bool present[NKEYS];

static int cmp_item(const struct avl_node *a, const struct avl_node *b)
{
	unsigned int x = ((const struct item *)a)->key;
	unsigned int y = ((const struct item *)b)->key;

	return x < y ? -1 : x > y;
}

struct walk {
	unsigned int count;
	long last;		/* the previous key in order, or -1 */
	bool ok;
};

/* the subtree's true height, checking order and balance on the way */
static int check(const struct avl_node *n, struct walk *w)
{
	int hl, hr;

	if (!n)
		return 0;
	hl = check(n->left, w);
	if ((long)((const struct item *)n)->key <= w->last)
		w->ok = false;
	w->last = ((const struct item *)n)->key;
	w->count++;
	hr = check(n->right, w);
	if (hl - hr > 1 || hr - hl > 1)
		w->ok = false;
	if (n->height != 1 + (hl > hr ? hl : hr))
		w->ok = false;
	return 1 + (hl > hr ? hl : hr);
}

static unsigned int nr_present(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < NKEYS; i++)
		n += present[i];
	return n;
}

/* every key in the tree is present, and only those */
static bool same_keys(const struct avl_node *n, unsigned int *seen)
{
	if (!n)
		return true;
	if (!present[((const struct item *)n)->key])
		return false;
	(*seen)++;
	return same_keys(n->left, seen) && same_keys(n->right, seen);
}

/* AVL: height < 1.4405 log2(n + 2) - 0.3277; 1.45 log2 is safe */
static int height_bound(unsigned int n)
{
	int lg = 0;

	while ((1u << lg) < n + 2)
		lg++;
	return (int)(1.45 * lg) + 1;
}

static void reset(struct avl_root *root)
{
	unsigned int i;

	*root = AVL_ROOT;
	for (i = 0; i < NKEYS; i++) {
		items[i].key = i;
		present[i] = false;
	}
}

UNIT_TEST(avltree, ascending_stays_balanced)
{
	struct avl_root root;
	struct walk w = { 0, -1, true };
	unsigned int i;
	int h;

	reset(&root);
	for (i = 0; i < NKEYS; i++) {
		avl_insert(&root, &items[i].node, cmp_item);
		present[i] = true;
	}
	h = check(root.node, &w);
	EXPECT_TRUE(w.ok);
	EXPECT_EQ(w.count, NKEYS);
	/* 1024 keys in ascending order: a perfectly balanced AVL is 11 high */
	EXPECT_TRUE(h <= 11);
}

UNIT_TEST(avltree, random_vs_array)
{
	unsigned long long rs = unit_seed();
	struct avl_root root;
	unsigned int round, k, seen;
	struct walk w;
	int h;

	reset(&root);
	for (round = 0; round < 20000; round++) {
		k = unit_rand(&rs) % NKEYS;
		if (present[k]) {
			avl_erase(&root, &items[k].node, cmp_item);
			present[k] = false;
		} else {
			avl_insert(&root, &items[k].node, cmp_item);
			present[k] = true;
		}
		if (round % 97)
			continue;
		w = (struct walk){ 0, -1, true };
		h = check(root.node, &w);
		ASSERT_TRUE(w.ok);
		ASSERT_EQ(w.count, nr_present());
		seen = 0;
		ASSERT_TRUE(same_keys(root.node, &seen));
		ASSERT_TRUE(h <= height_bound(w.count));
	}
}

UNIT_TEST(avltree, erase_all_then_empty)
{
	struct avl_root root;
	unsigned int i;

	reset(&root);
	for (i = 0; i < 100; i++)
		avl_insert(&root, &items[(i * 37) % 100].node, cmp_item);
	for (i = 0; i < 100; i++)
		avl_erase(&root, &items[(i * 53) % 100].node, cmp_item);
	EXPECT_NULL(root.node);
}

UNIT_TEST(avltree, erase_absent_changes_nothing)
{
	struct avl_root root;
	struct walk w = { 0, -1, true };
	unsigned int i;

	reset(&root);
	for (i = 0; i < 50; i += 2) {
		avl_insert(&root, &items[i].node, cmp_item);
		present[i] = true;
	}
	avl_erase(&root, &items[7].node, cmp_item);
	check(root.node, &w);
	EXPECT_TRUE(w.ok);
	EXPECT_EQ(w.count, 25);
}
