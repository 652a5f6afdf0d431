/* SPDX-License-Identifier: GPL-2.0 */
/* What fs/ files share among themselves and with fs/tests only. */
#ifndef _CACHET_FS_INTERNAL_H
#define _CACHET_FS_INTERNAL_H

#include <linux/fs.h>
#include <linux/namei.h>

/*
 * A path walk in progress (fs/namei.c).  The namespace lock is held from
 * path_init() to the end; path and root are referenced.
 */
struct nameidata {
	struct path path;	/* where the walk is */
	struct path root;	/* "/" and the limit of ".." */
	const char *last;	/* the last component: not NUL-terminated */
	u32 last_len;
	int last_type;		/* enum last_type */
	bool trailing;		/* the path ended in "/" */
	unsigned int flags;	/* LOOKUP_* */
	int total_links;	/* symlinks followed so far */
};

int path_parentat(int dfd, struct filename *name, unsigned int flags,
		  struct nameidata *nd);
void nd_done(struct nameidata *nd);
struct dentry *lookup_one(struct dentry *parent, const char *name, u32 len);
int may_create(struct inode *dir);
int may_delete(struct inode *dir, struct dentry *victim, bool isdir);
bool is_ancestor(struct dentry *a, struct dentry *d);

/* fs/open.c */
struct file *do_filp_open(int dfd, struct filename *name, int flags,
			  umode_t mode);

/* fs/vfile_bin.c: the open file of a binary sysfs file */
extern const struct file_operations vfile_bin_fops;

#endif /* _CACHET_FS_INTERNAL_H */
