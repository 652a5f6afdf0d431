// SPDX-License-Identifier: GPL-2.0
/*
 * proc, sysfs and debugfs: file systems that show the virtual files of
 * include/linux/vfile.h at Linux's paths.  Each instance is a view of
 * the registry below one root ("/proc", "/sys", "/sys/kernel/debug");
 * an inode keeps the absolute registry path it stands for.
 *
 * The registry can change under a mounted view (debugfs_remove()), so a
 * dentry found in the tree is checked against it again on every lookup
 * (d_revalidate) and dropped when its file went.  Reading a file runs
 * its show callback once, at open, into a buffer the open file keeps:
 * every read of that open sees the same text, as a seq_file read from
 * the start does.  Text files are read-only (0444), directories 0555,
 * but for a process file that fs/proc/ gives its own operations
 * (proc_pid_file_ops(): oom_score_adj, 0644); binary files
 * (sysfs_create_bin_file()) have their own mode and operations
 * (fs/vfile_bin.c), and so do text files that take writes and ioctls
 * (proc_create_ops(): /proc/mtrr).
 *
 * proc also shows the processes: /proc/self and /proc/<pid>/ come from
 * fs/proc/base.c, asked at each lookup, open and readdir.  /proc/self's
 * dentry never revalidates, so it always names the reader's own pid; a
 * process's entries revalidate while a process has that pid.
 *
 * sysfs shows /sys/kernel/debug as an empty directory: debugfs's mount
 * point, as in Linux; what vfile has below it is debugfs's to show.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <linux/vfs_init.h>
#include "internal.h"

#define VFILE_SHOW_MAX	(1UL << 20)	/* the largest text one file shows */

struct vfilefs_type {
	struct file_system_type fs;
	const char *root;		/* the registry path of the root */
	const char *hidden;		/* a directory shown empty, or NULL */
	bool pids;			/* proc: the process entries too */
	unsigned long magic;
};

static const char *vfile_path(const struct inode *inode)
{
	return inode->i_private;
}

static const struct vfilefs_type *vfs_type(const struct inode *inode)
{
	return container_of(inode->i_sb->s_type, struct vfilefs_type, fs);
}

/* a stable inode number for a path, so stat and getdents agree (FNV-1a) */
static unsigned long vfile_ino(const char *path)
{
	u64 h = 0xcbf29ce484222325ULL;

	while (*path)
		h = (h ^ (u8)*path++) * 0x100000001b3ULL;
	return (h & 0x7fffffff) | 2;	/* never 0 or 1 */
}

static const struct inode_operations vfilefs_dir_iops;
static const struct inode_operations vfilefs_link_iops;
static const struct inode_operations vfilefs_bin_iops;
static const struct file_operations vfilefs_dir_fops;
static const struct file_operations vfilefs_file_fops;
static const struct file_operations vfilefs_ops_fops;

/*
 * The target of a process link (fs/proc/base.c), in memory of its own
 * size; an ERR_PTR: -ENOENT when the link has gone (a closed descriptor,
 * a zombie's directory), -EACCES for a process the reader may not trace.
 */
static char *vfilefs_link_target(const char *path)
{
	char *buf = kmalloc(PATH_MAX, GFP_KERNEL), *target;
	int err;

	if (!buf)
		return ERR_PTR(-ENOMEM);
	err = proc_pid_readlink(path, buf, PATH_MAX);
	target = err ? ERR_PTR(err) : kmalloc(strlen(buf) + 1, GFP_KERNEL);
	if (!target)
		target = ERR_PTR(-ENOMEM);
	if (!IS_ERR(target))
		strscpy(target, buf, strlen(buf) + 1);
	kfree(buf);
	return target;
}

/* @target: a link's, which the inode takes over, or NULL */
static struct inode *vfilefs_inode(struct super_block *sb, const char *path,
				   int type, char *target)
{
	struct inode *inode = new_inode(sb);
	char *p = kmalloc(strlen(path) + 1, GFP_KERNEL);
	const struct vfile_bin *bin;
	const struct vfile_ops *ops;
	loff_t size;

	if (!inode || !p) {
		kfree(p);
		kfree(target);
		if (inode)
			iput(inode);
		return NULL;
	}
	strscpy(p, path, strlen(path) + 1);
	inode->i_private = p;
	inode->i_ino = vfile_ino(path);
	if (type == VFILE_LNK) {
		inode->i_link = target;
		inode->i_mode = S_IFLNK | 0777;
		inode->i_op = &vfilefs_link_iops;
	} else if (type == VFILE_DIR) {
		inode->i_mode = S_IFDIR | 0555;
		inode->i_nlink = 2;
		inode->i_op = &vfilefs_dir_iops;
		inode->i_fop = &vfilefs_dir_fops;
	} else if (!vfile_bin_get(path, &bin, &size, NULL)) {
		inode->i_mode = S_IFREG | bin->mode;
		inode->i_size = size;
		inode->i_op = &vfilefs_bin_iops;
		inode->i_fop = &vfile_bin_fops;
	} else if (!vfile_ops_get(path, &ops)) {
		inode->i_mode = S_IFREG | ops->mode;
		inode->i_fop = &vfilefs_ops_fops;
	} else {
		/* a process file may be writable (oom_score_adj) */
		const struct file_operations *fops =
			vfs_type(inode)->pids ? proc_pid_file_ops(path) : NULL;

		inode->i_mode = S_IFREG | (fops ? 0644 : 0444);
		inode->i_fop = fops ?: &vfilefs_file_fops;
	}
	return inode;
}

/* @dir's child @name as a registry path into @buf; false when too long */
static bool child_path(const struct inode *dir, const char *name, u32 len,
		       char *buf)
{
	const char *d = vfile_path(dir);
	int n = snprintf(buf, VFILE_PATH_MAX, "%s/%.*s", d, (int)len, name);

	return n < VFILE_PATH_MAX;
}

static bool hidden_dir(const struct inode *dir)
{
	const char *h = vfs_type(dir)->hidden;

	return h && !strcmp(vfile_path(dir), h);
}

/* a process entry below /proc (fs/proc/base.c), or -ENOENT */
static int vfilefs_pid_type(const struct inode *any, const char *path)
{
	return vfs_type(any)->pids ? proc_pid_lookup(path) : -ENOENT;
}

static struct dentry *vfilefs_lookup(struct inode *dir, struct dentry *dentry,
				     unsigned int flags)
{
	char path[VFILE_PATH_MAX], *target = NULL;
	struct inode *inode;
	int type;

	if (hidden_dir(dir) ||
	    !child_path(dir, dentry->d_name.name, dentry->d_name.len, path))
		return NULL;
	type = vfile_stat(path);
	if (type != VFILE_REG && type != VFILE_DIR)
		type = vfilefs_pid_type(dir, path);
	if (type != VFILE_REG && type != VFILE_DIR && type != VFILE_LNK)
		return NULL;
	if (type == VFILE_LNK) {
		target = vfilefs_link_target(path);
		if (target == ERR_PTR(-ENOENT))
			return NULL;
		if (IS_ERR(target))
			return (struct dentry *)target;
	}
	inode = vfilefs_inode(dir->i_sb, path, type, target);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	d_add(dentry, inode);
	return NULL;
}

static bool vfilefs_revalidate(struct dentry *dentry)
{
	struct inode *inode = dentry->d_inode;
	int type = vfile_stat(vfile_path(inode));

	if (type < 0)
		type = vfilefs_pid_type(inode, vfile_path(inode));
	/* "self" names the reader: looked up afresh every time */
	if (type == VFILE_LNK)
		return false;
	if (type == (S_ISDIR(inode->i_mode) ? VFILE_DIR : VFILE_REG))
		return true;
	/*
	 * Gone (a removed file, an exited process): its children go with
	 * it, or their references would keep the dropped directory alive.
	 */
	d_genocide(dentry);
	return false;
}

static void vfilefs_evict(struct inode *inode)
{
	kfree(inode->i_private);
	kfree(inode->i_link);
}

static const char *vfilefs_get_link(struct dentry *dentry,
				    struct inode *inode)
{
	return inode->i_link;
}

static const struct inode_operations vfilefs_link_iops = {
	.get_link = vfilefs_get_link,
};

/*
 * A sysfs file has no length to cut: as Linux's kernfs, a truncation
 * (open with O_TRUNC, "echo mem > /sys/power/state") succeeds and changes
 * nothing; other attribute changes are refused as before.
 */
static int vfilefs_bin_setattr(struct dentry *dentry, struct iattr *attr)
{
	return attr->ia_valid == ATTR_SIZE ? 0 : -EPERM;
}

static const struct inode_operations vfilefs_bin_iops = {
	.setattr = vfilefs_bin_setattr,
};

static const struct super_operations vfilefs_sops = {
	.d_revalidate = vfilefs_revalidate,
	.evict_inode = vfilefs_evict,
};

static const struct inode_operations vfilefs_dir_iops = {
	.lookup = vfilefs_lookup,
};

struct vfile_names {
	char *buf;		/* NUL-separated names, each after its type */
	size_t size, used;
	unsigned int n;
	bool overflow;
};

static void collect_typed(const char *name, int type, void *arg)
{
	struct vfile_names *v = arg;
	size_t len = strlen(name) + 2;

	if (v->used + len > v->size) {
		v->overflow = true;
		return;
	}
	v->buf[v->used] = type == VFILE_DIR ? DT_DIR :
			  type == VFILE_LNK ? DT_LNK : DT_REG;
	memcpy(v->buf + v->used + 1, name, len - 1);
	v->used += len;
	v->n++;
}

static void collect_name(const char *name, bool is_dir, void *arg)
{
	collect_typed(name, is_dir ? VFILE_DIR : VFILE_REG, arg);
}

static int vfilefs_readdir(struct file *file, struct dir_context *ctx)
{
	struct inode *inode = file_inode(file);
	struct vfile_names v = { .size = 16384 };
	char path[VFILE_PATH_MAX];
	loff_t i = 2;
	size_t off;

	if (ctx->pos == 0 && !dir_emit(ctx, ".", 1, inode->i_ino, DT_DIR))
		return 0;
	if (ctx->pos == 0)
		ctx->pos = 1;
	if (ctx->pos == 1 && !dir_emit(ctx, "..", 2,
				       file->f_path.dentry->d_parent->d_inode->i_ino,
				       DT_DIR))
		return 0;
	if (ctx->pos == 1)
		ctx->pos = 2;
	if (hidden_dir(inode))
		return 0;
	v.buf = kmalloc(v.size, GFP_KERNEL);
	if (!v.buf)
		return -ENOMEM;
	vfile_list(vfile_path(inode), collect_name, &v);
	if (vfs_type(inode)->pids)
		proc_pid_list(vfile_path(inode), collect_typed, &v);
	for (off = 0; off < v.used; i++) {
		unsigned char type = v.buf[off];
		const char *name = v.buf + off + 1;
		size_t len = strlen(name);

		off += len + 2;
		if (i < ctx->pos)
			continue;
		if (!child_path(inode, name, len, path) ||
		    !dir_emit(ctx, name, len, vfile_ino(path), type))
			break;
		ctx->pos = i + 1;
	}
	kfree(v.buf);
	return 0;
}

static const struct file_operations vfilefs_dir_fops = {
	.llseek = generic_file_llseek,
	.iterate_shared = vfilefs_readdir,
};

struct vfile_text {
	size_t len;
	const struct vfile_ops *ops;	/* proc_create_ops()'s, or NULL */
	void *ops_private;		/* vfile_file_private() */
	char buf[];
};

/* run the show callback, growing the buffer until the text fits */
static int vfilefs_open(struct inode *inode, struct file *file)
{
	size_t size = 4096;

	for (;;) {
		struct vfile_text *t = kmalloc(sizeof(*t) + size, GFP_KERNEL);
		struct seq_file m = { 0 };
		int err;

		if (!t)
			return -ENOMEM;
		m.buf = t->buf;
		m.size = size;
		if (vfilefs_pid_type(inode, vfile_path(inode)) == VFILE_REG)
			err = proc_pid_show(vfile_path(inode), &m);
		else
			err = vfile_show(vfile_path(inode), &m);
		if (!err && m.overflow && size < VFILE_SHOW_MAX) {
			kfree(t);
			size *= 2;
			continue;
		}
		if (err) {
			kfree(t);
			return err;
		}
		t->len = m.count;
		t->ops = NULL;
		t->ops_private = NULL;
		file->private_data = t;
		return 0;
	}
}

static ssize_t vfilefs_read(struct file *file, struct iov_iter *to,
			    loff_t *pos)
{
	struct vfile_text *t = file->private_data;
	size_t n, got;

	if (*pos >= (loff_t)t->len)
		return 0;
	n = min_t(size_t, t->len - *pos, iov_iter_count(to));
	got = copy_to_iter(t->buf + *pos, n, to);
	*pos += got;
	return got ? (ssize_t)got : -EFAULT;
}

static int vfilefs_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static const struct file_operations vfilefs_file_fops = {
	.llseek = generic_file_llseek,
	.read_iter = vfilefs_read,
	.open = vfilefs_open,
	.release = vfilefs_release,
};

/*
 * proc_create_ops() files: the text as for any other, plus the owner's
 * write, ioctl and release.  The calls are looked up at open, so a file
 * removed meanwhile opens as ENOENT.
 */
static int vfilefs_ops_open(struct inode *inode, struct file *file)
{
	const struct vfile_ops *ops;
	struct vfile_text *t;
	int err;

	if (vfile_ops_get(vfile_path(inode), &ops))
		return -ENOENT;
	err = ops->open ? ops->open(file) : 0;
	if (err)
		return err;
	err = vfilefs_open(inode, file);
	if (err)
		return err;
	t = file->private_data;
	t->ops = ops;
	return 0;
}

static ssize_t vfilefs_ops_write(struct file *file, struct iov_iter *from,
				 loff_t *pos)
{
	struct vfile_text *t = file->private_data;

	return t->ops->write ? t->ops->write(file, from) : -EINVAL;
}

static long vfilefs_ops_ioctl(struct file *file, unsigned int cmd,
			      unsigned long arg)
{
	struct vfile_text *t = file->private_data;

	return t->ops->ioctl ? t->ops->ioctl(file, cmd, arg) : -ENOTTY;
}

static int vfilefs_ops_release(struct inode *inode, struct file *file)
{
	struct vfile_text *t = file->private_data;

	if (t->ops->release)
		t->ops->release(file);
	return vfilefs_release(inode, file);
}

static const struct file_operations vfilefs_ops_fops = {
	.llseek = generic_file_llseek,
	.read_iter = vfilefs_read,
	.write_iter = vfilefs_ops_write,
	.unlocked_ioctl = vfilefs_ops_ioctl,
	.open = vfilefs_ops_open,
	.release = vfilefs_ops_release,
};

/**
 * vfile_file_private() - the private pointer of a proc_create_ops() file
 * @file: an open file of one
 *
 * NULL at open; the file's calls keep what they like there and free it
 * in their release.
 */
void **vfile_file_private(struct file *file)
{
	struct vfile_text *t = file->private_data;

	return &t->ops_private;
}

/* a new view: every mount its own instance, as proc's and sysfs's are */
static struct dentry *vfilefs_mount(struct file_system_type *fs, int flags,
				    const char *dev_name, void *data)
{
	struct vfilefs_type *type = container_of(fs, struct vfilefs_type, fs);
	struct super_block *sb;
	struct inode *root;

	if (vfile_stat(type->root) != VFILE_DIR)
		return ERR_PTR(-ENODEV);	/* e.g. no CONFIG_DEBUG_FS */
	sb = sget_anon(fs, &vfilefs_sops);
	if (!sb)
		return ERR_PTR(-ENOMEM);
	sb->s_magic = type->magic;
	root = vfilefs_inode(sb, type->root, VFILE_DIR, NULL);
	sb->s_root = root ? d_make_root(root) : NULL;
	if (!sb->s_root) {
		kfree(sb);
		return ERR_PTR(-ENOMEM);
	}
	return dget(sb->s_root);
}

static void vfilefs_kill_sb(struct super_block *sb)
{
	kill_anon_super(sb);
}

#define VFILEFS(fsname, rootpath, hide, p, m) {				\
	.fs = { .name = fsname, .mount = vfilefs_mount,			\
		.kill_sb = vfilefs_kill_sb },				\
	.root = rootpath, .hidden = hide, .pids = p, .magic = m,	\
}

/* Linux's magic numbers (include/uapi/linux/magic.h) */
static struct vfilefs_type vfilefs_types[] = {
	VFILEFS("proc", "/proc", NULL, true, 0x9fa0),
	VFILEFS("sysfs", "/sys", "/sys/kernel/debug", false, 0x62656572),
	VFILEFS("debugfs", "/sys/kernel/debug", NULL, false, 0x64626720),
};

int vfilefs_init(void)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(vfilefs_types) && !err; i++)
		err = register_filesystem(&vfilefs_types[i].fs);
	return err;
}
