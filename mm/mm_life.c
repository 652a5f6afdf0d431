// SPDX-License-Identifier: GPL-2.0
/*
 * The life of an address space: mm_alloc() makes an empty one (the kernel
 * half shared, arch/x86/mm/pgd.c), mmget()/mmput() count its users, and
 * the last mmput() unmaps everything through exit_mmap() and frees every
 * page, every table and the pgd, so MemFree comes back.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include <asm/uaccess.h>
#include "internal.h"

/*
 * Linux's mmap_base() before its random part (exec adds that): room for
 * the stack below the top, its guard gap and how far exec may move the
 * stack's top down (STACK_RND_MAX), so mappings never meet the stack.
 */
static unsigned long mmap_base(unsigned long task_size)
{
	unsigned long gap = _STK_LIM + STACK_GUARD_GAP + STACK_RND_MAX;

	/* Linux keeps at least 128 MiB for the stack, at most 5/6 of it all */
	gap = max(gap, 128UL << 20);
	return PAGE_ALIGN(task_size - gap);
}

/**
 * mm_alloc() - a new, empty user address space
 *
 * One user, no VMAs, the layout's bases set (mmap_base, task_size,
 * stack_limit = RLIMIT_STACK's default).  NULL when out of memory.
 */
struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = kzalloc(sizeof(*mm), GFP_KERNEL);

	if (!mm)
		return NULL;
	if (pgd_alloc(mm)) {
		kfree(mm);
		return NULL;
	}
	mm->users = 1;
	mm->mmap_lock_cpu = -1;
	spin_lock_init(&mm->mmap_lock);
	spin_lock_init(&mm->page_table_lock);
	INIT_LIST_HEAD(&mm->mmap);
	mm->task_size = TASK_SIZE_MAX;
	mm->mmap_base = mmap_base(mm->task_size);
	mm->stack_limit = _STK_LIM;
	return mm;
}

/**
 * mmget() - one more user of @mm (a task sharing it)
 * @mm: the space
 */
void mmget(struct mm_struct *mm)
{
	__atomic_fetch_add(&mm->users, 1, __ATOMIC_RELAXED);
}

/**
 * get_task_mm() - a reference on @t's address space, or NULL
 * @t: any task, kept alive by the caller
 *
 * NULL for kernel threads and for a task past exit_mm().  The caller
 * drops the reference with mmput(); the space stays whole until then,
 * even if @t execs or exits meanwhile.
 */
struct mm_struct *get_task_mm(struct task_struct *t)
{
	struct mm_struct *mm;

	task_lock(t);
	mm = t->mm;
	if (mm && !(t->flags & PF_KTHREAD))
		mmget(mm);
	else
		mm = NULL;
	task_unlock(t);
	return mm;
}

/**
 * exit_mmap() - unmap everything of @mm and free its user tables
 * @mm: a space no CPU runs (its cpu_mask empty)
 *
 * One transaction; it invalidates nothing, no CPU having the space.
 */
void exit_mmap(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	struct page_gather g;
	struct pt_txn t;
	LIST_HEAD(gone);

	mmap_write_lock(mm);
	pt_txn_begin_mm(&t, mm);
	gather_init(&g, &t);
	while (!list_empty(&mm->mmap)) {
		vma = list_first_entry(&mm->mmap, struct vm_area_struct,
				       vm_list);
		zap_range(&g, vma, vma->vm_start, vma->vm_end);
		vma_unlink(mm, vma);
		if (vma->vm_ops && vma->vm_ops->close)
			vma->vm_ops->close(vma);
		list_add_tail(&vma->vm_list, &gone);
	}
	user_free_empty_tables(&t, 0, USER_PT_END);
	pt_txn_commit(&t);
	gather_finish(&g);
	/* reservations go only once no CPU can use the entries */
	vma_free_list(&gone);
	BUG_ON(mm->rss || mm->pgtables || mm->total_vm || mm->map_count);
	mmap_write_unlock(mm);
}

/**
 * mmput() - drop a user of @mm; the last one frees it
 * @mm: the space
 *
 * The last user must have switched every CPU away from it first: a CPU
 * still running it could use the tables being freed, so that panics.
 */
void mmput(struct mm_struct *mm)
{
	u64 cpus;

	if (__atomic_sub_fetch(&mm->users, 1, __ATOMIC_ACQ_REL))
		return;
	BUG_ON(mm == &init_mm);
	cpus = __atomic_load_n(&mm->cpu_mask, __ATOMIC_ACQUIRE);
	if (cpus)
		panic("mmput: freeing an address space CPUs still run (mask %llx)",
		      (unsigned long long)cpus);
	exit_mmap(mm);
	pgd_free(mm);
	kfree(mm);
}
