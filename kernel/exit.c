// SPDX-License-Identifier: GPL-2.0
/*
 * The end of a process and its parent's wait for it: exit, exit_group,
 * wait4 with Linux's status encoding, zombies, and orphans handed to
 * init.  See include/linux/sched/task.h for the rules of the tree.
 *
 * Status words, as wait4() reports them (Linux's, <sys/wait.h>):
 *	exited with code c	(c & 0xff) << 8
 *	killed by signal s	s (| 0x80 for a core dump: never, none is written)
 *	stopped by signal s	(s << 8) | 0x7f
 *	continued		0xffff
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched/mm.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/tty.h>
#include <linux/wait.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/uaccess.h>

/* wait4() options (Linux's) */
#define WNOHANG		0x00000001
#define WUNTRACED	0x00000002
#define WCONTINUED	0x00000008
#define __WNOTHREAD	0x20000000
#define __WALL		0x40000000
#define __WCLONE	0x80000000

/* the task gives back its address space, running on the kernel's after */
static void exit_mm(struct task_struct *t)
{
	struct mm_struct *mm = t->mm;
	unsigned long flags;

	if (!mm)
		return;
	mm_release(t);
	/* the OOM killer reads ->mm under task_lock: never a freed one */
	task_lock(t);
	local_irq_save(flags);
	switch_mm_irqs_off(t->active_mm, &init_mm);
	t->active_mm = &init_mm;
	t->mm = NULL;
	local_irq_restore(flags);
	task_unlock(t);
	mmput(mm);
}

static void exit_files_fs(struct task_struct *t)
{
	struct files_struct *files = t->files;
	struct fs_struct *fs = t->fs;

	task_lock(t);
	t->files = NULL;
	t->fs = NULL;
	task_unlock(t);
	if (files)
		put_files_struct(files);
	if (fs)
		put_fs_struct(fs);
}

static void exit_fpu(struct task_struct *t)
{
	struct fpu *fpu = t->fpu;

	/* the switch code saves into t->fpu: clear it first */
	t->fpu = NULL;
	barrier();
	if (fpu)
		fpu_free(fpu);
}

/* does @parent want no zombies (SIGCHLD ignored, or SA_NOCLDWAIT)? */
static bool parent_autoreaps(struct task_struct *parent)
{
	struct k_sigaction *ka = &parent->sighand->action[SIGCHLD - 1];

	return ka->sa.sa_handler == SIG_IGN ||
	       (ka->sa.sa_flags & SA_NOCLDWAIT);
}

/* SIGCHLD's siginfo for @t's change of state; tasklist_lock held */
static void notify_parent(struct task_struct *t, int sig, int why, int status)
{
	struct task_struct *parent = t->real_parent;
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = why;
	info._sifields._sigchld._pid = t->pid;
	info._sifields._sigchld._status = status;
	if (sig)
		send_sig_info(sig, &info, parent);
	wake_up_interruptible_all(&parent->wait_chldexit);
}

/* orphans go to init; a zombie among them is init's to reap */
static void reparent_children(struct task_struct *t)
{
	struct task_struct *c, *n;
	struct task_struct *reaper = init_process;

	list_for_each_entry_safe(c, n, &t->children, sibling) {
		c->real_parent = reaper;
		list_del(&c->sibling);
		list_add_tail(&c->sibling, &reaper->children);
		if (c->exit_state == EXIT_ZOMBIE)
			wake_up_interruptible_all(&reaper->wait_chldexit);
	}
}

static void release_task_locked(struct task_struct *t);

static void exit_notify(struct task_struct *t, long code)
{
	unsigned long flags;
	bool autoreap;
	int why, status;

	spin_lock_irqsave(&tasklist_lock, flags);
	reparent_children(t);
	t->exit_code = code;
	t->exit_state = EXIT_ZOMBIE;
	if ((code & 0x7f) == 0) {
		why = CLD_EXITED;
		status = (code >> 8) & 0xff;
	} else {
		why = CLD_KILLED;
		status = code & 0x7f;
	}
	autoreap = parent_autoreaps(t->real_parent);
	notify_parent(t, autoreap ? 0 : t->exit_signal, why, status);
	if (autoreap)
		release_task_locked(t);
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

/**
 * do_exit() - end the current process
 * @code: its wait status (see the top of this file)
 *
 * Gives back memory, descriptors and FPU state, hands the children to
 * init, leaves a zombie for the parent, and never returns.
 */
void __noreturn do_exit(long code)
{
	struct task_struct *t = current;

	if (is_global_init(t))
		panic("Attempted to kill init! exitcode=0x%08lx", code);
	exit_itimers(t);
	update_maxrss(t);
	exit_mm(t);
	exit_files_fs(t);
	if (t->pid == t->sid)
		disassociate_ctty(1);
	exit_fpu(t);
	flush_signals(t);
	exit_notify(t, code);
	do_task_dead();
}

void __noreturn do_group_exit(int exit_code)
{
	do_exit(exit_code);
}

SYSCALL_DEFINE1(exit, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

SYSCALL_DEFINE1(exit_group, int, error_code)
{
	do_group_exit((error_code & 0xff) << 8);
}

/* unlink a reaped zombie and drop the tree's reference; lock held */
static void release_task_locked(struct task_struct *t)
{
	t->exit_state = EXIT_DEAD;
	list_del(&t->sibling);
	list_del(&t->tasks);
	pid_hash_del(t);
	sighand_free(t->sighand);
	t->sighand = NULL;
	put_task_struct(t);
}

struct wait_opts {
	int pid;		/* wait4()'s selector */
	int options;
	int status;		/* what to report */
	int found;		/* a child matched the selector */
	struct task_usage usage;	/* of the child reported */
};

static bool child_matches(const struct task_struct *c, int pid, int my_pgid)
{
	if (pid > 0)
		return c->pid == pid;
	if (pid == 0)
		return c->pgid == my_pgid;
	if (pid < -1)
		return c->pgid == -pid;
	return true;
}

/* one look at the children: a pid to report, 0 for none yet, -ECHILD */
static int wait_once(struct wait_opts *wo)
{
	struct task_struct *t = current, *c;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&tasklist_lock, flags);
	wo->found = 0;
	list_for_each_entry(c, &t->children, sibling) {
		if (!child_matches(c, wo->pid, t->pgid))
			continue;
		wo->found = 1;
		if (c->exit_state == EXIT_ZOMBIE) {
			wo->status = c->exit_code;
			ret = c->pid;
			account_reaped_child(t, c, &wo->usage);
			release_task_locked(c);
			break;
		}
		if ((wo->options & WUNTRACED) && c->stop_signal &&
		    !c->stop_reported) {
			c->stop_reported = true;
			wo->status = (c->stop_signal << 8) | 0x7f;
			ret = c->pid;
			break;
		}
		if ((wo->options & WCONTINUED) && c->continued) {
			c->continued = false;
			wo->status = 0xffff;
			ret = c->pid;
			break;
		}
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	if (!ret && !wo->found)
		return -ECHILD;
	return ret;
}

long kernel_wait4(int pid, int __user *stat_addr, int options,
		  void __user *ru)
{
	struct wait_opts wo = { .pid = pid, .options = options };
	int ret, err, seen = 0;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD |
			__WALL | __WCLONE))
		return -EINVAL;
	/* INT_MIN has no process group to name */
	if (pid == -0x7fffffff - 1)
		return -ESRCH;
	if (options & WNOHANG) {
		ret = wait_once(&wo);
	} else {
		/* wait_once() reaps as it looks: keep what it found */
		err = wait_event_interruptible(current->wait_chldexit,
					       (seen = wait_once(&wo)) != 0);
		ret = err ? err : seen;
	}
	if (ret > 0 && stat_addr && put_user(wo.status, stat_addr))
		return -EFAULT;
	if (ret > 0 && ru && put_rusage(&wo.usage, ru))
		return -EFAULT;
	return ret;
}

SYSCALL_DEFINE4(wait4, int, upid, int __user *, stat_addr, int, options,
		void __user *, ru)
{
	return kernel_wait4(upid, stat_addr, options, ru);
}
