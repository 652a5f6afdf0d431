// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/mounts: one line per mount, oldest first, in Linux's format
 * "source mountpoint type options 0 0", e.g. "rootfs / rootfs rw 0 0".
 * Mount points are shown from the namespace's root; spaces, tabs,
 * newlines and backslashes in them are escaped as octal, as Linux does.
 * Every mount is read-write, and no mount options are kept yet: the
 * options field is "rw".
 */
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/vfile.h>
#include <linux/vfs_init.h>

struct mounts_show {
	struct seq_file *m;
	char *buf;
};

static void seq_escaped(struct seq_file *m, const char *s)
{
	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\\')
			seq_printf(m, "\\%03o", (unsigned char)*s);
		else
			seq_putc(m, *s);
	}
}

static void show_mount(struct vfsmount *mnt, void *arg)
{
	struct mounts_show *ms = arg;
	struct path mp = { mnt->mnt_parent, mnt->mnt_mountpoint };
	const char *p = d_absolute_path_locked(&mp, ms->buf, PATH_MAX);

	seq_escaped(ms->m, mnt->mnt_devname);
	seq_putc(ms->m, ' ');
	seq_escaped(ms->m, IS_ERR(p) ? "?" : p);
	seq_printf(ms->m, " %s rw 0 0\n", mnt->mnt_sb->s_type->name);
}

static int mounts_show(struct seq_file *m, void *private)
{
	struct mounts_show ms = { .m = m };

	ms.buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!ms.buf)
		return -ENOMEM;
	iterate_mounts(show_mount, &ms);
	kfree(ms.buf);
	return 0;
}

int proc_mounts_init(void)
{
	return proc_create_single("mounts", mounts_show, NULL);
}
