// SPDX-License-Identifier: GPL-2.0
/*
 * syslog() (klogctl() in C libraries), what busybox dmesg reads the log
 * with: Linux's action numbers and errors.  The text is the log as the
 * console shows it, one "[seconds] message" line per record; Linux
 * prefixes each line with its "<level>", which cachet's log does not
 * keep (dmesg prints the same either way).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define SYSLOG_ACTION_CLOSE		0
#define SYSLOG_ACTION_OPEN		1
#define SYSLOG_ACTION_READ		2
#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_READ_CLEAR	4
#define SYSLOG_ACTION_CLEAR		5
#define SYSLOG_ACTION_CONSOLE_OFF	6
#define SYSLOG_ACTION_CONSOLE_ON	7
#define SYSLOG_ACTION_CONSOLE_LEVEL	8
#define SYSLOG_ACTION_SIZE_UNREAD	9
#define SYSLOG_ACTION_SIZE_BUFFER	10

#define CHUNK	256

static DEFINE_SPINLOCK(syslog_lock);
static unsigned long clear_pos;		/* SYSLOG_ACTION_CLEAR's cursor */
static unsigned long read_pos;		/* SYSLOG_ACTION_READ's cursor */
static int saved_loglevel;		/* across CONSOLE_OFF/ON */

/* copy the log from *@pos, at most @len bytes; returns bytes or -EFAULT */
static long syslog_copy(char __user *buf, long len, unsigned long *pos)
{
	char chunk[CHUNK];
	long done = 0;
	unsigned long n;

	while (done < len) {
		n = log_buf_read(pos, chunk,
				 min((unsigned long)(len - done), sizeof(chunk)));
		if (!n)
			break;
		if (copy_to_user(buf + done, chunk, n))
			return -EFAULT;
		done += n;
	}
	return done;
}

/* the newest @len bytes not cleared, from a line start when possible */
static long syslog_read_all(char __user *buf, long len, bool clear)
{
	unsigned long first, next, start;
	long ret;

	log_buf_bounds(&first, &next);
	start = max(first, __atomic_load_n(&clear_pos, __ATOMIC_RELAXED));
	if (next - start > (unsigned long)len)
		start = next - len;
	ret = syslog_copy(buf, len, &start);
	if (clear && ret >= 0)
		__atomic_store_n(&clear_pos, next, __ATOMIC_RELAXED);
	return ret;
}

SYSCALL_DEFINE3(syslog, int, type, char __user *, buf, int, len)
{
	unsigned long first, next, flags;
	long ret;

	switch (type) {
	case SYSLOG_ACTION_CLOSE:
	case SYSLOG_ACTION_OPEN:
		return 0;
	case SYSLOG_ACTION_READ:
	case SYSLOG_ACTION_READ_ALL:
	case SYSLOG_ACTION_READ_CLEAR:
		if (!buf || len < 0)
			return -EINVAL;
		if (!len)
			return 0;
		if (!access_ok(buf, len))
			return -EFAULT;
		if (type != SYSLOG_ACTION_READ)
			return syslog_read_all(buf, len,
					       type == SYSLOG_ACTION_READ_CLEAR);
		/* what no one read yet; does not wait for more */
		spin_lock_irqsave(&syslog_lock, flags);
		first = read_pos;
		spin_unlock_irqrestore(&syslog_lock, flags);
		ret = syslog_copy(buf, len, &first);
		spin_lock_irqsave(&syslog_lock, flags);
		read_pos = first;
		spin_unlock_irqrestore(&syslog_lock, flags);
		return ret;
	case SYSLOG_ACTION_CLEAR:
		log_buf_bounds(&first, &next);
		__atomic_store_n(&clear_pos, next, __ATOMIC_RELAXED);
		return 0;
	case SYSLOG_ACTION_CONSOLE_OFF:
		if (!saved_loglevel)
			saved_loglevel = console_loglevel;
		console_loglevel = 1;	/* Linux's minimum: emergencies only */
		return 0;
	case SYSLOG_ACTION_CONSOLE_ON:
		if (saved_loglevel) {
			console_loglevel = saved_loglevel;
			saved_loglevel = 0;
		}
		return 0;
	case SYSLOG_ACTION_CONSOLE_LEVEL:
		if (len < 1 || len > 8)
			return -EINVAL;
		console_loglevel = len;
		saved_loglevel = 0;
		return 0;
	case SYSLOG_ACTION_SIZE_UNREAD:
		log_buf_bounds(&first, &next);
		return next - max(first, read_pos);
	case SYSLOG_ACTION_SIZE_BUFFER:
		return 1UL << CONFIG_LOG_BUF_SHIFT;
	default:
		return -EINVAL;
	}
}
