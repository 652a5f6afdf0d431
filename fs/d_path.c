// SPDX-License-Identifier: GPL-2.0
/*
 * Paths from dentries: getcwd(2), and d_path() for /proc/mounts and
 * messages.  The name is built from the end of the buffer upwards,
 * crossing mounts through their mount points, until the process's root.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fs_syscalls.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/uaccess.h>

static int prepend(char **p, char *buf, const char *s, size_t len)
{
	if ((size_t)(*p - buf) < len)
		return -ENAMETOOLONG;
	*p -= len;
	memcpy(*p, s, len);
	return 0;
}

/*
 * The namespace lock held: @path relative to @root written at the end of
 * @buf (@size bytes, NUL included); the start of the name or ERR_PTR.
 */
static char *__d_path(const struct path *path, const struct path *root,
		      char *buf, size_t size)
{
	struct dentry *d = path->dentry;
	struct vfsmount *m = path->mnt;
	char *p = buf + size;
	int err = prepend(&p, buf, "", 1);

	while (!err && !(d == root->dentry && m == root->mnt)) {
		if (d == m->mnt_root) {
			if (m->mnt_parent == m)
				break;	/* above the root: stop at "/" */
			d = m->mnt_mountpoint;
			m = m->mnt_parent;
			continue;
		}
		err = prepend(&p, buf, d->d_name.name, d->d_name.len);
		if (!err)
			err = prepend(&p, buf, "/", 1);
		d = d->d_parent;
	}
	if (!err && !p[0])
		err = prepend(&p, buf, "/", 1);
	return err ? (char *)ERR_PTR(err) : p;
}

/**
 * d_absolute_path_locked() - @path from the namespace's root
 * @path: a mount point or any path
 * @buf: @size bytes
 * @size: room, NUL included
 *
 * The namespace lock held (for /proc/mounts).  Returns a pointer into
 * @buf, or ERR_PTR(-ENAMETOOLONG).
 */
char *d_absolute_path_locked(const struct path *path, char *buf, size_t size)
{
	struct path none = { NULL, NULL };

	return __d_path(path, &none, buf, size);
}

/**
 * d_path() - the path of @path from the caller's root
 * @path: referenced by the caller
 * @buf: @size bytes
 * @size: room, NUL included
 *
 * Returns a pointer into @buf, or ERR_PTR(-ENAMETOOLONG).
 */
char *d_path(const struct path *path, char *buf, size_t size)
{
	struct path root;
	char *p;

	get_fs_root(current_fs(), &root);
	lock_namespace();
	p = __d_path(path, &root, buf, size);
	unlock_namespace();
	path_put(&root);
	return p;
}

/**
 * vfs_getcwd() - getcwd(2) into a kernel buffer
 * @buf: @size bytes
 * @size: room
 *
 * Returns the length including the NUL (Linux's system call does), or
 * -ENOENT when the working directory was removed, -ERANGE when @size is
 * too small.
 */
long vfs_getcwd(char *buf, unsigned long size)
{
	struct fs_struct *fs = current_fs();
	char *page = kmalloc(PATH_MAX, GFP_KERNEL), *p;
	struct path pwd, root;
	long len;

	if (!page)
		return -ENOMEM;
	get_fs_pwd(fs, &pwd);
	get_fs_root(fs, &root);
	lock_namespace();
	if (!(pwd.dentry->d_flags & DCACHE_HASHED)) {
		len = -ENOENT;
	} else {
		p = __d_path(&pwd, &root, page, PATH_MAX);
		len = IS_ERR(p) ? PTR_ERR(p) : page + PATH_MAX - p;
		if (len > 0 && (unsigned long)len > size)
			len = -ERANGE;
		else if (len > 0)
			memcpy(buf, p, len);
	}
	unlock_namespace();
	path_put(&pwd);
	path_put(&root);
	kfree(page);
	return len;
}

long ksys_getcwd(char __user *buf, unsigned long size)
{
	char *k = kmalloc(PATH_MAX, GFP_KERNEL);
	long len;

	if (!k)
		return -ENOMEM;
	len = vfs_getcwd(k, min_t(unsigned long, size, PATH_MAX));
	if (len > 0 && copy_to_user(buf, k, len))
		len = -EFAULT;
	kfree(k);
	return len;
}
