// SPDX-License-Identifier: GPL-2.0
/*
 * Character devices by major number, as Linux's register_chrdev() does
 * them: a driver claims a major with its file_operations, and opening a
 * node of that major hands the open file over to them (the driver tells
 * minors apart in its open, from the inode's i_rdev).  A node whose
 * major nobody claimed opens with ENXIO.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/spinlock.h>

#define CHRDEV_MAJOR_MAX	512	/* Linux's CHRDEV_MAJOR_MAX */

struct char_device {
	const char *name;
	const struct file_operations *fops;
};

static struct char_device chrdevs[CHRDEV_MAJOR_MAX];
static DEFINE_SPINLOCK(chrdevs_lock);

/**
 * register_chrdev() - claim @major for @fops
 * @major: 1..CHRDEV_MAJOR_MAX-1 (no dynamic majors yet: 0 is -EINVAL)
 * @name: for messages and /proc/devices
 * @fops: static
 *
 * Returns 0, -EINVAL or -EBUSY when the major is taken.
 */
int register_chrdev(unsigned int major, const char *name,
		    const struct file_operations *fops)
{
	int ret = 0;

	if (!major || major >= CHRDEV_MAJOR_MAX || !fops)
		return -EINVAL;
	spin_lock(&chrdevs_lock);
	if (chrdevs[major].fops) {
		ret = -EBUSY;
	} else {
		chrdevs[major].name = name;
		chrdevs[major].fops = fops;
	}
	spin_unlock(&chrdevs_lock);
	return ret;
}

void unregister_chrdev(unsigned int major, const char *name)
{
	if (major >= CHRDEV_MAJOR_MAX)
		return;
	spin_lock(&chrdevs_lock);
	chrdevs[major].fops = NULL;
	chrdevs[major].name = NULL;
	spin_unlock(&chrdevs_lock);
}

/* the open of any character device node: switch to its driver's fops */
static int chrdev_open(struct inode *inode, struct file *filp)
{
	unsigned int major = MAJOR(inode->i_rdev);
	const struct file_operations *fops = NULL;

	spin_lock(&chrdevs_lock);
	if (major < CHRDEV_MAJOR_MAX)
		fops = chrdevs[major].fops;
	spin_unlock(&chrdevs_lock);
	if (!fops)
		return -ENXIO;
	filp->f_op = fops;
	if (fops->llseek == no_llseek)
		filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	else
		filp->f_mode |= FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE;
	return fops->open ? fops->open(inode, filp) : 0;
}

const struct file_operations def_chr_fops = {
	.open = chrdev_open,
	.llseek = no_llseek,
};
