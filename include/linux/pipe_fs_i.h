/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pipes (fs/pipe.c; Documentation/filesystems/vfs.rst, "Pipes"): a ring
 * of PIPE_DEF_BUFFERS pages, Linux's default 64 KiB, shared by the two
 * ends of pipe(2).  A page is allocated when the ring first reaches it
 * and freed with the pipe.
 */
#ifndef _CACHET_LINUX_PIPE_FS_I_H
#define _CACHET_LINUX_PIPE_FS_I_H

#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define PIPE_DEF_BUFFERS	16
#define PIPE_BUF		4096	/* writes up to this are atomic */
#define PIPE_SIZE		(PIPE_DEF_BUFFERS * PIPE_BUF)

/*
 * @lock guards everything below it; the bytes are copied to and from
 * user space outside it, through a kernel bounce page, since a copy may
 * fault and sleep.  Readers sleep on @rd_wait until there are bytes or
 * no writers; writers on @wr_wait until there is room or no readers.
 */
struct pipe_inode_info {
	spinlock_t lock;
	struct wait_queue_head rd_wait;
	struct wait_queue_head wr_wait;
	unsigned int readers;		/* open read ends */
	unsigned int writers;		/* open write ends */
	unsigned int start;		/* ring offset of the first byte */
	unsigned int len;		/* bytes held */
	char *bufs[PIPE_DEF_BUFFERS];
};

extern const struct file_operations pipefifo_fops;

int create_pipe_files(struct file **res, int flags);

/* the pipe behind an end that create_pipe_files() made */
static inline struct pipe_inode_info *file_pipe_info(struct file *file)
{
	return file_inode(file)->i_private;
}

#endif /* _CACHET_LINUX_PIPE_FS_I_H */
