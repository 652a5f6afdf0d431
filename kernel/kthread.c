// SPDX-License-Identifier: GPL-2.0
/* Kernel threads: see include/linux/kthread.h. */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/wait.h>
#include <asm/switch_to.h>

struct kthread {
	int (*threadfn)(void *data);
	void *data;
	bool should_stop;
	bool exited;
	int result;
	struct wait_queue_head exited_wq;
};

/* the first thing a new kernel thread runs (from ret_from_kthread) */
void kthread_entry(void);
void kthread_entry(void)
{
	struct kthread *k = current->kthread;
	int ret = -EINTR;

	if (!__atomic_load_n(&k->should_stop, __ATOMIC_ACQUIRE))
		ret = k->threadfn(k->data);
	kthread_exit(ret);
}

static struct task_struct *__kthread_create(int (*threadfn)(void *),
					    void *data, const char *name,
					    int pid)
{
	struct kthread *k = kzalloc(sizeof(*k), GFP_KERNEL);
	struct task_struct *p;

	if (!k)
		return NULL;
	p = task_alloc_pid(name, pid);
	if (!p) {
		kfree(k);
		return NULL;
	}
	k->threadfn = threadfn;
	k->data = data;
	init_waitqueue_head(&k->exited_wq);
	p->kthread = k;
	p->flags = PF_KTHREAD;
	copy_thread(p);
	get_task_struct(p);	/* the creator's */
	return p;
}

struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char *namefmt, ...)
{
	char name[TASK_COMM_LEN];
	va_list ap;

	va_start(ap, namefmt);
	vsnprintf(name, sizeof(name), namefmt, ap);
	va_end(ap);
	return __kthread_create(threadfn, data, name, 0);
}

struct task_struct *kthread_create_init(int (*threadfn)(void *data),
					void *data)
{
	/* Linux's pid 1 keeps its creator's name until it execs */
	return __kthread_create(threadfn, data, current->comm, 1);
}

void kthread_bind(struct task_struct *k, unsigned int cpu)
{
	k->cpus_allowed = 1ULL << cpu;
	k->cpu = cpu;
}

bool kthread_should_stop(void)
{
	struct kthread *k = current->kthread;

	return k && __atomic_load_n(&k->should_stop, __ATOMIC_ACQUIRE);
}

/**
 * kthread_stop() - stop @k and give back its function's return value
 *
 * Sets kthread_should_stop() for @k, wakes it, waits until it has ended
 * and drops the creator's reference.  Returns -EINTR if @k never ran.
 */
int kthread_stop(struct task_struct *k)
{
	struct kthread *kt = k->kthread;
	int ret;

	__atomic_store_n(&kt->should_stop, true, __ATOMIC_RELEASE);
	wake_up_process(k);
	wait_event(kt->exited_wq,
		   __atomic_load_n(&kt->exited, __ATOMIC_ACQUIRE));
	ret = kt->result;
	put_task_struct(k);
	return ret;
}

void __noreturn kthread_exit(long result)
{
	struct kthread *k = current->kthread;

	k->result = result;
	__atomic_store_n(&k->exited, true, __ATOMIC_RELEASE);
	wake_up_all(&k->exited_wq);
	do_task_dead();
}

void kthread_free(struct task_struct *k)
{
	kfree(k->kthread);
	k->kthread = NULL;
}
