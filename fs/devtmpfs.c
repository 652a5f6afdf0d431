// SPDX-License-Identifier: GPL-2.0
/*
 * devtmpfs: a ramfs instance that exists from boot, holding a node for
 * every device a driver announced (devtmpfs_add_node()), shared by all
 * its mounts as Linux's is.  The instance keeps one activation of its
 * own, so unmounting the last mount does not destroy it.
 *
 * Nodes are created with the dentry operations straight in the
 * instance's tree, under the namespace lock: the tree need not be
 * mounted anywhere yet.
 */
#include <linux/bug.h>
#include <linux/devtmpfs.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/ramfs.h>
#include <linux/string.h>
#include "internal.h"

static struct super_block *devtmpfs_sb;

static struct dentry *devtmpfs_mount(struct file_system_type *type,
				     int flags, const char *dev_name,
				     void *data)
{
	if (!devtmpfs_sb)
		return ERR_PTR(-ENODEV);
	return dget(devtmpfs_sb->s_root);
}

static void devtmpfs_kill_sb(struct super_block *sb)
{
	WARN_ON_ONCE(1);	/* never: the instance keeps an activation */
}

static struct file_system_type devtmpfs_fs_type = {
	.name = "devtmpfs",
	.mount = devtmpfs_mount,
	.kill_sb = devtmpfs_kill_sb,
};

int devtmpfs_init(void)
{
	struct dentry *root = ramfs_new_sb(&devtmpfs_fs_type);

	if (IS_ERR(root))
		return PTR_ERR(root);
	devtmpfs_sb = root->d_sb;
	devtmpfs_sb->s_active = 1;
	dput(root);	/* the tree keeps the root */
	return register_filesystem(&devtmpfs_fs_type);
}

/* namespace lock held: @parent's child @name, made a directory if absent */
static struct dentry *devtmpfs_dir(struct dentry *parent, const char *name,
				   u32 len)
{
	struct dentry *d = lookup_one(parent, name, len);
	int err;

	if (IS_ERR(d) || d->d_inode)
		return d;
	err = vfs_mkdir(parent->d_inode, d, 0755);
	if (err) {
		dput(d);
		return ERR_PTR(err);
	}
	return d;
}

int devtmpfs_add_node(const char *name, umode_t mode, dev_t dev)
{
	struct dentry *dir, *d;
	const char *slash;
	int err;

	if (!devtmpfs_sb || (!S_ISCHR(mode) && !S_ISBLK(mode)) || !*name ||
	    strlen(name) >= PATH_MAX)
		return -EINVAL;
	lock_namespace();
	dir = dget(devtmpfs_sb->s_root);
	while ((slash = strchr(name, '/'))) {
		if (slash - name > NAME_MAX)
			d = ERR_PTR(-ENAMETOOLONG);
		else if (slash > name)
			d = devtmpfs_dir(dir, name, slash - name);
		else
			d = dget(dir);
		dput(dir);
		if (IS_ERR(d)) {
			unlock_namespace();
			return PTR_ERR(d);
		}
		dir = d;
		name = slash + 1;
	}
	if (!*name)
		d = ERR_PTR(-EINVAL);
	else if (strlen(name) > NAME_MAX)
		d = ERR_PTR(-ENAMETOOLONG);
	else
		d = lookup_one(dir, name, strlen(name));
	if (IS_ERR(d))
		err = PTR_ERR(d);
	else if (d->d_inode)
		err = -EEXIST;
	else
		err = vfs_mknod(dir->d_inode, d, mode, dev);
	if (!IS_ERR(d))
		dput(d);
	dput(dir);
	unlock_namespace();
	return err;
}
