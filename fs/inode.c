// SPDX-License-Identifier: GPL-2.0
/*
 * Inodes: allocation, references, link counts and times.
 *
 * An inode lives while something references it: the dentries naming it
 * (one reference each, so a file with two hard links has two) and the
 * open files and lookups holding it.  When the last reference goes, the
 * file system's evict_inode() frees its data and the inode is freed: an
 * unlinked file that is still open thus lives until its last close, as
 * in Linux.
 *
 * Times are seconds and nanoseconds since boot: cachet has no wall clock
 * yet (no RTC driver), so an initramfs file keeps its archived mtime but
 * a new file's times count from boot.
 */
#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/slab.h>
#include <linux/time.h>

static unsigned long last_ino;

/* a fresh inode number for file systems without their own (ramfs) */
unsigned long get_next_ino(void)
{
	return __atomic_add_fetch(&last_ino, 1, __ATOMIC_RELAXED);
}

struct timespec64 current_time(struct inode *inode)
{
	u64 ns = local_clock();
	struct timespec64 t = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};

	return t;
}

/**
 * new_inode() - an inode of @sb with one reference, all times now
 * @sb: its file system
 *
 * Mode, ids and operations are the caller's to set.  NULL without memory.
 */
struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode = kzalloc(sizeof(*inode), GFP_KERNEL);

	if (!inode)
		return NULL;
	inode->i_sb = sb;
	inode->i_count = 1;
	inode->i_nlink = 1;
	spin_lock_init(&inode->i_lock);
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	return inode;
}

struct inode *igrab(struct inode *inode)
{
	__atomic_add_fetch(&inode->i_count, 1, __ATOMIC_RELAXED);
	return inode;
}

void iput(struct inode *inode)
{
	int left;

	if (!inode)
		return;
	left = __atomic_sub_fetch(&inode->i_count, 1, __ATOMIC_ACQ_REL);
	BUG_ON(left < 0);
	if (left)
		return;
	if (inode->i_sb && inode->i_sb->s_op && inode->i_sb->s_op->evict_inode)
		inode->i_sb->s_op->evict_inode(inode);
	kfree(inode);
}

/**
 * inode_init_owner() - mode and ids of a new inode, as Linux sets them
 * @inode: new
 * @dir: its directory, or NULL for a root
 * @mode: type and permissions, the umask already applied
 *
 * The owner is the caller's fsuid; the group is the directory's when it
 * is set-group-ID (and a new directory inherits the bit), else the
 * caller's fsgid.
 */
void inode_init_owner(struct inode *inode, const struct inode *dir,
		      umode_t mode)
{
	inode->i_uid = current_fsuid();
	if (dir && (dir->i_mode & S_ISGID)) {
		inode->i_gid = dir->i_gid;
		if (S_ISDIR(mode))
			mode |= S_ISGID;
	} else {
		inode->i_gid = current_fsgid();
	}
	inode->i_mode = mode;
}

/* a device node, FIFO or socket: the VFS's own operations */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
	if (S_ISCHR(mode)) {
		inode->i_fop = &def_chr_fops;
		inode->i_rdev = rdev;
	} else if (S_ISBLK(mode)) {
		inode->i_rdev = rdev;	/* no block devices: open gives ENXIO */
	}
}

/* link counts: the namespace lock held */
void inc_nlink(struct inode *inode)
{
	inode->i_nlink++;
}

void drop_nlink(struct inode *inode)
{
	WARN_ON_ONCE(inode->i_nlink == 0);
	if (inode->i_nlink)
		inode->i_nlink--;
}

void clear_nlink(struct inode *inode)
{
	inode->i_nlink = 0;
}

void set_nlink(struct inode *inode, unsigned int n)
{
	inode->i_nlink = n;
}

/* a change: ctime, and mtime too when the contents changed */
void inode_touch(struct inode *inode, bool mtime)
{
	inode->i_ctime = current_time(inode);
	if (mtime)
		inode->i_mtime = inode->i_ctime;
}
