// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite pfnmap: user mappings of raw frames (mm/pfnmap.c and
 * arch/x86/mm/pat/pfnmap.c), driven through a test character device whose
 * ->mmap() calls remap_pfn_range() (or leaves frames to its fault handler)
 * over unused MMIO space, on user address spaces made here:
 *
 *  - the mode granted per request and existing reservation, in the
 *    entries' PAT bits, the VMA and the memtype tree; Linux's refusals
 *    and messages; RAM keeping its page's mode; partial remaps and
 *    fault-time inserts looking up only;
 *  - one reservation per original mapping through munmap and mprotect
 *    splits, mremap, fork (and fork failing half way), madvise refusals;
 *  - a driver's ioremap_uc() racing user mappings on another CPU: every
 *    mapping made has the mode the tree holds while it is held;
 *  - a mapping over several page tables: every frame in place, fork's
 *    copy equal, a munmap in the middle and the rest, each with one
 *    full flush of the one CPU running the space and no other CPU's;
 *  - a randomized sequence of map, fork, munmap, mprotect, mremap and
 *    exit over several ranges, the tree checked after every step against
 *    a model of the reservations (pfnmap_rounds=N on the command line;
 *    100000 in FULL runs).
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/kthread.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/moduleparam.h>
#include <linux/pfnmap_track.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/smp.h>
#include <linux/stat.h>
#include <linux/string.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/percpu.h>
#include <asm/pfnmap.h>
#include <asm/pgtable.h>
#include <asm/pgtable_user.h>
#include <asm/processor.h>
#include "../memtype.h"
#include "../../../../../fs/tests/vfs_helpers.h"

#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define WC	_PAGE_CACHE_MODE_WC
#define WB	_PAGE_CACHE_MODE_WB
#define WT	_PAGE_CACHE_MODE_WT

#define P		PAGE_SIZE
#define TDEV_MAJOR	240		/* Linux's "local/experimental use" */
#define TDEV_PATH	"/tpfnmap"
#define UVA		0x40000000UL	/* where the tests map */
#define RW		(PROT_READ | PROT_WRITE)
#define WINDOW		(64UL << 20)	/* the physical space the tests use */

/* unused MMIO space above RAM and QEMU's windows; WB by the MTRRs */
static u64 tbase(void)
{
	return (1ULL << (boot_cpu_data.x86_phys_bits - 2)) + 0x20000000ULL;
}

/* what the test device's ->mmap() does */
static struct {
	u64 phys;			/* frame of pgoff 0 */
	enum page_cache_mode req;
	unsigned long partial;		/* remap only this many bytes */
	bool fault;			/* insert at fault time instead */
} tdev;

static unsigned int tdev_fault(struct vm_fault *vmf)
{
	return vmf_insert_pfn(vmf->vma, vmf->address,
			      PHYS_PFN(tdev.phys) + vmf->pgoff);
}

static const struct vm_operations_struct tdev_vm_ops = {
	.open = filemap_vma_open,
	.close = filemap_vma_close,
};

static const struct vm_operations_struct tdev_fault_ops = {
	.open = filemap_vma_open,
	.close = filemap_vma_close,
	.fault = tdev_fault,
};

static int tdev_mmap(struct file *file, struct vm_area_struct *vma)
{
	unsigned long len = vma->vm_end - vma->vm_start;

	vma->vm_page_prot = pgprot_set_cachemode(vma->vm_page_prot, tdev.req);
	if (tdev.fault) {
		vma->vm_flags |= VM_IO | VM_PFNMAP | VM_DONTEXPAND;
		vma->vm_ops = &tdev_fault_ops;
		return 0;
	}
	vma->vm_ops = &tdev_vm_ops;
	return remap_pfn_range(vma, vma->vm_start,
			       PHYS_PFN(tdev.phys) + vma->vm_pgoff,
			       tdev.partial ?: len, vma->vm_page_prot);
}

static const struct file_operations tdev_fops = {
	.mmap = tdev_mmap,
};

struct pctx {
	struct mm_struct *mm;
	struct file *file;
	long fd;
	unsigned long ctxs;		/* live contexts before */
	unsigned long mark;		/* the log, before */
};

static bool p_begin(struct ktest *t, struct pctx *c)
{
	static bool registered;

	if (!registered) {
		if (register_chrdev(TDEV_MAJOR, "pfnmap_test", &tdev_fops)) {
			ktest_fail(t, __FILE__, __LINE__, "no test major");
			return false;
		}
		registered = true;
	}
	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return false;
	}
	t_mknod(TDEV_PATH, S_IFCHR | 0600, MKDEV(TDEV_MAJOR, 0));
	c->fd = t_open(TDEV_PATH, O_RDWR, 0);
	c->file = c->fd >= 0 ? fget(c->fd) : NULL;
	c->mm = mm_alloc();
	if (!c->file || !c->mm) {
		ktest_fail(t, __FILE__, __LINE__, "no device or space");
		return false;
	}
	tdev.phys = tbase();
	tdev.req = WC;
	tdev.partial = 0;
	tdev.fault = false;
	c->ctxs = pfnmap_track_ctx_count();
	c->mark = ktest_log_mark();
	return true;
}

static void p_end(struct ktest *t, struct pctx *c)
{
	if (c->mm)
		mmput(c->mm);
	fput(c->file);
	close_fd(c->fd);
	t_unlink(TDEV_PATH);
	KTEST_EXPECT_EQ(t, pfnmap_track_ctx_count(), c->ctxs);
	KTEST_EXPECT_FALSE(t, ktest_log_since(c->mark,
					      "freeing invalid memtype"));
}

static unsigned long p_map(struct pctx *c, struct mm_struct *mm,
			   unsigned long va, unsigned long len,
			   unsigned long flags, unsigned long pgoff)
{
	return do_mmap(mm, c->file, va, len, RW, flags | MAP_FIXED, pgoff);
}

/* the tree's entries overlapping the test window, into @e; their number */
static unsigned long entries(struct memtype_tree_entry *e, unsigned long max)
{
	static struct memtype_tree_entry all[256];
	unsigned long n, total, i, k = 0;

	n = memtype_snapshot(all, ARRAY_SIZE(all), &total);
	for (i = 0; i < n; i++) {
		if (all[i].end <= tbase() || all[i].start >= tbase() + WINDOW)
			continue;
		if (k < max)
			e[k] = all[i];
		k++;
	}
	return k;
}

/* exactly one entry in the window: [start, end) of @mode */
static bool only_entry(u64 start, u64 end, enum page_cache_mode mode)
{
	struct memtype_tree_entry e[4];

	return entries(e, 4) == 1 && e[0].start == start && e[0].end == end &&
	       e[0].mode == mode;
}

static pteval_t pte_of(struct mm_struct *mm, unsigned long va)
{
	pteval_t *e = user_pte_lookup(mm, va);

	return e ? *e : 0;
}

static bool pte_is(struct mm_struct *mm, unsigned long va, u64 phys,
		   enum page_cache_mode mode)
{
	pteval_t v = pte_of(mm, va);

	return (v & _PAGE_PRESENT) && (v & PTE_PFN_MASK) == phys &&
	       (v & _PAGE_CACHE_MASK) == cachemode2protval(mode);
}

static void test_whole_reserves(struct ktest *t)
{
	struct vm_area_struct *vma;
	struct pctx c;
	char who[96];

	if (!p_begin(t, &c))
		return;
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0) ==
			  UVA);
	KTEST_EXPECT_TRUE(t, only_entry(tbase(), tbase() + 4 * P, WC));
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA, tbase(), WC));
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + 3 * P, tbase() + 3 * P, WC));
	KTEST_EXPECT_TRUE(t, pte_of(c.mm, UVA) & _PAGE_RW);
	vma = find_vma(c.mm, UVA);
	KTEST_EXPECT_EQ(t, vma->vm_flags & (VM_IO | VM_PFNMAP | VM_DONTEXPAND |
					    VM_DONTDUMP),
			VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP);
	KTEST_EXPECT_EQ(t, pgprot_val(vma->vm_page_prot) & _PAGE_CACHE_MASK,
			cachemode2protval(WC));
	KTEST_EXPECT_EQ(t, c.mm->rss, 0);
	KTEST_EXPECT_EQ(t, pfnmap_track_ctx_count(), c.ctxs + 1);
	KTEST_EXPECT_EQ(t, pfnmap_owner_describe(tbase(), tbase() + 4 * P, 0,
						 who, sizeof(who)), 0);
	KTEST_EXPECT_TRUE(t, strstr(who, TDEV_PATH) != NULL);
	KTEST_EXPECT_TRUE(t, strncmp(who, current->comm,
				     strlen(current->comm)) == 0);
	/* a second mapping of the same range: its own line, same mode */
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA + 8 * P, 4 * P, MAP_SHARED,
				   0) == UVA + 8 * P);
	{
		struct memtype_tree_entry e[4];

		KTEST_EXPECT_EQ(t, entries(e, 4), 2);
	}
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 16 * P), 0);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	KTEST_EXPECT_EQ(t, pte_of(c.mm, UVA), 0);
	p_end(t, &c);
}

/* the request, an existing reservation, the MTRRs: the mode granted */
static void test_mode_granted(struct ktest *t)
{
	u64 b;
	struct pctx c;
	u8 uniform;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	/* an existing stricter mode wins, and is accepted */
	KTEST_ASSERT_TRUE(t, memtype_reserve(b, b + 4 * P, UCM, NULL) == 0);
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA, b, UCM));
	KTEST_EXPECT_EQ(t, pgprot_val(find_vma(c.mm, UVA)->vm_page_prot) &
			_PAGE_CACHE_MASK, cachemode2protval(UCM));
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 4 * P, UCM));
	KTEST_EXPECT_EQ(t, memtype_free(b, b + 4 * P), 0);
	/* WB where the MTRRs say UC becomes UC- */
	tdev.phys = 0xe0000000ULL;
	if (mtrr_type_lookup(tdev.phys, tdev.phys + 4 * P, &uniform) !=
	    MTRR_TYPE_UNCACHABLE) {
		ktest_skip(t, "no UC MTRR at 0xe0000000");
	} else if (memtype_find_holder(tdev.phys, tdev.phys + 4 * P,
				       &(struct memtype_tree_entry){}) == 0) {
		ktest_skip(t, "0xe0000000 is reserved already");
	} else {
		tdev.req = WB;
		KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0),
				UVA);
		KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA, tdev.phys, UCM));
		KTEST_EXPECT_EQ(t, lookup_memtype(tdev.phys), UCM);
		KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
		KTEST_EXPECT_EQ(t, lookup_memtype(tdev.phys), UCM);
	}
	p_end(t, &c);
}

static const struct {
	enum page_cache_mode held, req;
} refused_cases[] = {
	{ WB, UCM }, { WB, WC }, { WB, WT }, { WC, WT },
};

/* every is_new_memtype_allowed() refusal, with Linux's message */
static void test_expected_type_refused(struct ktest *t)
{
	char msg[160];
	unsigned int i;
	struct pctx c;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	for (i = 0; i < ARRAY_SIZE(refused_cases); i++) {
		KTEST_ASSERT_TRUE(t, memtype_reserve(b, b + 2 * P,
						     refused_cases[i].held,
						     NULL) == 0);
		tdev.req = refused_cases[i].req;
		KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 2 * P, MAP_SHARED, 0),
				(unsigned long)-EINVAL);
		snprintf(msg, sizeof(msg),
			 "x86/PAT: %s:%d map pfn expected mapping type %s for [mem %#010llx-%#010llx], got %s",
			 current->comm, current->pid,
			 cattr_name(refused_cases[i].req),
			 (unsigned long long)b,
			 (unsigned long long)b + 2 * P - 1,
			 cattr_name(refused_cases[i].held));
		KTEST_EXPECT_TRUE(t, ktest_log_since(c.mark, msg));
		KTEST_EXPECT_TRUE(t, only_entry(b, b + 2 * P,
						refused_cases[i].held));
		KTEST_EXPECT_TRUE(t, find_vma(c.mm, UVA) == NULL);
		KTEST_EXPECT_EQ(t, pte_of(c.mm, UVA), 0);
		KTEST_EXPECT_EQ(t, memtype_free(b, b + 2 * P), 0);
	}
	/* the same request over an unreserved range is granted */
	tdev.req = WT;
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 2 * P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA, b, WT));
	p_end(t, &c);
}

static void test_conflict(struct ktest *t)
{
	struct pctx c;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	KTEST_ASSERT_TRUE(t, memtype_reserve(b, b + 2 * P, WC, NULL) == 0);
	KTEST_ASSERT_TRUE(t, memtype_reserve(b + 2 * P, b + 4 * P, UCM,
					     NULL) == 0);
	/* memtype_reserve()'s -EBUSY reaches the caller as -EINVAL (Linux) */
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0),
			(unsigned long)-EINVAL);
	KTEST_EXPECT_TRUE(t, ktest_log_since(c.mark,
					     "conflicting memory types"));
	KTEST_EXPECT_EQ(t, pfnmap_track_ctx_count(), c.ctxs);
	KTEST_EXPECT_EQ(t, pte_of(c.mm, UVA), 0);
	KTEST_EXPECT_EQ(t, memtype_free(b, b + 2 * P), 0);
	KTEST_EXPECT_EQ(t, memtype_free(b + 2 * P, b + 4 * P), 0);
	/* the other order: a user mapping first, a driver's strict ask */
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_EQ(t, memtype_reserve(b + P, b + 2 * P, UCM, NULL),
			-EBUSY);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 4 * P, WC));
	p_end(t, &c);
}

/* RAM is not reserved: the page's own mode, and Linux's warning */
static void test_ram_keeps_type(struct ktest *t)
{
	struct page *page = alloc_page(GFP_KERNEL);
	char msg[160];
	struct pctx c;

	KTEST_ASSERT_TRUE(t, page != NULL);
	if (!p_begin(t, &c)) {
		__free_page(page);
		return;
	}
	tdev.phys = page_to_phys(page);
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA, tdev.phys, WB));
	snprintf(msg, sizeof(msg),
		 "map pfn RAM range req write-combining for [mem %#010llx-%#010llx], got write-back",
		 (unsigned long long)tdev.phys,
		 (unsigned long long)tdev.phys + P - 1);
	KTEST_EXPECT_TRUE(t, ktest_log_since(c.mark, msg));
	KTEST_EXPECT_EQ(t, lookup_memtype(tdev.phys), WB);
	KTEST_EXPECT_EQ(t, page_count(page), 1);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, P), 0);
	KTEST_EXPECT_EQ(t, page_count(page), 1);
	p_end(t, &c);
	__free_page(page);
}

/* part of a VMA, and fault-time inserts: a lookup, never a reservation */
static void test_lookup_only(struct ktest *t)
{
	struct pctx c;
	unsigned int i;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	tdev.partial = 2 * P;
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA, b, UCM));	/* unreserved */
	KTEST_EXPECT_EQ(t, pte_of(c.mm, UVA + 2 * P), 0);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
	/* a reserved range's mode is what a partial remap gets */
	KTEST_ASSERT_TRUE(t, arch_io_reserve_memtype_wc(b, 4 * P) == 0);
	tdev.req = UCM;
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + P, b + P, WC));
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
	/* frames of two modes in one partial remap: -EINVAL */
	tdev.partial = 8 * P;
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 16 * P, MAP_SHARED, 0),
			(unsigned long)-EINVAL);
	KTEST_EXPECT_TRUE(t, find_vma(c.mm, UVA) == NULL);
	/* fault time: the reservation's mode, then UC- without one */
	tdev.partial = 0;
	tdev.fault = true;
	for (i = 0; i < 2; i++) {
		KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0),
				UVA);
		KTEST_EXPECT_EQ(t, handle_mm_fault(find_vma(c.mm, UVA),
						   UVA + P, 0), 0);
		KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + P, b + P,
					    i ? UCM : WC));
		KTEST_EXPECT_EQ(t, pte_of(c.mm, UVA), 0);
		KTEST_EXPECT_EQ(t, entries(NULL, 0), 1 - i);
		KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
		if (!i)
			arch_io_free_memtype_wc(b, 4 * P);
	}
	p_end(t, &c);
}

/* munmap and mprotect splits: one reservation, the original range */
static void test_splits_share(struct ktest *t)
{
	struct pctx c;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA, 8 * P, MAP_SHARED, 0) ==
			  UVA);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA + 3 * P, 2 * P), 0);
	KTEST_EXPECT_EQ(t, c.mm->map_count, 2);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 8 * P, WC));
	KTEST_EXPECT_EQ(t, pfnmap_track_ctx_count(), c.ctxs + 1);
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, UVA + P, P, PROT_READ), 0);
	KTEST_EXPECT_EQ(t, c.mm->map_count, 4);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + P, b + P, WC));
	KTEST_EXPECT_FALSE(t, pte_of(c.mm, UVA + P) & _PAGE_RW);
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, UVA + P, P, RW), 0);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + P, b + P, WC));
	/* a write to the read-only frame: in place, never a copy */
	KTEST_EXPECT_EQ(t, handle_mm_fault(find_vma(c.mm, UVA + P), UVA + P,
					   FAULT_FLAG_WRITE), 0);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + P, b + P, WC));
	KTEST_EXPECT_TRUE(t, pte_of(c.mm, UVA + P) & _PAGE_RW);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 3 * P), 0);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 8 * P, WC));
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA + 5 * P, 3 * P), 0);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	/* then the range maps again, whole */
	KTEST_EXPECT_EQ(t, p_map(&c, c.mm, UVA, 8 * P, MAP_SHARED, 0), UVA);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 8 * P, WC));
	p_end(t, &c);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
}

static void test_mremap(struct ktest *t)
{
	unsigned long to = UVA + 64 * P;
	struct pctx c;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA, 8 * P, MAP_SHARED, 0) ==
			  UVA);
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, UVA, 8 * P, 16 * P, 0, 0),
			(unsigned long)-EFAULT);
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, UVA, 8 * P, 16 * P,
				     MREMAP_MAYMOVE, 0),
			(unsigned long)-EFAULT);
	/* part of it moves: a split, then the move */
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, UVA + 4 * P, 4 * P, 4 * P,
				     MREMAP_MAYMOVE | MREMAP_FIXED, to), to);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, to, b + 4 * P, WC));
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, to + 3 * P, b + 7 * P, WC));
	KTEST_EXPECT_EQ(t, pte_of(c.mm, UVA + 4 * P), 0);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 8 * P, WC));
	/* shrink in place */
	KTEST_EXPECT_EQ(t, do_mremap(c.mm, to, 4 * P, P, 0, 0), to);
	KTEST_EXPECT_EQ(t, pte_of(c.mm, to + P), 0);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 8 * P, WC));
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + 8 * P, WC));
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, to, P), 0);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	p_end(t, &c);
}

static void test_fork(struct ktest *t)
{
	struct mm_struct *child;
	struct pctx c;
	long n;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0) ==
			  UVA);
	/* a private mapping too: copied as it is, no copy on write */
	tdev.phys = b + 16 * P;
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA + 8 * P, 2 * P, MAP_PRIVATE,
				   0) == UVA + 8 * P);
	KTEST_EXPECT_EQ(t, find_vma(c.mm, UVA + 8 * P)->vm_pgoff,
			PHYS_PFN(b + 16 * P));
	child = dup_mm(c.mm);
	KTEST_ASSERT_TRUE(t, child != NULL);
	KTEST_EXPECT_EQ(t, pte_of(child, UVA + 2 * P),
			pte_of(c.mm, UVA + 2 * P));
	KTEST_EXPECT_TRUE(t, pte_is(child, UVA + 2 * P, b + 2 * P, WC));
	KTEST_EXPECT_EQ(t, pte_of(child, UVA + 9 * P),
			pte_of(c.mm, UVA + 9 * P));
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 2);
	KTEST_EXPECT_EQ(t, pfnmap_track_ctx_count(), c.ctxs + 2);
	/* the parent's part goes: the child still holds the reservation */
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 2 * P), 0);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA + 8 * P, 2 * P), 0);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 2);
	mmput(child);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 1);
	/* fork failing at every allocation in turn leaks nothing */
	for (n = 0; n < 64; n++) {
		fail_page_alloc_after(n);
		child = dup_mm(c.mm);
		fail_page_alloc_after(-1);
		if (child)
			mmput(child);
		KTEST_EXPECT_TRUE(t, only_entry(b, b + 4 * P, WC));
		KTEST_EXPECT_EQ(t, pfnmap_track_ctx_count(), c.ctxs + 1);
		if (child)
			break;
	}
	KTEST_EXPECT_TRUE(t, n > 0 && n < 64);
	p_end(t, &c);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
}

/* run this CPU on @to (from @from), as the test task's space */
static void p_switch(struct mm_struct *from, struct mm_struct *to)
{
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(from, to);
	current->active_mm = to;
	current->mm = to == &init_mm ? NULL : to;
	local_irq_restore(flags);
}

/* how many of [va, va + n pages) map the frames from @phys, WC */
static unsigned long wc_run(struct mm_struct *mm, unsigned long va,
			    unsigned long n, u64 phys)
{
	unsigned long i, ok = 0;

	for (i = 0; i < n; i++)
		ok += pte_is(mm, va + i * P, phys + i * P, WC);
	return ok;
}

/* no entry in [va, va + n pages) */
static bool none_in(struct mm_struct *mm, unsigned long va, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		if (pte_of(mm, va + i * P))
			return false;
	return true;
}

struct flush_count {
	unsigned long full, single, remote;
};

/* this CPU's flushes, and the user flushes every other CPU was asked */
static void flush_count(struct flush_count *f)
{
	unsigned int cpu;

	f->full = this_pcpu()->tlb_full;
	f->single = this_pcpu()->tlb_single;
	f->remote = 0;
	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			f->remote += per_cpu_ptr(cpu)->tlb_mm_remote;
}

static bool flushes_since(const struct flush_count *a, unsigned long full)
{
	struct flush_count b;

	flush_count(&b);
	return b.full - a->full == full && b.single == a->single &&
	       b.remote == a->remote;
}

#define BULK		1100UL		/* pages: three page tables */
#define BULK_VA		(UVA + PMD_SIZE - 100 * P)

/*
 * 1100 pages from 100 pages below a 2 MiB boundary: the entries of three
 * page tables.  Every frame where it belongs, fork's copy the same; with
 * the space on this CPU only, mapping flushes nothing (the entries were
 * absent) and each munmap is one full flush here and none elsewhere.
 */
static void test_bulk_tables(struct ktest *t)
{
	struct mm_struct *child, *was;
	struct flush_count f;
	unsigned long mid = BULK_VA + 600 * P;
	struct pctx c;
	u64 b;

	if (!p_begin(t, &c))
		return;
	b = tbase();
	was = current->active_mm ?: &init_mm;
	p_switch(was, c.mm);
	flush_count(&f);
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, BULK_VA, BULK * P, MAP_SHARED,
				   0) == BULK_VA);
	KTEST_EXPECT_TRUE(t, flushes_since(&f, 0));
	KTEST_EXPECT_EQ(t, wc_run(c.mm, BULK_VA, BULK, b), BULK);
	KTEST_EXPECT_TRUE(t, none_in(c.mm, BULK_VA - 4 * P, 4));
	KTEST_EXPECT_TRUE(t, none_in(c.mm, BULK_VA + BULK * P, 4));
	child = dup_mm(c.mm);
	KTEST_ASSERT_TRUE(t, child != NULL);
	KTEST_EXPECT_EQ(t, wc_run(child, BULK_VA, BULK, b), BULK);
	/* a hole across the second boundary, then the rest */
	flush_count(&f);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, mid, 100 * P), 0);
	KTEST_EXPECT_TRUE(t, flushes_since(&f, 1));
	KTEST_EXPECT_TRUE(t, none_in(c.mm, mid, 100));
	KTEST_EXPECT_EQ(t, wc_run(c.mm, BULK_VA, 600, b), 600);
	KTEST_EXPECT_EQ(t, wc_run(c.mm, mid + 100 * P, BULK - 700,
				  b + 700 * P), BULK - 700);
	KTEST_EXPECT_EQ(t, wc_run(child, BULK_VA, BULK, b), BULK);
	flush_count(&f);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, BULK_VA, BULK * P), 0);
	KTEST_EXPECT_TRUE(t, flushes_since(&f, 1));
	KTEST_EXPECT_TRUE(t, none_in(c.mm, BULK_VA, BULK));
	KTEST_EXPECT_EQ(t, c.mm->pgtables, 0);
	KTEST_EXPECT_TRUE(t, only_entry(b, b + BULK * P, WC));
	p_switch(c.mm, was);
	mmput(child);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	p_end(t, &c);
}

/*
 * A driver's ioremap_uc() on one CPU racing a user mapping asking WC of
 * the same frames on another.  Whichever reserves first sets the type;
 * the other is refused or takes that type.  The rule checked at every
 * success, while the mapping is held: its entry's mode is the mode the
 * tree holds for the range, so two mappings held at once agree.
 */
#define RACE_ROUNDS	200		/* user mappings made while the driver held */
#define RACE_SECONDS	20
#define RACE_HOLD	32

static struct {
	u64 phys;
	unsigned long ok, refused, mismatch;
	bool holding;			/* the driver holds its mapping */
} race;

static bool tree_mode_is(u64 start, u64 end, enum page_cache_mode mode)
{
	struct memtype_tree_entry e;

	return !memtype_find_holder(start, end, &e) && e.mode == mode;
}

/* hold a mapping of @mode a while, so that the two sides overlap */
static bool race_hold(enum page_cache_mode mode)
{
	unsigned int i;

	for (i = 0; i < RACE_HOLD; i++)
		if (!tree_mode_is(race.phys, race.phys + 4 * P, mode))
			return false;
	return true;
}

static int race_ioremap(void *arg)
{
	enum pg_level level;
	void __iomem *a;
	pteval_t e;

	while (!kthread_should_stop()) {
		a = ioremap_uc(race.phys, 4 * P);
		if (!a) {
			race.refused++;
			continue;
		}
		WRITE_ONCE(race.holding, true);
		e = pt_read_entry((unsigned long)a, &level);
		if (!(e & _PAGE_PRESENT) || !race_hold(pgprot2cachemode(e)))
			race.mismatch++;
		race.ok++;
		WRITE_ONCE(race.holding, false);
		iounmap(a);
	}
	return 0;
}

static void test_race_with_ioremap(struct ktest *t)
{
	unsigned long ok = 0, refused = 0, mismatch = 0, overlaps = 0, i;
	u64 start = get_jiffies_64();
	struct task_struct *k;
	struct pctx c;
	pteval_t v;

	if (num_online_cpus() < 2) {
		ktest_skip(t, "needs two CPUs");
		return;
	}
	if (!p_begin(t, &c))
		return;
	memset(&race, 0, sizeof(race));
	race.phys = tbase();
	k = kthread_create(race_ioremap, NULL, "pfnmap_race");
	KTEST_ASSERT_TRUE(t, k != NULL);
	kthread_bind(k, smp_processor_id() ? 0 : 1);
	wake_up_process(k);
	/* enough rounds held while the driver held its own, or give up */
	for (i = 0; overlaps < RACE_ROUNDS &&
		    get_jiffies_64() - start < RACE_SECONDS * HZ; i++) {
		if (IS_ERR_VALUE(p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0))) {
			refused++;
			continue;
		}
		v = pte_of(c.mm, UVA + P);
		if (!(v & _PAGE_PRESENT) || !race_hold(pgprot2cachemode(v)))
			mismatch++;
		overlaps += READ_ONCE(race.holding);
		ok++;
		KTEST_EXPECT_EQ(t, do_munmap(c.mm, UVA, 4 * P), 0);
	}
	kthread_stop(k);
	ktest_printf(t, "user %lu mapped (%lu while the driver held one), %lu refused; driver %lu mapped, %lu refused",
		     ok, overlaps, refused, race.ok, race.refused);
	KTEST_EXPECT_EQ(t, mismatch, 0);
	KTEST_EXPECT_EQ(t, race.mismatch, 0);
	KTEST_EXPECT_EQ(t, overlaps, RACE_ROUNDS);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	p_end(t, &c);
}

static void test_madvise(struct ktest *t)
{
	static const int refused[] = {
		MADV_DONTNEED, MADV_DONTNEED_LOCKED, MADV_FREE,
		MADV_WIPEONFORK, MADV_COLD, MADV_PAGEOUT, MADV_POPULATE_READ,
		MADV_POPULATE_WRITE,
	};
	unsigned long anon;
	unsigned int i;
	struct pctx c;

	if (!p_begin(t, &c))
		return;
	KTEST_ASSERT_TRUE(t, p_map(&c, c.mm, UVA, 4 * P, MAP_SHARED, 0) ==
			  UVA);
	anon = do_mmap(c.mm, NULL, UVA + 16 * P, 4 * P, RW,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
	KTEST_ASSERT_TRUE(t, anon == UVA + 16 * P);
	for (i = 0; i < ARRAY_SIZE(refused); i++)
		KTEST_EXPECT_EQ(t, do_madvise(c.mm, UVA + P, P, refused[i]),
				-EINVAL);
	/* the refusal is the raw frames', not the advice's */
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, anon, P, MADV_COLD), 0);
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, anon, P, MADV_PAGEOUT), 0);
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, anon, P, MADV_DONTNEED), 0);
	KTEST_EXPECT_EQ(t, do_madvise(c.mm, UVA, 4 * P, MADV_WILLNEED), 0);
	KTEST_EXPECT_TRUE(t, pte_is(c.mm, UVA + P, tbase() + P, WC));
	KTEST_EXPECT_TRUE(t, only_entry(tbase(), tbase() + 4 * P, WC));
	p_end(t, &c);
}

/*
 * The randomized sequence: NR_MMS spaces, NR_SLOTS places of 8 pages in
 * each, NR_RANGES physical ranges of 8 pages.  The model holds each
 * space's mapped pieces (address, length, the mapping they came from,
 * their first frame); a mapping is reserved exactly while a piece of it
 * is mapped anywhere, and the tree must say so after every step.
 */
#define NR_MMS		3
#define NR_SLOTS	6
#define NR_RANGES	4
#define NR_PIECES	64
#define SLOT(s)		(UVA + (s) * 32 * P)
#define RANGE(r)	(tbase() + (r) * 32 * P)

struct piece {
	unsigned long start, end;
	unsigned int map;		/* index into model.maps */
	u64 phys;
};

static struct {
	struct mm_struct *mm[NR_MMS];
	struct piece p[NR_MMS][NR_PIECES];
	unsigned int n[NR_MMS];
	unsigned int range[1024];	/* each mapping's range, by index */
	unsigned int nr_maps;
	u64 seed;
} model;

static unsigned long rnd(unsigned long n)
{
	model.seed ^= model.seed << 13;
	model.seed ^= model.seed >> 7;
	model.seed ^= model.seed << 17;
	return model.seed % n;
}

/* remove [a, b) from space @k's pieces */
static void model_cut(unsigned int k, unsigned long a, unsigned long b)
{
	struct piece keep[NR_PIECES * 2], *q;
	unsigned int i, n = 0;

	for (i = 0; i < model.n[k]; i++) {
		q = &model.p[k][i];
		if (q->end <= a || q->start >= b) {
			keep[n++] = *q;
			continue;
		}
		if (q->start < a)
			keep[n++] = (struct piece){ q->start, a, q->map,
						    q->phys };
		if (q->end > b)
			keep[n++] = (struct piece){ b, q->end, q->map,
						    q->phys + (b - q->start) };
	}
	memcpy(model.p[k], keep, n * sizeof(keep[0]));
	model.n[k] = n;
}

static bool slot_free(unsigned int k, unsigned long a, unsigned long b)
{
	unsigned int i;

	for (i = 0; i < model.n[k]; i++)
		if (model.p[k][i].start < b && model.p[k][i].end > a)
			return false;
	return true;
}

/* the tree and every piece's first entry agree with the model */
static bool model_check(struct ktest *t)
{
	static struct memtype_tree_entry e[64];
	unsigned int want[NR_RANGES] = { 0 }, got[NR_RANGES] = { 0 };
	static bool live[1024];
	unsigned long n, i, total = 0;
	unsigned int k, r;

	memset(live, 0, sizeof(live));
	for (k = 0; k < NR_MMS; k++)
		for (i = 0; i < model.n[k]; i++) {
			const struct piece *q = &model.p[k][i];

			live[q->map] = true;
			if (!pte_is(model.mm[k], q->start, q->phys, WC)) {
				ktest_fail(t, __FILE__, __LINE__,
					   "space %u: %#lx not mapped WC to %#llx",
					   k, q->start,
					   (unsigned long long)q->phys);
				return false;
			}
		}
	for (i = 0; i < model.nr_maps; i++)
		if (live[i]) {
			want[model.range[i]]++;
			total++;
		}
	n = entries(e, ARRAY_SIZE(e));
	for (i = 0; i < n && i < ARRAY_SIZE(e); i++)
		for (r = 0; r < NR_RANGES; r++)
			if (e[i].start == RANGE(r) &&
			    e[i].end == RANGE(r) + 8 * P && e[i].mode == WC)
				got[r]++;
	if (n == total && !memcmp(want, got, sizeof(want)))
		return true;
	ktest_fail(t, __FILE__, __LINE__,
		   "%lu entries, model %lu; range 0: %u/%u 1: %u/%u 2: %u/%u 3: %u/%u",
		   n, total, got[0], want[0], got[1], want[1], got[2], want[2],
		   got[3], want[3]);
	return false;
}

static void step_map(struct pctx *c, unsigned int k)
{
	unsigned int s = rnd(NR_SLOTS), r = rnd(NR_RANGES);
	struct piece *q;

	if (model.nr_maps == ARRAY_SIZE(model.range) ||
	    !slot_free(k, SLOT(s), SLOT(s) + 8 * P))
		return;
	tdev.phys = RANGE(r);
	if (p_map(c, model.mm[k], SLOT(s), 8 * P, MAP_SHARED, 0) != SLOT(s))
		return;		/* caught by the check: no model piece */
	q = &model.p[k][model.n[k]++];
	*q = (struct piece){ SLOT(s), SLOT(s) + 8 * P, model.nr_maps,
			     RANGE(r) };
	model.range[model.nr_maps++] = r;
}

static void step_mremap(unsigned int k)
{
	struct vm_area_struct *vma;
	unsigned long from, len, to, ret;
	struct piece moved[NR_PIECES];
	unsigned int i, n, s;

	if (!model.n[k])
		return;
	vma = find_vma(model.mm[k], model.p[k][rnd(model.n[k])].start);
	from = vma->vm_start;
	len = vma->vm_end - from;
	if (rnd(2) && len > P) {
		to = (1 + rnd(len / P - 1)) * P;
		ret = do_mremap(model.mm[k], from, len, to, 0, 0);
		if (ret == from)
			model_cut(k, from + to, from + len);
		return;
	}
	s = rnd(NR_SLOTS);
	to = SLOT(s);
	if (!slot_free(k, to, to + 8 * P))
		return;
	if (do_mremap(model.mm[k], from, len, len,
		      MREMAP_MAYMOVE | MREMAP_FIXED, to) != to)
		return;
	/* the parts of pieces inside the VMA move (mprotect split them) */
	for (i = 0, n = 0; i < model.n[k]; i++) {
		struct piece q = model.p[k][i];

		if (q.end <= from || q.start >= from + len)
			continue;
		if (q.start < from) {
			q.phys += from - q.start;
			q.start = from;
		}
		q.end = min(q.end, from + len);
		moved[n++] = (struct piece){ q.start + to - from,
					     q.end + to - from, q.map, q.phys };
	}
	model_cut(k, from, from + len);
	memcpy(&model.p[k][model.n[k]], moved, n * sizeof(moved[0]));
	model.n[k] += n;
}

static void step(struct pctx *c)
{
	unsigned int k = rnd(NR_MMS), j, s = rnd(NR_SLOTS);
	unsigned long a = SLOT(s) + rnd(8) * P, b = a + (1 + rnd(4)) * P;

	if (!model.mm[k]) {
		model.mm[k] = mm_alloc();
		return;
	}
	switch (rnd(8)) {
	case 0:
	case 1:
		step_map(c, k);
		break;
	case 2:
		j = rnd(NR_MMS);
		if (model.mm[j])
			break;
		model.mm[j] = dup_mm(model.mm[k]);
		if (!model.mm[j])
			break;
		memcpy(model.p[j], model.p[k], sizeof(model.p[k]));
		model.n[j] = model.n[k];
		break;
	case 3:
		if (!do_munmap(model.mm[k], a, b - a))
			model_cut(k, a, b);
		break;
	case 4:
		do_mprotect(model.mm[k], a, b - a, rnd(2) ? PROT_READ : RW);
		break;
	case 5:
	case 6:
		step_mremap(k);
		break;
	default:
		mmput(model.mm[k]);
		model.mm[k] = NULL;
		model.n[k] = 0;
	}
}

/* pfnmap_rounds=N: the randomized steps; make check's default keeps it short */
static unsigned long pfnmap_rounds = 2000;

static int parse_pfnmap_rounds(char *arg)
{
	return arg ? kstrtoul(arg, 0, &pfnmap_rounds) : -EINVAL;
}
core_param("pfnmap_rounds", parse_pfnmap_rounds);

static void test_random_sequences(struct ktest *t)
{
	unsigned long rounds = pfnmap_rounds, i;
	unsigned int k;
	struct pctx c;

	if (!p_begin(t, &c))
		return;
	mmput(c.mm);
	c.mm = NULL;
	memset(&model, 0, sizeof(model));
	model.seed = 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < rounds; i++) {
		step(&c);
		if (!model_check(t)) {
			ktest_fail(t, __FILE__, __LINE__, "after step %lu", i);
			break;
		}
		/* the mappings' indexes run out: start again, all exited */
		if (model.nr_maps > ARRAY_SIZE(model.range) - 8) {
			for (k = 0; k < NR_MMS; k++)
				if (model.mm[k])
					mmput(model.mm[k]);
			memset(model.mm, 0, sizeof(model.mm));
			memset(model.n, 0, sizeof(model.n));
			model.nr_maps = 0;
		}
	}
	for (k = 0; k < NR_MMS; k++)
		if (model.mm[k])
			mmput(model.mm[k]);
	KTEST_EXPECT_EQ(t, entries(NULL, 0), 0);
	pr_info("pfnmap: %lu randomized steps\n", i);
	p_end(t, &c);
}

static struct ktest_case pfnmap_cases[] = {
	KTEST_CASE(test_whole_reserves),
	KTEST_CASE(test_mode_granted),
	KTEST_CASE(test_expected_type_refused),
	KTEST_CASE(test_conflict),
	KTEST_CASE(test_ram_keeps_type),
	KTEST_CASE(test_lookup_only),
	KTEST_CASE(test_splits_share),
	KTEST_CASE(test_mremap),
	KTEST_CASE(test_fork),
	KTEST_CASE(test_bulk_tables),
	KTEST_CASE(test_race_with_ioremap),
	KTEST_CASE(test_madvise),
	KTEST_CASE(test_random_sequences),
	{}
};
KTEST_SUITE(pfnmap, pfnmap_cases);
