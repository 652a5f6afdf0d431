/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file system calls on kernel paths and buffers, for the fs/ KTAP
 * suites: each goes through the same do_*() body a system call does.
 */
#ifndef _CACHET_FS_TESTS_VFS_HELPERS_H
#define _CACHET_FS_TESTS_VFS_HELPERS_H

#include <linux/fs.h>

long t_open(const char *path, int flags, umode_t mode);
long t_openat(int dfd, const char *path, int flags, umode_t mode);
ssize_t t_write(int fd, const void *buf, size_t n);
ssize_t t_read(int fd, void *buf, size_t n);
ssize_t t_pread(int fd, void *buf, size_t n, loff_t pos);
ssize_t t_pwrite(int fd, const void *buf, size_t n, loff_t pos);
int t_mkdir(const char *path, umode_t mode);
int t_rmdir(const char *path);
int t_unlink(const char *path);
int t_symlink(const char *target, const char *path);
int t_link(const char *old, const char *new);
int t_rename(const char *old, const char *new);
int t_mknod(const char *path, umode_t mode, dev_t dev);
int t_stat(const char *path, struct kstat *k);
int t_lstat(const char *path, struct kstat *k);
int t_readlink(const char *path, char *buf, size_t n);
int t_access(const char *path, int mode);
int t_chdir(const char *path);
int t_mount(const char *type, const char *dir);
int t_umount(const char *dir);
ssize_t t_getdents(int fd, void *buf, size_t n);
/* write @s to a new file @path; 0 or -errno */
int t_put_file(const char *path, const char *s);
/* remove a tree made by a test: files, symlinks, empty dirs, depth-first */
void t_rm_rf(const char *path);

#endif
