/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Processes: the tree of parents and children, fork, exit and wait
 * (kernel/fork.c, kernel/exit.c, kernel/pid.c).
 *
 * cachet's processes are single-threaded: a process is one task, its pid
 * is its tgid.  The tree (real_parent, children, sibling), the process
 * list, the pid hash, process groups and sessions, and exit_state change
 * only under tasklist_lock, taken with interrupts off.  A task that has
 * exited stays a zombie (EXIT_ZOMBIE), holding its pid and its exit
 * status, until its parent reaps it with wait4(), or at once when the
 * parent ignores SIGCHLD.  Orphans go to init (pid 1).
 */
#ifndef _CACHET_LINUX_SCHED_TASK_H
#define _CACHET_LINUX_SCHED_TASK_H

#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct task_struct;

/* task_struct.exit_state */
#define EXIT_ZOMBIE	0x0010
#define EXIT_DEAD	0x0020

/* clone() flags cachet understands (Linux's values) */
#define CSIGNAL			0x000000ff
#define CLONE_VM		0x00000100
#define CLONE_FS		0x00000200
#define CLONE_FILES		0x00000400
#define CLONE_SIGHAND		0x00000800
#define CLONE_PIDFD		0x00001000
#define CLONE_PTRACE		0x00002000
#define CLONE_VFORK		0x00004000
#define CLONE_PARENT		0x00008000
#define CLONE_THREAD		0x00010000
#define CLONE_SETTLS		0x00080000
#define CLONE_PARENT_SETTID	0x00100000
#define CLONE_CHILD_CLEARTID	0x00200000
#define CLONE_CHILD_SETTID	0x01000000

struct kernel_clone_args {
	u64 flags;
	int __user *parent_tid;
	int __user *child_tid;
	unsigned long stack;
	unsigned long tls;
	int exit_signal;
};

extern spinlock_t tasklist_lock;
extern struct list_head process_list;
/* pid 1, once it exists */
extern struct task_struct *init_process;

#define for_each_process(p) list_for_each_entry(p, &process_list, tasks)

struct task_struct *find_task_by_pid(int pid);

/*
 * Linux's task_lock(): guards @p's mm, files and fs pointers.  It nests
 * inside tasklist_lock and is never held across anything that sleeps.
 */
#define task_lock(p)	spin_lock(&(p)->alloc_lock)
#define task_unlock(p)	spin_unlock(&(p)->alloc_lock)
void pid_hash_add(struct task_struct *t);
void pid_hash_del(struct task_struct *t);
unsigned int nr_processes_now(void);
void mm_release(struct task_struct *t);
void schedule_tail_user(void);
long kernel_wait4(int pid, int __user *stat_addr, int options,
		  void __user *ru);
bool is_global_init(const struct task_struct *t);
void process_add_init(struct task_struct *init);

long kernel_clone(const struct kernel_clone_args *args);
unsigned int set_max_threads(unsigned int max);
void __noreturn do_exit(long code);
void __noreturn do_group_exit(int exit_code);
void do_signal_stop(int sig);
void task_continue(struct task_struct *t);
void signal_wake_up(struct task_struct *t, bool fatal);

/* fs/exec.c */
int kernel_execve(const char *filename, const char *const *argv,
		  const char *const *envp);

#endif /* _CACHET_LINUX_SCHED_TASK_H */
