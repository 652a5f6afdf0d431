// SPDX-License-Identifier: GPL-2.0
/*
 * fork(), vfork() and clone() with fork semantics: a new process that
 * returns 0 from the same system call, with a copy of its parent's
 * address space (copy-on-write), descriptors, working directory, signal
 * actions and mask, FPU state and FS/GS bases.
 *
 * All or nothing: everything the child needs is taken before it is
 * linked into the process tree, and a failure on the way gives back what
 * was taken, so a fork that fails half way leaves no trace.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/rseq.h>
#include <linux/sched/mm.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/wait.h>
#include <asm/fpu.h>
#include <asm/processor.h>
#include <asm/switch_to.h>
#include <asm/uaccess.h>

/* processes at most: Linux's threads-max rule, 1/8 of RAM in stacks */
static unsigned int max_threads;
static bool max_threads_set;

static unsigned int process_limit(void)
{
	if (!max_threads_set) {
		u64 pages = totalram_pages() / (8 * THREAD_SIZE / PAGE_SIZE);

		max_threads = pages < 20 ? 20 : pages > 0x3fffffff ?
			      0x3fffffff : (unsigned int)pages;
		max_threads_set = true;
	}
	return max_threads;
}

/**
 * set_max_threads() - change the process limit (Linux's threads-max)
 * @max: processes at most; fork and vfork answer -EAGAIN at it
 *
 * Returns the limit it replaces.  For tests: nothing else calls it.
 */
unsigned int set_max_threads(unsigned int max)
{
	unsigned int old = process_limit();

	WRITE_ONCE(max_threads, max);
	return old;
}

static void free_child_parts(struct task_struct *p)
{
	if (p->mm)
		mmput(p->mm);
	if (p->files)
		put_files_struct(p->files);
	if (p->fs)
		put_fs_struct(p->fs);
	if (p->sighand)
		sighand_free(p->sighand);
	if (p->fpu)
		fpu_free(p->fpu);
	p->mm = NULL;
	p->files = NULL;
	p->fs = NULL;
	p->sighand = NULL;
	p->fpu = NULL;
}

/* the parts of @p copied from current; -ENOMEM leaves @p to be freed */
static int copy_process_parts(struct task_struct *p, u64 flags)
{
	struct task_struct *cur = current;
	int err = 0;

	if (flags & CLONE_VM) {
		mmget(cur->mm);
		p->mm = cur->mm;
	} else {
		p->mm = dup_mm(cur->mm);
		if (!p->mm)
			return -ENOMEM;
	}
	p->active_mm = p->mm;
	p->files = dup_fd(current_files(), &err);
	p->fs = copy_fs_struct(current_fs());
	p->sighand = sighand_copy(cur->sighand);
	p->fpu = fpu_alloc();
	if (!p->files)
		return err ? err : -ENOMEM;
	if (!p->fs || !p->sighand || !p->fpu)
		return -ENOMEM;
	/* the parent's registers are live in the CPU: save, then copy */
	fpu_save(cur->fpu);
	fpu_copy(p->fpu, cur->fpu);
	return 0;
}

static void copy_process_state(struct task_struct *p,
			       const struct kernel_clone_args *args)
{
	struct task_struct *cur = current;
	struct pt_regs *regs = task_pt_regs(p);

	*regs = *task_pt_regs(cur);
	regs->ax = 0;			/* the child's return value */
	if (args->stack)
		regs->sp = args->stack;
	p->fsbase = args->flags & CLONE_SETTLS ? args->tls : cur->fsbase;
	p->gsbase = cur->gsbase;
	p->blocked = cur->blocked;
	INIT_LIST_HEAD(&p->pending.list);
	/* a child sharing the parent's memory must not share its altstack */
	if (!(args->flags & CLONE_VM)) {
		p->sas_ss_sp = cur->sas_ss_sp;
		p->sas_ss_size = cur->sas_ss_size;
		p->sas_ss_flags = cur->sas_ss_flags;
	} else {
		p->sas_ss_flags = SS_DISABLE;
	}
	p->exit_signal = args->exit_signal;
	p->set_child_tid = args->flags & CLONE_CHILD_SETTID ?
			   args->child_tid : NULL;
	p->clear_child_tid = args->flags & CLONE_CHILD_CLEARTID ?
			     args->child_tid : NULL;
	memcpy(p->rlim, cur->rlim, sizeof(p->rlim));
	p->cred = cur->cred;
	p->oom_score_adj = cur->oom_score_adj;
	p->oom_score_adj_min = cur->oom_score_adj_min;
	/* Linux's children start where their parent may run */
	p->cpus_allowed = cur->cpus_allowed;
	init_waitqueue_head(&p->wait_chldexit);
	init_waitqueue_head(&p->vfork_wait);
	INIT_LIST_HEAD(&p->children);
	rseq_fork(p, args->flags);
	copy_thread_user(p);
}

/*
 * Linux's RLIMIT_NPROC, under tasklist_lock: the processes of the real
 * user reach the limit.  Root, CAP_SYS_RESOURCE and CAP_SYS_ADMIN are
 * not bound.
 */
static bool nproc_refused(const struct task_struct *cur)
{
	unsigned long n = 0, max = cur->rlim[RLIMIT_NPROC].rlim_cur;
	struct task_struct *t;

	if (max == RLIM_INFINITY || !cur->cred.uid ||
	    capable(CAP_SYS_RESOURCE) || capable(CAP_SYS_ADMIN))
		return false;
	for_each_process(t)
		if (t->cred.uid == cur->cred.uid && ++n >= max)
			return true;
	return false;
}

/* link @p under current; false if a process limit is reached */
static bool link_process(struct task_struct *p)
{
	struct task_struct *cur = current;
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	if (nr_processes_now() >= process_limit() || nproc_refused(cur)) {
		spin_unlock_irqrestore(&tasklist_lock, flags);
		return false;
	}
	p->real_parent = cur;
	p->pgid = cur->pgid;
	p->sid = cur->sid;
	list_add_tail(&p->sibling, &cur->children);
	list_add_tail(&p->tasks, &process_list);
	pid_hash_add(p);
	/* the tree's reference, dropped when the zombie is reaped */
	get_task_struct(p);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return true;
}

static bool vfork_done(struct task_struct *p)
{
	return __atomic_load_n(&p->vfork_done, __ATOMIC_ACQUIRE);
}

/**
 * kernel_clone() - create a child process of current
 * @args: what clone() was asked
 *
 * Returns the child's pid, -EINVAL for what cachet does not support
 * (threads, shared descriptor tables, namespaces), -EAGAIN at the
 * process limit or without pids, -ENOMEM when any allocation fails.
 */
long kernel_clone(const struct kernel_clone_args *args)
{
	const u64 supported = CSIGNAL | CLONE_VM | CLONE_VFORK | CLONE_SETTLS |
			      CLONE_PARENT_SETTID | CLONE_CHILD_SETTID |
			      CLONE_CHILD_CLEARTID;
	struct task_struct *p;
	int pid, err;

	if (args->flags & ~supported)
		return -EINVAL;
	/* memory shared without vfork's wait would be a thread: refused */
	if ((args->flags & CLONE_VM) && !(args->flags & CLONE_VFORK))
		return -EINVAL;
	if (args->exit_signal < 0 || args->exit_signal > _NSIG)
		return -EINVAL;
	p = task_alloc(current->comm);
	if (IS_ERR(p))
		return PTR_ERR(p);
	err = copy_process_parts(p, args->flags);
	if (err)
		goto fail;
	copy_process_state(p, args);
	if (!link_process(p)) {
		err = -EAGAIN;
		goto fail;
	}
	pid = p->pid;
	/* Linux ignores a bad parent_tid too */
	if (args->flags & CLONE_PARENT_SETTID)
		(void)put_user(pid, args->parent_tid);
	get_task_struct(p);	/* for vfork's wait below */
	wake_up_process(p);
	if (args->flags & CLONE_VFORK)
		wait_event(current->vfork_wait, vfork_done(p));
	put_task_struct(p);
	return pid;
fail:
	free_child_parts(p);
	put_task_struct(p);
	return err;
}

/**
 * mm_release() - the task gives its memory back to a vfork parent
 * @t: the task, at exec or exit
 *
 * Also clears *clear_child_tid, as Linux does for pthread_join().
 */
void mm_release(struct task_struct *t)
{
	struct task_struct *parent;

	if (t->clear_child_tid) {
		put_user(0, t->clear_child_tid);
		t->clear_child_tid = NULL;
	}
	if (__atomic_exchange_n(&t->vfork_done, true, __ATOMIC_ACQ_REL))
		return;
	parent = t->real_parent;
	if (parent)
		wake_up_all(&parent->vfork_wait);
}

/* the child's first C, from ret_from_fork, before user mode */
void schedule_tail_user(void)
{
	struct task_struct *t = current;

	if (t->set_child_tid)
		put_user(t->pid, t->set_child_tid);
}

SYSCALL_DEFINE0(fork)
{
	struct kernel_clone_args args = { .exit_signal = SIGCHLD };

	return kernel_clone(&args);
}

SYSCALL_DEFINE0(vfork)
{
	struct kernel_clone_args args = {
		.flags = CLONE_VM | CLONE_VFORK,
		.exit_signal = SIGCHLD,
	};

	return kernel_clone(&args);
}

/* x86-64's argument order: flags, stack, parent_tid, child_tid, tls */
SYSCALL_DEFINE5(clone, unsigned long, clone_flags, unsigned long, newsp,
		int __user *, parent_tidptr, int __user *, child_tidptr,
		unsigned long, tls)
{
	struct kernel_clone_args args = {
		.flags = clone_flags & ~CSIGNAL,
		.parent_tid = parent_tidptr,
		.child_tid = child_tidptr,
		.stack = newsp,
		.tls = tls,
		.exit_signal = clone_flags & CSIGNAL,
	};

	return kernel_clone(&args);
}
