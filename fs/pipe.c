// SPDX-License-Identifier: GPL-2.0
/*
 * Pipes, with Linux's semantics (Documentation/filesystems/vfs.rst,
 * "Pipes"): 64 KiB of ring; a read takes what is there, sleeps while
 * the pipe is empty and has a writer, and sees end of file when it has
 * none; a write of at most PIPE_BUF bytes goes in whole or not at all;
 * a write with no reader left gets SIGPIPE and -EPIPE; O_NONBLOCK turns
 * each sleep into -EAGAIN; a signal ends a sleep with -ERESTARTSYS,
 * or with the bytes already moved.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs_struct.h>
#include <linux/kernel.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>
#include <uapi/asm-generic/ioctls.h>

/* bytes moved between the ring and the caller per turn of the lock */
#define PIPE_CHUNK	PIPE_BUF

/*
 * Sleep on @wq until @cond (read under the pipe's lock, which is held
 * on entry and on return).  Returns 0, or -ERESTARTSYS for a signal.
 */
#define pipe_wait(pipe, wq, cond)					\
({									\
	struct wait_queue_entry __w;					\
	int __r = 0;							\
									\
	init_wait_entry(&__w, 0);					\
	while (!(cond)) {						\
		prepare_to_wait_event(&(wq), &__w, TASK_INTERRUPTIBLE);	\
		if (signal_pending(current)) {				\
			__r = -ERESTARTSYS;				\
			break;						\
		}							\
		spin_unlock(&(pipe)->lock);				\
		schedule();						\
		spin_lock(&(pipe)->lock);				\
	}								\
	finish_wait(&(wq), &__w);					\
	__r;								\
})

/* copy @n bytes out of the ring into @to and drop them; lock held */
static void ring_take(struct pipe_inode_info *pipe, char *to, unsigned int n)
{
	while (n) {
		unsigned int off = pipe->start % PIPE_BUF;
		unsigned int k = min(n, PIPE_BUF - off);

		memcpy(to, pipe->bufs[pipe->start / PIPE_BUF] + off, k);
		pipe->start = (pipe->start + k) % PIPE_SIZE;
		pipe->len -= k;
		to += k;
		n -= k;
	}
	if (!pipe->len)
		pipe->start = 0;
}

/* append @n bytes from @from: the room and the pages are there; lock */
static void ring_put(struct pipe_inode_info *pipe, const char *from,
		     unsigned int n)
{
	while (n) {
		unsigned int end = (pipe->start + pipe->len) % PIPE_SIZE;
		unsigned int k = min(n, PIPE_BUF - end % PIPE_BUF);

		memcpy(pipe->bufs[end / PIPE_BUF] + end % PIPE_BUF, from, k);
		pipe->len += k;
		from += k;
		n -= k;
	}
}

/*
 * Do the pages that @n more bytes land in exist?  Returns 0 when they
 * do (the lock was held throughout), 1 when one was allocated with the
 * lock dropped (the caller looks at the pipe again: another writer may
 * have moved the end), -ENOMEM without memory.
 */
static int ring_pages(struct pipe_inode_info *pipe, unsigned int n)
{
	unsigned int end = pipe->start + pipe->len;
	unsigned int i;

	for (i = end / PIPE_BUF; i <= (end + n - 1) / PIPE_BUF; i++) {
		unsigned int slot = i % PIPE_DEF_BUFFERS;
		char *page;

		if (pipe->bufs[slot])
			continue;
		spin_unlock(&pipe->lock);
		page = kmalloc(PIPE_BUF, GFP_KERNEL);
		spin_lock(&pipe->lock);
		if (!page)
			return -ENOMEM;
		if (pipe->bufs[slot])
			kfree(page);	/* another writer was first */
		else
			pipe->bufs[slot] = page;
		return 1;
	}
	return 0;
}

static ssize_t pipe_read(struct file *file, struct iov_iter *to,
			 loff_t *pos)
{
	struct pipe_inode_info *pipe = file_pipe_info(file);
	char *bounce = kmalloc(PIPE_CHUNK, GFP_KERNEL);
	ssize_t done = 0;
	int err;

	if (!bounce)
		return -ENOMEM;
	spin_lock(&pipe->lock);
	if (!pipe->len && pipe->writers) {
		if (file->f_flags & O_NONBLOCK) {
			done = -EAGAIN;
			goto out;
		}
		err = pipe_wait(pipe, pipe->rd_wait,
				pipe->len || !pipe->writers);
		if (err) {
			done = err;
			goto out;
		}
	}
	while (pipe->len && iov_iter_count(to)) {
		unsigned int n = min_t(size_t, min_t(size_t, pipe->len,
						      PIPE_CHUNK),
				       iov_iter_count(to));
		size_t copied;

		ring_take(pipe, bounce, n);
		spin_unlock(&pipe->lock);
		wake_up_interruptible_all(&pipe->wr_wait);
		copied = copy_to_iter(bounce, n, to);
		spin_lock(&pipe->lock);
		done += copied;
		if (copied < n) {
			if (!done)
				done = -EFAULT;
			break;
		}
	}
out:
	spin_unlock(&pipe->lock);
	kfree(bounce);
	return done;
}

/* the bytes a write needs room for before it puts any in */
static unsigned int write_unit(size_t left, size_t total)
{
	if (total <= PIPE_BUF)
		return left;	/* atomic: all at once */
	return 1;
}

static ssize_t pipe_write(struct file *file, struct iov_iter *from,
			  loff_t *pos)
{
	struct pipe_inode_info *pipe = file_pipe_info(file);
	size_t total = iov_iter_count(from);
	char *bounce = kmalloc(PIPE_CHUNK, GFP_KERNEL);
	unsigned int held = 0, off = 0;
	ssize_t done = 0;
	int err = 0;

	if (!bounce)
		return -ENOMEM;
	spin_lock(&pipe->lock);
	while (held || iov_iter_count(from)) {
		unsigned int n;

		if (!held) {
			spin_unlock(&pipe->lock);
			held = copy_from_iter(bounce, PIPE_CHUNK, from);
			off = 0;
			spin_lock(&pipe->lock);
			if (!held) {
				err = -EFAULT;
				break;
			}
		}
		if (!pipe->readers) {
			/* kernel threads take no signals (Linux's ignore all) */
			if (current->sighand)
				send_sig(SIGPIPE, current, 0);
			err = -EPIPE;
			break;
		}
		if (PIPE_SIZE - pipe->len < write_unit(held, total)) {
			if (file->f_flags & O_NONBLOCK) {
				err = -EAGAIN;
				break;
			}
			err = pipe_wait(pipe, pipe->wr_wait, !pipe->readers ||
					PIPE_SIZE - pipe->len >=
					write_unit(held, total));
			if (err)
				break;
			continue;
		}
		n = min_t(unsigned int, held, PIPE_SIZE - pipe->len);
		err = ring_pages(pipe, n);
		if (err < 0)
			break;
		/* the lock was dropped: look at the pipe again */
		if (err)
			continue;
		ring_put(pipe, bounce + off, n);
		off += n;
		held -= n;
		done += n;
		spin_unlock(&pipe->lock);
		wake_up_interruptible_all(&pipe->rd_wait);
		spin_lock(&pipe->lock);
	}
	spin_unlock(&pipe->lock);
	kfree(bounce);
	return done ? done : err;
}

static unsigned int pipe_poll(struct file *file, poll_table *pt)
{
	struct pipe_inode_info *pipe = file_pipe_info(file);
	unsigned int mask = 0;

	if (file->f_mode & FMODE_READ)
		poll_wait(file, &pipe->rd_wait, pt);
	if (file->f_mode & FMODE_WRITE)
		poll_wait(file, &pipe->wr_wait, pt);
	spin_lock(&pipe->lock);
	if (file->f_mode & FMODE_READ) {
		if (pipe->len)
			mask |= POLLIN | POLLRDNORM;
		if (!pipe->writers)
			mask |= POLLHUP;
	}
	if (file->f_mode & FMODE_WRITE) {
		if (PIPE_SIZE - pipe->len >= PIPE_BUF)
			mask |= POLLOUT | POLLWRNORM;
		if (!pipe->readers)
			mask |= POLLERR;
	}
	spin_unlock(&pipe->lock);
	return mask;
}

static long pipe_ioctl(struct file *file, unsigned int cmd,
		       unsigned long arg)
{
	struct pipe_inode_info *pipe = file_pipe_info(file);
	int n;

	if (cmd != FIONREAD)
		return -ENOTTY;
	spin_lock(&pipe->lock);
	n = pipe->len;
	spin_unlock(&pipe->lock);
	return put_user(n, (int __user *)arg);
}

static int pipe_release(struct inode *inode, struct file *file)
{
	struct pipe_inode_info *pipe = inode->i_private;

	spin_lock(&pipe->lock);
	if (file->f_mode & FMODE_READ)
		pipe->readers--;
	if (file->f_mode & FMODE_WRITE)
		pipe->writers--;
	spin_unlock(&pipe->lock);
	/* sleepers on the other end see EOF, EPIPE or POLLHUP now */
	wake_up_interruptible_all(&pipe->rd_wait);
	wake_up_interruptible_all(&pipe->wr_wait);
	return 0;
}

const struct file_operations pipefifo_fops = {
	.llseek		= no_llseek,
	.read_iter	= pipe_read,
	.write_iter	= pipe_write,
	.poll		= pipe_poll,
	.unlocked_ioctl	= pipe_ioctl,
	.release	= pipe_release,
};

static void free_pipe_info(struct pipe_inode_info *pipe)
{
	int i;

	for (i = 0; i < PIPE_DEF_BUFFERS; i++)
		kfree(pipe->bufs[i]);
	kfree(pipe);
}

static void pipefs_evict_inode(struct inode *inode)
{
	free_pipe_info(inode->i_private);
}

static const struct super_operations pipefs_ops = {
	.evict_inode	= pipefs_evict_inode,
};

/* Linux's PIPEFS_MAGIC */
#define PIPEFS_MAGIC	0x50495045

static struct file_system_type pipe_fs_type = {
	.name		= "pipefs",
};

static struct super_block *pipe_sb;
static DEFINE_SPINLOCK(pipe_sb_lock);

/* the one pipefs instance, made on the first pipe */
static struct super_block *get_pipe_sb(void)
{
	struct super_block *sb = __atomic_load_n(&pipe_sb, __ATOMIC_ACQUIRE);

	if (sb)
		return sb;
	sb = sget_anon(&pipe_fs_type, &pipefs_ops);
	if (!sb)
		return NULL;
	sb->s_magic = PIPEFS_MAGIC;
	spin_lock(&pipe_sb_lock);
	if (pipe_sb) {
		kfree(sb);
		sb = pipe_sb;
	} else {
		__atomic_store_n(&pipe_sb, sb, __ATOMIC_RELEASE);
	}
	spin_unlock(&pipe_sb_lock);
	return sb;
}

/*
 * A pipe's inode, under a dentry of its own named "pipe:" (an anonymous
 * file: no directory holds it).  Returns the dentry, with one reference.
 */
static struct dentry *pipe_dentry(void)
{
	struct super_block *sb = get_pipe_sb();
	struct pipe_inode_info *pipe;
	struct inode *inode;
	struct dentry *d;

	if (!sb)
		return NULL;
	pipe = kzalloc(sizeof(*pipe), GFP_KERNEL);
	inode = pipe ? new_inode(sb) : NULL;
	if (!inode) {
		kfree(pipe);
		return NULL;
	}
	spin_lock_init(&pipe->lock);
	init_waitqueue_head(&pipe->rd_wait);
	init_waitqueue_head(&pipe->wr_wait);
	pipe->readers = 1;
	pipe->writers = 1;
	inode->i_private = pipe;
	inode->i_ino = get_next_ino();
	inode->i_mode = S_IFIFO | 0600;
	inode->i_uid = current_fsuid();
	inode->i_gid = current_fsgid();
	inode->i_fop = &pipefifo_fops;
	d = d_alloc(NULL, "pipe:", 5);
	if (!d) {
		iput(inode);
		return NULL;
	}
	d->d_sb = sb;
	d->d_inode = inode;
	return d;
}

/**
 * create_pipe_files() - the two ends of a new pipe
 * @res: gets the read end in [0], the write end in [1]
 * @flags: O_NONBLOCK for both ends; other bits are the caller's
 *
 * Returns 0 or -ENOMEM.  Each file holds the pipe; the pipe goes with
 * the last of them.
 */
int create_pipe_files(struct file **res, int flags)
{
	struct path path = { .mnt = NULL, .dentry = pipe_dentry() };
	unsigned int fl = flags & O_NONBLOCK;

	if (!path.dentry)
		return -ENOMEM;
	res[0] = alloc_file(&path, O_RDONLY | fl, &pipefifo_fops);
	res[1] = alloc_file(&path, O_WRONLY | fl, &pipefifo_fops);
	/* the files hold their own references to the dentry */
	dput(path.dentry);
	if (res[0] && res[1])
		return 0;
	/* the ends that exist go through release: count the rest closed */
	if (!res[0])
		file_pipe_info(res[1])->readers = 0;
	else if (!res[1])
		file_pipe_info(res[0])->writers = 0;
	if (res[0])
		fput(res[0]);
	if (res[1])
		fput(res[1]);
	return -ENOMEM;
}

static int do_pipe2(int __user *fildes, int flags)
{
	struct file *files[2];
	int fd[2], err;

	/* Linux's O_DIRECT (packet mode) is not there: EINVAL, as for O_APPEND */
	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	err = create_pipe_files(files, flags);
	if (err)
		return err;
	fd[0] = get_unused_fd_flags(flags);
	if (fd[0] < 0) {
		err = fd[0];
		goto out_files;
	}
	fd[1] = get_unused_fd_flags(flags);
	if (fd[1] < 0) {
		err = fd[1];
		goto out_fd0;
	}
	if (copy_to_user(fildes, fd, sizeof(fd))) {
		err = -EFAULT;
		put_unused_fd(fd[1]);
		goto out_fd0;
	}
	fd_install(fd[0], files[0]);
	fd_install(fd[1], files[1]);
	return 0;

out_fd0:
	put_unused_fd(fd[0]);
out_files:
	fput(files[0]);
	fput(files[1]);
	return err;
}

SYSCALL_DEFINE2(pipe2, int __user *, fildes, int, flags)
{
	return do_pipe2(fildes, flags);
}

SYSCALL_DEFINE1(pipe, int __user *, fildes)
{
	return do_pipe2(fildes, 0);
}
