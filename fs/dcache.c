// SPDX-License-Identifier: GPL-2.0
/*
 * The dentry cache: every file system's directory tree, name by name.
 *
 * File systems here keep their whole tree in memory, as Linux's ramfs
 * does, so a dentry in a tree (DCACHE_HASHED, on its parent's d_subdirs)
 * holds one reference to itself for being there, and is dropped from the
 * tree only by unlink, rmdir, rename over it, or its file system going.
 * There are no negative dentries in a tree: a lookup that finds nothing
 * hands the caller a private negative dentry to create into or drop.
 *
 * The namespace lock guards the trees, the mounts and the link counts;
 * it is a spinlock because nothing may sleep yet (Documentation/
 * filesystems/vfs.rst, "Locking").
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

static DEFINE_SPINLOCK(namespace_lock);

void lock_namespace(void)
{
	spin_lock(&namespace_lock);
}

void unlock_namespace(void)
{
	spin_unlock(&namespace_lock);
}

bool namespace_locked(void)
{
	return spin_is_locked(&namespace_lock);
}

/**
 * d_alloc() - a new negative dentry named @name under @parent
 * @parent: its directory (referenced by the new dentry), or NULL for a root
 * @name: not NUL-terminated; @len bytes
 * @len: 1..NAME_MAX
 *
 * The dentry is not in the tree until d_add().  Returns NULL without memory.
 */
struct dentry *d_alloc(struct dentry *parent, const char *name, u32 len)
{
	struct dentry *d = kzalloc(sizeof(*d), GFP_KERNEL);
	char *n = kmalloc(len + 1, GFP_KERNEL);

	if (!d || !n) {
		kfree(d);
		kfree(n);
		return NULL;
	}
	memcpy(n, name, len);
	n[len] = '\0';
	d->d_name.name = n;
	d->d_name.len = len;
	d->d_count = 1;
	INIT_LIST_HEAD(&d->d_child);
	INIT_LIST_HEAD(&d->d_subdirs);
	if (parent) {
		d->d_parent = dget(parent);
		d->d_sb = parent->d_sb;
	} else {
		d->d_parent = d;
	}
	return d;
}

/**
 * d_make_root() - the root dentry of a new super block, for @inode
 * @inode: its reference passes to the dentry; put on failure
 *
 * Returns the dentry (one reference, the tree's) or NULL.
 */
struct dentry *d_make_root(struct inode *inode)
{
	struct dentry *d = d_alloc(NULL, "/", 1);

	if (!d) {
		iput(inode);
		return NULL;
	}
	d->d_sb = inode->i_sb;
	d->d_inode = inode;
	d->d_flags |= DCACHE_HASHED;
	return d;
}

/* give a negative dentry its inode (whose reference it takes) */
void d_instantiate(struct dentry *dentry, struct inode *inode)
{
	BUG_ON(dentry->d_inode);
	dentry->d_inode = inode;
}

/**
 * d_add() - put @dentry in its parent's directory, with @inode
 * @dentry: negative, from d_alloc(); the tree takes its own reference
 * @inode: its reference passes to the dentry
 *
 * The namespace lock held.
 */
void d_add(struct dentry *dentry, struct inode *inode)
{
	BUG_ON(dentry->d_flags & DCACHE_HASHED);
	d_instantiate(dentry, inode);
	dget(dentry);
	dentry->d_flags |= DCACHE_HASHED;
	list_add_tail(&dentry->d_child, &dentry->d_parent->d_subdirs);
}

/* take @dentry out of its directory and drop the tree's reference */
void d_delete(struct dentry *dentry)
{
	BUG_ON(!namespace_locked());
	if (!(dentry->d_flags & DCACHE_HASHED))
		return;
	dentry->d_flags &= ~DCACHE_HASHED;
	list_del_init(&dentry->d_child);
	dput(dentry);
}

/**
 * d_move() - rename @dentry to @name in @new_parent
 * @dentry: in a tree
 * @new_parent: a directory of the same file system
 * @name: the new name, @len bytes
 * @len: 1..NAME_MAX
 *
 * The namespace lock held; the caller has made room.  Without memory for
 * the name, the old name is kept and the move happens all the same: a
 * rename must not half-fail after the file system did it.
 */
void d_move(struct dentry *dentry, struct dentry *new_parent,
	    const char *name, u32 len)
{
	struct dentry *old_parent = dentry->d_parent;
	char *n = kmalloc(len + 1, GFP_ATOMIC);

	BUG_ON(!namespace_locked());
	if (n) {
		memcpy(n, name, len);
		n[len] = '\0';
		kfree(dentry->d_name.name);
		dentry->d_name.name = n;
		dentry->d_name.len = len;
	} else {
		WARN_ON_ONCE(1);
	}
	list_del(&dentry->d_child);
	list_add_tail(&dentry->d_child, &new_parent->d_subdirs);
	if (old_parent != new_parent) {
		dentry->d_parent = dget(new_parent);
		dput(old_parent);
	}
}

/**
 * d_lookup() - the child of @parent named @name, referenced, or NULL
 * @parent: a directory in a tree
 * @name: @len bytes, not NUL-terminated
 * @len: bytes
 *
 * The namespace lock held.
 */
struct dentry *d_lookup(struct dentry *parent, const char *name, u32 len)
{
	struct dentry *d;

	list_for_each_entry(d, &parent->d_subdirs, d_child)
		if (d->d_name.len == len && !memcmp(d->d_name.name, name, len))
			return dget(d);
	return NULL;
}

struct dentry *dget(struct dentry *d)
{
	if (d)
		__atomic_add_fetch(&d->d_count, 1, __ATOMIC_RELAXED);
	return d;
}

/*
 * The last reference: the dentry is out of its tree (the tree holds one),
 * so nothing can find it any more.
 */
static void dentry_free(struct dentry *d)
{
	struct dentry *parent = d->d_parent;

	BUG_ON(d->d_flags & DCACHE_HASHED);
	BUG_ON(!list_empty(&d->d_subdirs));
	if (d->d_inode)
		iput(d->d_inode);
	kfree(d->d_name.name);
	kfree(d);
	if (parent != d)
		dput(parent);
}

void dput(struct dentry *d)
{
	int left;

	if (!d)
		return;
	left = __atomic_sub_fetch(&d->d_count, 1, __ATOMIC_ACQ_REL);
	BUG_ON(left < 0);
	if (!left)
		dentry_free(d);
}

/**
 * d_genocide() - drop every dentry below @root from its tree
 * @root: a file system's root, as it goes away
 *
 * The namespace lock held.  Children first, so each parent is empty when
 * its own tree reference goes.
 */
void d_genocide(struct dentry *root)
{
	struct dentry *d, *tmp;

	list_for_each_entry_safe(d, tmp, &root->d_subdirs, d_child) {
		d_genocide(d);
		d_delete(d);
	}
}

/* an empty directory: nothing in the tree below it (namespace lock) */
bool simple_empty(struct dentry *dentry)
{
	return list_empty(&dentry->d_subdirs);
}
