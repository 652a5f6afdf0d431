// SPDX-License-Identifier: GPL-2.0
/*
 * The links of /proc/<pid>/: cwd and root (the process's directories)
 * and fd/N (one per open descriptor), whose targets are paths from the
 * reader's root as Linux's d_path() gives them: "/dev/console",
 * "/tmp/x (deleted)" for an unlinked file, "pipe:[ino]" for a pipe.
 *
 * The process's fs and files are reached under its task_lock() (exec
 * and exit change them only under it) and held by a reference while the
 * path is made.  The proc mount asks for a target at lookup, under the
 * namespace lock: the references' last puts take no lock
 * (Documentation/filesystems/vfs.rst, "Locking").  Reading a link needs Linux's
 * PTRACE_MODE_READ_FSCREDS permission (-EACCES), as in Linux's
 * proc_fd_access_allowed().
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/kernel.h>
#include <linux/sched/task.h>
#include <linux/string.h>
#include "internal.h"

/* the task of @pid with a reference, or NULL */
static struct task_struct *proc_get_task(int pid, bool *permitted)
{
	struct task_struct *t;
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (t) {
		get_task_struct(t);
		*permitted = proc_may_access(t);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return t;
}

/* @t's descriptor table with a reference, or NULL (a zombie's) */
static struct files_struct *proc_get_files(struct task_struct *t)
{
	struct files_struct *files;

	task_lock(t);
	files = t->files;
	if (files)
		__atomic_fetch_add(&files->count, 1, __ATOMIC_RELAXED);
	task_unlock(t);
	return files;
}

/*
 * A path as Linux's d_path() and d_dname() name it, into @buf.  The
 * namespace lock is held (the proc mount makes link targets at lookup),
 * so d_path(), which takes it, cannot be used; the absolute path is the
 * same, every reader's root being the namespace's (there is no chroot).
 */
static int proc_path_name(const struct path *path, const struct inode *inode,
			  char *buf, size_t size)
{
	const struct dentry *d = path->dentry;
	char *p;

	/* no mount: a pipe's dentry, named "pipe:" */
	if (!path->mnt) {
		snprintf(buf, size, "%.*s[%lu]", (int)d->d_name.len,
			 d->d_name.name, inode ? inode->i_ino : 0UL);
		return 0;
	}
	p = d_absolute_path_locked(path, buf, size);
	if (IS_ERR(p))
		return PTR_ERR(p);
	memmove(buf, p, strlen(p) + 1);
	/* Linux's d_unlinked(): unhashed and not a root */
	if (!(d->d_flags & DCACHE_HASHED) && d->d_parent != d) {
		size_t n = strlen(buf);

		snprintf(buf + n, size - n, " (deleted)");
	}
	return 0;
}

static int proc_fd_target(struct task_struct *t, unsigned int fd, char *buf,
			  size_t size)
{
	struct files_struct *files = proc_get_files(t);
	struct file *f = NULL;
	int err;

	if (!files)
		return -ENOENT;
	spin_lock(&files->file_lock);
	if (fd < NR_OPEN_DEFAULT && files->fd[fd])
		f = get_file(files->fd[fd]);
	spin_unlock(&files->file_lock);
	put_files_struct(files);
	if (!f)
		return -ENOENT;
	err = proc_path_name(&f->f_path, f->f_inode, buf, size);
	fput(f);
	return err;
}

static int proc_fs_target(struct task_struct *t, bool root, char *buf,
			  size_t size)
{
	struct path path;
	int err;

	task_lock(t);
	if (!t->fs) {
		task_unlock(t);
		return -ENOENT;
	}
	if (root)
		get_fs_root(t->fs, &path);
	else
		get_fs_pwd(t->fs, &path);
	task_unlock(t);
	err = proc_path_name(&path, path.dentry->d_inode, buf, size);
	path_put(&path);
	return err;
}

/**
 * proc_pid_link_target() - where a link of /proc/<pid>/ points
 * @pid: the process
 * @link: PID_LINK_CWD, PID_LINK_ROOT or PID_LINK_FD
 * @fd: the descriptor, for PID_LINK_FD
 * @buf: receives the target, NUL-terminated
 * @size: of @buf
 *
 * The caller holds the namespace lock.  Returns 0, -ENOENT (no such
 * process, descriptor or directory: a
 * zombie has none), -EACCES (the reader may not trace the process) or
 * -ENAMETOOLONG.
 */
int proc_pid_link_target(int pid, int link, unsigned int fd, char *buf,
			 size_t size)
{
	bool permitted = false;
	struct task_struct *t = proc_get_task(pid, &permitted);
	int err;

	if (!t)
		return -ENOENT;
	if (!permitted)
		err = -EACCES;
	else if (link == PID_LINK_FD)
		err = proc_fd_target(t, fd, buf, size);
	else
		err = proc_fs_target(t, link == PID_LINK_ROOT, buf, size);
	put_task_struct(t);
	return err;
}

/**
 * proc_pid_fd_open() - whether process @pid has descriptor @fd open
 * @pid: the process
 * @fd: the descriptor
 */
bool proc_pid_fd_open(int pid, unsigned int fd)
{
	bool permitted, open = false;
	struct task_struct *t = proc_get_task(pid, &permitted);
	struct files_struct *files;

	if (!t)
		return false;
	files = proc_get_files(t);
	if (files) {
		spin_lock(&files->file_lock);
		open = fd < NR_OPEN_DEFAULT && files->fd[fd];
		spin_unlock(&files->file_lock);
		put_files_struct(files);
	}
	put_task_struct(t);
	return open;
}

/**
 * proc_pid_fd_list() - the open descriptors of process @pid
 * @pid: the process
 * @fds: receives the bitmap of descriptors with a file (FD_WORDS words)
 *
 * Returns 0, -ENOENT without the process, -EACCES without permission.
 * A zombie has no descriptor: an empty bitmap.
 */
int proc_pid_fd_list(int pid, unsigned long *fds)
{
	bool permitted = false;
	struct task_struct *t = proc_get_task(pid, &permitted);
	struct files_struct *files;

	memset(fds, 0, FD_WORDS * sizeof(*fds));
	if (!t)
		return -ENOENT;
	files = permitted ? proc_get_files(t) : NULL;
	if (files) {
		unsigned int fd;

		/* installed files: a reserved slot has no file yet */
		spin_lock(&files->file_lock);
		for (fd = 0; fd < NR_OPEN_DEFAULT; fd++)
			if (files->fd[fd])
				fds[fd / BITS_PER_LONG] |= 1UL << (fd % BITS_PER_LONG);
		spin_unlock(&files->file_lock);
		put_files_struct(files);
	}
	put_task_struct(t);
	return permitted ? 0 : -EACCES;
}
