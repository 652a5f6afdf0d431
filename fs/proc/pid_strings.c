// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/cmdline and environ: the argv and envp strings exec left
 * on the process's stack, NUL-separated, read from its memory through a
 * reference on its mm (copy_from_mm(): the pages are copied into the
 * open's kernel buffer under the mm's mmap_lock, never to user memory).
 * A zombie or a kernel thread has no mm and shows nothing, as on Linux.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/string.h>
#include "internal.h"

/* copy [@start, @end) of @mm to the end of @m; false if it needs more room */
static bool proc_copy_range(struct seq_file *m, struct mm_struct *mm,
			    unsigned long start, unsigned long end)
{
	unsigned long len = end - start;

	if (end <= start)
		return true;
	if (len >= m->size - m->count) {
		m->overflow = true;	/* vfilefs retries with more room */
		return false;
	}
	m->count += copy_from_mm(mm, start, m->buf + m->count, len);
	return true;
}

/**
 * proc_pid_cmdline_show() - the process's command line
 * @m: receives the text
 * @mm: the process's space (referenced), or NULL
 * @s: its snapshot, for the argv and envp bounds
 *
 * As Linux's get_mm_cmdline(): the argv area; but if its last byte is
 * no longer NUL (setproctitle() wrote over it), the one string that
 * starts there, which may run on into the environment.  Returns 0.
 */
int proc_pid_cmdline_show(struct seq_file *m, struct mm_struct *mm,
			  const struct proc_task_snap *s)
{
	unsigned long start = s->arg_start, end = s->arg_end;
	size_t first = m->count, len;

	if (!mm || !proc_copy_range(m, mm, start, end) || m->count == first)
		return 0;
	if (m->buf[m->count - 1] == '\0')
		return 0;
	/* rewritten: one string, into the environment if it follows argv */
	if (s->env_start == end && s->env_end > end)
		end = s->env_end;
	m->count = first;
	if (!proc_copy_range(m, mm, start, end))
		return 0;
	len = strnlen(m->buf + first, m->count - first);
	if (len < m->count - first)
		len++;			/* with its NUL */
	m->count = first + len;
	return 0;
}

/**
 * proc_pid_environ_show() - the process's environment strings
 * @m: receives the text
 * @mm: the process's space (referenced), or NULL
 * @s: its snapshot: bounds and whether the reader may see them
 *
 * Returns 0, or -EACCES when the reader may not (Linux's
 * PTRACE_MODE_READ_FSCREDS check at open).
 */
int proc_pid_environ_show(struct seq_file *m, struct mm_struct *mm,
			  const struct proc_task_snap *s)
{
	if (!s->permitted)
		return -EACCES;
	if (mm)
		proc_copy_range(m, mm, s->env_start, s->env_end);
	return 0;
}
