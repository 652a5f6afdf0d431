/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A process's descriptor table (fs/file.c): descriptor -> struct file,
 * with the close-on-exec bit of each.  Tasks share one (CLONE_FILES) or
 * have their own copy (fork: dup_fd()).  The table has NR_OPEN_DEFAULT
 * slots, Linux's default RLIMIT_NOFILE: a descriptor at or above it is
 * refused (EMFILE when the table is full, EBADF or EINVAL for a number
 * asked for, as Linux).
 */
#ifndef _CACHET_LINUX_FDTABLE_H
#define _CACHET_LINUX_FDTABLE_H

#include <linux/spinlock.h>
#include <linux/types.h>

#define NR_OPEN_DEFAULT	1024
#define BITS_PER_LONG	64
#define FD_WORDS	(NR_OPEN_DEFAULT / BITS_PER_LONG)

struct file;

struct files_struct {
	int count;			/* atomic: tasks sharing it */
	spinlock_t file_lock;		/* everything below */
	unsigned int next_fd;		/* no free descriptor below it */
	unsigned long open_fds[FD_WORDS];
	unsigned long close_on_exec[FD_WORDS];
	struct file *fd[NR_OPEN_DEFAULT];
};

extern struct files_struct init_files;

/* the caller's table: its task's, or the boot's for kernel contexts */
struct files_struct *current_files(void);

struct files_struct *dup_fd(struct files_struct *old, int *errorp);
void put_files_struct(struct files_struct *files);
void do_close_on_exec(struct files_struct *files);

/* a referenced file for @fd, or NULL (then EBADF) */
struct file *fget(unsigned int fd);
int get_unused_fd_flags(unsigned int flags);
void put_unused_fd(unsigned int fd);
void fd_install(unsigned int fd, struct file *file);
int close_fd(unsigned int fd);
bool get_close_on_exec(unsigned int fd);
void set_close_on_exec(unsigned int fd, bool on);

int ksys_dup(unsigned int fildes);
int ksys_dup2(unsigned int oldfd, unsigned int newfd);
int ksys_dup3(unsigned int oldfd, unsigned int newfd, int flags);
int f_dupfd(unsigned int from, struct file *file, unsigned int flags);

#endif /* _CACHET_LINUX_FDTABLE_H */
