// SPDX-License-Identifier: GPL-2.0
/*
 * The VFS's side of mmap() of a file: Linux 6.1's checks of the file
 * against the mapping asked for, the call into the file's ->mmap(), and
 * the reference a file mapping holds on its file.
 *
 * A VMA with a vm_file holds one reference to it for as long as it
 * exists: call_mmap() takes the first, and the vm_ops a file system
 * installs take one per copy (fork, a split) and drop one per VMA that
 * goes (filemap_vma_open() and filemap_vma_close()).  So close() after
 * mmap() keeps the mapping working.  An ->mmap() that makes the mapping
 * anonymous (/dev/zero) clears vm_file and holds nothing.
 *
 * All of it runs under mm->mmap_lock, a spinlock: so may a file's last
 * fput(), from munmap() or exit.  A file that can be mapped must not
 * sleep in its release().
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/stat.h>
#include "internal.h"

/* Linux's file_mmap_ok(): the mapped range must fit the file's offsets */
static bool file_mmap_ok(struct file *file, unsigned long pgoff,
			 unsigned long len)
{
	u64 maxsize = S_ISREG(file_inode(file)->i_mode) ? MAX_LFS_FILESIZE :
		      ~0UL;

	if (len > maxsize)
		return false;
	return pgoff <= (maxsize - len) >> PAGE_SHIFT;
}

/**
 * mmap_file_vm_flags() - Linux's checks of a mapping of @file
 * @file: the open file
 * @flags: MAP_* flags
 * @pgoff: offset in pages
 * @len: page-aligned length
 * @vm_flags: the mapping's VM_* flags; adjusted
 *
 * A shared mapping of a file not open for writing loses VM_SHARED and
 * VM_MAYWRITE (so mprotect() cannot make it writable later), as in
 * Linux.  Returns 0, -EOVERFLOW for a range past the largest offset,
 * -EACCES for a shared writable mapping of a file not open for writing
 * or for any mapping of one not open for reading, -ENODEV when the file
 * cannot be mapped, -EINVAL for MAP_GROWSDOWN.
 */
int mmap_file_vm_flags(struct file *file, unsigned long flags,
		       unsigned long pgoff, unsigned long len,
		       unsigned long *vm_flags)
{
	if (!file_mmap_ok(file, pgoff, len))
		return -EOVERFLOW;
	if ((flags & MAP_TYPE) != MAP_PRIVATE) {
		if ((*vm_flags & VM_WRITE) && !(file->f_mode & FMODE_WRITE))
			return -EACCES;
		if (!(file->f_mode & FMODE_WRITE))
			*vm_flags &= ~(VM_MAYWRITE | VM_SHARED);
	}
	if (!(file->f_mode & FMODE_READ))
		return -EACCES;
	if (!file->f_op || !file->f_op->mmap)
		return -ENODEV;
	if (*vm_flags & VM_GROWSDOWN)
		return -EINVAL;
	return 0;
}

/**
 * call_mmap() - let @file set up @vma (Linux's call_mmap())
 * @file: a file mmap_file_vm_flags() accepted
 * @vma: the new VMA, vm_file set to @file, not linked yet
 *
 * The file's ->mmap() installs vm_ops whose fault() supplies its pages.
 * When it keeps vm_file, the VMA takes a reference to the file, which
 * its vm_ops->close() drops.  Returns 0 or the ->mmap()'s errno.
 */
int call_mmap(struct file *file, struct vm_area_struct *vma)
{
	int err = file->f_op->mmap(file, vma);

	if (!err && vma->vm_file)
		get_file(vma->vm_file);
	return err;
}

/**
 * filemap_vma_open() - vm_ops->open() of a file mapping: a new copy
 * @vma: the copy (fork, or the part a split made); holds its own reference
 */
void filemap_vma_open(struct vm_area_struct *vma)
{
	get_file(vma->vm_file);
}

/**
 * filemap_vma_close() - vm_ops->close() of a file mapping: it goes
 * @vma: the VMA; its reference to the file is dropped
 */
void filemap_vma_close(struct vm_area_struct *vma)
{
	fput(vma->vm_file);
}

/**
 * shmem_zero_setup() - make @vma shared anonymous memory (Linux's name)
 * @vma: a shared mapping of /dev/zero, being set up by call_mmap()
 *
 * What a shared mapping of /dev/zero is in Linux: memory shared with
 * the children of fork() and nothing else.  The VMA no longer refers to
 * the device (it holds no reference to it).  Returns 0 or -ENOMEM.
 */
int shmem_zero_setup(struct vm_area_struct *vma)
{
	int err = shmem_anon_setup(vma);

	if (!err)
		vma->vm_file = NULL;
	return err;
}
