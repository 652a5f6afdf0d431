/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tty layer: a terminal device (the 8250 today) with the N_TTY line
 * discipline (include/linux/n_tty.h) between it and its readers and
 * writers.  Documentation/driver-api/tty.rst describes the flow and the
 * rules.  Buffers are kernel buffers: the system-call glue copies to and
 * from user memory (tty_ioctl_arg() says how much, which way).
 */
#ifndef _CACHET_LINUX_TTY_H
#define _CACHET_LINUX_TTY_H

#include <linux/n_tty.h>
#include <linux/spinlock.h>
#include <linux/tty_wait.h>
#include <linux/types.h>
#include <uapi/asm-generic/ioctls.h>
#include <uapi/asm-generic/termbits.h>

/* Linux's device numbers */
#define TTY_MAJOR		4	/* ttyS0 is minor 64 */
#define TTYAUX_MAJOR		5	/* /dev/tty 0, /dev/console 1 */
#define TTY_SERIAL_MINOR	64

#define TTY_SIGHUP	1	/* Linux x86-64's numbers, with n_tty.h's */
#define TTY_SIGCONT	18
#define TTY_SIGWINCH	28

struct tty_struct;

/* what a device driver gives the tty layer (Linux: tty_operations) */
struct tty_operations {
	/*
	 * Bytes to the device, already processed by the line discipline.
	 * Called with tty->lock held and interrupts off: it must not wait
	 * for anything but the device.
	 */
	void (*write)(struct tty_struct *tty, const unsigned char *s,
		      size_t n);
	/* first open and last close: start and stop receiving (optional) */
	void (*open)(struct tty_struct *tty);
	void (*close)(struct tty_struct *tty);
	/*
	 * A waiting reader's idle round: poll the device (optional).  Only
	 * called while the device has no receive interrupt (rx_interrupt).
	 */
	void (*poll)(struct tty_struct *tty);
};

/*
 * Who calls, for the job-control ioctls: the system-call glue fills it
 * from the current task once processes have sessions.  A session's
 * controlling tty is the tty whose session is the caller's sid.
 */
struct tty_caller {
	int pid;
	int pgid;
	int sid;		/* a session leader has sid == pid */
};

struct tty_struct {
	const char *name;			/* "ttyS0" */
	const struct tty_operations *ops;
	void *driver_data;

	spinlock_t lock;	/* everything below; taken in interrupts */
	struct n_tty_data ldisc;
	struct winsize winsize;			/* Linux's ttyS0: all 0 */
	int pgrp;				/* foreground group, 0 none */
	int session;				/* 0: no controlling session */
	unsigned int count;			/* opens */
	bool rx_interrupt;	/* input arrives by interrupt: no polling */
	struct tty_wait_queue read_wait;
	unsigned char xmit[512];		/* output for the driver */
	size_t xmit_len;
};

void tty_init(struct tty_struct *tty, const char *name,
	      const struct tty_operations *ops, void *driver_data);
void tty_receive(struct tty_struct *tty, const unsigned char *s, size_t n);
void tty_set_rx_interrupt(struct tty_struct *tty, bool on);

int tty_open(struct tty_struct *tty, const struct tty_caller *caller,
	     bool noctty);
void tty_release(struct tty_struct *tty);
ssize_t tty_read(struct tty_struct *tty, void *buf, size_t nr, bool nonblock);
ssize_t tty_write(struct tty_struct *tty, const void *buf, size_t n);
long tty_ioctl(struct tty_struct *tty, const struct tty_caller *caller,
	       unsigned int cmd, unsigned long arg);
bool tty_poll_readable(struct tty_struct *tty);
void tty_end_session(struct tty_struct *tty, int sid);

/* how an ioctl's argument travels (tty_ioctl_arg()) */
enum tty_ioctl_dir {
	TTY_ARG_VALUE,		/* arg is the value itself */
	TTY_ARG_IN,		/* arg points to @size bytes tty_ioctl reads */
	TTY_ARG_OUT,		/* arg points to @size bytes it writes */
};

int tty_ioctl_arg(unsigned int cmd, enum tty_ioctl_dir *dir, size_t *size);

/*
 * Signals for a process group (^C, SIGWINCH, hang-up): drivers/tty/
 * tty_file.c sets it to kill_pgrp() at boot; NULL sends nothing.
 */
extern void (*tty_kill_pgrp)(int pgrp, int sig);
/*
 * The session of process group @pgrp (or of process @pgrp when no
 * process is in that group, as Linux's session_of_pgrp()), or -ESRCH;
 * for TIOCSPGRP.  Called without tty->lock.  NULL: the caller's session
 * is assumed.
 */
extern int (*tty_pgrp_session)(int pgrp);
void tty_signal_pgrp(int pgrp, int sig);	/* no tty lock held */

/* the device nodes (drivers/tty/tty_dev.c), for the char-device registry */
struct tty_chrdev {
	const char *name;		/* "console", "ttyS0", "tty" */
	unsigned int major, minor;
	unsigned int mode;		/* devtmpfs's permissions */
};

extern const struct tty_chrdev tty_chrdevs[];	/* ends with a NULL name */

/*
 * What the VFS's struct file_operations for these nodes calls.  open
 * resolves the node (/dev/tty is the caller's controlling tty) and hands
 * back the tty the file keeps; the others take that tty.
 */
struct tty_file_ops {
	int (*open)(unsigned int major, unsigned int minor,
		    const struct tty_caller *caller, bool noctty,
		    struct tty_struct **ttyp);
	void (*release)(struct tty_struct *tty);
	ssize_t (*read)(struct tty_struct *tty, void *buf, size_t nr,
			bool nonblock);
	ssize_t (*write)(struct tty_struct *tty, const void *buf, size_t n);
	long (*ioctl)(struct tty_struct *tty, const struct tty_caller *caller,
		      unsigned int cmd, unsigned long arg);
	bool (*poll_readable)(struct tty_struct *tty);	/* writes never wait */
};

extern const struct tty_file_ops tty_fops;

/* the console's tty: registered by its driver, or NULL */
void tty_set_console(struct tty_struct *tty);
struct tty_struct *tty_console(void);

/* drivers/tty/tty_file.c: the nodes as files, for the VFS and poll */
struct file;
struct wait_queue_head;
void tty_dev_init(void);
bool tty_file_readable(struct file *file);
struct wait_queue_head *tty_file_wait_queue(struct file *file);
void disassociate_ctty(int on_exit);

#endif /* _CACHET_LINUX_TTY_H */
