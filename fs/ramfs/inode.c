// SPDX-License-Identifier: GPL-2.0
/*
 * ramfs: a file system that is its dentry tree.  Directories are the
 * tree itself (every name is a dentry held by the tree, lookup finds
 * nothing the tree does not hold), regular files keep their data in
 * pages (fs/ramfs/file.c), symlinks their target in i_link.  It is the
 * root file system (registered as "rootfs", as in Linux) and mountable
 * as "ramfs"; "tmpfs" names it too, there being no swap to make a
 * tmpfs different.
 *
 * Everything here runs under the namespace lock (the VFS takes it).
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/ramfs.h>
#include "internal.h"

#define RAMFS_MAGIC	0x858458f6
#define RAMFS_DEFAULT_MODE	0755

static const struct inode_operations ramfs_dir_inode_operations;

static const char *ramfs_get_link(struct dentry *dentry, struct inode *inode)
{
	return inode->i_link;
}

static const struct inode_operations ramfs_symlink_inode_operations = {
	.get_link = ramfs_get_link,
};

/**
 * ramfs_get_inode() - a new inode of any type in @sb
 * @sb: a ramfs instance
 * @dir: its directory (for the group), or NULL for the root
 * @mode: type and permissions
 * @dev: for a device node, its number
 *
 * Returns the inode (one reference) or NULL without memory.
 */
struct inode *ramfs_get_inode(struct super_block *sb, const struct inode *dir,
			      umode_t mode, dev_t dev)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_ino = get_next_ino();
	inode_init_owner(inode, dir, mode);
	switch (mode & S_IFMT) {
	case S_IFREG:
		inode->i_op = &ramfs_file_inode_operations;
		inode->i_fop = &ramfs_file_operations;
		break;
	case S_IFDIR:
		inode->i_op = &ramfs_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
		inode->i_nlink = 2;	/* "." and its name */
		break;
	case S_IFLNK:
		inode->i_op = &ramfs_symlink_inode_operations;
		break;
	default:
		init_special_inode(inode, inode->i_mode, dev);
		break;
	}
	return inode;
}

static void dir_changed(struct inode *dir)
{
	inode_touch(dir, true);
}

static int ramfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
		       dev_t dev)
{
	struct inode *inode = ramfs_get_inode(dir->i_sb, dir, mode, dev);

	if (!inode)
		return -ENOSPC;
	d_add(dentry, inode);
	dir_changed(dir);
	return 0;
}

static int ramfs_create(struct inode *dir, struct dentry *dentry,
			umode_t mode, bool excl)
{
	return ramfs_mknod(dir, dentry, mode | S_IFREG, 0);
}

static int ramfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	int err = ramfs_mknod(dir, dentry, mode | S_IFDIR, 0);

	if (!err)
		inc_nlink(dir);	/* the child's ".." */
	return err;
}

static int ramfs_symlink(struct inode *dir, struct dentry *dentry,
			 const char *target)
{
	size_t len = strlen(target);
	struct inode *inode;
	char *link = kmalloc(len + 1, GFP_KERNEL);

	if (!link)
		return -ENOSPC;
	inode = ramfs_get_inode(dir->i_sb, dir, S_IFLNK | S_IRWXUGO, 0);
	if (!inode) {
		kfree(link);
		return -ENOSPC;
	}
	memcpy(link, target, len + 1);
	inode->i_link = link;
	inode->i_size = len;
	d_add(dentry, inode);
	dir_changed(dir);
	return 0;
}

static int ramfs_link(struct dentry *old, struct inode *dir,
		      struct dentry *new)
{
	struct inode *inode = old->d_inode;

	inc_nlink(inode);
	inode_touch(inode, false);
	d_add(new, igrab(inode));
	dir_changed(dir);
	return 0;
}

static int ramfs_unlink(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = dentry->d_inode;

	drop_nlink(inode);
	inode_touch(inode, false);
	dir_changed(dir);
	d_delete(dentry);
	return 0;
}

static int ramfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	if (!simple_empty(dentry))
		return -ENOTEMPTY;
	clear_nlink(dentry->d_inode);
	drop_nlink(dir);
	dir_changed(dir);
	d_delete(dentry);
	return 0;
}

static int ramfs_rename(struct inode *old_dir, struct dentry *old,
			struct inode *new_dir, struct dentry *new,
			unsigned int flags)
{
	bool isdir = S_ISDIR(old->d_inode->i_mode);

	if (new->d_inode) {
		if (isdir && !simple_empty(new))
			return -ENOTEMPTY;
		if (isdir) {
			clear_nlink(new->d_inode);
			drop_nlink(new_dir);
		} else {
			drop_nlink(new->d_inode);
		}
		inode_touch(new->d_inode, false);
		d_delete(new);
	}
	if (isdir && old_dir != new_dir) {
		drop_nlink(old_dir);
		inc_nlink(new_dir);
	}
	d_move(old, new->d_parent, new->d_name.name, new->d_name.len);
	inode_touch(old->d_inode, false);
	dir_changed(old_dir);
	dir_changed(new_dir);
	return 0;
}

static struct dentry *ramfs_lookup(struct inode *dir, struct dentry *dentry,
				   unsigned int flags)
{
	return NULL;	/* the tree holds every name: this one is not there */
}

static const struct inode_operations ramfs_dir_inode_operations = {
	.lookup = ramfs_lookup,
	.create = ramfs_create,
	.link = ramfs_link,
	.unlink = ramfs_unlink,
	.symlink = ramfs_symlink,
	.mkdir = ramfs_mkdir,
	.rmdir = ramfs_rmdir,
	.mknod = ramfs_mknod,
	.rename = ramfs_rename,
};

static const struct super_operations ramfs_ops = {
	.evict_inode = ramfs_evict_inode,
};

/**
 * ramfs_new_sb() - a new, empty ramfs instance
 * @type: the type it is mounted as
 *
 * Returns the root dentry with the tree's reference and one for the
 * caller (the mount), or ERR_PTR(-ENOMEM).
 */
struct dentry *ramfs_new_sb(struct file_system_type *type)
{
	struct super_block *sb = sget_anon(type, &ramfs_ops);
	struct inode *root;

	if (!sb)
		return ERR_PTR(-ENOMEM);
	sb->s_magic = RAMFS_MAGIC;
	root = ramfs_get_inode(sb, NULL, S_IFDIR | RAMFS_DEFAULT_MODE, 0);
	sb->s_root = root ? d_make_root(root) : NULL;
	if (!sb->s_root) {
		kfree(sb);
		return ERR_PTR(-ENOMEM);
	}
	return dget(sb->s_root);
}

static struct dentry *ramfs_mount(struct file_system_type *type, int flags,
				  const char *dev_name, void *data)
{
	return ramfs_new_sb(type);
}

static void ramfs_kill_sb(struct super_block *sb)
{
	kill_anon_super(sb);
}

struct file_system_type rootfs_fs_type = {
	.name = "rootfs",
	.mount = ramfs_mount,
	.kill_sb = ramfs_kill_sb,
};

static struct file_system_type ramfs_fs_type = {
	.name = "ramfs",
	.mount = ramfs_mount,
	.kill_sb = ramfs_kill_sb,
};

static struct file_system_type tmpfs_fs_type = {
	.name = "tmpfs",
	.mount = ramfs_mount,
	.kill_sb = ramfs_kill_sb,
};

int init_ramfs_fs(void)
{
	return register_filesystem(&rootfs_fs_type) ?:
	       register_filesystem(&ramfs_fs_type) ?:
	       register_filesystem(&tmpfs_fs_type);
}
