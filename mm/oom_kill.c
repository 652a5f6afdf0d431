// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-memory killer (Documentation/mm/oom.rst): when a user page
 * fault finds no free page, kill the process whose death gives most
 * memory back, with Linux's messages, and let the faulting program try
 * again.  The choice itself is mm/oom_badness.c; this file collects the
 * candidates under tasklist_lock, marks the victim so that nobody else
 * is chosen while it dies, and sends it SIGKILL.
 *
 * cachet, unlike Linux 6.1, never calls this from the page allocator:
 * kernel allocations answer -ENOMEM, and only the user page fault, which
 * can simply be retried, waits for memory to come back this way.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/oom.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/bug.h>
#include <asm/percpu.h>

#define K(pages)	((pages) << (PAGE_SHIFT - 10))

/* what the messages say of the victim, taken while its memory is known */
struct oom_report {
	char comm[TASK_COMM_LEN];
	int pid;
	u32 uid;
	short oom_score_adj;
	unsigned long total_vm, rss, pgtables;
};

/* does a vfork child still run on its parent's memory? */
static bool in_vfork(const struct task_struct *t)
{
	const struct task_struct *parent = t->real_parent;

	return parent && t->mm == parent->mm;
}

/* @t as the choice sees it; tasklist_lock and @t's task_lock held */
static void describe(const struct task_struct *t, struct oom_candidate *c)
{
	struct mm_struct *mm = t->mm;

	memset(c, 0, sizeof(*c));
	c->oom_score_adj = t->oom_score_adj;
	if (!mm || is_global_init(t) || (t->flags & PF_KTHREAD) ||
	    t->exit_state) {
		c->unkillable = true;
		return;
	}
	c->rss = READ_ONCE(mm->rss);
	c->pgtables = READ_ONCE(mm->pgtables);
	c->in_vfork = in_vfork(t);
	c->victim = t->oom_victim;
}

/* the victim, or NULL; *abort when an earlier one is still dying */
static struct task_struct *select_bad_process(bool *abort)
{
	unsigned long total = totalram_pages();
	struct task_struct *t, *chosen = NULL;
	struct oom_candidate c;
	struct oom_choice ch;
	int i = 0;

	oom_choice_init(&ch);
	for_each_process(t) {
		task_lock(t);
		describe(t, &c);
		task_unlock(t);
		oom_consider(&ch, &c, i, total);
		if (ch.index == i)
			chosen = t;
		i++;
	}
	*abort = ch.abort;
	return ch.index < 0 ? NULL : chosen;
}

/*
 * The others on @victim's memory (a vfork child, or the parent it
 * borrows from) die too, as in Linux, or the memory would stay; init is
 * never killed, and keeps the memory pinned.  tasklist_lock and the
 * victim's task_lock held, so @mm cannot go.
 */
static void kill_sharers(struct task_struct *victim, struct mm_struct *mm)
{
	struct task_struct *p;

	for_each_process(p) {
		if (p == victim || p->mm != mm || (p->flags & PF_KTHREAD))
			continue;
		if (is_global_init(p)) {
			pr_info("oom killer %d (%s) has mm pinned by %d (%s)\n",
				victim->pid, victim->comm, p->pid, p->comm);
			continue;
		}
		send_sig(SIGKILL, p, 1);
	}
}

/* mark @t, fill @r and send SIGKILL; tasklist_lock held */
static void kill_victim(struct task_struct *t, struct oom_report *r)
{
	struct mm_struct *mm;

	t->oom_victim = true;
	task_lock(t);
	mm = t->mm;
	memcpy(r->comm, t->comm, sizeof(r->comm));
	r->comm[TASK_COMM_LEN - 1] = '\0';
	r->pid = t->pid;
	r->uid = t->cred.uid;
	r->oom_score_adj = t->oom_score_adj;
	r->total_vm = READ_ONCE(mm->total_vm);
	r->rss = READ_ONCE(mm->rss);
	r->pgtables = READ_ONCE(mm->pgtables);
	kill_sharers(t, mm);
	task_unlock(t);
	/* SIGKILL is never blocked, and wakes interruptible and stopped sleeps */
	send_sig(SIGKILL, t, 1);
}

/* Linux 6.1's one-line summary and its report of the kill */
static void report_kill(const struct oom_report *r)
{
	pr_info("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),task=%s,pid=%d,uid=%u\n",
		r->comm, r->pid, r->uid);
	/*
	 * cachet keeps one resident count per space: shared anonymous pages
	 * are in it, and file pages are never mapped (exec copies them).
	 */
	pr_err("Out of memory: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB, UID:%u pgtables:%lukB oom_score_adj:%hd\n",
	       r->pid, r->comm, K(r->total_vm), K(r->rss), 0UL, 0UL, r->uid,
	       K(r->pgtables), r->oom_score_adj);
}

static bool sigkill_pending(struct task_struct *t)
{
	return sigismember(&t->pending.signal, SIGKILL);
}

/**
 * out_of_memory() - kill the process whose death frees most memory
 *
 * Nothing is killed while an earlier victim still holds its memory, nor
 * when current is being killed already (its exit frees memory).  With
 * nobody left to kill the kernel panics, as Linux does: every process
 * that could free memory is protected, and waiting cannot help.
 *
 * Returns true: memory is on its way back, the caller may retry.
 */
bool out_of_memory(void)
{
	struct task_struct *victim;
	struct oom_report r;
	unsigned long flags;
	bool abort;

	if (sigkill_pending(current))
		return true;
	spin_lock_irqsave(&tasklist_lock, flags);
	victim = select_bad_process(&abort);
	if (victim)
		kill_victim(victim, &r);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	if (abort)
		return true;
	if (!victim) {
		pr_warn("Out of memory and no killable processes...\n");
		panic("System is deadlocked on memory\n");
	}
	report_kill(&r);
	return true;
}

/**
 * pagefault_out_of_memory() - a user fault found no memory
 *
 * Called with no lock held, interrupts off (the #PF gate).  The fault is
 * retried on return to user mode: by then the victim's SIGKILL has been
 * delivered, or current is the victim and dies there.  This CPU gives way
 * to other tasks first, so that a dying victim on it can run.
 */
void pagefault_out_of_memory(void)
{
	out_of_memory();
	__atomic_store_n(&this_pcpu()->need_resched, 1, __ATOMIC_RELAXED);
}
