// SPDX-License-Identifier: GPL-2.0
/*
 * User mappings of raw page frames (device memory, or RAM a driver hands
 * out by frame number), with Linux's driver API: remap_pfn_range() from a
 * driver's ->mmap(), vmf_insert_pfn_prot() from a fault handler.
 *
 * Tracking follows Linux 6.16, not 6.1 (Documentation/x86/pat.rst, "User
 * mappings"): a remap_pfn_range() covering the whole VMA reserves the
 * range once (pfnmap_track(), arch/x86/mm/pat/pfnmap.c) into a context
 * every VMA the mapping becomes shares: fork's copies and the parts a
 * split (munmap, mprotect, mremap) makes each take a reference, and a VMA
 * freed drops its own.  The last one frees the original range, so no
 * partial munmap ever frees a range that was not reserved ("freeing
 * invalid memtype", Linux 6.1's bug).  A remap of part of a VMA, and a
 * fault-time insert, only look the mode up.
 *
 * The entries carry the mode granted, written in one page-table
 * transaction; they hold no page reference and are never copied on
 * write (memory.c, mm_dup.c).  Callers hold mm->mmap_lock.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/pfnmap_track.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/pfnmap.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include <asm/processor.h>
#include "internal.h"

/* every live context, in creation order, for pat_memtype_owners */
static LIST_HEAD(pfnmap_ctxs);
static DEFINE_SPINLOCK(pfnmap_ctxs_lock);
static unsigned long pfnmap_nr_ctxs;

/* who maps it: the task, and the file's path (its tail if too long) */
static void pfnmap_ctx_name_owner(struct pfnmap_track_ctx *ctx,
				  struct vm_area_struct *vma)
{
	char buf[256], *p;
	size_t n;

	ctx->pid = current->pid;
	strscpy(ctx->comm, current->comm, sizeof(ctx->comm));
	ctx->file[0] = '\0';
	if (!vma->vm_file)
		return;
	p = d_path(&vma->vm_file->f_path, buf, sizeof(buf));
	if (IS_ERR(p))
		return;
	n = strlen(p);
	if (n >= sizeof(ctx->file))
		p += n - (sizeof(ctx->file) - 1);
	strscpy(ctx->file, p, sizeof(ctx->file));
}

/* reserve [pfn, pfn + size) for @vma: a new context, or an ERR_PTR */
static struct pfnmap_track_ctx *pfnmap_ctx_alloc(struct vm_area_struct *vma,
						 unsigned long pfn,
						 unsigned long size,
						 pgprot_t *prot)
{
	struct pfnmap_track_ctx *ctx = kmalloc(sizeof(*ctx), GFP_KERNEL);
	int err;

	if (!ctx)
		return ERR_PTR(-ENOMEM);
	/* any refusal is -EINVAL to the caller, as Linux's remap_pfn_range() */
	err = pfnmap_track(pfn, size, prot);
	if (err) {
		kfree(ctx);
		return ERR_PTR(-EINVAL);
	}
	pfnmap_track_ctx_init(ctx, pfn, size);
	/* with PAT off a WC request selects UC- (the power-on layout) */
	ctx->pcm = pgprot2cachemode(pgprot_val(*prot));
	pfnmap_ctx_name_owner(ctx, vma);
	spin_lock(&pfnmap_ctxs_lock);
	list_add_tail(&ctx->node, &pfnmap_ctxs);
	pfnmap_nr_ctxs++;
	spin_unlock(&pfnmap_ctxs_lock);
	return ctx;
}

/* drop a reference; the last frees the original range's reservation */
static void pfnmap_ctx_put(struct pfnmap_track_ctx *ctx)
{
	if (!pfnmap_track_ctx_put(ctx))
		return;
	spin_lock(&pfnmap_ctxs_lock);
	list_del(&ctx->node);
	pfnmap_nr_ctxs--;
	spin_unlock(&pfnmap_ctxs_lock);
	pfnmap_untrack(ctx->pfn, ctx->size);
	kfree(ctx);
}

/* a copy of a VMA (fork, split) shares its reservation */
void pfnmap_vma_dup(struct vm_area_struct *vma)
{
	if (vma->pfnmap_track_ctx)
		WARN_ON_ONCE(!pfnmap_track_ctx_get(vma->pfnmap_track_ctx));
}

/* a VMA is freed: after its entries' invalidation, so no CPU still uses them */
void pfnmap_vma_release(struct vm_area_struct *vma)
{
	if (vma->pfnmap_track_ctx)
		pfnmap_ctx_put(vma->pfnmap_track_ctx);
	vma->pfnmap_track_ctx = NULL;
}

/* the bytes from @addr to the end of its page table, at most @left */
static unsigned long pte_run(unsigned long addr, unsigned long left)
{
	return min(left, ALIGN_DOWN(addr, PMD_SIZE) + PMD_SIZE - addr);
}

/* map [addr, addr + size) to the frames from @pfn, in one transaction */
static int remap_pfn_range_notrack(struct vm_area_struct *vma,
				   unsigned long addr, unsigned long pfn,
				   unsigned long size, pgprot_t prot)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long off, run, i;
	struct pt_txn t;
	pteval_t *e;
	int err;

	/*
	 * The entries of one page table are consecutive: walk the tables
	 * once per table, not once per page (a 16 MiB BAR is 4096 pages),
	 * and write each table's entries as one run.
	 */
	for (off = 0; off < size; off += run) {
		run = pte_run(addr + off, size - off);
		e = user_pte_lookup(mm, addr + off);
		for (i = 0; e && i < run >> PAGE_SHIFT; i++)
			/* Linux BUG()s on a frame mapped over another */
			if (WARN_ON_ONCE(!user_pte_none(e[i])))
				return -EBUSY;
	}
	pt_txn_begin_mm(&t, mm);
	err = pt_txn_prealloc(&t, user_tables_for(addr, size));
	for (off = 0; !err && off < size; off += run) {
		run = pte_run(addr + off, size - off);
		pt_txn_write_run(&t, user_pte_alloc(&t, addr + off),
				 run >> PAGE_SHIFT,
				 PFN_PHYS(pfn + (off >> PAGE_SHIFT)) |
				 pgprot_val(prot), addr + off);
	}
	pt_txn_commit(&t);
	return err;
}

/* frames a PTE can hold and the CPU can address: [pfn, pfn + pages) */
static bool pfn_range_ok(unsigned long pfn, unsigned long size)
{
	u64 limit = 1ULL << boot_cpu_data.x86_phys_bits;
	u64 start = PFN_PHYS((u64)pfn);

	return pfn < (limit >> PAGE_SHIFT) && size <= limit - start;
}

/**
 * remap_pfn_range() - map raw frames into a user VMA
 * @vma: the VMA, usually in its driver's ->mmap(); mmap_lock held
 * @addr: first user address, page aligned, inside @vma
 * @pfn: first frame
 * @size: bytes (rounded up to pages), all inside @vma
 * @prot: the protection, usually @vma's with a driver's cache mode
 *	  (pgprot_writecombine(), pgprot_noncached())
 *
 * Sets VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP, as Linux.  When
 * the range is the whole VMA, it is reserved (see the file's comment) and
 * the VMA's protection takes the mode granted; else the frames' current
 * mode is looked up.  A private writable mapping must be mapped whole
 * (Linux's rule: its vm_pgoff becomes @pfn).
 *
 * Returns 0; -EINVAL for a bad range, a second whole-VMA remap, frames
 * of different modes in a partial one, or a reservation refused
 * (conflicting memory types, or a mode granted that
 * is_new_memtype_allowed() refuses: Linux reports every such refusal as
 * -EINVAL); -EBUSY for entries already there; -ENOMEM.  On error nothing is mapped or
 * reserved (the flags may stay set, as in Linux).
 */
int remap_pfn_range(struct vm_area_struct *vma, unsigned long addr,
		    unsigned long pfn, unsigned long size, pgprot_t prot)
{
	struct pfnmap_track_ctx *ctx = NULL;
	bool whole;
	int err;

	if (WARN_ON_ONCE(offset_in_page(addr)))
		return -EINVAL;
	size = PAGE_ALIGN(size);
	if (!size || addr < vma->vm_start || addr >= vma->vm_end ||
	    size > vma->vm_end - addr || !pfn_range_ok(pfn, size))
		return -EINVAL;
	whole = addr == vma->vm_start && addr + size == vma->vm_end;
	if ((vma->vm_flags & (VM_SHARED | VM_MAYWRITE)) == VM_MAYWRITE) {
		if (!whole)
			return -EINVAL;
		vma->vm_pgoff = pfn;
	}
	vma->vm_flags |= VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP;
	if (whole) {
		if (vma->pfnmap_track_ctx)
			return -EINVAL;
		ctx = pfnmap_ctx_alloc(vma, pfn, size, &prot);
		if (IS_ERR(ctx))
			return PTR_ERR(ctx);
	} else if (pfnmap_setup_cachemode(pfn, size, &prot)) {
		return -EINVAL;
	}
	err = remap_pfn_range_notrack(vma, addr, pfn, size, prot);
	if (!ctx)
		return err;
	if (err) {
		pfnmap_ctx_put(ctx);
		return err;
	}
	vma->pfnmap_track_ctx = ctx;
	vma->vm_page_prot = __pgprot((pgprot_val(vma->vm_page_prot) &
				      ~_PAGE_CACHE_MASK) |
				     (pgprot_val(prot) & _PAGE_CACHE_MASK));
	return 0;
}

/**
 * io_remap_pfn_range() - remap_pfn_range() of device memory
 * @vma: as remap_pfn_range()
 * @addr: as remap_pfn_range()
 * @pfn: as remap_pfn_range()
 * @size: as remap_pfn_range()
 * @prot: as remap_pfn_range()
 *
 * The same on x86 (no memory encryption to strip).
 */
int io_remap_pfn_range(struct vm_area_struct *vma, unsigned long addr,
		       unsigned long pfn, unsigned long size, pgprot_t prot)
{
	return remap_pfn_range(vma, addr, pfn, size, prot);
}

/**
 * vmf_insert_pfn_prot() - map one frame at fault time
 * @vma: a VM_PFNMAP VMA, from its vm_ops->fault(); mmap_lock held
 * @addr: the faulting user address
 * @pfn: the frame
 * @pgprot: the protection; its cache mode is replaced by the frame's
 *	    reserved one (Linux's pfnmap_setup_cachemode_pfn(): a lookup,
 *	    never a reservation)
 *
 * Returns VM_FAULT_NOPAGE (mapped, or already mapped), VM_FAULT_SIGBUS
 * (@addr outside @vma, not a VM_PFNMAP VMA, or a frame beyond what the
 * CPU addresses) or VM_FAULT_OOM.
 */
unsigned int vmf_insert_pfn_prot(struct vm_area_struct *vma,
				 unsigned long addr, unsigned long pfn,
				 pgprot_t pgprot)
{
	struct mm_struct *mm = vma->vm_mm;
	struct pt_txn t;
	pteval_t *e;

	addr &= PAGE_MASK;
	if (addr < vma->vm_start || addr >= vma->vm_end ||
	    WARN_ON_ONCE(!(vma->vm_flags & VM_PFNMAP)) ||
	    !pfn_range_ok(pfn, PAGE_SIZE))
		return VM_FAULT_SIGBUS;
	pfnmap_setup_cachemode_pfn(pfn, &pgprot);
	e = user_pte_lookup(mm, addr);
	if (e && !user_pte_none(*e))
		return VM_FAULT_NOPAGE;
	pt_txn_begin_mm(&t, mm);
	if (pt_txn_prealloc(&t, user_pte_tables_needed(mm, addr))) {
		pt_txn_commit(&t);
		return VM_FAULT_OOM;
	}
	pt_txn_write(&t, user_pte_alloc(&t, addr),
		     PFN_PHYS(pfn) | pgprot_val(pgprot), addr, PG_LEVEL_4K);
	pt_txn_commit(&t);
	return VM_FAULT_NOPAGE;
}

/**
 * vmf_insert_pfn() - vmf_insert_pfn_prot() with @vma's protection
 * @vma: as vmf_insert_pfn_prot()
 * @addr: as vmf_insert_pfn_prot()
 * @pfn: as vmf_insert_pfn_prot()
 */
unsigned int vmf_insert_pfn(struct vm_area_struct *vma, unsigned long addr,
			    unsigned long pfn)
{
	return vmf_insert_pfn_prot(vma, addr, pfn, vma->vm_page_prot);
}

/**
 * pfnmap_owner_format() - who made a user mapping, as pat_memtype_owners
 * names it
 * @ctx: the mapping's context (or a copy of it)
 * @buf: gets "comm:pid file", or "comm:pid" with no file
 * @len: size of @buf
 */
void pfnmap_owner_format(const struct pfnmap_track_ctx *ctx, char *buf,
			 size_t len)
{
	snprintf(buf, len, "%s:%d%s%s", ctx->comm, ctx->pid,
		 ctx->file[0] ? " " : "", ctx->file);
}

/**
 * pfnmap_owner_describe() - who holds a user mapping's reservation
 * @start: the reserved range's first byte
 * @end: its end, exclusive
 * @nth: which of the live mappings reserving exactly that range (from 0,
 *	 in the order they were made)
 * @buf: gets "comm:pid file", or "comm:pid" with no file
 * @len: size of @buf
 *
 * Returns 0, or -ENOENT when there is no such mapping.
 */
int pfnmap_owner_describe(u64 start, u64 end, unsigned int nth, char *buf,
			  size_t len)
{
	struct pfnmap_track_ctx *ctx;
	int err = -ENOENT;

	spin_lock(&pfnmap_ctxs_lock);
	list_for_each_entry(ctx, &pfnmap_ctxs, node) {
		if (PFN_PHYS((u64)ctx->pfn) != start ||
		    PFN_PHYS((u64)ctx->pfn) + ctx->size != end || nth--)
			continue;
		pfnmap_owner_format(ctx, buf, len);
		err = 0;
		break;
	}
	spin_unlock(&pfnmap_ctxs_lock);
	return err;
}

/**
 * pfnmap_track_ctx_snapshot() - copy the live mappings' contexts
 * @buf: destination; the copies' list nodes mean nothing
 * @max: capacity of @buf
 *
 * For pat_memtype_owners with PAT off, when they are the only record of
 * user mappings of device memory.  Copied under the list's lock in one
 * pass, in creation order.  Returns the number of live contexts: when
 * above @max, only the first @max were copied.
 */
unsigned long pfnmap_track_ctx_snapshot(struct pfnmap_track_ctx *buf,
					unsigned long max)
{
	struct pfnmap_track_ctx *ctx;
	unsigned long n = 0;

	spin_lock(&pfnmap_ctxs_lock);
	list_for_each_entry(ctx, &pfnmap_ctxs, node)
		if (n < max)
			buf[n++] = *ctx;
	n = pfnmap_nr_ctxs;
	spin_unlock(&pfnmap_ctxs_lock);
	return n;
}

/* the live mappings' contexts */
unsigned long pfnmap_track_ctx_count(void)
{
	return READ_ONCE(pfnmap_nr_ctxs);
}
