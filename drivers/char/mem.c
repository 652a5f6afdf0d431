// SPDX-License-Identifier: GPL-2.0
/*
 * The memory devices of major 1, with Linux's minors and semantics:
 *
 *	1:3 null	reads end at once, writes vanish (and succeed)
 *	1:5 zero	reads give zeros, writes vanish; mapped, anonymous memory
 *	1:7 full	reads give zeros, writes fail with ENOSPC
 *	1:8 random	reads give CRNG output (never blocks: the CRNG is
 *	1:9 urandom	seeded before user space), writes are mixed in
 *
 *	1:11 kmsg	the kernel log's records (kernel/printk/devkmsg.c)
 *
 *	1:1 mem		physical memory, 1:4 port	I/O ports
 *			(drivers/char/devmem.c)
 *
 * Minors without a device open with ENXIO.  Opening a node of major 1
 * picks the minor's operations and file mode flags (memory_open()), as
 * Linux does.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kmsg.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/tty.h>
#include <linux/devtmpfs.h>
#include <linux/vfs_init.h>
#include "devmem.h"

#define MEM_MAJOR	1

/* Linux's null_lseek: every seek succeeds and leaves position 0 */
static loff_t null_lseek(struct file *file, loff_t offset, int whence)
{
	spin_lock(&file->f_lock);
	file->f_pos = 0;
	spin_unlock(&file->f_lock);
	return 0;
}

static ssize_t read_null(struct file *file, struct iov_iter *to, loff_t *pos)
{
	return 0;
}

/* a write that consumes without looking: the user buffer is not read */
static ssize_t write_null(struct file *file, struct iov_iter *from,
			  loff_t *pos)
{
	size_t n = iov_iter_count(from);

	from->count = 0;
	return n;
}

static ssize_t read_zero(struct file *file, struct iov_iter *to, loff_t *pos)
{
	size_t want = iov_iter_count(to), got = iov_iter_zero(want, to);

	return got ? (ssize_t)got : (want ? -EFAULT : 0);
}

static ssize_t write_full(struct file *file, struct iov_iter *from,
			  loff_t *pos)
{
	return -ENOSPC;
}

static ssize_t read_random(struct file *file, struct iov_iter *to,
			   loff_t *pos)
{
	u8 buf[64];
	size_t done = 0;

	while (iov_iter_count(to)) {
		size_t n = min(iov_iter_count(to), sizeof(buf)), got;

		get_random_bytes(buf, n);
		got = copy_to_iter(buf, n, to);
		done += got;
		if (got != n)
			break;
	}
	memset(buf, 0, sizeof(buf));
	return done ? (ssize_t)done : -EFAULT;
}

static ssize_t write_random(struct file *file, struct iov_iter *from,
			    loff_t *pos)
{
	u8 buf[64];
	size_t done = 0;

	while (iov_iter_count(from)) {
		size_t n = min(iov_iter_count(from), sizeof(buf)), got;

		got = copy_from_iter(buf, n, from);
		add_device_randomness(buf, got);
		done += got;
		if (got != n)
			break;
	}
	return done ? (ssize_t)done : -EFAULT;
}

/*
 * Linux's mmap_zero(): a shared mapping is shared anonymous memory, a
 * private one plain anonymous memory.  Neither refers to the device
 * afterwards (Linux keeps the private one's vm_file for /proc's maps).
 */
static int mmap_zero(struct file *file, struct vm_area_struct *vma)
{
	if (vma->vm_flags & VM_SHARED)
		return shmem_zero_setup(vma);
	vma->vm_file = NULL;
	return 0;
}

static const struct file_operations null_fops = {
	.llseek = null_lseek,
	.read_iter = read_null,
	.write_iter = write_null,
};

static const struct file_operations zero_fops = {
	.llseek = null_lseek,
	.read_iter = read_zero,
	.write_iter = write_null,
	.mmap = mmap_zero,
};

static const struct file_operations full_fops = {
	.llseek = null_lseek,
	.read_iter = read_zero,
	.write_iter = write_full,
};

static const struct file_operations random_fops = {
	.llseek = null_lseek,
	.read_iter = read_random,
	.write_iter = write_random,
};

static const struct memdev {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
	unsigned int fmode;
} devlist[] = {
	[1] = { "mem", 0600, &mem_fops, FMODE_UNSIGNED_OFFSET },
	[3] = { "null", 0666, &null_fops, 0 },
	[4] = { "port", 0600, &port_fops, 0 },
	[5] = { "zero", 0666, &zero_fops, 0 },
	[7] = { "full", 0666, &full_fops, 0 },
	[8] = { "random", 0666, &random_fops, 0 },
	[9] = { "urandom", 0666, &random_fops, 0 },
	[11] = { "kmsg", 0644, &kmsg_fops, 0 },
};

static int memory_open(struct inode *inode, struct file *filp)
{
	unsigned int minor = MINOR(inode->i_rdev);

	if (minor >= ARRAY_SIZE(devlist) || !devlist[minor].fops)
		return -ENXIO;
	filp->f_op = devlist[minor].fops;
	filp->f_mode |= devlist[minor].fmode;
	return filp->f_op->open ? filp->f_op->open(inode, filp) : 0;
}

static const struct file_operations memory_fops = {
	.open = memory_open,
	.llseek = null_lseek,
};

/* major 1 and its nodes in devtmpfs, then the ttys (as Linux's) */
void chr_dev_init(void)
{
	unsigned int minor;

	if (register_chrdev(MEM_MAJOR, "mem", &memory_fops)) {
		pr_err("unable to get major %d for memory devs\n", MEM_MAJOR);
		return;
	}
	for (minor = 0; minor < ARRAY_SIZE(devlist); minor++)
		if (devlist[minor].name)
			devtmpfs_add_node(devlist[minor].name,
					  S_IFCHR | devlist[minor].mode,
					  MKDEV(MEM_MAJOR, minor));
	tty_dev_init();
}
