// SPDX-License-Identifier: GPL-2.0
/*
 * File system types (register_filesystem(), by name, as mount(2) asks
 * for them) and anonymous super blocks: instances that live in memory
 * and are told apart by a device number of major 0, as Linux's
 * get_anon_bdev() numbers them.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <linux/vfs_init.h>

static struct file_system_type *file_systems;
static DEFINE_SPINLOCK(file_systems_lock);
static unsigned int last_anon_minor;

/**
 * register_filesystem() - make a type mountable by name
 * @fs: static; @fs->name unique
 *
 * Returns 0 or -EBUSY when the name is taken.
 */
int register_filesystem(struct file_system_type *fs)
{
	struct file_system_type **p;
	int ret = 0;

	/* appended, so /proc/filesystems lists them in Linux's order */
	spin_lock(&file_systems_lock);
	for (p = &file_systems; *p; p = &(*p)->next)
		if (!strcmp((*p)->name, fs->name))
			ret = -EBUSY;
	if (!ret) {
		fs->next = NULL;
		*p = fs;
	}
	spin_unlock(&file_systems_lock);
	return ret;
}

/*
 * /proc/filesystems: "nodev" and a tab, then the name.  Every cachet file
 * system lives in memory, so every line has "nodev", as Linux's do for
 * the types without FS_REQUIRES_DEV.
 */
static int filesystems_proc_show(struct seq_file *m, void *private)
{
	struct file_system_type *p;

	spin_lock(&file_systems_lock);
	for (p = file_systems; p; p = p->next)
		seq_printf(m, "nodev\t%s\n", p->name);
	spin_unlock(&file_systems_lock);
	return 0;
}

/**
 * filesystems_proc_init() - create /proc/filesystems
 *
 * Returns 0 or proc_create_single()'s error.
 */
int filesystems_proc_init(void)
{
	return proc_create_single("filesystems", filesystems_proc_show, NULL);
}

struct file_system_type *get_fs_type(const char *name)
{
	struct file_system_type *p;

	spin_lock(&file_systems_lock);
	for (p = file_systems; p; p = p->next)
		if (!strcmp(p->name, name))
			break;
	spin_unlock(&file_systems_lock);
	return p;
}

/* a new instance of @type with an anonymous device number, or NULL */
struct super_block *sget_anon(struct file_system_type *type,
			      const struct super_operations *ops)
{
	struct super_block *sb = kzalloc(sizeof(*sb), GFP_KERNEL);

	if (!sb)
		return NULL;
	sb->s_type = type;
	sb->s_op = ops;
	sb->s_maxbytes = MAX_LFS_FILESIZE;
	sb->s_dev = MKDEV(0, __atomic_add_fetch(&last_anon_minor, 1,
						__ATOMIC_RELAXED));
	return sb;
}

/* the generic end of an in-memory instance: drop its tree (namespace lock) */
void kill_anon_super(struct super_block *sb)
{
	struct dentry *root = sb->s_root;

	d_genocide(root);
	root->d_flags &= ~DCACHE_HASHED;
	dput(root);
	kfree(sb);
}
