/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel threads, a subset of Linux's API with its semantics:
 * kthread_create() returns a thread that has not run yet (wake it with
 * wake_up_process(), or use kthread_run()); kthread_stop() asks it to
 * stop, waits for its function to return and gives back what it
 * returned (-EINTR if it never ran).  The creator holds a reference to
 * the thread until kthread_stop(); for a thread nobody will stop, drop it
 * with put_task_struct() instead.  A thread may end itself with
 * kthread_exit().
 */
#ifndef _CACHET_LINUX_KTHREAD_H
#define _CACHET_LINUX_KTHREAD_H

#include <linux/compiler.h>
#include <linux/sched.h>

__printf(3, 4)
struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char *namefmt, ...);

#define kthread_run(threadfn, data, namefmt, ...)			\
({									\
	struct task_struct *__k =					\
		kthread_create(threadfn, data, namefmt, ## __VA_ARGS__); \
	if (__k)							\
		wake_up_process(__k);					\
	__k;								\
})

/* bind a thread that has not run yet to one CPU */
void kthread_bind(struct task_struct *k, unsigned int cpu);
bool kthread_should_stop(void);
int kthread_stop(struct task_struct *k);
void __noreturn kthread_exit(long result);

/* pid 1, once: the thread that runs the rest of the boot (rest_init()) */
struct task_struct *kthread_create_init(int (*threadfn)(void *data),
					void *data);

/* put_task_struct(): free the kthread part */
void kthread_free(struct task_struct *k);

#endif /* _CACHET_LINUX_KTHREAD_H */
