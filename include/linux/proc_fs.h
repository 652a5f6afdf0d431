/* SPDX-License-Identifier: GPL-2.0 */
/* /proc's own files, beside the drivers' (Documentation/filesystems/proc.rst) */
#ifndef _CACHET_LINUX_PROC_FS_H
#define _CACHET_LINUX_PROC_FS_H

#include <linux/types.h>

struct file_operations;
struct seq_file;

void proc_uptime_init(void);
void proc_stat_init(void);
void proc_loadavg_init(void);

/* /proc/self and /proc/<pid>/ (fs/proc/base.c), for the proc mount */
typedef void (*proc_filldir_t)(const char *name, int type, void *arg);

int proc_pid_lookup(const char *path);
int proc_pid_readlink(const char *path, char *buf, size_t size);
int proc_pid_show(const char *path, struct seq_file *m);
const struct file_operations *proc_pid_file_ops(const char *path);
int proc_pid_list(const char *dir, proc_filldir_t fill, void *arg);

#endif /* _CACHET_LINUX_PROC_FS_H */
