/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct task_struct: one thread of execution.  Linux's messages name one
 * ("<comm>:<pid>", e.g. "swapper/0:0" at boot), and the memtype code
 * records which driver a reservation was made for, so identity comes
 * first.  Each CPU runs its own current (struct pcpu.current_task):
 * "swapper/N" while it idles.
 *
 * Who owns which field:
 *  - identity (comm, pid, tgid, driver): the task itself;
 *  - scheduling (state, stack, thread, on_cpu, run_list, ...): kernel/sched/
 *    under the run-queue locks, arch/x86/kernel/process_64.c for thread;
 *  - mm, active_mm: mm/ (the address space; NULL mm for kernel threads,
 *    which borrow the previous task's as active_mm);
 *  - files, fs: fs/ (descriptor table; root and working directory);
 *  - fsbase, gsbase, fpu: arch/x86 (user-mode registers the entry code
 *    does not save: loaded when the task is switched in);
 *  - process tree: kernel/ (exit.c, fork.c, process.c); signals:
 *    kernel/signal.c.
 *
 * The scheduler's rules are in Documentation/scheduler/sched.rst.
 */
#ifndef _CACHET_LINUX_SCHED_H
#define _CACHET_LINUX_SCHED_H

#include <linux/list.h>
#include <linux/signal.h>
#include <linux/spinlock.h>
#include <linux/resource.h>
#include <linux/cred.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <asm/percpu.h>
#include <asm/processor.h>

#define TASK_COMM_LEN	16

/* task_struct.state: Linux's names and values */
#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define __TASK_STOPPED		0x0004	/* job control: SIGSTOP & co */
#define TASK_DEAD		0x0080
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

/* task_struct.flags */
#define PF_IDLE		0x00000002	/* a CPU's idle task */
#define PF_KTHREAD	0x00200000	/* a kernel thread */

struct mm_struct;
struct files_struct;
struct fs_struct;
struct fpu;
struct kthread;
struct rseq;

/* ITIMER_REAL (kernel/time/itimer.c), under its itimer_lock */
struct itimer_real {
	struct timer_list timer;	/* function NULL: never armed */
	u64 deadline_ns;		/* monotonic; 0: stopped */
	u64 incr_ns;			/* the interval; 0: one shot */
};

/* stop @t's interval timer: exit, before @t can go */
void exit_itimers(struct task_struct *t);

/*
 * ITIMER_VIRTUAL and ITIMER_PROF (kernel/time/itimer.c): expiry and
 * interval in ns of the task's own CPU time; written by the task under
 * its itimer lock and read by the tick on its CPU.
 */
struct itimer_cpu {
	u64 expires;			/* 0: stopped */
	u64 incr;			/* 0: one shot */
};

/* where restart_syscall() takes an interrupted relative sleep up */
struct nanosleep_restart {
	u64 deadline;			/* monotonic ns */
	void __user *rmtp;		/* the time left goes here, or NULL */
	bool armed;			/* a sleep was interrupted */
};

struct task_struct {
	/* identity */
	char comm[TASK_COMM_LEN];	/* written only by the task itself */
	int pid;
	const char *driver;	/* driver on whose behalf we run, or NULL */

	/* scheduling: kernel/sched/ */
	unsigned int state;		/* TASK_*; written under pi_lock */
	unsigned int flags;		/* PF_* */
	spinlock_t pi_lock;		/* state vs. wake-ups (try_to_wake_up) */
	void *stack;			/* lowest byte of the THREAD_SIZE stack */
	struct thread_struct thread;	/* saved registers: arch */
	int on_cpu;			/* a CPU runs it, or is switching away */
	int on_rq;			/* running, or queued on rq of cpu */
	bool queued;			/* on run_list of rq of cpu */
	unsigned int cpu;		/* the CPU it runs or is queued on */
	u64 cpus_allowed;		/* bit n: may run on CPU n */
	unsigned int cpuhp_read_depth;	/* cpus_read_lock() nesting */
	struct list_head run_list;	/* in its run queue */
	unsigned int time_slice;	/* ticks left before need_resched */
	int usage;			/* references; the last frees it */
	struct kthread *kthread;	/* kernel/kthread.c */
	unsigned long nvcsw, nivcsw;	/* voluntary / preempted switches */
	u64 start_boottime;		/* CLOCK_BOOTTIME ns at creation */

	/*
	 * Address space and files: mm/, fs/.  The task alone changes its
	 * mm, files and fs pointers (exec, exit), under alloc_lock, so
	 * another task can take a reference under task_lock()
	 * (get_task_mm(), /proc/<pid>/, the out-of-memory killer).
	 */
	spinlock_t alloc_lock;
	struct mm_struct *mm;		/* NULL for kernel threads */
	struct mm_struct *active_mm;	/* the page tables loaded */

	/* the out-of-memory killer: mm/oom_kill.c, under tasklist_lock */
	short oom_score_adj;		/* inherited by fork, kept by exec */
	short oom_score_adj_min;	/* lower needs CAP_SYS_RESOURCE */
	bool oom_victim;		/* killed by it, memory not yet freed */

	/* files: fs/ */
	struct files_struct *files;
	struct fs_struct *fs;

	/* user-mode CPU state: arch/x86 (kernel/arch_prctl.c, kernel/fpu/) */
	unsigned long fsbase;		/* FS base in user mode */
	unsigned long gsbase;		/* GS base in user mode */
	struct fpu *fpu;		/* NULL for kernel threads */
	/* the last user fault, for its signal frame's sigcontext */
	unsigned long trap_nr, error_code, cr2;

	/* signals: kernel/signal.c, under sighand->siglock */
	struct sighand_struct *sighand;
	sigset_t blocked;
	sigset_t real_blocked;		/* the mask under rt_sigtimedwait */
	sigset_t saved_sigmask;		/* put back after sigsuspend & co */
	bool restore_sigmask;
	bool signal_forced;		/* a fault: even init must take it */
	struct sigpending pending;
	unsigned long sas_ss_sp;	/* sigaltstack */
	size_t sas_ss_size;
	unsigned int sas_ss_flags;

	/* the process: kernel/fork.c, exit.c, process.c; tasklist_lock */
	struct task_struct *real_parent; /* NULL for init */
	struct list_head children;	/* its children, by sibling */
	struct list_head sibling;	/* in the parent's children */
	struct list_head tasks;		/* in process_list */
	struct list_head pid_link;	/* in its pid hash bucket */
	int pgid, sid;			/* process group and session */
	bool tty_owner;			/* leads the session of the console */
	bool did_exec;			/* setpgid() by the parent: EACCES */
	int exit_state;			/* EXIT_ZOMBIE, EXIT_DEAD */
	int exit_code;			/* the wait status */
	int exit_signal;		/* sent to the parent: SIGCHLD */
	int stop_signal;		/* stopped by it; 0: not stopped */
	bool stop_reported;		/* wait4(WUNTRACED) saw the stop */
	bool continued;			/* for wait4(WCONTINUED) */
	bool vfork_done;		/* the memory is the parent's again */
	struct wait_queue_head wait_chldexit;	/* wait4() sleeps here */
	struct wait_queue_head vfork_wait;	/* vfork() sleeps here */
	int __user *set_child_tid;
	int __user *clear_child_tid;
	struct rlimit rlim[RLIM_NLIMITS];

	/* credentials: kernel/cred.c; written by the task itself only */
	struct cred cred;

	/* kernel/sys_thread.c */
	void __user *robust_list;	/* stored for get_robust_list() */
	int pdeath_signal;		/* PR_SET_PDEATHSIG */
	unsigned int personality;	/* PER_LINUX */

	/* time: kernel/time/time_syscalls.c */
	struct nanosleep_restart nanosleep_restart;
	struct itimer_real it_real;	/* kernel/time/itimer.c */
	struct itimer_cpu it_virt, it_prof;

	/*
	 * CPU time: kernel/sched/cputime.c.  utime and stime are sampled
	 * by the tick on the task's CPU (ns, one tick per sample);
	 * sum_exec_runtime is measured at each switch.  The c* fields add
	 * up the children waited for (and theirs), under tasklist_lock.
	 */
	u64 utime, stime;
	u64 sum_exec_runtime;
	u64 exec_start;			/* local_clock() when switched in */
	u64 prev_utime, prev_stime;	/* what was reported: never back */
	unsigned long maxrss;		/* KiB: the largest RSS seen */
	u64 cutime, cstime;
	unsigned long cnvcsw, cnivcsw, cmaxrss;

	/*
	 * Restartable sequences: kernel/rseq.c.  rseq, rseq_len and
	 * rseq_sig are written by the task itself (the system call, exec);
	 * rseq_event_mask and notify_resume also by the scheduler while the
	 * task is switched out, hence atomic bit operations.
	 */
	struct rseq __user *rseq;	/* the registered area, or NULL */
	u32 rseq_len;
	u32 rseq_sig;			/* expected before each abort_ip */
	unsigned long rseq_event_mask;	/* 1 << RSEQ_EVENT_*_BIT */
	/* Linux's TIF_NOTIFY_RESUME: work before the return to user mode */
	bool notify_resume;
};

/* each CPU works for its own context */
static __always_inline struct task_struct *get_current(void)
{
	return this_pcpu()->current_task;
}

#define current get_current()

static inline unsigned int task_cpu(const struct task_struct *p)
{
	return p->cpu;
}

/*
 * @p went to sleep and its CPU has switched away from it: what a test
 * waits for before it wakes @p, instead of sleeping "long enough".
 */
static inline bool task_is_asleep(const struct task_struct *p)
{
	return (__atomic_load_n(&p->state, __ATOMIC_ACQUIRE) & TASK_NORMAL) &&
	       !__atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE);
}

/*
 * The identity current shows in messages, for code that runs on behalf of
 * someone else (a driver probe, the "pat" shell command): only what is
 * printed changes, never which task runs.
 */
struct task_ident {
	char comm[TASK_COMM_LEN];
	const char *driver;
};

/**
 * override_current_ident() - show @comm and @driver in current's messages
 * @comm: the name to print as comm, or NULL to keep current's
 * @driver: the driver to record reservations for (may be NULL)
 * @saved: filled with what to give back to revert_current_ident()
 */
void override_current_ident(const char *comm, const char *driver,
			    struct task_ident *saved);
void revert_current_ident(const struct task_ident *saved);

/* Linux's get_task_comm(): @buf must be a TASK_COMM_LEN array */
char *__get_task_comm(char *buf, size_t buf_size, struct task_struct *tsk);
#define get_task_comm(buf, tsk) ({				\
	BUILD_BUG_ON(sizeof(buf) != TASK_COMM_LEN);		\
	__get_task_comm(buf, sizeof(buf), tsk);			\
})
/* truncated to TASK_COMM_LEN - 1 bytes, as in Linux */
void set_task_comm(struct task_struct *tsk, const char *name);

/* the scheduler: kernel/sched/core.c */
#define MAX_SCHEDULE_TIMEOUT	((long)(~0UL >> 1))

void schedule(void);
int cond_resched(void);
void yield(void);
int wake_up_process(struct task_struct *p);
int wake_up_state(struct task_struct *p, unsigned int state);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_uninterruptible(long timeout);
void scheduler_tick(void);
void exit_to_user_mode_prepare(void);
bool need_resched(void);

/* ask @t to run resume_user_mode_work() before it returns to user mode */
static inline void set_notify_resume(struct task_struct *t)
{
	__atomic_store_n(&t->notify_resume, true, __ATOMIC_RELEASE);
}

/* whether that work is owed; cleared before it is done, so none is lost */
static inline bool test_and_clear_notify_resume(struct task_struct *t)
{
	return __atomic_exchange_n(&t->notify_resume, false, __ATOMIC_ACQ_REL);
}
void set_cpus_allowed(struct task_struct *p, u64 mask);
void sched_init(void);
void sched_init_secondary(unsigned int cpu, void *stack);
/* CPU hotplug's part in the scheduler (kernel/cpu.c) */
void sched_cpu_deactivate(unsigned int cpu);
bool sched_cpu_idle(unsigned int cpu);
void sched_cpu_activate(unsigned int cpu);
/* ask @cpu to switch (an IPI wakes it if it halts) */
void resched_cpu(unsigned int cpu);
void __noreturn cpu_startup_entry(void);
void __noreturn do_task_dead(void);
void sched_show_stats(void);

/* tasks: kernel/sched/task.c */
/* ERR_PTR(-ENOMEM) or ERR_PTR(-EAGAIN) on failure */
struct task_struct *task_alloc(const char *comm);
struct task_struct *task_alloc_pid(const char *comm, int pid);
void get_task_struct(struct task_struct *p);
void put_task_struct(struct task_struct *p);
unsigned int nr_tasks(void);

/* the run-time checks of the scheduler's invariants; see sched.rst */
#define STACK_END_MAGIC	0x57AC6E9DUL	/* Linux's value */
unsigned long *end_of_stack(const struct task_struct *p);

#define set_current_state(s)	__atomic_store_n(&current->state, (s), \
						 __ATOMIC_SEQ_CST)
#define __set_current_state(s)	(current->state = (s))

#endif /* _CACHET_LINUX_SCHED_H */
