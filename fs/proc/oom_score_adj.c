// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/oom_score_adj, Linux's: the process's weight for the
 * out-of-memory killer (Documentation/mm/oom.rst), read as "%d\n" and
 * written as a number in -1000..1000 (-EINVAL otherwise, the value kept).
 * -1000 means never chosen.  Going below the lowest value a privileged
 * writer set needs CAP_SYS_RESOURCE (-EACCES), as in Linux.
 *
 * Unlike the other process files, whose text is made at open, this one
 * is read and written on the task each time, so a write shows at once in
 * a read of the same descriptor.  The value lives in task_struct, under
 * tasklist_lock.
 */
#include <linux/cred.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/oom.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uio.h>
#include "internal.h"

/* Linux's PROC_NUMBUF: what a write looks at, at most */
#define OOM_ADJ_BUF	13

/* the pid of "/proc/<pid>/oom_score_adj" (resolved: never "self") */
static int oom_adj_pid(struct file *file)
{
	/* a proc inode's i_private is its path (fs/vfilefs.c) */
	const char *p = file_inode(file)->i_private;
	char num[12];
	size_t n;
	int pid;

	if (strncmp(p, "/proc/", 6))
		return -ENOENT;
	p += 6;
	n = strcspn(p, "/");
	if (!n || n >= sizeof(num))
		return -ENOENT;
	memcpy(num, p, n);
	num[n] = '\0';
	return kstrtoint(num, 10, &pid) || pid <= 0 ? -ENOENT : pid;
}

/* @pid's value into *@adj; -ESRCH when it is gone */
static int oom_adj_get(int pid, short *adj)
{
	struct task_struct *t;
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (t)
		*adj = t->oom_score_adj;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return t ? 0 : -ESRCH;
}

static int oom_adj_set(int pid, int adj)
{
	struct task_struct *t;
	unsigned long flags;
	int err = -ESRCH;
	bool privileged = capable(CAP_SYS_RESOURCE);

	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (t && adj < t->oom_score_adj_min && !privileged) {
		err = -EACCES;
	} else if (t) {
		t->oom_score_adj = adj;
		if (privileged)
			t->oom_score_adj_min = adj;
		err = 0;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return err;
}

static int oom_adj_open(struct inode *inode, struct file *file)
{
	short adj;
	int pid = oom_adj_pid(file);

	if (pid < 0)
		return pid;
	return oom_adj_get(pid, &adj) ? -ENOENT : 0;
}

static ssize_t oom_adj_read(struct file *file, struct iov_iter *to,
			    loff_t *pos)
{
	char buf[OOM_ADJ_BUF];
	size_t len, n, got;
	short adj;
	int err = oom_adj_get(oom_adj_pid(file), &adj);

	if (err)
		return err;
	len = snprintf(buf, sizeof(buf), "%d\n", adj);
	if (*pos >= (loff_t)len)
		return 0;
	n = min_t(size_t, len - *pos, iov_iter_count(to));
	got = copy_to_iter(buf + *pos, n, to);
	*pos += got;
	return got ? (ssize_t)got : -EFAULT;
}

/* Linux's strstrip(): leading and trailing white space off, in place */
static char *strip(char *s)
{
	size_t n;

	while (isspace(*s))
		s++;
	n = strlen(s);
	while (n && isspace(s[n - 1]))
		s[--n] = '\0';
	return s;
}

static ssize_t oom_adj_write(struct file *file, struct iov_iter *from,
			     loff_t *pos)
{
	size_t count = iov_iter_count(from);
	char buf[OOM_ADJ_BUF];
	int adj, err;

	memset(buf, 0, sizeof(buf));
	if (count > sizeof(buf) - 1)
		count = sizeof(buf) - 1;
	if (copy_from_iter(buf, count, from) != count)
		return -EFAULT;
	err = kstrtoint(strip(buf), 0, &adj);
	if (err)
		return err;
	if (adj < OOM_SCORE_ADJ_MIN || adj > OOM_SCORE_ADJ_MAX)
		return -EINVAL;
	err = oom_adj_set(oom_adj_pid(file), adj);
	return err ? err : (ssize_t)count;
}

const struct file_operations proc_oom_score_adj_operations = {
	.llseek = generic_file_llseek,
	.open = oom_adj_open,
	.read_iter = oom_adj_read,
	.write_iter = oom_adj_write,
};
