// SPDX-License-Identifier: GPL-2.0
/*
 * Path lookup, with Linux's rules (Documentation/filesystems/vfs.rst,
 * "Path lookup"):
 *
 *  - a path starting with "/" starts at the process's root, any other at
 *    its working directory or at a *at() call's directory descriptor;
 *  - "." stays, ".." goes to the parent, never above the process's root,
 *    and crosses a mount upwards when it leaves a mounted root;
 *  - a mount point is crossed downwards to the root of what is mounted
 *    on it (the last mount on top);
 *  - every directory passed through needs search (x) permission;
 *  - a symlink met in the middle of a path is always followed, the last
 *    component's only with LOOKUP_FOLLOW or a trailing "/"; at most
 *    MAXSYMLINKS (40) per lookup, more is ELOOP;
 *  - a trailing "/" requires a directory (ENOTDIR otherwise);
 *  - a component longer than NAME_MAX is ENAMETOOLONG, a path of
 *    PATH_MAX bytes or more (NUL included) too (getname()).
 *
 * The walk holds the namespace lock throughout: there is no RCU walk and
 * no sleeping lock yet.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs_struct.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/uaccess.h>
#include "internal.h"

/* the file-system group check: no supplementary groups yet */
static bool in_group_p(u32 gid)
{
	return gid == current_fsgid();
}

/**
 * generic_permission() - may the caller do @mask to @inode?
 * @inode: the file
 * @mask: MAY_READ, MAY_WRITE, MAY_EXEC
 *
 * The owner's, the group's or the others' bits, whichever class the
 * caller is in first.  fsuid 0 stands for CAP_DAC_OVERRIDE: it may read
 * and write anything and search any directory, but execute only a file
 * with at least one x bit, as in Linux.  Returns 0 or -EACCES.
 */
int generic_permission(struct inode *inode, int mask)
{
	unsigned int mode = inode->i_mode;

	mask &= MAY_READ | MAY_WRITE | MAY_EXEC;
	if (current_fsuid() == inode->i_uid)
		mode >>= 6;
	else if (in_group_p(inode->i_gid))
		mode >>= 3;
	if (!(mask & ~mode & 7))
		return 0;
	if (current_fsuid() == 0) {
		if (!(mask & MAY_EXEC) || S_ISDIR(inode->i_mode) ||
		    (inode->i_mode & S_IXUGO))
			return 0;
	}
	return -EACCES;
}

int inode_permission(struct inode *inode, int mask)
{
	return generic_permission(inode, mask);
}

/**
 * getname_kernel() - a kernel copy of a kernel path
 * @name: NUL-terminated
 *
 * Returns the copy, or ERR_PTR: -ENAMETOOLONG at PATH_MAX bytes or more,
 * -ENOMEM.  An empty name is returned as is (the caller decides).
 */
struct filename *getname_kernel(const char *name)
{
	size_t len = strnlen(name, PATH_MAX);
	struct filename *f;

	if (len >= PATH_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	f = kmalloc(sizeof(*f) + len + 1, GFP_KERNEL);
	if (!f)
		return ERR_PTR(-ENOMEM);
	memcpy(f->iname, name, len + 1);
	f->name = f->iname;
	return f;
}

/**
 * getname_flags() - a kernel copy of a user path
 * @name: user pointer
 * @flags: LOOKUP_EMPTY lets "" through; otherwise it is -ENOENT
 *
 * Returns the copy or ERR_PTR: -EFAULT, -ENAMETOOLONG, -ENOENT, -ENOMEM.
 */
struct filename *getname_flags(const char __user *name, int flags)
{
	struct filename *f = kmalloc(sizeof(*f) + PATH_MAX, GFP_KERNEL);
	long len;

	if (!f)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(f->iname, name, PATH_MAX);
	if (len < 0 || len == PATH_MAX || (!len && !(flags & LOOKUP_EMPTY))) {
		kfree(f);
		if (len < 0)
			return ERR_PTR(len);
		return ERR_PTR(len ? -ENAMETOOLONG : -ENOENT);
	}
	f->name = f->iname;
	return f;
}

struct filename *getname(const char __user *name)
{
	return getname_flags(name, 0);
}

void putname(struct filename *name)
{
	if (!IS_ERR_OR_NULL(name))
		kfree(name);
}

/* cross every mount on @path downwards */
static void follow_mounts(struct path *path)
{
	struct vfsmount *m;

	while ((m = lookup_mnt(path->mnt, path->dentry))) {
		struct path old = *path;

		path->mnt = mntget(m);
		path->dentry = dget(m->mnt_root);
		path_put(&old);
	}
}

static void follow_dotdot(struct nameidata *nd)
{
	struct path *p = &nd->path;

	for (;;) {
		struct path old = *p;

		if (p->dentry == nd->root.dentry && p->mnt == nd->root.mnt)
			return;
		if (p->dentry != p->mnt->mnt_root) {
			p->dentry = dget(p->dentry->d_parent);
			dput(old.dentry);
			break;
		}
		if (p->mnt->mnt_parent == p->mnt)
			return;		/* the namespace's root */
		p->mnt = mntget(p->mnt->mnt_parent);
		p->dentry = dget(old.mnt->mnt_mountpoint);
		path_put(&old);
	}
	follow_mounts(p);
}

/**
 * lookup_one() - @parent's child named @name, referenced
 * @parent: a directory
 * @name: @len bytes
 * @len: 1..NAME_MAX
 *
 * The dentry in the tree if there is one (and its file system still
 * vouches for it), else what the file system's lookup finds: positive,
 * or negative and private to the caller.  ERR_PTR on error.  Namespace
 * lock held.
 */
struct dentry *lookup_one(struct dentry *parent, const char *name, u32 len)
{
	struct inode *dir = parent->d_inode;
	const struct super_operations *sop = parent->d_sb->s_op;
	struct dentry *d = d_lookup(parent, name, len), *res;

	/* a mount point stays: what is mounted on it is what matters */
	if (d && sop && sop->d_revalidate &&
	    !(d->d_flags & DCACHE_MOUNTED) && !sop->d_revalidate(d)) {
		d_delete(d);
		dput(d);
		d = NULL;
	}
	if (d)
		return d;
	if (!dir->i_op || !dir->i_op->lookup)
		return ERR_PTR(-ENOTDIR);
	d = d_alloc(parent, name, len);
	if (!d)
		return ERR_PTR(-ENOMEM);
	res = dir->i_op->lookup(dir, d, 0);
	if (IS_ERR(res)) {
		dput(d);
		return res;
	}
	return d;
}

static int walk_path(struct nameidata *nd, const char *s, bool follow);

/* follow the symlink at @link from the directory nd->path */
static int pick_link(struct nameidata *nd, struct path *link)
{
	struct inode *inode = link->dentry->d_inode;
	bool trailing = nd->trailing;
	const char *target;
	int err;

	if (++nd->total_links > MAXSYMLINKS) {
		path_put(link);
		return -ELOOP;
	}
	target = inode->i_op->get_link(link->dentry, inode);
	if (IS_ERR(target)) {
		path_put(link);
		return PTR_ERR(target);
	}
	err = *target ? walk_path(nd, target, true) : -ENOENT;
	nd->trailing = trailing;
	path_put(link);
	return err;
}

/* move nd->path to the component @name (not "." or ".." unless typed so) */
static int walk_component(struct nameidata *nd, const char *name, u32 len,
			  int type, bool follow)
{
	struct dentry *d;
	struct path p;

	if (type == LAST_DOT)
		return 0;
	if (type == LAST_DOTDOT) {
		follow_dotdot(nd);
		return 0;
	}
	d = lookup_one(nd->path.dentry, name, len);
	if (IS_ERR(d))
		return PTR_ERR(d);
	if (!d->d_inode) {
		dput(d);
		return -ENOENT;
	}
	p.mnt = mntget(nd->path.mnt);
	p.dentry = d;
	follow_mounts(&p);
	if (follow && S_ISLNK(p.dentry->d_inode->i_mode))
		return pick_link(nd, &p);
	path_put(&nd->path);
	nd->path = p;
	return 0;
}

static const char *component_end(const char *s)
{
	while (*s && *s != '/')
		s++;
	return s;
}

static int component_type(const char *name, u32 len)
{
	if (name[0] != '.' || len > 2)
		return LAST_NORM;
	if (len == 1)
		return LAST_DOT;
	return name[1] == '.' ? LAST_DOTDOT : LAST_NORM;
}

/* may the walk go into nd->path? */
static int may_lookup(struct nameidata *nd)
{
	struct inode *dir = nd->path.dentry->d_inode;

	if (!S_ISDIR(dir->i_mode))
		return -ENOTDIR;
	return inode_permission(dir, MAY_EXEC);
}

/*
 * Walk every component of @s but the last, which is left in nd->last:
 * LAST_ROOT when @s is "/" (or all slashes).
 */
static int link_path_walk(struct nameidata *nd, const char *s)
{
	if (*s == '/') {
		path_put(&nd->path);
		nd->path = nd->root;
		path_get(&nd->path);
		while (*s == '/')
			s++;
	}
	nd->trailing = false;
	if (!*s) {
		nd->last_type = LAST_ROOT;
		return 0;
	}
	for (;;) {
		const char *next = component_end(s);
		u32 len = next - s;
		int type = component_type(s, len), err;

		if (len > NAME_MAX)
			return -ENAMETOOLONG;
		while (*next == '/')
			next++;
		if (!*next) {
			nd->last = s;
			nd->last_len = len;
			nd->last_type = type;
			nd->trailing = s[len] == '/';
			return 0;
		}
		err = may_lookup(nd);
		if (!err)
			err = walk_component(nd, s, len, type, true);
		if (err)
			return err;
		s = next;
	}
}

/* the last component: followed if @follow or the path ended in "/" */
static int lookup_last(struct nameidata *nd, bool follow)
{
	int err;

	if (nd->last_type == LAST_ROOT)
		return 0;
	err = may_lookup(nd);
	if (!err)
		err = walk_component(nd, nd->last, nd->last_len,
				     nd->last_type, follow || nd->trailing);
	if (!err && (nd->trailing || (nd->flags & LOOKUP_DIRECTORY)) &&
	    !S_ISDIR(nd->path.dentry->d_inode->i_mode))
		err = -ENOTDIR;
	return err;
}

static int walk_path(struct nameidata *nd, const char *s, bool follow)
{
	int err = link_path_walk(nd, s);

	return err ? err : lookup_last(nd, follow);
}

/* the starting point; takes the namespace lock on success */
static int path_init(struct nameidata *nd, int dfd, const char *name,
		     unsigned int flags)
{
	struct fs_struct *fs = current_fs();

	memset(nd, 0, sizeof(*nd));
	nd->flags = flags;
	if (!*name && !(flags & LOOKUP_EMPTY))
		return -ENOENT;
	get_fs_root(fs, &nd->root);
	if (*name == '/') {
		nd->path = nd->root;
		path_get(&nd->path);
	} else if (dfd == AT_FDCWD) {
		get_fs_pwd(fs, &nd->path);
	} else {
		struct file *f = dfd < 0 ? NULL : fget(dfd);

		if (!f) {
			path_put(&nd->root);
			return -EBADF;
		}
		nd->path = f->f_path;
		path_get(&nd->path);
		fput(f);
		if (*name && !S_ISDIR(nd->path.dentry->d_inode->i_mode)) {
			path_put(&nd->path);
			path_put(&nd->root);
			return -ENOTDIR;
		}
	}
	lock_namespace();
	return 0;
}

/* end a walk: drop the lock and the root; nd->path stays the caller's */
static void nd_finish(struct nameidata *nd)
{
	unlock_namespace();
	path_put(&nd->root);
}

/* end a walk that failed, or whose result is not wanted */
void nd_done(struct nameidata *nd)
{
	struct path p = nd->path;

	nd_finish(nd);
	path_put(&p);
}

/**
 * filename_lookup() - what a path names
 * @dfd: AT_FDCWD or a directory descriptor for a relative @name
 * @name: the path; not put here
 * @flags: LOOKUP_FOLLOW, LOOKUP_DIRECTORY, LOOKUP_EMPTY
 * @path: the result, referenced, on success
 *
 * Returns 0 or -ENOENT, -ENOTDIR, -EACCES, -ELOOP, -ENAMETOOLONG, -EBADF.
 */
int filename_lookup(int dfd, struct filename *name, unsigned int flags,
		    struct path *path)
{
	struct nameidata nd;
	int err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = path_init(&nd, dfd, name->name, flags);
	if (err)
		return err;
	err = *name->name ? walk_path(&nd, name->name, flags & LOOKUP_FOLLOW)
			  : 0;
	if (err) {
		nd_done(&nd);
		return err;
	}
	*path = nd.path;
	nd_finish(&nd);
	return 0;
}

/* a kernel path's target, as filename_lookup() */
int kern_path(const char *name, unsigned int flags, struct path *path)
{
	struct filename *f = getname_kernel(name);
	int err = filename_lookup(AT_FDCWD, f, flags, path);

	putname(f);
	return err;
}

/**
 * path_parentat() - walk to the directory holding @name's last component
 * @dfd: as filename_lookup()
 * @name: the path
 * @flags: LOOKUP_*
 * @nd: on success: nd->path the parent (a directory the caller may
 *	search), nd->last the component; the namespace lock held until
 *	nd_done()
 */
int path_parentat(int dfd, struct filename *name, unsigned int flags,
		  struct nameidata *nd)
{
	int err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = path_init(nd, dfd, name->name, flags);
	if (err)
		return err;
	err = link_path_walk(nd, name->name);
	if (!err && nd->last_type != LAST_ROOT)
		err = may_lookup(nd);
	if (err) {
		nd_done(nd);
		return err;
	}
	return 0;
}

/* @a is @d or one of its ancestors (same file system; namespace lock) */
bool is_ancestor(struct dentry *a, struct dentry *d)
{
	for (;;) {
		if (d == a)
			return true;
		if (IS_ROOT(d))
			return false;
		d = d->d_parent;
	}
}
