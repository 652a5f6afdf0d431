// SPDX-License-Identifier: GPL-2.0
/*
 * A copy of what /proc/<pid>/ shows of a task, taken under tasklist_lock
 * so the task cannot be reaped meanwhile.  Its mm, files and fs pointers
 * are read under task_lock(), which exec and exit hold to change them;
 * the mm comes with a reference, so its figures and memory stay valid
 * while the text is made, whatever the task does meanwhile.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/fs_struct.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/resource.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include "internal.h"

/* Linux's fd table starts with BITS_PER_LONG slots and ps shows that */
#define PROC_FDSIZE	64

const char *proc_task_state_name(char state)
{
	switch (state) {
	case 'R':	return "R (running)";
	case 'S':	return "S (sleeping)";
	case 'D':	return "D (disk sleep)";
	case 'T':	return "T (stopped)";
	case 'Z':	return "Z (zombie)";
	default:	return "X (dead)";
	}
}

static char proc_task_state(const struct task_struct *t)
{
	if (t->exit_state & EXIT_DEAD)
		return 'X';
	if (t->exit_state & EXIT_ZOMBIE)
		return 'Z';
	if (t->state & __TASK_STOPPED)
		return 'T';
	if (t->state & TASK_UNINTERRUPTIBLE)
		return 'D';
	if (t->state & TASK_INTERRUPTIBLE)
		return 'S';
	return 'R';
}

/**
 * proc_may_access() - Linux's ptrace_may_access(PTRACE_MODE_READ_FSCREDS)
 * @t: the target, under tasklist_lock or referenced
 *
 * True when the reader is @t, when the reader's
 * file-system ids equal all of @t's real, effective and saved ids, or
 * when it has CAP_SYS_PTRACE.
 */
bool proc_may_access(const struct task_struct *t)
{
	const struct cred *c = &t->cred;
	u32 uid = current_fsuid(), gid = current_fsgid();

	if (t == current)
		return true;
	if (uid == c->uid && uid == c->euid && uid == c->suid &&
	    gid == c->gid && gid == c->egid && gid == c->sgid)
		return true;
	return capable(CAP_SYS_PTRACE);
}

/* handlers: word reads, each consistent on its own, as Linux's are */
static void proc_task_sigs(const struct task_struct *t,
			   struct proc_task_snap *s)
{
	int sig;

	s->pending = t->pending.signal.sig[0];
	s->blocked = t->blocked.sig[0];
	if (!t->sighand)
		return;
	for (sig = 1; sig <= _NSIG; sig++) {
		__sighandler_t h = READ_ONCE(t->sighand->action[sig - 1].sa.sa_handler);

		if (h == SIG_IGN)
			s->ignored |= 1UL << (sig - 1);
		else if (h != SIG_DFL)
			s->caught |= 1UL << (sig - 1);
	}
}

/* the word-sized figures of a space the caller holds a reference on */
static void proc_task_mm(struct proc_task_snap *s, const struct mm_struct *mm)
{
	s->has_mm = true;
	s->total_vm = READ_ONCE(mm->total_vm);
	s->rss = READ_ONCE(mm->rss);
	s->pgtables = READ_ONCE(mm->pgtables);
	s->start_code = mm->start_code;
	s->end_code = mm->end_code;
	s->start_data = mm->start_data;
	s->end_data = mm->end_data;
	s->start_brk = mm->start_brk;
	s->brk = READ_ONCE(mm->brk);
	s->start_stack = mm->start_stack;
	s->arg_start = mm->arg_start;
	s->arg_end = mm->arg_end;
	s->env_start = mm->env_start;
	s->env_end = mm->env_end;
}

/* what needs only tasklist_lock, which the caller holds */
static void proc_task_ids(struct task_struct *t, struct proc_task_snap *s)
{
	unsigned int n = num_possible_cpus();

	s->pid = t->pid;
	memcpy(s->comm, t->comm, sizeof(s->comm));
	s->comm[sizeof(s->comm) - 1] = '\0';
	s->state = proc_task_state(t);
	s->ppid = t->real_parent ? t->real_parent->pid : 0;
	s->pgid = t->pgid;
	s->sid = t->sid;
	s->flags = t->flags;
	s->cpu = t->cpu;
	s->exit_signal = t->exit_signal;
	s->exit_code = t->exit_state ? t->exit_code : 0;
	s->nvcsw = t->nvcsw;
	s->nivcsw = t->nivcsw;
	s->cpus_allowed = t->cpus_allowed & (n >= 64 ? ~0ULL : (1ULL << n) - 1);
	s->nr_cpu_ids = n;
	s->rsslim = t->rlim[RLIMIT_RSS].rlim_cur;
	s->start_boottime = t->start_boottime;
	s->cred = t->cred;
	s->permitted = proc_may_access(t);
	proc_task_sigs(t, s);
}

/**
 * proc_task_snapshot() - copy what /proc shows of process @pid
 * @pid: the process
 * @s: filled in
 * @mmp: if not NULL, receives a reference on the process's mm (NULL for
 *	a kernel thread or a zombie), for the caller to mmput()
 *
 * Returns 0, or -ENOENT when there is no such process.
 */
int proc_task_snapshot(int pid, struct proc_task_snap *s,
		       struct mm_struct **mmp)
{
	struct mm_struct *mm;
	struct task_struct *t;
	unsigned long flags;

	memset(s, 0, sizeof(*s));
	if (mmp)
		*mmp = NULL;
	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (!t) {
		spin_unlock_irqrestore(&tasklist_lock, flags);
		return -ENOENT;
	}
	proc_task_ids(t, s);
	task_lock(t);
	s->umask = t->fs ? READ_ONCE(t->fs->umask) : -1;
	s->fd_size = t->files ? PROC_FDSIZE : 0;
	task_unlock(t);
	mm = get_task_mm(t);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	if (!mm)
		return 0;
	proc_task_mm(s, mm);
	if (mmp)
		*mmp = mm;
	else
		mmput(mm);
	return 0;
}
