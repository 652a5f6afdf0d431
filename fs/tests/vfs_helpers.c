// SPDX-License-Identifier: GPL-2.0
/* The fs/ KTAP suites' way into the file system calls (vfs_helpers.h). */
#include <linux/dirent.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/kernel.h>
#include <linux/fs_syscalls.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "vfs_helpers.h"

long t_openat(int dfd, const char *path, int flags, umode_t mode)
{
	return do_sys_openat(dfd, getname_kernel(path), flags, mode);
}

long t_open(const char *path, int flags, umode_t mode)
{
	return t_openat(AT_FDCWD, path, flags, mode);
}

static ssize_t t_rw(int fd, void *buf, size_t n, unsigned int dir,
		    loff_t *pos)
{
	struct iov_iter it;

	iov_iter_kbuf(&it, dir, buf, n);
	return do_rw_iter(fd, &it, pos);
}

ssize_t t_write(int fd, const void *buf, size_t n)
{
	return t_rw(fd, (void *)buf, n, WRITE, NULL);
}

ssize_t t_read(int fd, void *buf, size_t n)
{
	return t_rw(fd, buf, n, READ, NULL);
}

ssize_t t_pread(int fd, void *buf, size_t n, loff_t pos)
{
	return t_rw(fd, buf, n, READ, &pos);
}

ssize_t t_pwrite(int fd, const void *buf, size_t n, loff_t pos)
{
	return t_rw(fd, (void *)buf, n, WRITE, &pos);
}

int t_mkdir(const char *path, umode_t mode)
{
	return do_mkdirat(AT_FDCWD, getname_kernel(path), mode);
}

int t_rmdir(const char *path)
{
	return do_rmdir(AT_FDCWD, getname_kernel(path));
}

int t_unlink(const char *path)
{
	return do_unlinkat(AT_FDCWD, getname_kernel(path));
}

int t_symlink(const char *target, const char *path)
{
	return do_symlinkat(getname_kernel(target), AT_FDCWD,
			    getname_kernel(path));
}

int t_link(const char *old, const char *new)
{
	return do_linkat(AT_FDCWD, getname_kernel(old), AT_FDCWD,
			 getname_kernel(new), 0);
}

int t_rename(const char *old, const char *new)
{
	return do_renameat2(AT_FDCWD, getname_kernel(old), AT_FDCWD,
			    getname_kernel(new), 0);
}

int t_mknod(const char *path, umode_t mode, dev_t dev)
{
	return do_mknodat(AT_FDCWD, getname_kernel(path), mode,
			  new_encode_dev(dev));
}

static int t_fstatat(const char *path, struct kstat *k, int flags)
{
	struct filename *name = getname_kernel(path);
	int err = vfs_fstatat(AT_FDCWD, name, k, flags);

	putname(name);
	return err;
}

int t_stat(const char *path, struct kstat *k)
{
	return t_fstatat(path, k, 0);
}

int t_lstat(const char *path, struct kstat *k)
{
	return t_fstatat(path, k, AT_SYMLINK_NOFOLLOW);
}

int t_readlink(const char *path, char *buf, size_t n)
{
	struct iov_iter it;

	iov_iter_kbuf(&it, READ, buf, n);
	return do_readlinkat(AT_FDCWD, getname_kernel(path), &it);
}

int t_access(const char *path, int mode)
{
	return do_faccessat(AT_FDCWD, getname_kernel(path), mode, 0);
}

int t_chdir(const char *path)
{
	return do_chdir(getname_kernel(path));
}

int t_mount(const char *type, const char *dir)
{
	return do_mount(type, getname_kernel(dir), type, 0, NULL);
}

int t_umount(const char *dir)
{
	return do_umount(getname_kernel(dir), 0);
}

ssize_t t_getdents(int fd, void *buf, size_t n)
{
	struct iov_iter it;

	iov_iter_kbuf(&it, READ, buf, n);
	return do_getdents64(fd, &it);
}

int t_put_file(const char *path, const char *s)
{
	long fd = t_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0)
		return fd;
	n = t_write(fd, s, strlen(s));
	close_fd(fd);
	return n < 0 ? n : 0;
}

void t_rm_rf(const char *path)
{
	char *buf, *child;
	long fd;
	ssize_t n, off;
	struct kstat k;

	if (t_lstat(path, &k))
		return;
	if (!S_ISDIR(k.mode)) {
		t_unlink(path);
		return;
	}
	buf = kmalloc(2048, GFP_KERNEL);
	child = kmalloc(PATH_MAX, GFP_KERNEL);
	fd = t_open(path, O_RDONLY | O_DIRECTORY, 0);
	/* removals shift the entries after them: pass again until empty */
	while (buf && child && fd >= 0) {
		bool any = false;

		ksys_lseek(fd, 0, SEEK_SET);
		while ((n = t_getdents(fd, buf, 2048)) > 0) {
			for (off = 0; off < n;) {
				struct linux_dirent64 *d = (void *)(buf + off);

				off += d->d_reclen;
				if (!strcmp(d->d_name, ".") ||
				    !strcmp(d->d_name, ".."))
					continue;
				snprintf(child, PATH_MAX, "%s/%s", path,
					 d->d_name);
				t_rm_rf(child);
				any = true;
			}
		}
		if (!any)
			break;
	}
	if (fd >= 0)
		close_fd(fd);
	kfree(buf);
	kfree(child);
	t_rmdir(path);
}
