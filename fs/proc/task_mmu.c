// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/maps, in Linux 6.1's format:
 *
 *	start-end perms offset major:minor inode [padding name]
 *
 * addresses and offset at least 8 hex digits, perms "rwxp"/"rwxs", the
 * name ("[heap]", "[stack]") starting after the line is padded to 73
 * columns.  The VMAs of a space the caller holds a reference on are
 * walked under its mmap_lock, a spinlock: the text goes into the kernel
 * buffer of the open, never to user memory.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include "internal.h"

/* Linux's seq_setwidth(25 + sizeof(void *) * 6 - 1) on 64-bit */
#define MAPS_NAME_COLUMN	72

static const char *maps_vma_name(const struct vm_area_struct *vma,
				 const struct mm_struct *mm)
{
	if (vma->vm_file)
		return NULL;
	if (vma->vm_start <= mm->brk && vma->vm_end >= mm->start_brk)
		return "[heap]";
	if (vma->vm_start <= mm->start_stack &&
	    vma->vm_end >= mm->start_stack)
		return "[stack]";
	return NULL;
}

static void maps_show_vma(struct seq_file *m, const struct vm_area_struct *vma,
			  const struct mm_struct *mm)
{
	unsigned long flags = vma->vm_flags, ino = 0;
	const char *name = maps_vma_name(vma, mm);
	size_t line = m->count;
	dev_t dev = 0;

	if (vma->vm_file) {
		const struct inode *inode = file_inode(vma->vm_file);

		dev = inode->i_sb->s_dev;
		ino = inode->i_ino;
	}
	seq_printf(m, "%08lx-%08lx %c%c%c%c %08lx %02x:%02x %lu ",
		   vma->vm_start, vma->vm_end,
		   flags & VM_READ ? 'r' : '-', flags & VM_WRITE ? 'w' : '-',
		   flags & VM_EXEC ? 'x' : '-', flags & VM_MAYSHARE ? 's' : 'p',
		   vma->vm_file ? vma->vm_pgoff << PAGE_SHIFT : 0,
		   MAJOR(dev), MINOR(dev), ino);
	if (name) {
		while (m->count - line < MAPS_NAME_COLUMN && !m->overflow)
			seq_putc(m, ' ');
		seq_printf(m, " %s", name);
	}
	seq_putc(m, '\n');
}

/**
 * proc_pid_maps_show() - a process's mappings, one line per VMA
 * @m: receives the text
 * @mm: its space, on which the caller holds a reference
 *
 * Returns 0.
 */
int proc_pid_maps_show(struct seq_file *m, struct mm_struct *mm)
{
	struct vm_area_struct *vma;

	mmap_write_lock(mm);
	list_for_each_entry(vma, &mm->mmap, vm_list)
		maps_show_vma(m, vma, mm);
	mmap_write_unlock(mm);
	return 0;
}
