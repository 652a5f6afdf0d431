// SPDX-License-Identifier: GPL-2.0
/*
 * fcntl(2) (the descriptor commands shells and libcs use), dup(2),
 * dup2(2), dup3(2) and ioctl(2)'s dispatch to the driver.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>

/* F_SETFL: only SETFL_MASK's flags change; the access mode never does */
static long setfl(struct file *f, unsigned long arg)
{
	spin_lock(&f->f_lock);
	f->f_flags = (f->f_flags & ~SETFL_MASK) | (arg & SETFL_MASK);
	spin_unlock(&f->f_lock);
	return 0;
}

/**
 * do_fcntl() - fcntl(2)
 * @fd: the descriptor
 * @cmd: F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL or F_SETFL
 * @arg: the command's argument
 *
 * Returns the command's result, -EBADF, or -EINVAL for another command
 * or an F_DUPFD minimum at or above NR_OPEN_DEFAULT.
 */
long do_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		ret = arg >= NR_OPEN_DEFAULT ? -EINVAL :
		      f_dupfd(arg, f, cmd == F_DUPFD_CLOEXEC ? O_CLOEXEC : 0);
		break;
	case F_GETFD:
		ret = get_close_on_exec(fd) ? FD_CLOEXEC : 0;
		break;
	case F_SETFD:
		set_close_on_exec(fd, arg & FD_CLOEXEC);
		ret = 0;
		break;
	case F_GETFL:
		ret = f->f_flags;
		break;
	case F_SETFL:
		ret = setfl(f, arg);
		break;
	default:
		ret = -EINVAL;
	}
	fput(f);
	return ret;
}

long ksys_fcntl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	return do_fcntl(fd, cmd, arg);
}

/* the ioctls every descriptor answers, whatever its driver (Linux's) */
#define FIONCLEX	0x5450
#define FIOCLEX		0x5451

/**
 * ksys_ioctl() - ioctl(2): FIOCLEX/FIONCLEX here, the rest to the driver
 * @fd: the descriptor
 * @cmd: the request
 * @arg: its argument, often a user pointer the driver copies through
 *
 * Returns the driver's result, -EBADF, or -ENOTTY when the driver has
 * no ioctl.
 */
long ksys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (cmd == FIOCLEX || cmd == FIONCLEX) {
		set_close_on_exec(fd, cmd == FIOCLEX);
		ret = 0;
	} else if (f->f_op && f->f_op->unlocked_ioctl) {
		ret = f->f_op->unlocked_ioctl(f, cmd, arg);
	} else {
		ret = -ENOTTY;
	}
	fput(f);
	return ret;
}
