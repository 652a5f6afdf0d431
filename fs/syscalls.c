// SPDX-License-Identifier: GPL-2.0
/*
 * The file system calls' entries: each SYSCALL_DEFINE here passes its
 * arguments to a ksys_*() body (include/linux/fs_syscalls.h,
 * include/linux/fdtable.h).  The calls Linux keeps for old binaries
 * (open, stat, mkdir, rename, ...) are their *at() forms on AT_FDCWD,
 * as Linux's are.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs_syscalls.h>
#include <linux/syscalls.h>

SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)
{
	return ksys_read(fd, buf, count);
}

SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf,
		size_t, count)
{
	return ksys_write(fd, buf, count);
}

SYSCALL_DEFINE4(pread64, unsigned int, fd, char __user *, buf,
		size_t, count, loff_t, pos)
{
	return ksys_pread64(fd, buf, count, pos);
}

SYSCALL_DEFINE4(pwrite64, unsigned int, fd, const char __user *, buf,
		size_t, count, loff_t, pos)
{
	return ksys_pwrite64(fd, buf, count, pos);
}

SYSCALL_DEFINE3(readv, unsigned long, fd, const struct iovec __user *, vec,
		unsigned long, vlen)
{
	return ksys_readv(fd, vec, vlen);
}

SYSCALL_DEFINE3(writev, unsigned long, fd, const struct iovec __user *, vec,
		unsigned long, vlen)
{
	return ksys_writev(fd, vec, vlen);
}

SYSCALL_DEFINE3(lseek, unsigned int, fd, loff_t, offset,
		unsigned int, whence)
{
	return ksys_lseek(fd, offset, whence);
}

SYSCALL_DEFINE3(open, const char __user *, filename, int, flags,
		umode_t, mode)
{
	return ksys_open(filename, flags, mode);
}

SYSCALL_DEFINE4(openat, int, dfd, const char __user *, filename, int, flags,
		umode_t, mode)
{
	return ksys_openat(dfd, filename, flags, mode);
}

SYSCALL_DEFINE2(creat, const char __user *, pathname, umode_t, mode)
{
	return ksys_creat(pathname, mode);
}

SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return ksys_close(fd);
}

SYSCALL_DEFINE3(getdents64, unsigned int, fd,
		struct linux_dirent64 __user *, dirent, unsigned int, count)
{
	return ksys_getdents64(fd, dirent, count);
}

SYSCALL_DEFINE2(stat, const char __user *, filename,
		struct stat __user *, statbuf)
{
	return ksys_newstat(filename, statbuf);
}

SYSCALL_DEFINE2(lstat, const char __user *, filename,
		struct stat __user *, statbuf)
{
	return ksys_newlstat(filename, statbuf);
}

SYSCALL_DEFINE2(fstat, unsigned int, fd, struct stat __user *, statbuf)
{
	return ksys_newfstat(fd, statbuf);
}

SYSCALL_DEFINE4(newfstatat, int, dfd, const char __user *, filename,
		struct stat __user *, statbuf, int, flag)
{
	return ksys_newfstatat(dfd, filename, statbuf, flag);
}

SYSCALL_DEFINE2(access, const char __user *, filename, int, mode)
{
	return ksys_faccessat2(AT_FDCWD, filename, mode, 0);
}

SYSCALL_DEFINE3(faccessat, int, dfd, const char __user *, filename,
		int, mode)
{
	return ksys_faccessat2(dfd, filename, mode, 0);
}

SYSCALL_DEFINE4(faccessat2, int, dfd, const char __user *, filename,
		int, mode, int, flags)
{
	return ksys_faccessat2(dfd, filename, mode, flags);
}

SYSCALL_DEFINE1(chdir, const char __user *, filename)
{
	return ksys_chdir(filename);
}

SYSCALL_DEFINE1(fchdir, unsigned int, fd)
{
	return ksys_fchdir(fd);
}

SYSCALL_DEFINE2(getcwd, char __user *, buf, unsigned long, size)
{
	return ksys_getcwd(buf, size);
}

SYSCALL_DEFINE1(umask, int, mask)
{
	return ksys_umask(mask);
}

SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd,
		unsigned long, arg)
{
	return ksys_fcntl(fd, cmd, arg);
}

SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd,
		unsigned long, arg)
{
	return ksys_ioctl(fd, cmd, arg);
}

SYSCALL_DEFINE1(dup, unsigned int, fildes)
{
	return ksys_dup(fildes);
}

SYSCALL_DEFINE2(dup2, unsigned int, oldfd, unsigned int, newfd)
{
	return ksys_dup2(oldfd, newfd);
}

SYSCALL_DEFINE3(dup3, unsigned int, oldfd, unsigned int, newfd, int, flags)
{
	return ksys_dup3(oldfd, newfd, flags);
}

SYSCALL_DEFINE2(truncate, const char __user *, path, long, length)
{
	return ksys_truncate(path, length);
}

SYSCALL_DEFINE2(ftruncate, unsigned int, fd, unsigned long, length)
{
	return ksys_ftruncate(fd, length);
}

SYSCALL_DEFINE5(mount, char __user *, dev_name, char __user *, dir_name,
		char __user *, type, unsigned long, flags, void __user *, data)
{
	return ksys_mount(dev_name, dir_name, type, flags, data);
}

SYSCALL_DEFINE2(umount2, char __user *, name, int, flags)
{
	return ksys_umount(name, flags);
}

SYSCALL_DEFINE0(sync)
{
	return ksys_sync();
}

#define CLOSE_RANGE_UNSHARE	(1U << 1)
#define CLOSE_RANGE_CLOEXEC	(1U << 2)

/*
 * close_range(2): close (or, with CLOSE_RANGE_CLOEXEC, mark close-on-
 * exec) every open descriptor from @fd to @max_fd; the ones not open
 * are skipped.  CLOSE_RANGE_UNSHARE is taken but does not unshare a
 * table shared by CLONE_FILES: the range is closed in the shared table.
 */
SYSCALL_DEFINE3(close_range, unsigned int, fd, unsigned int, max_fd,
		unsigned int, flags)
{
	unsigned int i;

	if (flags & ~(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC))
		return -EINVAL;
	if (fd > max_fd)
		return -EINVAL;
	if (max_fd >= NR_OPEN_DEFAULT)
		max_fd = NR_OPEN_DEFAULT - 1;
	for (i = fd; i <= max_fd && fd < NR_OPEN_DEFAULT; i++) {
		if (flags & CLOSE_RANGE_CLOEXEC)
			set_close_on_exec(i, true);
		else
			close_fd(i);
	}
	return 0;
}
