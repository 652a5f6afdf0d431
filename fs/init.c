// SPDX-License-Identifier: GPL-2.0
/*
 * The VFS at boot: register the file system types, mount the root
 * (rootfs, a ramfs, as Linux's init_mount_tree() does), and give the
 * boot context its root, working directory and descriptor table, which
 * every kernel context without its own shares (current_fs(),
 * current_files()).
 */
#include <linux/bug.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/printk.h>
#include <linux/ramfs.h>
#include <linux/sched.h>
#include <linux/vfs_init.h>

void vfs_caches_init(void)
{
	struct task_struct *t = current;
	struct path root;
	int err;

	err = init_ramfs_fs();
	if (!err)
		err = mount_root(&rootfs_fs_type);
	if (err)
		panic("VFS: cannot mount rootfs: %d", err);
	get_root_path(&root);
	set_fs_root(&init_fs, &root);
	set_fs_pwd(&init_fs, &root);
	path_put(&root);
	if (t) {
		t->fs = &init_fs;
		t->files = &init_files;
	}
	vfs_register_filesystems();
}
