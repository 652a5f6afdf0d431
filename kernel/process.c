// SPDX-License-Identifier: GPL-2.0
/*
 * The process list, lookup by pid, process groups and sessions, and the
 * stop/continue states of job control.  See include/linux/sched/task.h.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/wait.h>

DEFINE_SPINLOCK(tasklist_lock);
LIST_HEAD(process_list);
struct task_struct *init_process;
static unsigned int nr_processes;

#define PID_HASH_BITS	10
static struct list_head pid_hash[1 << PID_HASH_BITS];

static struct list_head *pid_bucket(int pid)
{
	return &pid_hash[(unsigned int)pid & ((1 << PID_HASH_BITS) - 1)];
}

static void pid_hash_init(void)
{
	unsigned int i;

	if (pid_hash[0].next)
		return;
	for (i = 0; i < ARRAY_SIZE(pid_hash); i++)
		INIT_LIST_HEAD(&pid_hash[i]);
}

/* tasklist_lock held */
void pid_hash_add(struct task_struct *t)
{
	list_add(&t->pid_link, pid_bucket(t->pid));
	nr_processes++;
}

void pid_hash_del(struct task_struct *t)
{
	list_del(&t->pid_link);
	nr_processes--;
}

unsigned int nr_processes_now(void)
{
	return __atomic_load_n(&nr_processes, __ATOMIC_RELAXED);
}

/**
 * find_task_by_pid() - the process with @pid, or NULL
 *
 * Under tasklist_lock; the task stays valid while it is held.
 */
struct task_struct *find_task_by_pid(int pid)
{
	struct task_struct *t;

	/* before the first process the buckets are not even lists */
	if (pid <= 0 || !pid_hash[0].next)
		return NULL;
	list_for_each_entry(t, pid_bucket(pid), pid_link)
		if (t->pid == pid)
			return t;
	return NULL;
}

bool is_global_init(const struct task_struct *t)
{
	return t == init_process;
}

/**
 * process_add_init() - make @init (pid 1) the root of the process tree
 *
 * Its own process group and session, the reaper of orphans.
 */
void process_add_init(struct task_struct *init)
{
	unsigned long flags;

	pid_hash_init();
	spin_lock_irqsave(&tasklist_lock, flags);
	init->real_parent = NULL;
	init->pgid = init->pid;
	init->sid = init->pid;
	INIT_LIST_HEAD(&init->children);
	INIT_LIST_HEAD(&init->sibling);
	init_waitqueue_head(&init->wait_chldexit);
	init_waitqueue_head(&init->vfork_wait);
	list_add_tail(&init->tasks, &process_list);
	pid_hash_add(init);
	init_process = init;
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

SYSCALL_DEFINE0(getppid)
{
	struct task_struct *p = current->real_parent;

	return p ? p->pid : 0;
}

SYSCALL_DEFINE0(getpgrp)
{
	return current->pgid;
}

static long get_id(int pid, bool session)
{
	struct task_struct *t;
	unsigned long flags;
	long ret = -ESRCH;

	if (!pid)
		return session ? current->sid : current->pgid;
	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (t)
		ret = session ? t->sid : t->pgid;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

SYSCALL_DEFINE1(getpgid, int, pid)
{
	return get_id(pid, false);
}

SYSCALL_DEFINE1(getsid, int, pid)
{
	return get_id(pid, true);
}

/* is there a process in group @pgid of session @sid? tasklist_lock held */
static bool pgrp_in_session(int pgid, int sid)
{
	struct task_struct *t;

	for_each_process(t)
		if (t->pgid == pgid && t->sid == sid)
			return true;
	return false;
}

/*
 * setpgid() as POSIX and Linux have it: a process may move itself or a
 * child that has not exec'd yet, within its own session, to a new group
 * or an existing one of that session; a session leader stays put.
 */
SYSCALL_DEFINE2(setpgid, int, pid, int, pgid)
{
	struct task_struct *cur = current, *t;
	unsigned long flags;
	long err;

	if (pgid < 0)
		return -EINVAL;
	spin_lock_irqsave(&tasklist_lock, flags);
	t = pid ? find_task_by_pid(pid) : cur;
	err = -ESRCH;
	if (!t || (t != cur && t->real_parent != cur))
		goto out;
	err = -EACCES;
	if (t != cur && t->did_exec)
		goto out;
	err = -EPERM;
	if (t->sid != cur->sid || t->pid == t->sid)
		goto out;
	if (!pgid)
		pgid = t->pid;
	if (pgid != t->pid && !pgrp_in_session(pgid, cur->sid))
		goto out;
	t->pgid = pgid;
	err = 0;
out:
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return err;
}

SYSCALL_DEFINE0(setsid)
{
	struct task_struct *cur = current, *t;
	unsigned long flags;
	long ret;

	spin_lock_irqsave(&tasklist_lock, flags);
	ret = -EPERM;
	/* a group leader, or a pid some group is named after, may not */
	for_each_process(t)
		if (t->pgid == cur->pid)
			goto out;
	cur->sid = cur->pid;
	cur->pgid = cur->pid;
	cur->tty_owner = false;
	ret = cur->sid;
out:
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

/* a parent asked not to hear of its children stopping (SA_NOCLDSTOP)? */
static bool parent_wants_stops(struct task_struct *parent)
{
	return !(parent->sighand->action[SIGCHLD - 1].sa.sa_flags &
		 SA_NOCLDSTOP);
}

static void notify_parent_stop(struct task_struct *t, int why, int sig)
{
	struct task_struct *parent;
	unsigned long flags;
	siginfo_t info;

	spin_lock_irqsave(&tasklist_lock, flags);
	parent = t->real_parent;
	if (parent) {
		memset(&info, 0, sizeof(info));
		info.si_signo = SIGCHLD;
		info.si_code = why;
		info._sifields._sigchld._pid = t->pid;
		info._sifields._sigchld._status = sig;
		if (parent_wants_stops(parent))
			send_sig_info(SIGCHLD, &info, parent);
		wake_up_interruptible_all(&parent->wait_chldexit);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

/**
 * do_signal_stop() - the current task stops for @sig until continued
 *
 * SIGCONT or SIGKILL (task_continue()) ends the stop; the parent hears
 * of both, as SIGCHLD with CLD_STOPPED and CLD_CONTINUED.
 */
void do_signal_stop(int sig)
{
	struct task_struct *t = current;

	t->stop_reported = false;
	__atomic_store_n(&t->stop_signal, sig, __ATOMIC_RELEASE);
	notify_parent_stop(t, CLD_STOPPED, sig);
	for (;;) {
		set_current_state(__TASK_STOPPED);
		if (!__atomic_load_n(&t->stop_signal, __ATOMIC_ACQUIRE))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	if (t->continued)
		notify_parent_stop(t, CLD_CONTINUED, SIGCONT);
}

/* SIGCONT or SIGKILL for @t: end its stop; its siglock is held */
void task_continue(struct task_struct *t)
{
	if (!__atomic_load_n(&t->stop_signal, __ATOMIC_ACQUIRE))
		return;
	t->continued = true;
	__atomic_store_n(&t->stop_signal, 0, __ATOMIC_RELEASE);
	wake_up_state(t, __TASK_STOPPED);
}

/* a signal is pending for @t: wake it if it sleeps interruptibly */
void signal_wake_up(struct task_struct *t, bool fatal)
{
	wake_up_state(t, TASK_INTERRUPTIBLE | (fatal ? __TASK_STOPPED : 0));
}
