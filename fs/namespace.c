// SPDX-License-Identifier: GPL-2.0
/*
 * Mounts: which file system instance is attached where.  A mount is
 * (parent mount, dentry in it) -> instance root; path walks cross it
 * downwards with lookup_mnt() and upwards through mnt_mountpoint.  The
 * list of mounts and each dentry's DCACHE_MOUNTED bit are guarded by the
 * namespace lock.
 *
 * A mount holds a reference on its mount point and on its parent mount;
 * every struct path held elsewhere (open files, working directories, a
 * lookup in progress) holds one on its mount, which is how umount knows
 * a file system is busy.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/string.h>

static LIST_HEAD(mount_list);
static struct vfsmount *root_mnt;

struct vfsmount *mntget(struct vfsmount *m)
{
	if (m)
		__atomic_add_fetch(&m->mnt_count, 1, __ATOMIC_RELAXED);
	return m;
}

void mntput(struct vfsmount *m)
{
	int left;

	if (!m)
		return;
	left = __atomic_sub_fetch(&m->mnt_count, 1, __ATOMIC_ACQ_REL);
	WARN_ON_ONCE(left <= 0);	/* the mount list keeps one */
}

void path_get(const struct path *p)
{
	mntget(p->mnt);
	dget(p->dentry);
}

void path_put(const struct path *p)
{
	dput(p->dentry);
	mntput(p->mnt);
}

struct vfsmount *lookup_mnt(struct vfsmount *parent, struct dentry *dentry)
{
	struct vfsmount *m, *found = NULL;

	if (!(dentry->d_flags & DCACHE_MOUNTED))
		return NULL;
	/* the last mounted on top wins, as in Linux */
	list_for_each_entry(m, &mount_list, mnt_list)
		if (m->mnt_parent == parent && m->mnt_mountpoint == dentry)
			found = m;
	return found;
}

static struct vfsmount *alloc_mnt(struct dentry *root, const char *devname)
{
	struct vfsmount *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return NULL;
	m->mnt_root = root;
	m->mnt_sb = root->d_sb;
	m->mnt_count = 1;
	strscpy(m->mnt_devname, devname ? devname : "none",
		sizeof(m->mnt_devname));
	return m;
}

/**
 * mount_root() - make @type's new instance the root of the namespace
 * @type: a registered file system type (rootfs)
 *
 * Once, at boot.  Returns 0 or -errno.
 */
int mount_root(struct file_system_type *type)
{
	struct dentry *root = type->mount(type, 0, "rootfs", NULL);
	struct vfsmount *m;

	if (IS_ERR(root))
		return PTR_ERR(root);
	m = alloc_mnt(root, "rootfs");
	if (!m)
		return -ENOMEM;
	m->mnt_parent = m;
	m->mnt_mountpoint = root;
	root->d_sb->s_active++;
	lock_namespace();
	list_add_tail(&m->mnt_list, &mount_list);
	root_mnt = m;
	unlock_namespace();
	return 0;
}

/* the namespace's root, referenced */
void get_root_path(struct path *root)
{
	root->mnt = root_mnt;
	root->dentry = root_mnt->mnt_root;
	path_get(root);
}

static bool mount_flags_ok(unsigned long flags)
{
	return !(flags & ~(MS_SILENT | MS_NOSUID | MS_NODEV | MS_NOEXEC |
			   MS_RDONLY | MS_NOATIME | MS_RELATIME |
			   MS_NODIRATIME));
}

/**
 * path_mount() - mount a new instance of @type on @path
 * @dev_name: shown in /proc/mounts ("proc", "none", ...)
 * @path: the mount point, referenced by the caller
 * @type: a registered type's name
 * @flags: MS_*; a remount, bind or move is not supported (-EINVAL)
 * @data: passed to the type
 *
 * Returns 0, -ENODEV for an unknown type, -ENOTDIR when @path is not a
 * directory, -EINVAL for unsupported flags, or the type's error.
 */
int path_mount(const char *dev_name, struct path *path, const char *type,
	       unsigned long flags, void *data)
{
	struct file_system_type *fs;
	struct dentry *root;
	struct vfsmount *m;

	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (!mount_flags_ok(flags))
		return -EINVAL;
	if (!type)
		return -EINVAL;
	fs = get_fs_type(type);
	if (!fs)
		return -ENODEV;
	if (!S_ISDIR(path->dentry->d_inode->i_mode))
		return -ENOTDIR;
	root = fs->mount(fs, flags, dev_name, data);
	if (IS_ERR(root))
		return PTR_ERR(root);
	m = alloc_mnt(root, dev_name);
	if (!m) {
		dput(root);
		return -ENOMEM;
	}
	lock_namespace();
	if (!(path->dentry->d_flags & DCACHE_HASHED) &&
	    !IS_ROOT(path->dentry)) {
		/* the mount point was removed while we looked it up */
		unlock_namespace();
		dput(root);
		kfree(m);
		return -ENOENT;
	}
	m->mnt_parent = mntget(path->mnt);
	m->mnt_mountpoint = dget(path->dentry);
	path->dentry->d_flags |= DCACHE_MOUNTED;
	root->d_sb->s_active++;
	list_add_tail(&m->mnt_list, &mount_list);
	unlock_namespace();
	return 0;
}

static bool mount_has_children(struct vfsmount *mnt)
{
	struct vfsmount *m;

	list_for_each_entry(m, &mount_list, mnt_list)
		if (m != mnt && m->mnt_parent == mnt)
			return true;
	return false;
}

/* namespace lock: is anything but the list and @path using @mnt? */
static bool mount_busy(struct vfsmount *mnt)
{
	return __atomic_load_n(&mnt->mnt_count, __ATOMIC_RELAXED) > 2 ||
	       mount_has_children(mnt);
}

/**
 * path_umount() - detach the mount whose root @path is
 * @path: referenced by the caller; put here, whatever the result
 * @flags: MNT_FORCE, MNT_DETACH, UMOUNT_NOFOLLOW accepted; MNT_DETACH
 *	(lazy) is refused with -EINVAL, there being no lazy unmount yet
 *
 * Returns 0, -EINVAL when @path is not a mount's root or is the root
 * mount, -EBUSY when files, working directories or mounts are in it.
 */
int path_umount(struct path *path, int flags)
{
	struct vfsmount *mnt = path->mnt;
	struct dentry *mp;
	struct super_block *sb;
	int ret = 0;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW) ||
	    (flags & MNT_DETACH)) {
		path_put(path);
		return -EINVAL;
	}
	lock_namespace();
	if (path->dentry != mnt->mnt_root || mnt == root_mnt)
		ret = -EINVAL;
	else if (mount_busy(mnt))
		ret = -EBUSY;
	if (ret) {
		unlock_namespace();
		path_put(path);
		return ret;
	}
	list_del(&mnt->mnt_list);
	mp = mnt->mnt_mountpoint;
	if (!lookup_mnt(mnt->mnt_parent, mp))
		mp->d_flags &= ~DCACHE_MOUNTED;
	sb = mnt->mnt_sb;
	dput(path->dentry);	/* the caller's reference */
	dput(mnt->mnt_root);	/* the mount's */
	if (!--sb->s_active)
		sb->s_type->kill_sb(sb);
	unlock_namespace();
	mntput(mnt->mnt_parent);
	dput(mp);
	kfree(mnt);
	return 0;
}

/* walk the mounts for /proc/mounts: @fn under the namespace lock */
void iterate_mounts(void (*fn)(struct vfsmount *m, void *arg), void *arg)
{
	struct vfsmount *m;

	lock_namespace();
	list_for_each_entry(m, &mount_list, mnt_list)
		fn(m, arg);
	unlock_namespace();
}
