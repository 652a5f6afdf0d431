// SPDX-License-Identifier: GPL-2.0
/* lib/sort.c: heapsort against the host's qsort() on random arrays. */
#include <stdlib.h>
#include <string.h>
#include <linux/sort.h>

#include "unit.h"

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

struct rec {
	unsigned long long key;
	unsigned int tag;
	char pad[3];
};

static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->tag < y->tag ? -1 : x->tag > y->tag;
}

static unsigned int swaps;

static void swap_rec(void *a, void *b, size_t size)
{
	struct rec t = *(struct rec *)a;

	*(struct rec *)a = *(struct rec *)b;
	*(struct rec *)b = t;
	swaps++;
}

UNIT_TEST(sort, tiny)
{
	int one = 5, two[2] = { 2, 1 };

	sort(NULL, 0, sizeof(int), cmp_int, NULL);
	sort(&one, 1, sizeof(int), cmp_int, NULL);
	EXPECT_EQ(one, 5);
	sort(two, 2, sizeof(int), cmp_int, NULL);
	EXPECT_EQ(two[0], 1);
	EXPECT_EQ(two[1], 2);
}

UNIT_TEST(sort, random_ints_vs_qsort)
{
	unsigned long long rs = unit_seed();
	static int a[2000], b[2000];
	unsigned int round, n, i;

	for (round = 0; round < 300; round++) {
		n = unit_rand(&rs) % 2000;
		for (i = 0; i < n; i++)
			a[i] = b[i] = (int)(unit_rand(&rs) %
					    (round % 2 ? 10 : 1000000)) - 5;
		sort(a, n, sizeof(int), cmp_int, NULL);
		qsort(b, n, sizeof(int), cmp_int);
		if (memcmp(a, b, n * sizeof(int)))
			ASSERT_FAIL("round %u: %u ints differ from qsort", round, n);
	}
}

UNIT_TEST(sort, records_with_custom_swap)
{
	unsigned long long rs = unit_seed() ^ 1;
	static struct rec a[500], b[500];
	unsigned int round, n, i;

	for (round = 0; round < 100; round++) {
		n = unit_rand(&rs) % 500;
		memset(a, 0, sizeof(a));
		for (i = 0; i < n; i++) {
			a[i].key = unit_rand(&rs) % 50;
			a[i].tag = i;
		}
		memcpy(b, a, sizeof(a));
		swaps = 0;
		sort(a, n, sizeof(a[0]), cmp_rec, round % 2 ? swap_rec : NULL);
		qsort(b, n, sizeof(b[0]), cmp_rec);
		if (memcmp(a, b, n * sizeof(a[0])))
			ASSERT_FAIL("round %u: %u records differ", round, n);
		if (round % 2 && n > 1)
			EXPECT_TRUE(swaps > 0);
	}
}

UNIT_TEST(sort, sorted_and_reversed_inputs)
{
	static int a[1024];
	unsigned int i;

	for (i = 0; i < 1024; i++)
		a[i] = i;
	sort(a, 1024, sizeof(int), cmp_int, NULL);
	for (i = 0; i < 1024; i++)
		ASSERT_EQ(a[i], i);
	for (i = 0; i < 1024; i++)
		a[i] = 1023 - i;
	sort(a, 1024, sizeof(int), cmp_int, NULL);
	for (i = 0; i < 1024; i++)
		ASSERT_EQ(a[i], i);
}
