// SPDX-License-Identifier: GPL-2.0
/*
 * mount(2) and umount2(2): new instances of the registered types
 * ("proc", "sysfs", "debugfs", "devtmpfs", "ramfs", "tmpfs") on a
 * directory, and their removal; Linux's errno values (ENODEV for an
 * unknown type, EBUSY for a file system in use, EINVAL for what is not
 * a mount).  There are no remounts, bind or move mounts yet: EINVAL.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs_syscalls.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fcntl.h>
#include <asm/uaccess.h>

#define MOUNT_STRING_MAX	4096	/* a page, as Linux copies them */

/**
 * do_mount() - mount(2) on kernel copies
 * @dev_name: the source, as /proc/mounts will show it
 * @dir: the mount point, put here
 * @type: the file system type's name
 * @flags: MS_*
 * @data: options, ignored
 */
long do_mount(const char *dev_name, struct filename *dir, const char *type,
	      unsigned long flags, void *data)
{
	struct path p;
	int err;

	if (flags & (MS_REMOUNT | MS_BIND | MS_MOVE)) {
		putname(dir);
		return -EINVAL;
	}
	err = filename_lookup(AT_FDCWD, dir, LOOKUP_FOLLOW, &p);
	putname(dir);
	if (err)
		return err;
	err = path_mount(dev_name, &p, type, flags, data);
	path_put(&p);
	return err;
}

/* umount2(2) on a kernel copy of the path */
long do_umount(struct filename *name, int flags)
{
	struct path p;
	int err = filename_lookup(AT_FDCWD, name,
				  flags & UMOUNT_NOFOLLOW ? 0 : LOOKUP_FOLLOW,
				  &p);

	putname(name);
	if (err)
		return err;
	return path_umount(&p, flags);
}

/* a short string argument: the type or the source */
static char *copy_mount_string(const char __user *s)
{
	char *k;
	long n;

	if (!s)
		return NULL;
	k = kmalloc(MOUNT_STRING_MAX, GFP_KERNEL);
	if (!k)
		return ERR_PTR(-ENOMEM);
	n = strncpy_from_user(k, s, MOUNT_STRING_MAX);
	if (n < 0 || n == MOUNT_STRING_MAX) {
		kfree(k);
		return ERR_PTR(n < 0 ? n : -EINVAL);
	}
	return k;
}

long ksys_mount(const char __user *dev_name, const char __user *dir_name,
		const char __user *type, unsigned long flags,
		void __user *data)
{
	char *kdev = copy_mount_string(dev_name);
	char *ktype = copy_mount_string(type);
	long ret;

	if (IS_ERR(kdev) || IS_ERR(ktype))
		ret = IS_ERR(kdev) ? PTR_ERR(kdev) : PTR_ERR(ktype);
	else
		ret = do_mount(kdev ? kdev : "none", getname(dir_name), ktype,
			       flags, NULL);
	if (!IS_ERR(kdev))
		kfree(kdev);
	if (!IS_ERR(ktype))
		kfree(ktype);
	return ret;
}

long ksys_umount(const char __user *name, int flags)
{
	return do_umount(getname(name), flags);
}
