/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file system calls' bodies, for the system call table to wrap.
 * Each takes the call's arguments as user space passed them (user
 * pointers are copied in and out here, a bad one costs -EFAULT) and
 * returns what Linux's does: a result or -errno.
 *
 * The do_*() functions below them take kernel copies (struct filename,
 * struct iov_iter over a kernel buffer) and are what the kernel itself
 * and the tests call.
 */
#ifndef _CACHET_LINUX_FS_SYSCALLS_H
#define _CACHET_LINUX_FS_SYSCALLS_H

#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/uio.h>

struct stat;
struct linux_dirent64;
struct filename;

long ksys_openat(int dfd, const char __user *filename, int flags,
		 umode_t mode);
long ksys_open(const char __user *filename, int flags, umode_t mode);
long ksys_creat(const char __user *pathname, umode_t mode);
int ksys_close(unsigned int fd);
ssize_t ksys_read(unsigned int fd, char __user *buf, size_t count);
ssize_t ksys_write(unsigned int fd, const char __user *buf, size_t count);
ssize_t ksys_pread64(unsigned int fd, char __user *buf, size_t count,
		     loff_t pos);
ssize_t ksys_pwrite64(unsigned int fd, const char __user *buf, size_t count,
		      loff_t pos);
ssize_t ksys_readv(unsigned long fd, const struct iovec __user *vec,
		   unsigned long vlen);
ssize_t ksys_writev(unsigned long fd, const struct iovec __user *vec,
		    unsigned long vlen);
loff_t ksys_lseek(unsigned int fd, loff_t offset, unsigned int whence);
long ksys_getdents64(unsigned int fd, struct linux_dirent64 __user *dirent,
		     unsigned int count);
long ksys_newfstatat(int dfd, const char __user *filename,
		     struct stat __user *statbuf, int flag);
long ksys_newstat(const char __user *filename, struct stat __user *statbuf);
long ksys_newlstat(const char __user *filename, struct stat __user *statbuf);
long ksys_newfstat(unsigned int fd, struct stat __user *statbuf);
long ksys_mkdirat(int dfd, const char __user *pathname, umode_t mode);
long ksys_mknodat(int dfd, const char __user *filename, umode_t mode,
		  unsigned int dev);
long ksys_unlinkat(int dfd, const char __user *pathname, int flag);
long ksys_renameat2(int olddfd, const char __user *oldname, int newdfd,
		    const char __user *newname, unsigned int flags);
long ksys_symlinkat(const char __user *oldname, int newdfd,
		    const char __user *newname);
long ksys_linkat(int olddfd, const char __user *oldname, int newdfd,
		 const char __user *newname, int flags);
long ksys_readlinkat(int dfd, const char __user *pathname, char __user *buf,
		     int bufsiz);
long ksys_faccessat2(int dfd, const char __user *filename, int mode,
		     int flags);
long ksys_chdir(const char __user *filename);
long ksys_fchdir(unsigned int fd);
long ksys_getcwd(char __user *buf, unsigned long size);
long ksys_umask(int mask);
long ksys_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg);
long ksys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);
long ksys_ftruncate(unsigned int fd, loff_t length);
long ksys_truncate(const char __user *path, loff_t length);
long ksys_mount(const char __user *dev_name, const char __user *dir_name,
		const char __user *type, unsigned long flags,
		void __user *data);
long ksys_umount(const char __user *name, int flags);
long ksys_sync(void);

/* the same on kernel copies */
long do_sys_openat(int dfd, struct filename *name, int flags, umode_t mode);
ssize_t do_rw_iter(unsigned int fd, struct iov_iter *it, loff_t *ppos);
ssize_t do_rw_vec(unsigned int fd, const struct iovec *vec,
		  unsigned long vlen, unsigned int dir);
ssize_t do_getdents64(unsigned int fd, struct iov_iter *to);
int vfs_fstatat(int dfd, struct filename *name, struct kstat *stat,
		int flags);
int vfs_fstat(unsigned int fd, struct kstat *stat);
long do_faccessat(int dfd, struct filename *name, int mode, int flags);
long do_chdir(struct filename *name);
long do_fchdir(unsigned int fd);
long vfs_getcwd(char *buf, unsigned long size);
long do_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg);
long do_truncate_path(struct filename *name, loff_t length);
long do_ftruncate(unsigned int fd, loff_t length);
long do_mount(const char *dev_name, struct filename *dir, const char *type,
	      unsigned long flags, void *data);
long do_umount(struct filename *name, int flags);

#endif /* _CACHET_LINUX_FS_SYSCALLS_H */
