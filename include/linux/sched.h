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
 *  - process tree and signals: kernel/ (exit.c, fork.c, signal.c).
 */
#ifndef _CACHET_LINUX_SCHED_H
#define _CACHET_LINUX_SCHED_H

#include <linux/types.h>
#include <asm/percpu.h>

#define TASK_COMM_LEN	16

struct mm_struct;
struct files_struct;
struct fs_struct;
struct fpu;

struct task_struct {
	/* identity */
	const char *comm;
	int pid;
	const char *driver;	/* driver on whose behalf we run, or NULL */

	/* address space: mm/ */
	struct mm_struct *mm;		/* NULL for kernel threads */
	struct mm_struct *active_mm;	/* the page tables loaded */

	/* files: fs/ */
	struct files_struct *files;
	struct fs_struct *fs;

	/* user-mode CPU state: arch/x86 (kernel/arch_prctl.c, kernel/fpu/) */
	unsigned long fsbase;		/* FS base in user mode */
	unsigned long gsbase;		/* GS base in user mode */
	struct fpu *fpu;		/* NULL for kernel threads */
};

/* each CPU works for its own context */
static __always_inline struct task_struct *get_current(void)
{
	return this_pcpu()->current_task;
}

#define current get_current()

/**
 * set_current_context() - run on behalf of another context
 * @t: the new context (static storage)
 *
 * Returns the previous one, to hand back to set_current_context().
 */
struct task_struct *set_current_context(struct task_struct *t);

#endif /* _CACHET_LINUX_SCHED_H */
