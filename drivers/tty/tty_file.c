// SPDX-License-Identifier: GPL-2.0
/*
 * The tty as files: the struct file_operations of majors 4 (ttyS0) and 5
 * (/dev/tty, /dev/console) in the VFS's char-device registry, their
 * devtmpfs nodes, and the tty's hooks into the process table (signals to
 * a process group, the session of a group, a session leader's exit).
 *
 * Everything here is glue: the caller's identity (struct tty_caller) is
 * taken from current at each call, user memory is copied through kernel
 * buffers, and the work is done by tty_fops (drivers/tty/tty_dev.c).
 */
#include <linux/bug.h>
#include <linux/devtmpfs.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tty.h>
#include <linux/uio.h>
#include <asm/uaccess.h>

static void tty_caller_current(struct tty_caller *c)
{
	struct task_struct *t = current;

	c->pid = t->pid;
	c->pgid = t->pgid;
	c->sid = t->sid;
}

static struct tty_struct *file_tty(struct file *file)
{
	return file->private_data;
}

/*
 * Linux registers a char device per minor range its tty drivers cover:
 * any other minor of majors 4 and 5 opens with ENXIO, as a node of a
 * major nobody registered does (fs/char_dev.c).
 */
static bool tty_file_registered(dev_t dev)
{
	const struct tty_chrdev *d;

	for (d = tty_chrdevs; d->name; d++)
		if (MKDEV(d->major, d->minor) == dev)
			return true;
	return false;
}

/*
 * As Linux's tty_open(): the node picks the tty; a session leader that
 * opens a free tty for reading, without O_NOCTTY, makes it its
 * controlling tty (never /dev/console: tty_fops.open sees to that).
 */
static int tty_file_open(struct inode *inode, struct file *file)
{
	struct tty_struct *tty = NULL;
	struct tty_caller c;
	bool noctty;
	int err;

	if (!tty_file_registered(inode->i_rdev))
		return -ENXIO;
	tty_caller_current(&c);
	noctty = (file->f_flags & O_NOCTTY) || !(file->f_mode & FMODE_READ);
	err = tty_fops.open(MAJOR(inode->i_rdev), MINOR(inode->i_rdev), &c,
			    noctty, &tty);
	if (err)
		return err;
	file->private_data = tty;
	return 0;
}

static int tty_file_release(struct inode *inode, struct file *file)
{
	tty_fops.release(file_tty(file));
	return 0;
}

/* would @sig stop nobody: blocked or ignored (Linux's is_ignored()) */
static bool sig_is_ignored(struct task_struct *t, int sig)
{
	return !t->sighand || sigismember(&t->blocked, sig) ||
	       t->sighand->action[sig - 1].sa.sa_handler == SIG_IGN;
}

/*
 * Linux's job control for a read (SIGTTIN) or, with TOSTOP, a write
 * (SIGTTOU) of a process of the tty's session outside its foreground
 * group: its group gets the signal and the call is restarted once the
 * group is continued in the foreground.  A blocked or ignored SIGTTIN
 * makes the read fail with EIO; a blocked or ignored SIGTTOU lets the
 * write through.  Files of /dev/console are exempt, as in Linux.
 * Linux's EIO for an orphaned group is not done.
 */
static int tty_job_control(struct file *file, int sig)
{
	struct tty_struct *tty = file_tty(file);
	struct task_struct *t = current;
	unsigned long flags;
	bool background;

	/* Linux: "don't stop on /dev/console" */
	if (file_inode(file)->i_rdev == MKDEV(TTYAUX_MAJOR, 1))
		return 0;
	spin_lock_irqsave(&tty->lock, flags);
	background = tty->session && tty->session == t->sid &&
		     tty->pgrp && tty->pgrp != t->pgid;
	if (sig == SIGTTOU && !(tty->ldisc.termios.c_lflag & TOSTOP))
		background = false;
	spin_unlock_irqrestore(&tty->lock, flags);
	if (!background)
		return 0;
	if (sig_is_ignored(t, sig))
		return sig == SIGTTIN ? -EIO : 0;
	kill_pgrp(t->pgid, sig, 1);
	return -ERESTARTSYS;
}

/*
 * One read of the line discipline into a kernel buffer as large as the
 * request (up to a canonical line's limit), then out to the caller: a
 * canonical read returns at most one line, so it cannot be split.
 */
static ssize_t tty_file_read(struct file *file, struct iov_iter *to,
			     loff_t *pos)
{
	size_t want = min_t(size_t, iov_iter_count(to), N_TTY_BUF_SIZE);
	unsigned char *buf;
	ssize_t n;
	size_t got;

	if (!want)
		return 0;
	n = tty_job_control(file, SIGTTIN);
	if (n)
		return n;
	buf = kmalloc(want, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	n = tty_fops.read(file_tty(file), buf, want,
			  file->f_flags & O_NONBLOCK);
	if (n > 0) {
		got = copy_to_iter(buf, n, to);
		if (got != (size_t)n)
			n = got ? (ssize_t)got : -EFAULT;
	}
	kfree(buf);
	return n;
}

#define TTY_FILE_CHUNK	256

static ssize_t tty_file_write(struct file *file, struct iov_iter *from,
			      loff_t *pos)
{
	unsigned char buf[TTY_FILE_CHUNK];
	size_t done = 0, n, got;
	int err = tty_job_control(file, SIGTTOU);

	if (err)
		return err;
	while (iov_iter_count(from)) {
		n = min_t(size_t, iov_iter_count(from), sizeof(buf));
		got = copy_from_iter(buf, n, from);
		if (got)
			tty_fops.write(file_tty(file), buf, got);
		done += got;
		if (got != n)
			break;
	}
	return done || !iov_iter_count(from) ? (ssize_t)done : -EFAULT;
}

/* the argument of any pointer ioctl tty_ioctl_arg() knows */
union tty_ioctl_karg {
	struct termios termios;
	struct winsize winsize;
	int value;
};

static long tty_file_ioctl(struct file *file, unsigned int cmd,
			   unsigned long arg)
{
	union tty_ioctl_karg karg;
	void __user *uarg = (void __user *)arg;
	enum tty_ioctl_dir dir;
	struct tty_caller c;
	size_t size;
	long ret;

	ret = tty_ioctl_arg(cmd, &dir, &size);
	if (ret)
		return ret;
	tty_caller_current(&c);
	if (dir == TTY_ARG_VALUE)
		return tty_fops.ioctl(file_tty(file), &c, cmd, arg);
	if (WARN_ON(size > sizeof(karg)))
		return -EINVAL;
	memset(&karg, 0, sizeof(karg));
	if (dir == TTY_ARG_IN && copy_from_user(&karg, uarg, size))
		return -EFAULT;
	ret = tty_fops.ioctl(file_tty(file), &c, cmd, (unsigned long)&karg);
	if (!ret && dir == TTY_ARG_OUT && copy_to_user(uarg, &karg, size))
		return -EFAULT;
	return ret;
}

/**
 * tty_file_readable() - would a read of this tty file return at once
 * @file: an open tty node
 *
 * For poll(): the POLLIN test of the tty's poll file operation; writes
 * never wait, so POLLOUT always holds.  The waiter sleeps on
 * tty_file_wait_queue().
 */
bool tty_file_readable(struct file *file)
{
	return tty_fops.poll_readable(file_tty(file));
}

/**
 * tty_file_wait_queue() - where readers of this tty file sleep
 * @file: an open tty node
 *
 * Woken by every input (wake_up_interruptible()), for poll's wait.
 */
struct wait_queue_head *tty_file_wait_queue(struct file *file)
{
	return &file_tty(file)->read_wait.head;
}

/*
 * .poll is left unset until fs/select.c's poll interface is in: it is
 * tty_file_readable() plus a wait on tty_file_wait_queue().
 */
static const struct file_operations tty_file_fops = {
	.llseek = no_llseek,
	.open = tty_file_open,
	.release = tty_file_release,
	.read_iter = tty_file_read,
	.write_iter = tty_file_write,
	.unlocked_ioctl = tty_file_ioctl,
};

/* ^C and friends: kill_pgrp() with the kernel as sender, as Linux's */
static void tty_file_kill_pgrp(int pgrp, int sig)
{
	kill_pgrp(pgrp, sig, 1);
}

/* Linux's session_of_pgrp(): a member's session, else the pid's own */
static int tty_file_pgrp_session(int pgrp)
{
	struct task_struct *t;
	unsigned long flags;
	int sid = -ESRCH;

	spin_lock_irqsave(&tasklist_lock, flags);
	for_each_process(t) {
		if (t->pgid == pgrp) {
			sid = t->sid;
			break;
		}
	}
	/* the pid hash is set up with pid 1's process (process_add_init()) */
	if (sid < 0 && init_process) {
		t = find_task_by_pid(pgrp);
		if (t)
			sid = t->sid;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return sid;
}

/**
 * disassociate_ctty() - the current session leader gives up its tty
 * @on_exit: 1 when it exits (the only caller today)
 *
 * As Linux's, on exit: the tty's foreground group is hung up (SIGHUP,
 * SIGCONT) and the tty no longer belongs to the session.  Open files of
 * the tty stay usable (Linux makes a ttyS0 file hung up).
 */
void disassociate_ctty(int on_exit)
{
	struct task_struct *t = current;
	struct tty_struct *tty = tty_console();

	if (tty && t->pid == t->sid)
		tty_end_session(tty, t->sid);
}

/**
 * tty_dev_init() - register the tty majors and their devtmpfs nodes
 *
 * Called by chr_dev_init(), as Linux's tty_init(); connects the tty's
 * signals and group lookups to the process table.
 */
void tty_dev_init(void)
{
	const struct tty_chrdev *d;

	tty_kill_pgrp = tty_file_kill_pgrp;
	tty_pgrp_session = tty_file_pgrp_session;
	if (register_chrdev(TTY_MAJOR, "ttyS", &tty_file_fops) ||
	    register_chrdev(TTYAUX_MAJOR, "/dev/tty", &tty_file_fops)) {
		pr_err("Couldn't register /dev/tty driver\n");
		return;
	}
	for (d = tty_chrdevs; d->name; d++)
		devtmpfs_add_node(d->name, S_IFCHR | d->mode,
				  MKDEV(d->major, d->minor));
}
