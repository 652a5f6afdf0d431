/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A process's root, working directory and umask (fs/fs_struct.c), shared
 * by CLONE_FS tasks and copied by fork.
 *
 * Every permission check reads the file-system ids through
 * current_fsuid() and current_fsgid(): a process's come from its
 * credentials (include/linux/cred.h); the fsuid and fsgid here are those
 * of kernel contexts (the boot's, kernel threads', the fs tests').
 */
#ifndef _CACHET_LINUX_FS_STRUCT_H
#define _CACHET_LINUX_FS_STRUCT_H

#include <linux/fs.h>

struct fs_struct {
	int users;			/* atomic */
	spinlock_t lock;		/* root and pwd */
	struct path root, pwd;
	int umask;
	u32 fsuid, fsgid;
};

extern struct fs_struct init_fs;

/* the caller's: its task's, or the boot's for kernel contexts */
struct fs_struct *current_fs(void);
u32 current_fsuid(void);
u32 current_fsgid(void);

struct fs_struct *copy_fs_struct(struct fs_struct *old);
void free_fs_struct(struct fs_struct *fs);
void put_fs_struct(struct fs_struct *fs);
void get_fs_root(struct fs_struct *fs, struct path *root);
void get_fs_pwd(struct fs_struct *fs, struct path *pwd);
void set_fs_root(struct fs_struct *fs, const struct path *path);
void set_fs_pwd(struct fs_struct *fs, const struct path *path);

#endif /* _CACHET_LINUX_FS_STRUCT_H */
