// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite mm_slab: every kmalloc class, alignment, roundup, zeroing,
 * large allocations, and that freeing everything gives every page back.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

static const unsigned int slab_test_sizes[KMALLOC_NR_CLASSES] = {
	8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096
};

static unsigned long class_objects(unsigned int idx)
{
	struct kmalloc_class_stats st;

	return kmalloc_class_stats(idx, &st) ? ~0UL : st.objects;
}

static void test_every_class(struct ktest *t)
{
	unsigned long free = nr_free_pages();
	unsigned int i;

	for (i = 0; i < KMALLOC_NR_CLASSES; i++) {
		unsigned int size = slab_test_sizes[i];
		unsigned long before = class_objects(i);
		struct kmalloc_class_stats st;
		void *p = kmalloc(size, GFP_KERNEL);

		KTEST_ASSERT_TRUE(t, p != NULL);
		KTEST_EXPECT_EQ(t, kmalloc_class_stats(i, &st), 0);
		KTEST_EXPECT_EQ(t, st.size, size);
		KTEST_EXPECT_EQ(t, st.objects, before + 1);
		KTEST_EXPECT_EQ(t, ksize(p), size);
		/* power-of-two classes are aligned to their size */
		if (is_power_of_2(size))
			KTEST_EXPECT_EQ(t, (unsigned long)p & (size - 1), 0);
		else
			KTEST_EXPECT_EQ(t, (unsigned long)p & 31, 0);
		memset(p, 0x5a, size);
		kfree(p);
		KTEST_EXPECT_EQ(t, class_objects(i), before);
	}
	KTEST_EXPECT_EQ(t, kmalloc_class_stats(KMALLOC_NR_CLASSES, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
}

static void test_roundup(struct ktest *t)
{
	static const struct {
		size_t in, out;
	} cases[] = {
		{ 0, 0 }, { 1, 8 }, { 8, 8 }, { 9, 16 }, { 33, 64 },
		{ 65, 96 }, { 96, 96 }, { 97, 128 }, { 129, 192 },
		{ 193, 256 }, { 257, 512 }, { 2049, 4096 }, { 4096, 4096 },
		{ 4097, 8192 }, { 12288, 16384 }, { 4UL << 20, 4UL << 20 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KTEST_EXPECT_EQ(t, kmalloc_size_roundup(cases[i].in),
				cases[i].out);
}

/* objects of one class never overlap, across several slabs */
static void test_many_objects(struct ktest *t)
{
	static u32 *obj[300];
	unsigned long free = nr_free_pages(), slabs = slab_pages();
	unsigned int i, bad = 0;

	for (i = 0; i < ARRAY_SIZE(obj); i++) {
		obj[i] = kmalloc(32, GFP_KERNEL);
		KTEST_ASSERT_TRUE(t, obj[i] != NULL);
		memset(obj[i], 0, 32);
		obj[i][0] = i;
		obj[i][7] = ~i;
	}
	/* 300 objects of 32 bytes need at least three pages */
	KTEST_EXPECT_TRUE(t, slab_pages() >= slabs + 2);
	for (i = 0; i < ARRAY_SIZE(obj); i++)
		bad += obj[i][0] != i || obj[i][7] != ~i;
	KTEST_EXPECT_EQ(t, bad, 0);
	for (i = 0; i < ARRAY_SIZE(obj); i += 2)
		kfree(obj[i]);
	for (i = 1; i < ARRAY_SIZE(obj); i += 2)
		kfree(obj[i]);
	KTEST_EXPECT_EQ(t, slab_pages(), slabs);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
}

static void test_zeroed(struct ktest *t)
{
	unsigned int i, bad = 0;
	u8 *p = kmalloc(192, GFP_KERNEL);

	KTEST_ASSERT_TRUE(t, p != NULL);
	memset(p, 0xff, 192);
	kfree(p);
	/* the slab free list is LIFO: the dirty object comes back */
	p = kzalloc(192, GFP_KERNEL);
	KTEST_ASSERT_TRUE(t, p != NULL);
	for (i = 0; i < 192; i++)
		bad += p[i] != 0;
	KTEST_EXPECT_EQ(t, bad, 0);
	kfree(p);

	p = kcalloc(10, 10, GFP_KERNEL);
	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_EQ(t, ksize(p), 128);
	kfree(p);
	KTEST_EXPECT_TRUE(t, kcalloc(~(size_t)0 / 2, 4, GFP_KERNEL) == NULL);
}

static void test_large(struct ktest *t)
{
	unsigned long free = nr_free_pages();
	void *p = kmalloc(10000, GFP_KERNEL);

	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_EQ(t, (unsigned long)p & ~PAGE_MASK, 0);
	KTEST_EXPECT_EQ(t, ksize(p), 16384);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free - 4);
	memset(p, 1, 10000);
	kfree(p);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
	KTEST_EXPECT_TRUE(t, kmalloc(KMALLOC_MAX_SIZE + 1, GFP_KERNEL) == NULL);
}

static void test_zero_size(struct ktest *t)
{
	void *p = kmalloc(0, GFP_KERNEL);

	KTEST_EXPECT_TRUE(t, p == ZERO_SIZE_PTR);
	KTEST_EXPECT_EQ(t, ksize(p), 0);
	kfree(p);
	kfree(NULL);
}

static void test_page_failure(struct ktest *t)
{
	void *p;

	/* a fresh slab needs a page: when there is none, kmalloc says so */
	fail_page_alloc_after(0);
	p = kmalloc(16384, GFP_KERNEL);
	fail_page_alloc_after(-1);
	KTEST_EXPECT_TRUE(t, p == NULL);
}

static void test_failslab(struct ktest *t)
{
	unsigned long injected = fail_slab_injected();
	void *a, *b, *c;

	/* one more success, then failures, small and large alike */
	fail_slab_alloc_after(1);
	a = kmalloc(32, GFP_KERNEL);
	b = kmalloc(32, GFP_KERNEL);
	c = kmalloc(16384, GFP_KERNEL);
	fail_slab_alloc_after(-1);
	KTEST_EXPECT_TRUE(t, a != NULL);
	KTEST_EXPECT_TRUE(t, b == NULL);
	KTEST_EXPECT_TRUE(t, c == NULL);
	KTEST_EXPECT_EQ(t, fail_slab_injected(), injected + 2);
	b = kmalloc(32, GFP_KERNEL);
	KTEST_EXPECT_TRUE(t, b != NULL);
	KTEST_EXPECT_EQ(t, fail_slab_injected(), injected + 2);
	kfree(a);
	kfree(b);
}

static struct ktest_case mm_slab_cases[] = {
	KTEST_CASE(test_every_class),
	KTEST_CASE(test_roundup),
	KTEST_CASE(test_many_objects),
	KTEST_CASE(test_zeroed),
	KTEST_CASE(test_large),
	KTEST_CASE(test_zero_size),
	KTEST_CASE(test_page_failure),
	KTEST_CASE(test_failslab),
	{}
};
KTEST_SUITE(mm_slab, mm_slab_cases);
