// SPDX-License-Identifier: GPL-2.0
/*
 * sendfile(2): copy between two descriptors in the kernel, through a
 * bounce page, with Linux's rules: any readable file to any writable
 * one (Linux allows any output since 2.6.33), from the input's file
 * position or from *@offset (which is then updated and the position
 * left alone, and needs a file that can seek); an output opened with
 * O_APPEND is EINVAL; the count is capped at MAX_RW_COUNT.  The copy
 * stops at the input's end or at a short read, so it does not wait for
 * more than one read's worth of a pipe or a tty.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <asm/page.h>
#include <asm/uaccess.h>

#define MAX_RW_COUNT	(INT_MAX & ~(PAGE_SIZE - 1))

/* EBADF unless @fd is open with @fmode; else the file's f_flags */
static int sendfile_check(unsigned int fd, unsigned int fmode,
			  unsigned int *flags, unsigned int *f_mode)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	*flags = f->f_flags;
	*f_mode = f->f_mode;
	fput(f);
	return *f_mode & fmode ? 0 : -EBADF;
}

static ssize_t sendfile_copy(unsigned int out_fd, unsigned int in_fd,
			     loff_t *ppos, size_t count)
{
	char *buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	ssize_t done = 0, ret = 0;

	if (!buf)
		return -ENOMEM;
	while (count) {
		size_t n = min_t(size_t, count, PAGE_SIZE);
		struct iov_iter it;
		ssize_t got;

		iov_iter_kbuf(&it, READ, buf, n);
		got = do_rw_iter(in_fd, &it, ppos);
		if (got <= 0) {
			ret = got;
			break;
		}
		iov_iter_kbuf(&it, WRITE, buf, got);
		ret = do_rw_iter(out_fd, &it, NULL);
		if (ret < 0)
			break;
		/* the input moves only by what was written out */
		if (ppos)
			*ppos += ret;
		done += ret;
		count -= ret;
		if (ret < got || (size_t)got < n)
			break;
	}
	kfree(buf);
	return done ? done : ret;
}

SYSCALL_DEFINE4(sendfile, int, out_fd, int, in_fd, loff_t __user *, offset,
		size_t, count)
{
	unsigned int in_flags, in_mode, out_flags, out_mode;
	loff_t pos;
	ssize_t ret;

	ret = sendfile_check(in_fd, FMODE_READ, &in_flags, &in_mode);
	if (!ret)
		ret = sendfile_check(out_fd, FMODE_WRITE, &out_flags,
				     &out_mode);
	if (ret)
		return ret;
	if (out_flags & O_APPEND)
		return -EINVAL;
	if (offset) {
		if (copy_from_user(&pos, offset, sizeof(pos)))
			return -EFAULT;
		if (!(in_mode & FMODE_PREAD))
			return -ESPIPE;
		if (pos < 0)
			return -EINVAL;
	}
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	ret = sendfile_copy(out_fd, in_fd, offset ? &pos : NULL, count);
	if (offset && put_user(pos, offset))
		return -EFAULT;
	return ret;
}
