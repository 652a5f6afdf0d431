// SPDX-License-Identifier: GPL-2.0
/*
 * The vmalloc/ioremap address space: a list of areas sorted by address,
 * each followed by one unmapped guard page, so running off the end of a
 * mapping faults instead of landing in the next one.  First fit from
 * VMALLOC_START; the space is 32 TiB and areas are few, so a list is
 * enough and keeps the invariants obvious.
 *
 * An area is only an address range with a record of who asked (caller),
 * what for (VM_IOREMAP, VM_ALLOC) and, for ioremap, which physical range;
 * the PAT alias verifier and /proc/vmallocinfo read those records.  The
 * page tables are someone else's: vmalloc() maps its pages with
 * vmap_range(), ioremap() its device range.
 *
 * vmap_lock (IRQ-safe) guards the list; areas are allocated and freed
 * with kmalloc outside it.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <linux/vmalloc.h>
#include <asm/pgtable.h>

static DEFINE_SPINLOCK(vmap_lock);
static struct vm_struct *vmap_areas;	/* sorted by addr */
static unsigned long vmalloc_pages;

/*
 * vmap_lock held: the first gap that fits @total bytes at @align, linked
 * into the list.  Returns false when the space is exhausted.
 */
static bool vmap_insert(struct vm_struct *area, unsigned long total,
			unsigned long align)
{
	struct vm_struct **link = &vmap_areas, *a;
	unsigned long cand = ALIGN(VMALLOC_START, align);

	for (a = vmap_areas; a; link = &a->next, a = a->next) {
		if (cand + total > cand && cand + total <= (unsigned long)a->addr)
			break;
		cand = ALIGN((unsigned long)a->addr + a->size, align);
	}
	/* VMALLOC_END is the last byte; also catch wrapping past 2^64 */
	if (cand < VMALLOC_START || cand + total < cand ||
	    cand + total - 1 > VMALLOC_END)
		return false;
	area->addr = (void *)cand;
	area->size = total;
	area->next = *link;
	*link = area;
	return true;
}

/**
 * get_vm_area_caller() - reserve a range of the vmalloc/ioremap area
 * @size: bytes (rounded up to pages); the guard page comes on top
 * @align: power of two; below a page means a page, above 2 MiB is
 *	clamped to 2 MiB (ioremap wants 2 MiB pages, nothing wants more)
 * @flags: VM_IOREMAP or VM_ALLOC
 * @caller: return address of the original caller, for vmallocinfo
 *
 * Returns the area, not mapped, or NULL.
 */
struct vm_struct *get_vm_area_caller(unsigned long size, unsigned long align,
				     unsigned long flags, unsigned long caller)
{
	struct vm_struct *area;
	unsigned long lock_flags, total;
	bool ok;

	if (!size || size > VMALLOC_END - VMALLOC_START ||
	    (align && !is_power_of_2(align)))
		return NULL;
	align = clamp(align, PAGE_SIZE, VM_AREA_MAX_ALIGN);
	total = PAGE_ALIGN(size) + PAGE_SIZE;

	area = kzalloc(sizeof(*area), GFP_KERNEL);
	if (!area)
		return NULL;
	area->flags = flags;
	area->caller = caller;

	spin_lock_irqsave(&vmap_lock, lock_flags);
	ok = vmap_insert(area, total, align);
	spin_unlock_irqrestore(&vmap_lock, lock_flags);
	if (!ok) {
		kfree(area);
		return NULL;
	}
	return area;
}

/**
 * get_vm_area() - get_vm_area_caller() recording our caller
 * @size: bytes
 * @align: power of two, up to 2 MiB
 * @flags: VM_IOREMAP or VM_ALLOC
 */
struct vm_struct *get_vm_area(unsigned long size, unsigned long align,
			      unsigned long flags)
{
	return get_vm_area_caller(size, align, flags,
				  (unsigned long)__builtin_return_address(0));
}

/* vmap_lock held: the area whose usable part contains @addr */
static struct vm_struct *__find_vm_area(unsigned long addr,
					struct vm_struct ***linkp)
{
	struct vm_struct **link = &vmap_areas, *a;

	for (a = vmap_areas; a; link = &a->next, a = a->next) {
		unsigned long start = (unsigned long)a->addr;

		if (addr < start)
			break;
		if (addr < start + get_vm_area_size(a)) {
			if (linkp)
				*linkp = link;
			return a;
		}
	}
	return NULL;
}

/**
 * find_vm_area() - the area containing @addr
 * @addr: any address inside the area (not its guard page)
 *
 * Returns the area or NULL.  The caller must own the area (it cannot go
 * away underneath), as with Linux's find_vm_area().
 */
struct vm_struct *find_vm_area(const void *addr)
{
	struct vm_struct *a;
	unsigned long flags;

	spin_lock_irqsave(&vmap_lock, flags);
	a = __find_vm_area((unsigned long)addr, NULL);
	spin_unlock_irqrestore(&vmap_lock, flags);
	return a;
}

/**
 * remove_vm_area() - unlink the area starting at @addr
 * @addr: the area's first address
 *
 * The caller has already unmapped it.  Returns the area, to be freed with
 * kfree() (or use free_vm_area()), or NULL if no area starts at @addr.
 */
struct vm_struct *remove_vm_area(const void *addr)
{
	struct vm_struct *a, **link;
	unsigned long flags;

	spin_lock_irqsave(&vmap_lock, flags);
	a = __find_vm_area((unsigned long)addr, &link);
	if (a && a->addr == addr)
		*link = a->next;
	else
		a = NULL;
	spin_unlock_irqrestore(&vmap_lock, flags);
	return a;
}

/**
 * free_vm_area() - unlink and free an area from get_vm_area()
 * @area: the area; its mapping must be gone already
 */
void free_vm_area(struct vm_struct *area)
{
	struct vm_struct *a;

	if (!area)
		return;
	a = remove_vm_area(area->addr);
	WARN_ON_ONCE(a != area);
	kfree(area);
}

/* undo the first @nr pages of a vmalloc area, then free the area */
static void vmalloc_release(struct vm_struct *area, unsigned int nr)
{
	unsigned long va = (unsigned long)area->addr;
	unsigned long flags;
	unsigned int i;

	vunmap_range(va, (unsigned long)nr << PAGE_SHIFT);	/* and flushes */
	for (i = 0; i < nr; i++)
		__free_page(area->pages[i]);
	spin_lock_irqsave(&vmap_lock, flags);
	vmalloc_pages -= nr;
	spin_unlock_irqrestore(&vmap_lock, flags);
	kfree(area->pages);
	free_vm_area(area);
}

static void *__vmalloc(unsigned long size, gfp_t gfp, unsigned long caller)
{
	struct vm_struct *area;
	unsigned long va, flags;
	unsigned int nr, i;

	if (!size || size > totalram_pages() * PAGE_SIZE)
		return NULL;
	area = get_vm_area_caller(size, PAGE_SIZE, VM_ALLOC, caller);
	if (!area)
		return NULL;
	va = (unsigned long)area->addr;
	nr = get_vm_area_size(area) >> PAGE_SHIFT;
	area->pages = kcalloc(nr, sizeof(*area->pages), GFP_KERNEL);
	if (!area->pages)
		goto err_free_area;

	for (i = 0; i < nr; i++) {
		struct page *page = alloc_page(gfp);

		if (!page)
			goto err_release;
		area->pages[i] = page;
		if (vmap_range(va + ((unsigned long)i << PAGE_SHIFT),
			       page_to_phys(page), PAGE_SIZE, PAGE_KERNEL)) {
			__free_page(page);
			goto err_release;
		}
		area->nr_pages = i + 1;
		spin_lock_irqsave(&vmap_lock, flags);
		vmalloc_pages++;
		spin_unlock_irqrestore(&vmap_lock, flags);
	}
	return area->addr;

err_release:
	vmalloc_release(area, area->nr_pages);
	return NULL;
err_free_area:
	free_vm_area(area);
	return NULL;
}

/**
 * vmalloc() - virtually contiguous memory from single pages
 * @size: bytes (rounded up to pages)
 *
 * Mapped RW+NX in the vmalloc area, with an unmapped guard page after
 * it.  Returns the address, or NULL.
 */
void *vmalloc(unsigned long size)
{
	return __vmalloc(size, GFP_KERNEL,
			 (unsigned long)__builtin_return_address(0));
}

/**
 * vzalloc() - vmalloc() of zeroed memory
 * @size: bytes
 */
void *vzalloc(unsigned long size)
{
	return __vmalloc(size, GFP_KERNEL | __GFP_ZERO,
			 (unsigned long)__builtin_return_address(0));
}

/**
 * vfree() - free memory from vmalloc()
 * @addr: what vmalloc() returned; NULL is ignored
 */
void vfree(const void *addr)
{
	struct vm_struct *area;

	if (!addr)
		return;
	area = find_vm_area(addr);
	if (WARN(!area || area->addr != addr || !(area->flags & VM_ALLOC),
		 "vfree: %p was not returned by vmalloc\n", addr))
		return;
	vmalloc_release(area, area->nr_pages);
}

int vm_area_for_each(int (*fn)(const struct vm_struct *area, void *arg),
		     void *arg)
{
	struct vm_struct *a;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&vmap_lock, flags);
	for (a = vmap_areas; a && !ret; a = a->next)
		ret = fn(a, arg);
	spin_unlock_irqrestore(&vmap_lock, flags);
	return ret;
}

unsigned long vmalloc_nr_pages(void)
{
	return READ_ONCE(vmalloc_pages);
}

static int vmallocinfo_one(const struct vm_struct *a, void *arg)
{
	struct seq_file *m = arg;

	seq_printf(m, "0x%px-0x%px %7ld %pS", a->addr,
		   (void *)((unsigned long)a->addr + a->size), (long)a->size,
		   (void *)a->caller);
	if (a->flags & VM_IOREMAP)
		seq_printf(m, " ioremap phys=0x%llx\n",
			   (unsigned long long)a->phys_addr);
	else if (a->flags & VM_ALLOC)
		seq_printf(m, " vmalloc pages=%u\n", a->nr_pages);
	else
		seq_putc(m, '\n');
	return 0;
}

/* /proc/vmallocinfo, in Linux's format */
int vmallocinfo_show(struct seq_file *m, void *private)
{
	return vm_area_for_each(vmallocinfo_one, m);
}
