// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptor tables (include/linux/fdtable.h): lowest free descriptor
 * first, as POSIX requires; a descriptor is reserved (open_fds) before
 * its file is installed, so two opens never get the same number; and
 * the close-on-exec bit belongs to the descriptor, not the file.
 * file_lock guards one table; files are referenced (fget()) before the
 * lock is dropped.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

struct files_struct init_files = {
	.count = 1,
	.file_lock = __SPIN_LOCK_UNLOCKED,
};

struct files_struct *current_files(void)
{
	struct task_struct *t = current;

	return t && t->files ? t->files : &init_files;
}

static bool fd_test(const unsigned long *map, unsigned int fd)
{
	return map[fd / BITS_PER_LONG] & (1UL << (fd % BITS_PER_LONG));
}

static void fd_assign(unsigned long *map, unsigned int fd, bool on)
{
	unsigned long bit = 1UL << (fd % BITS_PER_LONG);

	if (on)
		map[fd / BITS_PER_LONG] |= bit;
	else
		map[fd / BITS_PER_LONG] &= ~bit;
}

/*
 * The descriptors a process may use: below its RLIMIT_NOFILE, as Linux,
 * and the table's size.  Kernel contexts have the whole table.
 */
static unsigned int nofile_limit(void)
{
	struct task_struct *t = current;

	if (!t || !t->mm)
		return NR_OPEN_DEFAULT;
	return min(t->rlim[RLIMIT_NOFILE].rlim_cur,
		   (unsigned long)NR_OPEN_DEFAULT);
}

/* file_lock held: the lowest free descriptor >= @start, or -EMFILE */
static int find_free_fd(struct files_struct *files, unsigned int start)
{
	unsigned int fd = max(start, files->next_fd), end = nofile_limit();

	for (; fd < end; fd++)
		if (!fd_test(files->open_fds, fd))
			return fd;
	return -EMFILE;
}

/* file_lock held: reserve @fd */
static void claim_fd(struct files_struct *files, unsigned int fd,
		     unsigned int flags)
{
	fd_assign(files->open_fds, fd, true);
	fd_assign(files->close_on_exec, fd, flags & O_CLOEXEC);
	if (fd == files->next_fd)
		files->next_fd = fd + 1;
}

/* file_lock held: free @fd; the file, if any, is the caller's to put */
static struct file *release_fd(struct files_struct *files, unsigned int fd)
{
	struct file *f = files->fd[fd];

	files->fd[fd] = NULL;
	fd_assign(files->open_fds, fd, false);
	fd_assign(files->close_on_exec, fd, false);
	if (fd < files->next_fd)
		files->next_fd = fd;
	return f;
}

static int alloc_fd(unsigned int start, unsigned int flags)
{
	struct files_struct *files = current_files();
	int fd;

	spin_lock(&files->file_lock);
	fd = find_free_fd(files, start);
	if (fd >= 0)
		claim_fd(files, fd, flags);
	spin_unlock(&files->file_lock);
	return fd;
}

/**
 * get_unused_fd_flags() - reserve the lowest free descriptor
 * @flags: O_CLOEXEC sets its close-on-exec bit
 *
 * Returns it, or -EMFILE when all NR_OPEN_DEFAULT are in use.
 */
int get_unused_fd_flags(unsigned int flags)
{
	return alloc_fd(0, flags);
}

void put_unused_fd(unsigned int fd)
{
	struct files_struct *files = current_files();

	spin_lock(&files->file_lock);
	WARN_ON_ONCE(files->fd[fd]);
	release_fd(files, fd);
	spin_unlock(&files->file_lock);
}

/* give a reserved descriptor its file (whose reference it takes) */
void fd_install(unsigned int fd, struct file *file)
{
	struct files_struct *files = current_files();

	spin_lock(&files->file_lock);
	BUG_ON(!fd_test(files->open_fds, fd) || files->fd[fd]);
	files->fd[fd] = file;
	spin_unlock(&files->file_lock);
}

struct file *fget(unsigned int fd)
{
	struct files_struct *files = current_files();
	struct file *f = NULL;

	if (fd >= NR_OPEN_DEFAULT)
		return NULL;
	spin_lock(&files->file_lock);
	if (files->fd[fd])
		f = get_file(files->fd[fd]);
	spin_unlock(&files->file_lock);
	return f;
}

/* close(2): 0 or -EBADF */
int close_fd(unsigned int fd)
{
	struct files_struct *files = current_files();
	struct file *f = NULL;

	if (fd >= NR_OPEN_DEFAULT)
		return -EBADF;
	spin_lock(&files->file_lock);
	if (files->fd[fd])
		f = release_fd(files, fd);
	spin_unlock(&files->file_lock);
	if (!f)
		return -EBADF;
	fput(f);
	return 0;
}

bool get_close_on_exec(unsigned int fd)
{
	struct files_struct *files = current_files();
	bool on;

	spin_lock(&files->file_lock);
	on = fd < NR_OPEN_DEFAULT && fd_test(files->close_on_exec, fd);
	spin_unlock(&files->file_lock);
	return on;
}

void set_close_on_exec(unsigned int fd, bool on)
{
	struct files_struct *files = current_files();

	spin_lock(&files->file_lock);
	if (fd < NR_OPEN_DEFAULT && files->fd[fd])
		fd_assign(files->close_on_exec, fd, on);
	spin_unlock(&files->file_lock);
}

/* F_DUPFD: a new descriptor >= @from for @file (referenced by the caller) */
int f_dupfd(unsigned int from, struct file *file, unsigned int flags)
{
	int fd;

	if (from >= nofile_limit())
		return -EINVAL;
	fd = alloc_fd(from, flags);
	if (fd >= 0)
		fd_install(fd, get_file(file));
	return fd;
}

int ksys_dup(unsigned int fildes)
{
	struct file *f = fget(fildes);
	int ret;

	if (!f)
		return -EBADF;
	ret = f_dupfd(0, f, 0);
	fput(f);
	return ret;
}

/**
 * ksys_dup3() - make @newfd a copy of @oldfd
 * @oldfd: open
 * @newfd: below RLIMIT_NOFILE (and NR_OPEN_DEFAULT); closed first if open
 * @flags: 0 or O_CLOEXEC
 *
 * Returns @newfd, -EBADF (@oldfd not open, @newfd out of range) or
 * -EINVAL (other flags, or @oldfd == @newfd: dup3's rule).
 */
int ksys_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	struct files_struct *files = current_files();
	struct file *f, *old = NULL;

	if (flags & ~O_CLOEXEC)
		return -EINVAL;
	if (oldfd == newfd)
		return -EINVAL;
	if (newfd >= nofile_limit())
		return -EBADF;
	spin_lock(&files->file_lock);
	f = oldfd < NR_OPEN_DEFAULT ? files->fd[oldfd] : NULL;
	if (!f) {
		spin_unlock(&files->file_lock);
		return -EBADF;
	}
	if (fd_test(files->open_fds, newfd) && !files->fd[newfd]) {
		/* reserved by an open in progress: Linux's EBUSY */
		spin_unlock(&files->file_lock);
		return -EBUSY;
	}
	if (files->fd[newfd])
		old = release_fd(files, newfd);
	claim_fd(files, newfd, flags);
	files->fd[newfd] = get_file(f);
	spin_unlock(&files->file_lock);
	if (old)
		fput(old);
	return newfd;
}

/* dup2(): as dup3() but @oldfd == @newfd returns @newfd if it is open */
int ksys_dup2(unsigned int oldfd, unsigned int newfd)
{
	struct file *f;

	if (oldfd == newfd) {
		f = fget(oldfd);
		if (!f)
			return -EBADF;
		fput(f);
		return newfd;
	}
	return ksys_dup3(oldfd, newfd, 0);
}

/**
 * dup_fd() - a copy of @old for fork without CLONE_FILES
 * @old: the parent's table
 * @errorp: -ENOMEM on failure
 *
 * Every open file gets one more reference; close-on-exec bits are kept.
 */
struct files_struct *dup_fd(struct files_struct *old, int *errorp)
{
	struct files_struct *n = kzalloc(sizeof(*n), GFP_KERNEL);
	unsigned int fd;

	if (!n) {
		*errorp = -ENOMEM;
		return NULL;
	}
	n->count = 1;
	spin_lock_init(&n->file_lock);
	spin_lock(&old->file_lock);
	for (fd = 0; fd < NR_OPEN_DEFAULT; fd++) {
		if (!old->fd[fd])
			continue;	/* reservations are the parent's own */
		n->fd[fd] = get_file(old->fd[fd]);
		fd_assign(n->open_fds, fd, true);
		if (fd_test(old->close_on_exec, fd))
			fd_assign(n->close_on_exec, fd, true);
	}
	spin_unlock(&old->file_lock);
	while (n->next_fd < NR_OPEN_DEFAULT && fd_test(n->open_fds, n->next_fd))
		n->next_fd++;
	return n;
}

static void close_files(struct files_struct *files, bool only_cloexec)
{
	unsigned int fd;
	struct file *f;

	for (fd = 0; fd < NR_OPEN_DEFAULT; fd++) {
		spin_lock(&files->file_lock);
		f = NULL;
		if (files->fd[fd] &&
		    (!only_cloexec || fd_test(files->close_on_exec, fd)))
			f = release_fd(files, fd);
		spin_unlock(&files->file_lock);
		if (f)
			fput(f);
	}
}

/* drop a task's use of @files: the last user closes and frees it */
void put_files_struct(struct files_struct *files)
{
	if (__atomic_sub_fetch(&files->count, 1, __ATOMIC_ACQ_REL))
		return;
	close_files(files, false);
	if (files != &init_files)
		kfree(files);
}

/* exec: close every descriptor marked close-on-exec */
void do_close_on_exec(struct files_struct *files)
{
	close_files(files, true);
}
