// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite mm_user: user address spaces, driven from the boot context
 * through the kernel's own user-copy routines with the space loaded on
 * this CPU (switch_mm_irqs_off()), so every access below is a real #PF
 * resolved by arch/x86/mm/fault.c, or refused with -EFAULT:
 *
 *  - demand faults, the shared zero page, NX and _PAGE_USER on entries;
 *  - mprotect(), munmap() splitting, mremap(), brk(), MADV_DONTNEED,
 *    stack growth and its limits, the ELF-loading helper;
 *  - fork's copy-on-write, in both directions, and shared memory;
 *  - every page and table back (free page count) after mmput(), and
 *    after injected allocation failures in dup_mm() and in faults;
 *  - invalidations of a space reach only the CPUs in its cpu_mask.
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/pgtable.h>
#include <asm/pgtable_user.h>
#include <asm/uaccess.h>

#define RW	(PROT_READ | PROT_WRITE)
#define ANON	(MAP_PRIVATE | MAP_ANONYMOUS)

struct user_ctx {
	struct mm_struct *mm;
	struct mm_struct *saved_mm, *saved_active;
	unsigned long free_before;
};

static struct mm_struct *loaded(void)
{
	return current->active_mm ?: &init_mm;
}

/* run this CPU on @mm, as the current task's space */
static void load_mm(struct mm_struct *mm)
{
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(loaded(), mm);
	current->active_mm = mm;
	current->mm = mm == &init_mm ? NULL : mm;
	local_irq_restore(flags);
}

static bool ctx_begin(struct ktest *t, struct user_ctx *c)
{
	c->saved_mm = current->mm;
	c->saved_active = current->active_mm;
	c->free_before = nr_free_pages();
	c->mm = mm_alloc();
	if (!c->mm) {
		ktest_fail(t, __FILE__, __LINE__, "mm_alloc() failed");
		return false;
	}
	load_mm(c->mm);
	return true;
}

/* back to the kernel's space; the mm freed; every page back */
static void ctx_end(struct ktest *t, struct user_ctx *c)
{
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(loaded(), &init_mm);
	current->mm = c->saved_mm;
	current->active_mm = c->saved_active;
	local_irq_restore(flags);
	mmput(c->mm);
	KTEST_EXPECT_EQ(t, nr_free_pages(), c->free_before);
}

static unsigned long map(struct mm_struct *mm, unsigned long addr,
			 unsigned long len, unsigned long prot,
			 unsigned long flags)
{
	return do_mmap(mm, NULL, addr, len, prot, flags, 0);
}

static pteval_t pte_of(struct mm_struct *mm, unsigned long va)
{
	pteval_t *e = user_pte_lookup(mm, va);

	return e ? *e : 0;
}

static int put_u64(unsigned long va, u64 v)
{
	return put_user(v, (u64 __user *)va);
}

static u64 get_u64(unsigned long va, int *err)
{
	u64 v;

	*err = get_user(v, (u64 __user *)va);
	return v;
}

static void test_new_mm(struct ktest *t)
{
	struct user_ctx c;
	unsigned int i;

	if (!ctx_begin(t, &c))
		return;
	for (i = 0; i < USER_PGD_PTRS; i++)
		KTEST_EXPECT_EQ(t, c.mm->pgd[i], 0);
	for (i = USER_PGD_PTRS; i < PTRS_PER_TABLE; i++)
		KTEST_EXPECT_EQ(t, c.mm->pgd[i], init_pgd[i]);
	/* this CPU runs it: the bit is set, and CR3 holds its pgd */
	KTEST_EXPECT_TRUE(t, c.mm->cpu_mask & (1ULL << smp_processor_id()));
	KTEST_EXPECT_EQ(t, read_cr3() & PTE_PFN_MASK, c.mm->pgd_phys);
	KTEST_EXPECT_EQ(t, c.mm->stack_limit, 8UL << 20);
	ctx_end(t, &c);
	KTEST_EXPECT_EQ(t, read_cr3() & PTE_PFN_MASK, init_pgd_phys);
}

/*
 * Kernel mappings made while user spaces exist change lower tables only
 * (the vmalloc area's are not freed on vfree(), so no page count here).
 */
static void test_kernel_half_shared(struct ktest *t)
{
	struct mm_struct *mm = mm_alloc();
	unsigned int i;
	void *big;

	KTEST_ASSERT_TRUE(t, mm);
	big = vmalloc(16UL << 20);
	KTEST_EXPECT_TRUE(t, big);
	if (big)
		memset(big, 1, 16UL << 20);
	for (i = USER_PGD_PTRS; i < PTRS_PER_TABLE; i++)
		KTEST_EXPECT_EQ(t, mm->pgd[i], init_pgd[i]);
	vfree(big);
	mmput(mm);
}

static void test_demand_fault(struct ktest *t)
{
	char in[64], out[64];
	struct user_ctx c;
	unsigned long a;
	pteval_t v;

	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0, 4 * PAGE_SIZE, RW, ANON);
	KTEST_ASSERT_TRUE(t, !IS_ERR_VALUE(a));
	KTEST_EXPECT_EQ(t, offset_in_page(a), 0);
	KTEST_EXPECT_TRUE(t, a + 4 * PAGE_SIZE <= c.mm->mmap_base);
	KTEST_EXPECT_EQ(t, c.mm->rss, 0);
	memset(in, 0x5a, sizeof(in));
	/* across a page boundary: two faults in one copy */
	KTEST_EXPECT_EQ(t, copy_to_user((void __user *)(a + PAGE_SIZE - 32),
					in, sizeof(in)), 0);
	KTEST_EXPECT_EQ(t, copy_from_user(out,
					  (void __user *)(a + PAGE_SIZE - 32),
					  sizeof(out)), 0);
	KTEST_EXPECT_EQ(t, memcmp(in, out, sizeof(in)), 0);
	KTEST_EXPECT_EQ(t, c.mm->rss, 2);
	v = pte_of(c.mm, a);
	KTEST_EXPECT_TRUE(t, v & _PAGE_PRESENT);
	KTEST_EXPECT_TRUE(t, v & _PAGE_USER);
	KTEST_EXPECT_TRUE(t, v & _PAGE_RW);
	KTEST_EXPECT_EQ(t, v & _PAGE_NX, __supported_pte_mask & _PAGE_NX);
	KTEST_EXPECT_EQ(t, v & (_PAGE_PWT | _PAGE_PCD | _PAGE_PAT), 0);
	/* untouched pages stay unmapped */
	KTEST_EXPECT_EQ(t, pte_of(c.mm, a + 3 * PAGE_SIZE), 0);
	/* a real bad address still fails */
	KTEST_EXPECT_NE(t, copy_to_user((void __user *)(a + 4 * PAGE_SIZE),
					in, 1), 0);
	ctx_end(t, &c);
}

static void test_zero_page(struct ktest *t)
{
	struct user_ctx c;
	unsigned long a;
	pteval_t v0, v1;
	int err;

	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0, 2 * PAGE_SIZE, RW, ANON);
	KTEST_ASSERT_TRUE(t, !IS_ERR_VALUE(a));
	KTEST_EXPECT_EQ(t, get_u64(a, &err), 0);
	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE + 8, &err), 0);
	v0 = pte_of(c.mm, a);
	v1 = pte_of(c.mm, a + PAGE_SIZE);
	KTEST_EXPECT_TRUE(t, v0 & _PAGE_PRESENT);
	KTEST_EXPECT_EQ(t, v0 & PTE_PFN_MASK, v1 & PTE_PFN_MASK);
	KTEST_EXPECT_FALSE(t, v0 & _PAGE_RW);
	KTEST_EXPECT_EQ(t, c.mm->rss, 0);
	/* the first write gets a page of its own; the other stays shared */
	KTEST_EXPECT_EQ(t, put_u64(a, 42), 0);
	KTEST_EXPECT_NE(t, pte_of(c.mm, a) & PTE_PFN_MASK, v1 & PTE_PFN_MASK);
	KTEST_EXPECT_TRUE(t, pte_of(c.mm, a) & _PAGE_RW);
	KTEST_EXPECT_EQ(t, get_u64(a, &err), 42);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE, &err), 0);
	KTEST_EXPECT_EQ(t, c.mm->rss, 1);
	ctx_end(t, &c);
}

static void test_mprotect(struct ktest *t)
{
	struct user_ctx c;
	unsigned long a;
	int err;

	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0, 3 * PAGE_SIZE, RW, ANON);
	KTEST_ASSERT_TRUE(t, !IS_ERR_VALUE(a));
	KTEST_EXPECT_EQ(t, put_u64(a + PAGE_SIZE, 7), 0);
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a + PAGE_SIZE, PAGE_SIZE,
				       PROT_READ), 0);
	KTEST_EXPECT_EQ(t, c.mm->map_count, 3);
	KTEST_EXPECT_EQ(t, put_u64(a + PAGE_SIZE, 8), -EFAULT);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE, &err), 7);
	KTEST_EXPECT_EQ(t, put_u64(a, 9), 0);	/* its neighbour is not */
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a + PAGE_SIZE, PAGE_SIZE,
				       PROT_NONE), 0);
	get_u64(a + PAGE_SIZE, &err);
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a + PAGE_SIZE, PAGE_SIZE, RW),
			0);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE, &err), 7);
	KTEST_EXPECT_EQ(t, put_u64(a + PAGE_SIZE, 10), 0);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE, &err), 10);
	/* errors change nothing */
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a + 1, PAGE_SIZE, PROT_READ),
			-EINVAL);
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a, 4 * PAGE_SIZE, PROT_READ),
			-ENOMEM);
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a, PAGE_SIZE, 0x40), -EINVAL);
	KTEST_EXPECT_EQ(t, put_u64(a, 11), 0);
	ctx_end(t, &c);
}

static void test_munmap_split(struct ktest *t)
{
	struct user_ctx c;
	struct vm_area_struct *lo, *hi;
	unsigned long a, free;
	int err;

	if (!ctx_begin(t, &c))
		return;
	/* far away, untouched: keeps the VMA slab in use for the counts */
	KTEST_EXPECT_EQ(t, map(c.mm, 0x10000000UL, PAGE_SIZE, RW,
			       ANON | MAP_FIXED), 0x10000000UL);
	a = map(c.mm, 0, 3 * PAGE_SIZE, RW, ANON);
	KTEST_ASSERT_TRUE(t, !IS_ERR_VALUE(a));
	KTEST_EXPECT_EQ(t, put_u64(a, 1), 0);
	KTEST_EXPECT_EQ(t, put_u64(a + PAGE_SIZE, 2), 0);
	KTEST_EXPECT_EQ(t, put_u64(a + 2 * PAGE_SIZE, 3), 0);
	free = nr_free_pages();
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, a + PAGE_SIZE, PAGE_SIZE), 0);
	/* the middle page came back; the tables serve the neighbours */
	KTEST_EXPECT_EQ(t, nr_free_pages(), free + 1);
	KTEST_EXPECT_EQ(t, c.mm->map_count, 3);
	KTEST_EXPECT_EQ(t, c.mm->rss, 2);
	KTEST_EXPECT_EQ(t, c.mm->total_vm, 3);
	lo = find_vma(c.mm, a);
	hi = find_vma(c.mm, a + PAGE_SIZE);
	KTEST_ASSERT_TRUE(t, lo && hi && lo != hi);
	KTEST_EXPECT_EQ(t, lo->vm_start, a);
	KTEST_EXPECT_EQ(t, lo->vm_end, a + PAGE_SIZE);
	KTEST_EXPECT_EQ(t, hi->vm_start, a + 2 * PAGE_SIZE);
	get_u64(a + PAGE_SIZE, &err);
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, get_u64(a, &err), 1);
	KTEST_EXPECT_EQ(t, get_u64(a + 2 * PAGE_SIZE, &err), 3);
	/* the rest: its pages and its three tables come back */
	free = nr_free_pages();
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, a, 3 * PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free + 2 + 3);
	KTEST_EXPECT_EQ(t, c.mm->pgtables, 0);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, a + 1, PAGE_SIZE), -EINVAL);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, a, 0), -EINVAL);
	ctx_end(t, &c);
}

static void test_mmap_args(struct ktest *t)
{
	struct user_ctx c;
	unsigned long a, b;

	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0x10000000, 2 * PAGE_SIZE, RW, ANON);
	KTEST_EXPECT_EQ(t, a, 0x10000000);	/* a free hint is taken */
	b = map(c.mm, 0x10000000, PAGE_SIZE, RW, ANON);
	KTEST_EXPECT_NE(t, b, 0x10000000);	/* a taken one is not */
	KTEST_EXPECT_FALSE(t, IS_ERR_VALUE(b));
	KTEST_EXPECT_EQ(t, map(c.mm, a, PAGE_SIZE, RW,
			       ANON | MAP_FIXED_NOREPLACE), -EEXIST);
	KTEST_EXPECT_EQ(t, map(c.mm, a + 1, PAGE_SIZE, RW, ANON | MAP_FIXED),
			-EINVAL);
	KTEST_EXPECT_EQ(t, map(c.mm, 0, 0, RW, ANON), -EINVAL);
	KTEST_EXPECT_EQ(t, map(c.mm, 0, PAGE_SIZE, RW, MAP_ANONYMOUS),
			-EINVAL);
	KTEST_EXPECT_EQ(t, map(c.mm, 0x1000, PAGE_SIZE, RW, ANON | MAP_FIXED),
			-EPERM);
	KTEST_EXPECT_EQ(t, map(c.mm, 0, 1UL << 50, RW, ANON), -ENOMEM);
	KTEST_EXPECT_EQ(t, map(c.mm, 0, PAGE_SIZE, RW,
			       MAP_SHARED_VALIDATE | MAP_ANONYMOUS | 0x40000000),
			-EOPNOTSUPP);
	/* MAP_FIXED replaces: the old data is gone */
	KTEST_EXPECT_EQ(t, put_u64(a, 5), 0);
	KTEST_EXPECT_EQ(t, map(c.mm, a, PAGE_SIZE, RW, ANON | MAP_FIXED), a);
	{
		int err;

		KTEST_EXPECT_EQ(t, get_u64(a, &err), 0);
	}
	/* MAP_POPULATE maps every page now */
	b = map(c.mm, 0, 3 * PAGE_SIZE, RW, ANON | MAP_POPULATE);
	KTEST_EXPECT_TRUE(t, pte_of(c.mm, b + 2 * PAGE_SIZE) & _PAGE_RW);
	ctx_end(t, &c);
}

static void test_fork_cow(struct ktest *t)
{
	struct mm_struct *child;
	struct user_ctx c;
	unsigned long p, s, z, q;
	pteval_t before;
	int err;

	if (!ctx_begin(t, &c))
		return;
	p = map(c.mm, 0, PAGE_SIZE, RW, ANON);
	s = map(c.mm, 0, PAGE_SIZE, RW, MAP_SHARED | MAP_ANONYMOUS);
	z = map(c.mm, 0, PAGE_SIZE, RW, ANON);
	q = map(c.mm, 0, PAGE_SIZE, RW, ANON);
	KTEST_ASSERT_TRUE(t, !IS_ERR_VALUE(p) && !IS_ERR_VALUE(s) &&
			     !IS_ERR_VALUE(z) && !IS_ERR_VALUE(q));
	KTEST_EXPECT_EQ(t, put_u64(q, 500), 0);
	KTEST_EXPECT_EQ(t, put_u64(p, 100), 0);
	KTEST_EXPECT_EQ(t, put_u64(s, 200), 0);
	KTEST_EXPECT_EQ(t, get_u64(z, &err), 0);	/* the zero page */
	before = pte_of(c.mm, p);
	child = dup_mm(c.mm);
	KTEST_ASSERT_TRUE(t, child);
	/* both map the private page read-only, with a reference each */
	KTEST_EXPECT_FALSE(t, pte_of(c.mm, p) & _PAGE_RW);
	KTEST_EXPECT_EQ(t, pte_of(child, p) & PTE_PFN_MASK,
			before & PTE_PFN_MASK);
	KTEST_EXPECT_EQ(t, page_count(pfn_to_page(PHYS_PFN(before &
							   PTE_PFN_MASK))), 2);
	KTEST_EXPECT_EQ(t, child->rss, 3);
	KTEST_EXPECT_EQ(t, child->map_count, c.mm->map_count);

	/* the parent writes first: the child must still see the old data */
	KTEST_EXPECT_EQ(t, put_u64(q, 501), 0);
	load_mm(child);
	KTEST_EXPECT_EQ(t, get_u64(q, &err), 500);
	KTEST_EXPECT_EQ(t, get_u64(p, &err), 100);
	KTEST_EXPECT_EQ(t, put_u64(p, 101), 0);		/* copies */
	KTEST_EXPECT_EQ(t, put_u64(s, 201), 0);		/* shared */
	KTEST_EXPECT_EQ(t, put_u64(z, 301), 0);
	KTEST_EXPECT_NE(t, pte_of(child, p) & PTE_PFN_MASK,
			before & PTE_PFN_MASK);
	load_mm(c.mm);
	KTEST_EXPECT_EQ(t, get_u64(p, &err), 100);
	KTEST_EXPECT_EQ(t, get_u64(s, &err), 201);
	KTEST_EXPECT_EQ(t, get_u64(z, &err), 0);
	/* the parent holds the last reference now: it writes in place */
	KTEST_EXPECT_EQ(t, put_u64(p, 102), 0);
	KTEST_EXPECT_EQ(t, pte_of(c.mm, p) & PTE_PFN_MASK,
			before & PTE_PFN_MASK);
	KTEST_EXPECT_EQ(t, put_u64(s, 202), 0);
	load_mm(child);
	KTEST_EXPECT_EQ(t, get_u64(p, &err), 101);
	KTEST_EXPECT_EQ(t, get_u64(q, &err), 500);
	KTEST_EXPECT_EQ(t, get_u64(s, &err), 202);
	KTEST_EXPECT_EQ(t, get_u64(z, &err), 301);
	load_mm(c.mm);
	mmput(child);
	KTEST_EXPECT_EQ(t, get_u64(s, &err), 202);
	ctx_end(t, &c);
}

static void test_dup_mm_enomem(struct ktest *t)
{
	struct mm_struct *child = NULL;
	unsigned long a, free, i;
	struct user_ctx c;
	pteval_t before;
	int err;

	if (!ctx_begin(t, &c))
		return;
	/* pages in two distant places: several tables to copy */
	a = map(c.mm, 0, PAGE_SIZE, RW, ANON);
	KTEST_EXPECT_EQ(t, put_u64(a, 1), 0);
	KTEST_EXPECT_EQ(t, map(c.mm, 0x200000000UL, PAGE_SIZE, RW,
			       ANON | MAP_FIXED), 0x200000000UL);
	KTEST_EXPECT_EQ(t, put_u64(0x200000000UL, 2), 0);
	before = pte_of(c.mm, a);
	for (i = 0; i < 64 && !child; i++) {
		free = nr_free_pages();
		fail_page_alloc_after(i);
		child = dup_mm(c.mm);
		fail_page_alloc_after(-1);
		if (child)
			break;
		/* nothing taken, the parent's entries untouched */
		KTEST_EXPECT_EQ(t, nr_free_pages(), free);
		KTEST_EXPECT_EQ(t, pte_of(c.mm, a), before);
	}
	KTEST_ASSERT_TRUE(t, child);
	KTEST_EXPECT_TRUE(t, i > 4);	/* the pgd and tables failed first */
	load_mm(child);
	KTEST_EXPECT_EQ(t, get_u64(0x200000000UL, &err), 2);
	load_mm(c.mm);
	mmput(child);
	ctx_end(t, &c);
}

static void test_fault_enomem(struct ktest *t)
{
	unsigned long a, free, injected;
	struct user_ctx c;
	unsigned int i;
	int err = -EFAULT;

	if (!ctx_begin(t, &c))
		return;
	/* 2 GiB up: the fault needs a page and three tables */
	a = map(c.mm, 0x80000000UL, PAGE_SIZE, RW, ANON | MAP_FIXED);
	KTEST_ASSERT_TRUE(t, a == 0x80000000UL);
	for (i = 0; i < 8 && err; i++) {
		free = nr_free_pages();
		injected = fail_page_alloc_injected();
		fail_page_alloc_after(i);
		err = put_u64(a, 77);
		fail_page_alloc_after(-1);
		if (!err)
			break;
		KTEST_EXPECT_EQ(t, err, -EFAULT);
		KTEST_EXPECT_TRUE(t, fail_page_alloc_injected() > injected);
		KTEST_EXPECT_EQ(t, nr_free_pages(), free);
		KTEST_EXPECT_EQ(t, c.mm->rss, 0);
	}
	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_EQ(t, get_u64(a, &err), 77);
	ctx_end(t, &c);
}

static void test_mremap(struct ktest *t)
{
	unsigned long a, b, blocker;
	struct user_ctx c;
	int err;

	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0x20000000UL, 2 * PAGE_SIZE, RW, ANON | MAP_FIXED);
	KTEST_ASSERT_TRUE(t, a == 0x20000000UL);
	KTEST_EXPECT_EQ(t, put_u64(a, 1), 0);
	KTEST_EXPECT_EQ(t, put_u64(a + PAGE_SIZE, 2), 0);
	/* shrink */
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, a, 2 * PAGE_SIZE, PAGE_SIZE, 0, 0),
			a);
	get_u64(a + PAGE_SIZE, &err);
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	/* grow in place */
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, a, PAGE_SIZE, 3 * PAGE_SIZE, 0, 0),
			a);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE, &err), 0);
	KTEST_EXPECT_EQ(t, err, 0);
	/* blocked above: no move allowed, then moved with the data */
	blocker = map(c.mm, a + 3 * PAGE_SIZE, PAGE_SIZE, PROT_READ,
		      ANON | MAP_FIXED);
	KTEST_EXPECT_EQ(t, blocker, a + 3 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, a, 3 * PAGE_SIZE, 4 * PAGE_SIZE,
				     0, 0), -ENOMEM);
	b = do_mremap(c.mm, a, 3 * PAGE_SIZE, 4 * PAGE_SIZE, MREMAP_MAYMOVE,
		      0);
	KTEST_ASSERT_TRUE(t, !IS_ERR_VALUE(b) && b != a);
	KTEST_EXPECT_EQ(t, get_u64(b, &err), 1);
	KTEST_EXPECT_EQ(t, put_u64(b + 3 * PAGE_SIZE, 4), 0);
	get_u64(a, &err);
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, c.mm->rss, 2);
	/* errors */
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, b + 1, PAGE_SIZE, PAGE_SIZE, 0, 0),
			-EINVAL);
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, a, PAGE_SIZE, 2 * PAGE_SIZE, 0, 0),
			-EFAULT);
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, b, PAGE_SIZE, 2 * PAGE_SIZE,
				     MREMAP_FIXED, 0x30000000UL), -EINVAL);
	ctx_end(t, &c);
}

static void test_brk(struct ktest *t)
{
	unsigned long base = 0x40000000UL;
	struct user_ctx c;
	int err;

	if (!ctx_begin(t, &c))
		return;
	c.mm->start_brk = c.mm->brk = base;
	KTEST_EXPECT_EQ(t, do_brk(c.mm, 0), base);
	KTEST_EXPECT_EQ(t, do_brk(c.mm, base + 10000), base + 10000);
	KTEST_EXPECT_EQ(t, put_u64(base + 9000, 3), 0);
	KTEST_EXPECT_EQ(t, put_u64(base + 3 * PAGE_SIZE, 3), -EFAULT);
	/* the heap is never executable */
	KTEST_EXPECT_EQ(t, pte_of(c.mm, base + 8192) & _PAGE_NX,
			__supported_pte_mask & _PAGE_NX);
	KTEST_EXPECT_EQ(t, do_brk(c.mm, base - 1), base + 10000);
	/* a mapping in the way refuses the move */
	KTEST_EXPECT_EQ(t, map(c.mm, base + 8 * PAGE_SIZE, PAGE_SIZE, RW,
			       ANON | MAP_FIXED), base + 8 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, do_brk(c.mm, base + 9 * PAGE_SIZE), base + 10000);
	KTEST_EXPECT_EQ(t, do_brk(c.mm, base + PAGE_SIZE), base + PAGE_SIZE);
	get_u64(base + 9000, &err);
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	ctx_end(t, &c);
}

static void test_madvise(struct ktest *t)
{
	struct user_ctx c;
	unsigned long a, s;
	int err;

	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0, 2 * PAGE_SIZE, RW, ANON);
	s = map(c.mm, 0, PAGE_SIZE, RW, MAP_SHARED | MAP_ANONYMOUS);
	KTEST_EXPECT_EQ(t, put_u64(a, 9), 0);
	KTEST_EXPECT_EQ(t, put_u64(a + PAGE_SIZE, 9), 0);
	KTEST_EXPECT_EQ(t, put_u64(s, 8), 0);
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, a, PAGE_SIZE, MADV_DONTNEED), 0);
	KTEST_EXPECT_EQ(t, pte_of(c.mm, a), 0);
	KTEST_EXPECT_EQ(t, get_u64(a, &err), 0);
	KTEST_EXPECT_EQ(t, get_u64(a + PAGE_SIZE, &err), 9);
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, s, PAGE_SIZE, MADV_DONTNEED), 0);
	KTEST_EXPECT_EQ(t, get_u64(s, &err), 8);	/* shared: refaults */
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, a, PAGE_SIZE, 1234), -EINVAL);
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, a + 5, PAGE_SIZE, MADV_DONTNEED),
			-EINVAL);
	ctx_end(t, &c);
}

static void test_stack_growth(struct ktest *t)
{
	unsigned long top = 0x7f0000000000UL, below;
	struct vm_area_struct *vma;
	struct user_ctx c;

	if (!ctx_begin(t, &c))
		return;
	KTEST_EXPECT_EQ(t, map(c.mm, top - PAGE_SIZE, PAGE_SIZE, RW,
			       ANON | MAP_FIXED | MAP_GROWSDOWN),
			top - PAGE_SIZE);
	KTEST_EXPECT_EQ(t, put_u64(top - 5 * PAGE_SIZE, 1), 0);
	vma = find_vma(c.mm, top - PAGE_SIZE);
	KTEST_EXPECT_EQ(t, vma->vm_start, top - 5 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, c.mm->map_count, 1);
	/* beyond the 8 MiB limit */
	KTEST_EXPECT_EQ(t, put_u64(top - (8UL << 20) - PAGE_SIZE, 1),
			-EFAULT);
	/* into the guard gap above another mapping */
	below = top - (4UL << 20);
	KTEST_EXPECT_EQ(t, map(c.mm, below, PAGE_SIZE, RW, ANON | MAP_FIXED),
			below);
	KTEST_EXPECT_EQ(t, put_u64(below + PAGE_SIZE + STACK_GUARD_GAP -
				   PAGE_SIZE, 1), -EFAULT);
	KTEST_EXPECT_EQ(t, put_u64(below + PAGE_SIZE + STACK_GUARD_GAP, 1),
			0);
	ctx_end(t, &c);
}

static void test_vm_map_bytes(struct ktest *t)
{
	static const u8 code[] = { 0x90, 0x90, 0xc3, 0x11, 0x22 };
	unsigned long a = 0x400000UL;
	struct user_ctx c;
	u8 back[8];
	pteval_t v;
	int err;

	if (!ctx_begin(t, &c))
		return;
	KTEST_EXPECT_EQ(t, vm_map_bytes(c.mm, a, 2 * PAGE_SIZE,
					PROT_READ | PROT_EXEC, code,
					sizeof(code)), 0);
	KTEST_EXPECT_EQ(t, copy_from_user(back, (void __user *)a, 8), 0);
	KTEST_EXPECT_EQ(t, memcmp(back, code, sizeof(code)), 0);
	KTEST_EXPECT_EQ(t, back[5] | back[6] | back[7], 0);
	v = pte_of(c.mm, a);
	KTEST_EXPECT_FALSE(t, v & _PAGE_RW);
	KTEST_EXPECT_FALSE(t, v & _PAGE_NX);
	KTEST_EXPECT_TRUE(t, v & _PAGE_USER);
	KTEST_EXPECT_EQ(t, put_u64(a, 0), -EFAULT);
	get_u64(a + PAGE_SIZE, &err);
	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_EQ(t, vm_map_bytes(c.mm, a, PAGE_SIZE, PROT_READ, code,
					2 * PAGE_SIZE), -EINVAL);
	ctx_end(t, &c);
}

/*
 * copy_from_mm() of a space no CPU runs (/proc/<pid>/cmdline's case):
 * bytes across a page boundary, an untouched page (zeros), a short read
 * where the mapping ends, nothing past the task size; every page back.
 */
static void test_copy_from_mm(struct ktest *t)
{
	static const char args[] = "ls\0-l\0/proc";
	unsigned long a = 0x500000UL, at = a + PAGE_SIZE - 4;
	unsigned long free_before = nr_free_pages();
	struct mm_struct *mm = mm_alloc();
	char back[sizeof(args) + 8];

	KTEST_ASSERT_TRUE(t, mm);
	KTEST_EXPECT_EQ(t, map(mm, a, 3 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED), a);
	KTEST_EXPECT_EQ(t, copy_to_mm(mm, at, args, sizeof(args)), 0);
	KTEST_EXPECT_EQ(t, copy_from_mm(mm, at, back, sizeof(args)),
			sizeof(args));
	KTEST_EXPECT_EQ(t, memcmp(back, args, sizeof(args)), 0);
	memset(back, 0x55, sizeof(back));
	KTEST_EXPECT_EQ(t, copy_from_mm(mm, a + 2 * PAGE_SIZE, back, 8), 8);
	KTEST_EXPECT_EQ(t, back[0] | back[7], 0);
	/* the mapping ends 4 bytes in: the read stops there */
	KTEST_EXPECT_EQ(t, copy_from_mm(mm, a + 3 * PAGE_SIZE - 4, back, 8), 4);
	KTEST_EXPECT_EQ(t, copy_from_mm(mm, mm->task_size - 4, back, 8), 0);
	KTEST_EXPECT_EQ(t, copy_from_mm(mm, 0x1000, back, 8), 0);
	mmput(mm);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free_before);
}

struct mask_arg {
	struct mm_struct *mm;
	bool in;
};

static void remote_switch(void *info)
{
	struct mask_arg *m = info;

	if (m->in)
		switch_mm_irqs_off(&init_mm, m->mm);
	else
		switch_mm_irqs_off(m->mm, &init_mm);
}

static void test_flush_targets(struct ktest *t)
{
	unsigned long a, in_before, out_before, in_full, out_full;
	struct mask_arg m;
	struct user_ctx c;
	unsigned int in = 1, out = 2;

	if (!cpu_online(out) || smp_processor_id() == in ||
	    smp_processor_id() == out) {
		ktest_skip(t, "needs CPUs 1 and 2 besides this one (--smp 3+)");
		return;
	}
	if (!ctx_begin(t, &c))
		return;
	a = map(c.mm, 0, PAGE_SIZE, RW, ANON);
	KTEST_EXPECT_EQ(t, put_u64(a, 1), 0);
	m = (struct mask_arg){ c.mm, true };
	smp_call_function_single(in, remote_switch, &m);
	KTEST_EXPECT_EQ(t, c.mm->cpu_mask,
			(1ULL << smp_processor_id()) | (1ULL << in));
	in_before = per_cpu_ptr(in)->tlb_mm_remote;
	out_before = per_cpu_ptr(out)->tlb_mm_remote;
	in_full = per_cpu_ptr(in)->tlb_single + per_cpu_ptr(in)->tlb_full;
	out_full = per_cpu_ptr(out)->tlb_single + per_cpu_ptr(out)->tlb_full;
	/* a present entry made read-only, then unmapped with its tables */
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, a, PAGE_SIZE, PROT_READ), 0);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, a, PAGE_SIZE), 0);
	KTEST_EXPECT_TRUE(t, per_cpu_ptr(in)->tlb_mm_remote >= in_before + 2);
	KTEST_EXPECT_TRUE(t, per_cpu_ptr(in)->tlb_single +
			     per_cpu_ptr(in)->tlb_full > in_full);
	KTEST_EXPECT_EQ(t, per_cpu_ptr(out)->tlb_mm_remote, out_before);
	KTEST_EXPECT_EQ(t, per_cpu_ptr(out)->tlb_single +
			   per_cpu_ptr(out)->tlb_full, out_full);
	m.in = false;
	smp_call_function_single(in, remote_switch, &m);
	KTEST_EXPECT_EQ(t, c.mm->cpu_mask, 1ULL << smp_processor_id());
	ctx_end(t, &c);
}

static struct ktest_case mm_user_cases[] = {
	KTEST_CASE(test_new_mm),
	KTEST_CASE(test_kernel_half_shared),
	KTEST_CASE(test_demand_fault),
	KTEST_CASE(test_zero_page),
	KTEST_CASE(test_mprotect),
	KTEST_CASE(test_munmap_split),
	KTEST_CASE(test_mmap_args),
	KTEST_CASE(test_fork_cow),
	KTEST_CASE(test_dup_mm_enomem),
	KTEST_CASE(test_fault_enomem),
	KTEST_CASE(test_mremap),
	KTEST_CASE(test_brk),
	KTEST_CASE(test_madvise),
	KTEST_CASE(test_stack_growth),
	KTEST_CASE(test_vm_map_bytes),
	KTEST_CASE(test_copy_from_mm),
	KTEST_CASE(test_flush_targets),
	{}
};
KTEST_SUITE(mm_user, mm_user_cases);
