// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/kmsg (1:11), as Linux's: each read returns one record,
 * "prio,seq,usec,-;text\n", starting from the oldest kept; a buffer too
 * small for the record is EINVAL; records overwritten since the last
 * read give EPIPE once, then reading goes on from the oldest.  At the
 * end a read gives EAGAIN: it cannot wait for the next record until
 * there is a scheduler (Linux blocks without O_NONBLOCK).  lseek(fd, 0,
 * SEEK_SET) goes back to the oldest record, SEEK_END to the end; any
 * other offset is ESPIPE.  A write logs one line, with an optional
 * "<prio>" prefix (facility 0 becomes LOG_USER, as in Linux).
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kmsg.h>
#include <linux/printk.h>
#include <linux/slab.h>

#define KMSG_FORMATTED_MAX	(64 + 4 * KMSG_TEXT_MAX + 2)
#define KMSG_WRITE_MAX		1024	/* Linux's LOG_LINE_MAX, roughly */

struct devkmsg_user {
	u64 seq;
	char buf[KMSG_FORMATTED_MAX];
};

static int devkmsg_open(struct inode *inode, struct file *file)
{
	struct devkmsg_user *u = kmalloc(sizeof(*u), GFP_KERNEL);
	u64 next;

	if (!u)
		return -ENOMEM;
	kmsg_record_bounds(&u->seq, &next);
	file->private_data = u;
	return 0;
}

static int devkmsg_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static ssize_t devkmsg_read(struct file *file, struct iov_iter *to,
			    loff_t *pos)
{
	struct devkmsg_user *u = file->private_data;
	size_t size = min_t(size_t, iov_iter_count(to), sizeof(u->buf));
	u64 seq = u->seq;
	long n = kmsg_record_read(&seq, u->buf, size);

	if (n == -EPIPE)
		u->seq = seq;
	if (n <= 0)
		return n ? n : -EAGAIN;
	if (copy_to_iter(u->buf, n, to) != (size_t)n)
		return -EFAULT;
	u->seq = seq;
	return n;
}

static ssize_t devkmsg_write(struct file *file, struct iov_iter *from,
			     loff_t *pos)
{
	size_t len = min_t(size_t, iov_iter_count(from), KMSG_WRITE_MAX);
	int facility = LOG_FACILITY_USER, level = LOGLEVEL_DEFAULT;
	char *buf = kmalloc(len + 1, GFP_KERNEL), *text;

	if (!buf)
		return -ENOMEM;
	if (copy_from_iter(buf, len, from) != len) {
		kfree(buf);
		return -EFAULT;
	}
	buf[len] = '\0';
	text = buf;
	if (text[0] == '<') {
		char *end = text + 1;
		unsigned long prio = 0;

		while (*end >= '0' && *end <= '9' && prio < 1024)
			prio = prio * 10 + *end++ - '0';
		if (end > text + 1 && *end == '>') {
			level = prio & 7;
			if (prio >> 3)
				facility = prio >> 3;
			text = end + 1;
		}
	}
	printk_emit_user(facility, level, text, buf + len - text);
	kfree(buf);
	return len;
}

static loff_t devkmsg_llseek(struct file *file, loff_t offset, int whence)
{
	struct devkmsg_user *u = file->private_data;
	u64 first, next;

	if (offset)
		return -ESPIPE;
	kmsg_record_bounds(&first, &next);
	switch (whence) {
	case SEEK_SET:
		u->seq = first;
		return 0;
	case SEEK_END:
		u->seq = next;
		return 0;
	default:
		return -EINVAL;
	}
}

const struct file_operations kmsg_fops = {
	.open = devkmsg_open,
	.read_iter = devkmsg_read,
	.write_iter = devkmsg_write,
	.llseek = devkmsg_llseek,
	.release = devkmsg_release,
};
