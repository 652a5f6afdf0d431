// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite mm_vmalloc: area placement (alignment, guard pages, the
 * VMALLOC_START..END bounds), find/remove, vmalloc()'s mapping and its
 * unwinding when a page allocation fails, and /proc/vmallocinfo.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <linux/vmalloc.h>
#include <asm/pgtable.h>

static bool va_mapped(const void *va)
{
	enum pg_level level;

	return pt_entry_present(pt_read_entry((unsigned long)va, &level));
}

static int count_one(const struct vm_struct *a, void *arg)
{
	unsigned long *n = arg;

	n[0]++;
	/* sorted and apart: each starts after the previous one's guard */
	if ((unsigned long)a->addr < n[1])
		n[2]++;
	n[1] = (unsigned long)a->addr + a->size;
	return 0;
}

static unsigned long count_areas(unsigned long *misordered)
{
	unsigned long n[3] = { 0, 0, 0 };

	vm_area_for_each(count_one, n);
	if (misordered)
		*misordered = n[2];
	return n[0];
}

static void test_area_basics(struct ktest *t)
{
	unsigned long before = count_areas(NULL), bad;
	struct vm_struct *a, *b;

	a = get_vm_area(3 * PAGE_SIZE + 1, 0, VM_IOREMAP);
	KTEST_ASSERT_TRUE(t, a != NULL);
	b = get_vm_area(PAGE_SIZE, PAGE_SIZE, VM_IOREMAP);
	KTEST_ASSERT_TRUE(t, b != NULL);
	KTEST_EXPECT_TRUE(t, (unsigned long)a->addr >= VMALLOC_START);
	KTEST_EXPECT_TRUE(t, (unsigned long)a->addr + a->size - 1 <= VMALLOC_END);
	KTEST_EXPECT_EQ(t, (unsigned long)a->addr & ~PAGE_MASK, 0);
	KTEST_EXPECT_EQ(t, get_vm_area_size(a), 4 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, a->size, 5 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, a->flags, VM_IOREMAP);
	KTEST_EXPECT_NE(t, a->caller, 0);
	/* a guard page lies between any two areas */
	if (b->addr > a->addr)
		KTEST_EXPECT_TRUE(t, (unsigned long)b->addr >=
				  (unsigned long)a->addr + 5 * PAGE_SIZE);
	else
		KTEST_EXPECT_TRUE(t, (unsigned long)a->addr >=
				  (unsigned long)b->addr + 2 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, count_areas(&bad), before + 2);
	KTEST_EXPECT_EQ(t, bad, 0);
	free_vm_area(a);
	free_vm_area(b);
	KTEST_EXPECT_EQ(t, count_areas(NULL), before);
	KTEST_EXPECT_TRUE(t, get_vm_area(0, 0, VM_IOREMAP) == NULL);
	KTEST_EXPECT_TRUE(t, get_vm_area(PAGE_SIZE, 3 * PAGE_SIZE,
					 VM_IOREMAP) == NULL);
	KTEST_EXPECT_TRUE(t, get_vm_area(VMALLOC_END, 0, VM_IOREMAP) == NULL);
}

static void test_alignment(struct ktest *t)
{
	static const unsigned long aligns[] = {
		PAGE_SIZE, SZ_64K, SZ_1M, SZ_2M, SZ_1G,
	};
	struct vm_struct *small, *a;
	unsigned int i;

	/* an odd-sized area first, so alignment has work to do */
	small = get_vm_area(PAGE_SIZE, 0, VM_IOREMAP);
	KTEST_ASSERT_TRUE(t, small != NULL);
	for (i = 0; i < ARRAY_SIZE(aligns); i++) {
		unsigned long want = min(aligns[i], (unsigned long)SZ_2M);

		a = get_vm_area(SZ_2M, aligns[i], VM_IOREMAP);
		KTEST_ASSERT_TRUE(t, a != NULL);
		KTEST_EXPECT_EQ(t, (unsigned long)a->addr & (want - 1), 0);
		free_vm_area(a);
	}
	free_vm_area(small);
}

static void test_find_remove(struct ktest *t)
{
	struct vm_struct *a = get_vm_area(2 * PAGE_SIZE, 0, VM_IOREMAP);
	char *va;

	KTEST_ASSERT_TRUE(t, a != NULL);
	va = a->addr;
	a->phys_addr = 0xfebd4000;
	KTEST_EXPECT_TRUE(t, find_vm_area(va) == a);
	KTEST_EXPECT_TRUE(t, find_vm_area(va + PAGE_SIZE + 123) == a);
	/* the guard page belongs to no area */
	KTEST_EXPECT_TRUE(t, find_vm_area(va + 2 * PAGE_SIZE) == NULL);
	KTEST_EXPECT_TRUE(t, find_vm_area(va - 1) == NULL ||
			     find_vm_area(va - 1) != a);
	/* removal is by start address only */
	KTEST_EXPECT_TRUE(t, remove_vm_area(va + PAGE_SIZE) == NULL);
	KTEST_EXPECT_TRUE(t, remove_vm_area(va) == a);
	KTEST_EXPECT_TRUE(t, find_vm_area(va) == NULL);
	KTEST_EXPECT_TRUE(t, remove_vm_area(va) == NULL);
	kfree(a);
}

static void test_vmalloc(struct ktest *t)
{
	unsigned long free = nr_free_pages(), used = vmalloc_nr_pages();
	unsigned int i, bad = 0;
	u32 *p = vmalloc(5 * PAGE_SIZE);

	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_TRUE(t, find_vm_area(p)->flags & VM_ALLOC);
	KTEST_EXPECT_EQ(t, find_vm_area(p)->nr_pages, 5);
	KTEST_EXPECT_EQ(t, vmalloc_nr_pages(), used + 5);
	KTEST_EXPECT_TRUE(t, va_mapped(p));
	KTEST_EXPECT_TRUE(t, va_mapped((char *)p + 5 * PAGE_SIZE - 1));
	KTEST_EXPECT_FALSE(t, va_mapped((char *)p + 5 * PAGE_SIZE));
	for (i = 0; i < 5 * PAGE_SIZE / 4; i++)
		p[i] = i * 7;
	for (i = 0; i < 5 * PAGE_SIZE / 4; i++)
		bad += p[i] != i * 7;
	KTEST_EXPECT_EQ(t, bad, 0);
	vfree(p);
	KTEST_EXPECT_FALSE(t, va_mapped(p));
	KTEST_EXPECT_TRUE(t, find_vm_area(p) == NULL);
	KTEST_EXPECT_EQ(t, vmalloc_nr_pages(), used);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);

	p = vzalloc(PAGE_SIZE + 1);
	KTEST_ASSERT_TRUE(t, p != NULL);
	for (i = 0; i < 2 * PAGE_SIZE / 4; i++)
		bad += p[i] != 0;
	KTEST_EXPECT_EQ(t, bad, 0);
	vfree(p);
	vfree(NULL);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
}

/* fill @n bytes of @p and read them back; then whether it was zeroed */
static bool kv_usable(u8 *p, size_t n, bool *was_zero)
{
	size_t i;

	*was_zero = true;
	for (i = 0; i < n; i++) {
		*was_zero &= !p[i];
		p[i] = (u8)(i * 13);
	}
	for (i = 0; i < n; i++)
		if (p[i] != (u8)(i * 13))
			return false;
	return true;
}

/* kmalloc() while the block exists: no page table changes, no vmalloc */
static void test_kvmalloc(struct ktest *t)
{
	unsigned long free = nr_free_pages(), used = vmalloc_nr_pages();
	size_t big = KMALLOC_MAX_SIZE + PAGE_SIZE;
	bool zero;
	u8 *p;

	p = kvzalloc(64 << 10, GFP_KERNEL);
	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_FALSE(t, is_vmalloc_addr(p));
	KTEST_EXPECT_EQ(t, vmalloc_nr_pages(), used);
	KTEST_EXPECT_TRUE(t, kv_usable(p, 64 << 10, &zero));
	KTEST_EXPECT_TRUE(t, zero);
	kvfree(p);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);

	/*
	 * More than one buddy block can hold: vmalloc().  Its page tables
	 * stay once made, as Linux's do: a first round makes them.
	 */
	kvfree(kvmalloc(big, GFP_KERNEL));
	free = nr_free_pages();
	p = kvzalloc(big, GFP_KERNEL);
	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_TRUE(t, is_vmalloc_addr(p));
	KTEST_EXPECT_EQ(t, vmalloc_nr_pages(), used + big / PAGE_SIZE);
	KTEST_EXPECT_TRUE(t, kv_usable(p, big, &zero));
	KTEST_EXPECT_TRUE(t, zero);
	kvfree(p);
	kvfree(NULL);
	KTEST_EXPECT_EQ(t, vmalloc_nr_pages(), used);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
}

/* a page allocation failing halfway must leave nothing behind */
static void test_vmalloc_failure(struct ktest *t)
{
	unsigned long free = nr_free_pages(), areas = count_areas(NULL);
	void *p;

	/* the area and its page array come from kmalloc first */
	fail_page_alloc_after(3);
	p = vmalloc(8 * PAGE_SIZE);
	fail_page_alloc_after(-1);
	KTEST_EXPECT_TRUE(t, p == NULL);
	KTEST_EXPECT_EQ(t, count_areas(NULL), areas);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
}

/*
 * The text after "0xSTART-0xEND    SIZE " on @a's line of @buf, up to the
 * newline, in @rest; false when @buf has no line for @a.
 */
static bool vmallocinfo_rest(const char *buf, const struct vm_struct *a,
			     char *rest, size_t size)
{
	char head[64];
	const char *p, *nl;

	snprintf(head, sizeof(head), "0x%px-0x%px %7ld ", a->addr,
		 (void *)((unsigned long)a->addr + a->size), (long)a->size);
	for (p = strstr(buf, head); p && p != buf && p[-1] != '\n';)
		p = strstr(p + 1, head);
	if (!p)
		return false;
	p += strlen(head);
	nl = strchr(p, '\n');
	if (!nl || (size_t)(nl - p) >= size)
		return false;
	memcpy(rest, p, nl - p);
	rest[nl - p] = '\0';
	return true;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && !strcmp(s + n - m, tail);
}

static void test_vmallocinfo(struct ktest *t)
{
	static char buf[4096];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };
	struct vm_struct *a = get_vm_area(PAGE_SIZE, 0, VM_IOREMAP);
	void *v = vmalloc(PAGE_SIZE);
	char rest[128];

	KTEST_ASSERT_TRUE(t, a && v);
	a->phys_addr = 0x123456000;	/* no boot-time area has this one */
	vmallocinfo_show(&m, NULL);
	buf[min(m.count, sizeof(buf) - 1)] = '\0';
	KTEST_EXPECT_FALSE(t, m.overflow);
	KTEST_EXPECT_TRUE(t, strstr(buf, "0xffffc9") == buf);
	/* each area's own line: its range, size, caller and kind */
	KTEST_EXPECT_TRUE(t, vmallocinfo_rest(buf, a, rest, sizeof(rest)) &&
			  !strncmp(rest, "test_vmallocinfo+0x", 19) &&
			  ends_with(rest, " ioremap phys=0x123456000"));
	KTEST_EXPECT_TRUE(t, vmallocinfo_rest(buf, find_vm_area(v), rest,
					      sizeof(rest)) &&
			  !strncmp(rest, "test_vmallocinfo+0x", 19) &&
			  ends_with(rest, " vmalloc pages=1"));
	free_vm_area(a);
	vfree(v);
}

static struct ktest_case mm_vmalloc_cases[] = {
	KTEST_CASE(test_area_basics),
	KTEST_CASE(test_alignment),
	KTEST_CASE(test_find_remove),
	KTEST_CASE(test_vmalloc),
	KTEST_CASE(test_vmalloc_failure),
	KTEST_CASE(test_kvmalloc),
	KTEST_CASE(test_vmallocinfo),
	{}
};
KTEST_SUITE(mm_vmalloc, mm_vmalloc_cases);
