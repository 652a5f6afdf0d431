// SPDX-License-Identifier: GPL-2.0
/*
 * read, write, their vectored and positioned forms, and lseek, with
 * Linux's checks: a descriptor not open for the direction is EBADF, a
 * directory read is EISDIR, a count above MAX_RW_COUNT is cut to it,
 * positioned I/O on a file that cannot seek is ESPIPE, a negative
 * position EINVAL.  The ksys_*() wrappers take user buffers; the
 * vfs_*() and do_*() bodies take an iov_iter, so the kernel and the
 * tests read and write through the very same path with kernel buffers.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <asm/page.h>
#include <asm/uaccess.h>

/* Linux's cap on one read or write: INT_MAX rounded down to a page */
#define MAX_RW_COUNT	(INT_MAX & ~(PAGE_SIZE - 1))

static ssize_t rw_checks(struct file *file, struct iov_iter *it, loff_t *pos,
			 unsigned int fmode)
{
	loff_t end;

	if (!(file->f_mode & fmode))
		return -EBADF;
	/* Linux's rw_verify_area(): unsigned positions may not wrap to 0 */
	if (*pos < 0) {
		if (!(file->f_mode & FMODE_UNSIGNED_OFFSET))
			return -EINVAL;
		if (it->count >= (u64)-*pos)
			return -EOVERFLOW;
	} else if (__builtin_add_overflow(*pos, (loff_t)it->count, &end) &&
		   !(file->f_mode & FMODE_UNSIGNED_OFFSET)) {
		return -EINVAL;
	}
	if (it->count > MAX_RW_COUNT)
		it->count = MAX_RW_COUNT;
	return 0;
}

/**
 * vfs_read() - read from @file at *@pos into @to
 * @file: open for reading
 * @to: the buffer
 * @pos: advanced by what was read
 *
 * Returns the bytes read (0 at the end), -EBADF, -EISDIR, -EINVAL or
 * the driver's error.
 */
ssize_t vfs_read(struct file *file, struct iov_iter *to, loff_t *pos)
{
	ssize_t ret = rw_checks(file, to, pos, FMODE_READ);

	if (ret)
		return ret;
	if (S_ISDIR(file_inode(file)->i_mode))
		return -EISDIR;
	if (!file->f_op || !file->f_op->read_iter)
		return -EINVAL;
	if (!iov_iter_count(to))
		return 0;
	return file->f_op->read_iter(file, to, pos);
}

/* vfs_write(): as vfs_read() the other way; O_APPEND is the driver's */
ssize_t vfs_write(struct file *file, struct iov_iter *from, loff_t *pos)
{
	ssize_t ret = rw_checks(file, from, pos, FMODE_WRITE);

	if (ret)
		return ret;
	if (!file->f_op || !file->f_op->write_iter)
		return -EINVAL;
	if (!iov_iter_count(from))
		return 0;
	return file->f_op->write_iter(file, from, pos);
}

ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos)
{
	struct iov_iter it;

	iov_iter_kbuf(&it, READ, buf, count);
	return vfs_read(file, &it, pos);
}

ssize_t kernel_write(struct file *file, const void *buf, size_t count,
		     loff_t *pos)
{
	struct iov_iter it;

	iov_iter_kbuf(&it, WRITE, (void *)buf, count);
	return vfs_write(file, &it, pos);
}

/* the file position, for read and write through a descriptor */
static loff_t file_pos_read(struct file *f)
{
	loff_t pos;

	spin_lock(&f->f_lock);
	pos = f->f_pos;
	spin_unlock(&f->f_lock);
	return pos;
}

static void file_pos_write(struct file *f, loff_t pos)
{
	spin_lock(&f->f_lock);
	f->f_pos = pos;
	spin_unlock(&f->f_lock);
}

/**
 * do_rw_iter() - read(2)/write(2)/pread64(2)/pwrite64(2) on a descriptor
 * @fd: the descriptor
 * @it: the buffer (its direction says which call)
 * @ppos: NULL for the file position, else the position to use (pread)
 *
 * Returns what vfs_read()/vfs_write() do, -EBADF for a bad @fd, -ESPIPE
 * for positioned I/O on a file that cannot seek.
 */
ssize_t do_rw_iter(unsigned int fd, struct iov_iter *it, loff_t *ppos)
{
	struct file *f = fget(fd);
	loff_t pos;
	ssize_t ret;

	if (!f)
		return -EBADF;
	/*
	 * a descriptor's errors come first, then the buffer's: the whole
	 * range asked for, before the count is capped at MAX_RW_COUNT
	 * (Linux's vfs_read() and vfs_write())
	 */
	if (it->iter_type == ITER_UBUF && !access_ok(it->ubuf, it->count)) {
		fput(f);
		return -EFAULT;
	}
	if (ppos && !(f->f_mode & (it->data_source == READ ? FMODE_PREAD :
							       FMODE_PWRITE))) {
		fput(f);
		return -ESPIPE;
	}
	pos = ppos ? *ppos : file_pos_read(f);
	if (it->data_source == READ)
		ret = vfs_read(f, it, &pos);
	else
		ret = vfs_write(f, it, &pos);
	if (ret >= 0 && !ppos && (f->f_mode & FMODE_LSEEK))
		file_pos_write(f, pos);
	fput(f);
	return ret;
}

static ssize_t ksys_rw(unsigned int fd, void __user *buf, size_t count,
		       unsigned int dir, loff_t *ppos)
{
	struct iov_iter it;

	if (ppos && *ppos < 0)
		return -EINVAL;
	iov_iter_ubuf(&it, dir, buf, count);
	return do_rw_iter(fd, &it, ppos);
}

ssize_t ksys_read(unsigned int fd, char __user *buf, size_t count)
{
	return ksys_rw(fd, buf, count, READ, NULL);
}

ssize_t ksys_write(unsigned int fd, const char __user *buf, size_t count)
{
	return ksys_rw(fd, (void __user *)buf, count, WRITE, NULL);
}

ssize_t ksys_pread64(unsigned int fd, char __user *buf, size_t count,
		     loff_t pos)
{
	return ksys_rw(fd, buf, count, READ, &pos);
}

ssize_t ksys_pwrite64(unsigned int fd, const char __user *buf, size_t count,
		      loff_t pos)
{
	return ksys_rw(fd, (void __user *)buf, count, WRITE, &pos);
}

/**
 * do_rw_vec() - readv(2)/writev(2) on kernel copies of the iovec array
 * @fd: the descriptor
 * @vec: @vlen segments, user buffers
 * @vlen: at most UIO_MAXIOV
 * @dir: READ or WRITE
 *
 * Segment by segment; a short segment ends the call.  Returns the total,
 * or the first segment's error.
 */
ssize_t do_rw_vec(unsigned int fd, const struct iovec *vec,
		  unsigned long vlen, unsigned int dir)
{
	ssize_t total = 0, ret = 0;
	unsigned long i;
	size_t len = 0;

	if (vlen > UIO_MAXIOV)
		return -EINVAL;
	for (i = 0; i < vlen; i++) {
		if (vec[i].iov_len > (size_t)LONG_MAX - len)
			return -EINVAL;
		len += vec[i].iov_len;
		if (!access_ok(vec[i].iov_base, vec[i].iov_len))
			return -EFAULT;
	}
	for (i = 0; i < vlen; i++) {
		struct iov_iter it;

		if (!vec[i].iov_len)
			continue;
		iov_iter_ubuf(&it, dir, vec[i].iov_base, vec[i].iov_len);
		ret = do_rw_iter(fd, &it, NULL);
		if (ret < 0)
			break;
		total += ret;
		if ((size_t)ret != vec[i].iov_len)
			break;
	}
	if (!vlen) {
		struct file *f = fget(fd);

		if (!f)
			return -EBADF;
		fput(f);
	}
	return total ? total : ret;
}

static ssize_t ksys_rw_vec(unsigned long fd, const struct iovec __user *uvec,
			   unsigned long vlen, unsigned int dir)
{
	struct file *f = fget(fd);
	struct iovec *vec;
	ssize_t ret;

	if (!f)
		return -EBADF;	/* before the vector's errors, as Linux */
	fput(f);
	if (vlen > UIO_MAXIOV)
		return -EINVAL;
	vec = kcalloc(vlen ? vlen : 1, sizeof(*vec), GFP_KERNEL);
	if (!vec)
		return -ENOMEM;
	if (copy_from_user(vec, uvec, vlen * sizeof(*vec)))
		ret = -EFAULT;
	else
		ret = do_rw_vec(fd, vec, vlen, dir);
	kfree(vec);
	return ret;
}

ssize_t ksys_readv(unsigned long fd, const struct iovec __user *vec,
		   unsigned long vlen)
{
	return ksys_rw_vec(fd, vec, vlen, READ);
}

ssize_t ksys_writev(unsigned long fd, const struct iovec __user *vec,
		    unsigned long vlen)
{
	return ksys_rw_vec(fd, vec, vlen, WRITE);
}

/**
 * llseek_from_end() - lseek for a file whose SEEK_END counts from @eof
 * @file: the file
 * @offset: from @whence
 * @whence: SEEK_SET, SEEK_CUR or SEEK_END
 * @eof: where SEEK_END counts from
 *
 * Returns the new position, or -EINVAL for a negative result or an
 * unknown @whence.
 */
loff_t llseek_from_end(struct file *file, loff_t offset, int whence,
		       loff_t eof)
{
	loff_t base;

	spin_lock(&file->f_lock);
	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = file->f_pos;
		break;
	case SEEK_END:
		base = eof;
		break;
	default:
		spin_unlock(&file->f_lock);
		return -EINVAL;
	}
	if (__builtin_add_overflow(base, offset, &base) || base < 0) {
		spin_unlock(&file->f_lock);
		return -EINVAL;
	}
	file->f_pos = base;
	spin_unlock(&file->f_lock);
	return base;
}

/**
 * generic_file_llseek() - lseek for a file with a size
 * @file: the file
 * @offset: from @whence
 * @whence: SEEK_SET, SEEK_CUR or SEEK_END
 *
 * Returns the new position, or -EINVAL for a negative result or an
 * unknown @whence.
 */
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence)
{
	return llseek_from_end(file, offset, whence, file_inode(file)->i_size);
}

loff_t no_llseek(struct file *file, loff_t offset, int whence)
{
	return -ESPIPE;
}

loff_t vfs_llseek(struct file *file, loff_t offset, int whence)
{
	if (!file->f_op || !file->f_op->llseek)
		return -ESPIPE;
	return file->f_op->llseek(file, offset, whence);
}

/* lseek(2): the new position, -EBADF, -EINVAL, -ESPIPE */
loff_t ksys_lseek(unsigned int fd, loff_t offset, unsigned int whence)
{
	struct file *f;
	loff_t ret;

	if (whence > SEEK_END)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	ret = vfs_llseek(f, offset, whence);
	fput(f);
	return ret;
}
