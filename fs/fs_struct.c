// SPDX-License-Identifier: GPL-2.0
/*
 * struct fs_struct: root, working directory, umask and (for now) the
 * file-system ids of a process.  Kernel contexts without one use the
 * boot's, init_fs, whose root and pwd vfs_caches_init() sets to "/".
 */
#include <linux/fs_struct.h>
#include <linux/sched.h>
#include <linux/slab.h>

struct fs_struct init_fs = {
	.users = 1,
	.lock = __SPIN_LOCK_UNLOCKED,
	.umask = 0022,
};

struct fs_struct *current_fs(void)
{
	struct task_struct *t = current;

	return t && t->fs ? t->fs : &init_fs;
}

/* a process's are its credentials'; kernel contexts keep the fs_struct's */
u32 current_fsuid(void)
{
	struct task_struct *t = current;

	return t && t->mm ? t->cred.fsuid : current_fs()->fsuid;
}

u32 current_fsgid(void)
{
	struct task_struct *t = current;

	return t && t->mm ? t->cred.fsgid : current_fs()->fsgid;
}

void get_fs_root(struct fs_struct *fs, struct path *root)
{
	spin_lock(&fs->lock);
	*root = fs->root;
	path_get(root);
	spin_unlock(&fs->lock);
}

void get_fs_pwd(struct fs_struct *fs, struct path *pwd)
{
	spin_lock(&fs->lock);
	*pwd = fs->pwd;
	path_get(pwd);
	spin_unlock(&fs->lock);
}

/* @path is referenced by the caller; fs takes its own reference */
void set_fs_root(struct fs_struct *fs, const struct path *path)
{
	struct path old;

	path_get(path);
	spin_lock(&fs->lock);
	old = fs->root;
	fs->root = *path;
	spin_unlock(&fs->lock);
	if (old.dentry)
		path_put(&old);
}

void set_fs_pwd(struct fs_struct *fs, const struct path *path)
{
	struct path old;

	path_get(path);
	spin_lock(&fs->lock);
	old = fs->pwd;
	fs->pwd = *path;
	spin_unlock(&fs->lock);
	if (old.dentry)
		path_put(&old);
}

/**
 * copy_fs_struct() - a private copy of @old, for fork without CLONE_FS
 * @old: the parent's
 *
 * Returns the copy (one user) or NULL without memory.
 */
struct fs_struct *copy_fs_struct(struct fs_struct *old)
{
	struct fs_struct *fs = kzalloc(sizeof(*fs), GFP_KERNEL);

	if (!fs)
		return NULL;
	fs->users = 1;
	spin_lock_init(&fs->lock);
	spin_lock(&old->lock);
	fs->root = old->root;
	fs->pwd = old->pwd;
	path_get(&fs->root);
	path_get(&fs->pwd);
	fs->umask = old->umask;
	fs->fsuid = old->fsuid;
	fs->fsgid = old->fsgid;
	spin_unlock(&old->lock);
	return fs;
}

void free_fs_struct(struct fs_struct *fs)
{
	path_put(&fs->root);
	path_put(&fs->pwd);
	kfree(fs);
}

/* drop a task's use of @fs: the last user frees it (never init_fs) */
void put_fs_struct(struct fs_struct *fs)
{
	if (!__atomic_sub_fetch(&fs->users, 1, __ATOMIC_ACQ_REL) &&
	    fs != &init_fs)
		free_fs_struct(fs);
}
