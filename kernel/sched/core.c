// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler: per-CPU run queues, round-robin time slices, wake-ups,
 * placement on the least loaded CPU and the switch itself.  The rules
 * (locks, preemption, the checks that panic) are in kernel/sched/sched.h
 * and Documentation/scheduler/sched.rst.
 */
#include <linux/bug.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/kernel_stat.h>
#include <linux/mm_types.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/rseq.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/smp.h>
#include <asm/apic.h>
#include <asm/irq_regs.h>
#include <asm/irqflags.h>
#include <asm/ptrace.h>
#include <asm/switch_to.h>

#include "sched.h"

struct rq runqueues[NR_CPUS];
static bool sched_running;

static void __noreturn sched_bug(const char *what, struct task_struct *p)
{
	panic("sched: %s: %s:%d state %#x on_cpu %d queued %d cpu %u",
	      what, p->comm, p->pid, p->state, p->on_cpu, p->queued, p->cpu);
}

void enqueue_task(struct rq *rq, struct task_struct *p)
{
	if (p->queued)
		sched_bug("task queued twice", p);
	if (p->state == TASK_DEAD)
		sched_bug("dead task queued", p);
	list_add_tail(&p->run_list, &rq->queue);
	p->queued = true;
	if (p->cpu != (unsigned int)(rq - runqueues))
		rseq_migrate(p);
	p->cpu = rq - runqueues;
	rq->nr_queued++;
}

static void dequeue_task(struct rq *rq, struct task_struct *p)
{
	list_del_init(&p->run_list);
	p->queued = false;
	rq->nr_queued--;
}

/* @prev may be picked again: it is the one task on_cpu may be set for */
static struct task_struct *pick_next_task(struct rq *rq,
					  struct task_struct *prev)
{
	struct task_struct *p;

	if (list_empty(&rq->queue))
		return rq->idle;
	p = list_first_entry(&rq->queue, struct task_struct, run_list);
	dequeue_task(rq, p);
	if (p->state == TASK_DEAD)
		sched_bug("dead task picked", p);
	if (p != prev && __atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE))
		sched_bug("task picked while running on another CPU", p);
	return p;
}

unsigned long *end_of_stack(const struct task_struct *p)
{
	return p->stack;
}

void task_stack_check(const struct task_struct *p)
{
	if (p->stack && *end_of_stack(p) != STACK_END_MAGIC)
		panic("corrupted stack end detected inside scheduler (%s:%d)",
		      p->comm, p->pid);
}

static void move_task_away(struct task_struct *p);

/* runs on next's stack: prev is no longer in use by this CPU after it */
static void finish_task_switch(struct task_struct *prev)
{
	struct rq *rq = this_rq();
	unsigned int state = prev->state;
	struct task_struct *move = rq->move_task;

	rq->move_task = NULL;
	__atomic_store_n(&prev->on_cpu, 0, __ATOMIC_RELEASE);
	spin_unlock(&rq->lock);
	if (move)
		move_task_away(move);
	local_irq_enable();
	/* the reference the task held on itself while it could run */
	if (state == TASK_DEAD)
		put_task_struct(prev);
}

/* called first by a new task, from ret_from_kthread (switch_64.S) */
void schedule_tail(struct task_struct *prev);
void schedule_tail(struct task_struct *prev)
{
	finish_task_switch(prev);
	preempt_enable_no_resched();
}

/*
 * Entered with one preemption level taken by the caller and interrupts
 * in any state; returns with interrupts on.  @preempt: current did not
 * ask to sleep, it is being preempted, so it stays runnable whatever its
 * state says (a wake-up may be on its way).
 */
static void __schedule(bool preempt)
{
	struct task_struct *prev = current, *next;
	struct rq *rq;

	local_irq_disable();
	rq = this_rq();
	spin_lock(&prev->pi_lock);
	spin_lock(&rq->lock);
	if (rq->curr != prev)
		sched_bug("current is not its run queue's", prev);
	if (prev != rq->idle) {
		if (!preempt && prev->state != TASK_RUNNING) {
			prev->on_rq = 0;
			prev->nvcsw++;
		} else if (!(prev->cpus_allowed & (1ULL << smp_processor_id())) ||
			   !cpu_active(smp_processor_id())) {
			/*
			 * Its affinity no longer has this CPU, or the CPU is
			 * going offline: queued elsewhere once it is off this
			 * one (on_rq stays 1, so no wake-up queues it
			 * meanwhile).
			 */
			rq->move_task = prev;
			prev->nivcsw += preempt;
		} else {
			enqueue_task(rq, prev);
			prev->nivcsw += preempt;
		}
	}
	spin_unlock(&prev->pi_lock);
	next = pick_next_task(rq, prev);
	this_pcpu()->need_resched = 0;
	if (next == prev) {
		spin_unlock(&rq->lock);
		local_irq_enable();
		return;
	}
	__atomic_store_n(&next->on_cpu, 1, __ATOMIC_RELAXED);
	next->time_slice = SCHED_SLICE_TICKS;
	/* an rseq critical section prev was in is over */
	rseq_preempt(prev);
	account_switch(prev, next);
	rq->curr = next;
	rq->nr_switches++;
	task_stack_check(prev);
	task_stack_check(next);
	prev = switch_to(prev, next);
	finish_task_switch(prev);
}

static void __noreturn scheduling_while_atomic(void)
{
	panic("BUG: scheduling while atomic: %s/%d/0x%08x", current->comm,
	      current->pid, preempt_count());
}

/**
 * schedule() - give the CPU to the next runnable task
 *
 * If current's state is not TASK_RUNNING it sleeps until a wake-up.
 * Never with preemption off or interrupts off: that panics (the caller
 * holds a lock or a saved-flags section another task could wait on).
 */
void schedule(void)
{
	if (preempt_count() || irqs_disabled())
		scheduling_while_atomic();
	preempt_disable();
	__schedule(false);
	preempt_enable_no_resched();
}

/* the idle task's schedule(): it runs with preemption off for good */
void schedule_idle(void)
{
	__schedule(false);
}

bool need_resched(void)
{
	return __atomic_load_n(&this_pcpu()->need_resched, __ATOMIC_RELAXED);
}

void preempt_schedule(void)
{
	if (!sched_running || preempt_count() || irqs_disabled())
		return;
	preempt_disable();
	__schedule(true);
	preempt_enable_no_resched();
}

/**
 * preempt_schedule_irq() - switch at an interrupt's return
 *
 * Called by do_trap() with interrupts off, only when the interrupted
 * code had them on and preempt_count() is 0: it held no lock and no
 * saved-flags section, so nothing another task needs is held.
 */
void preempt_schedule_irq(void)
{
	if (!sched_running)
		return;
	do {
		preempt_disable();
		__schedule(true);
		local_irq_disable();
		preempt_enable_no_resched();
	} while (need_resched());
}

/**
 * exit_to_user_mode_prepare() - the scheduler's part of a return to ring 3
 *
 * The entry code calls it last, with interrupts off, before SYSRET or
 * IRET to user mode: a task about to leave the kernel holds nothing, so
 * it switches there whenever it was asked to.  preempt_count() must be 0
 * (a leaked lock or saved-flags section panics here, where it is cheap to
 * find).  Returns with interrupts off.  Signals will be delivered here.
 */
void exit_to_user_mode_prepare(void)
{
	if (preempt_count())
		panic("BUG: returning to user mode with preempt_count 0x%08x (%s:%d)",
		      preempt_count(), current->comm, current->pid);
	while (need_resched()) {
		local_irq_enable();
		schedule();
		local_irq_disable();
	}
}

int cond_resched(void)
{
	if (!need_resched() || preempt_count() || irqs_disabled())
		return 0;
	preempt_schedule();
	return 1;
}

void yield(void)
{
	__atomic_store_n(&this_pcpu()->need_resched, 1, __ATOMIC_RELAXED);
	schedule();
}

void resched_cpu(unsigned int cpu)
{
	__atomic_store_n(&per_cpu_ptr(cpu)->need_resched, 1, __ATOMIC_RELEASE);
#ifdef CONFIG_SMP
	/* a halted idle CPU wakes; a busy one switches at the IPI's return */
	if (cpu != smp_processor_id() && apic_usable())
		apic_send_ipi(per_cpu_ptr(cpu)->apicid, RESCHEDULE_VECTOR);
#endif
}

/*
 * None of @p's CPUs is active any more: as Linux's select_fallback_rq(),
 * it may run anywhere from now on, and a user process is told so.  Its
 * mask is not restored when the CPU comes back.
 */
static u64 break_affinity(struct task_struct *p)
{
	p->cpus_allowed = ~0ULL;
	if (p->mm)
		pr_info("process %d (%s) no longer affine to cpu%u\n",
			p->pid, p->comm, p->cpu);
	return __atomic_load_n(&cpu_active_mask, __ATOMIC_ACQUIRE);
}

/*
 * The least loaded active CPU @p may run on; ties go to where it ran
 * last.  Called with @p->pi_lock held (or @p not yet runnable).
 */
static unsigned int select_task_rq(struct task_struct *p)
{
	u64 allowed = p->cpus_allowed &
		      __atomic_load_n(&cpu_active_mask, __ATOMIC_ACQUIRE);
	unsigned int cpu, best = p->cpu, load, best_load = UINT_MAX;

	if (!allowed)
		allowed = break_affinity(p);

	if (allowed & (1ULL << p->cpu))
		best_load = rq_load(cpu_rq(p->cpu));
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!(allowed & (1ULL << cpu)))
			continue;
		load = rq_load(cpu_rq(cpu));
		if (load < best_load) {
			best = cpu;
			best_load = load;
		}
	}
	if (best_load == UINT_MAX)
		sched_bug("no online CPU allowed", p);
	return best;
}

/*
 * Lock the run queue of an active CPU @p may run on.  A CPU going offline
 * is made inactive before its queue is emptied under its lock
 * (sched_cpu_deactivate()), so whoever finds it still active under that
 * lock queues a task the emptying will see.
 */
static struct rq *lock_target_rq(struct task_struct *p, unsigned int *cpu)
{
	struct rq *rq;

	for (;;) {
		*cpu = select_task_rq(p);
		rq = cpu_rq(*cpu);
		spin_lock(&rq->lock);
		if (cpu_active(*cpu))
			return rq;
		spin_unlock(&rq->lock);
	}
}

static void activate_task(struct task_struct *p)
{
	unsigned int cpu;
	struct rq *rq = lock_target_rq(p, &cpu);

	p->on_rq = 1;
	enqueue_task(rq, p);
	if (rq->curr == rq->idle)
		resched_cpu(cpu);
	spin_unlock(&rq->lock);
}

/**
 * wake_up_state() - make @p runnable if its state is in @state
 *
 * Returns 1 if it woke @p, 0 if @p was not in such a state.  A task that
 * has not yet switched away is left to do so (on_cpu) before it is queued
 * anywhere, so it never runs on two CPUs at once.
 */
int wake_up_state(struct task_struct *p, unsigned int state)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&p->pi_lock, flags);
	if (!(p->state & state))
		goto out;
	ret = 1;
	if (p->on_rq) {
		/* still running, or preempted before it could sleep */
		p->state = TASK_RUNNING;
		goto out;
	}
	while (__atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE))
		cpu_relax();
	p->state = TASK_RUNNING;
	activate_task(p);
out:
	spin_unlock_irqrestore(&p->pi_lock, flags);
	return ret;
}

int wake_up_process(struct task_struct *p)
{
	return wake_up_state(p, TASK_NORMAL);
}

/*
 * finish_task_switch()'s part for a task __schedule() did not queue
 * because its CPU is not allowed: with interrupts off and no run-queue
 * lock held, as a wake-up would, queue it where it may run.
 */
static void move_task_away(struct task_struct *p)
{
	unsigned int cpu;
	struct rq *rq;

	spin_lock(&p->pi_lock);
	rq = lock_target_rq(p, &cpu);
	enqueue_task(rq, p);
	if (rq->curr == rq->idle)
		resched_cpu(cpu);
	spin_unlock(&rq->lock);
	spin_unlock(&p->pi_lock);
}

/**
 * set_cpus_allowed() - restrict @p to the CPUs in @mask
 *
 * Only for a task that has not run yet or is current: current moves
 * at once if its CPU is no longer allowed (its next switch queues it on
 * an allowed CPU, as Linux's sched_setaffinity() moves the caller before
 * it returns).
 */
void set_cpus_allowed(struct task_struct *p, u64 mask)
{
	p->cpus_allowed = mask;
	if (p == current && !(mask & (1ULL << smp_processor_id())))
		yield();
}

/* /proc/stat's figures: whose time this tick was (kernel/sched/cputime.c) */
static void sched_account_tick(const struct rq *rq,
			       const struct task_struct *curr)
{
	const struct pt_regs *regs = get_irq_regs();

	account_cpustat_tick(regs && user_mode(regs), curr == rq->idle);
}

/**
 * scheduler_tick() - the tick's part: end current's slice
 *
 * From the timer interrupt.  A task whose slice is over is asked to
 * switch only if another waits on this CPU; else it starts a new one.
 */
void scheduler_tick(void)
{
	struct rq *rq = this_rq();
	struct task_struct *curr = current;

	rq->nr_ticks++;
	sched_account_tick(rq, curr);
	if (!sched_running)
		return;
	if (curr == rq->idle) {
		if (__atomic_load_n(&rq->nr_queued, __ATOMIC_RELAXED))
			this_pcpu()->need_resched = 1;
		return;
	}
	if (curr->time_slice && --curr->time_slice)
		return;
	if (__atomic_load_n(&rq->nr_queued, __ATOMIC_RELAXED))
		this_pcpu()->need_resched = 1;
	else
		curr->time_slice = SCHED_SLICE_TICKS;
}

static void lock_two(struct rq *a, struct rq *b)
{
	if (a < b) {
		spin_lock(&a->lock);
		spin_lock(&b->lock);
	} else {
		spin_lock(&b->lock);
		spin_lock(&a->lock);
	}
}

static bool pull_one(struct rq *src, struct rq *dst, unsigned int cpu)
{
	struct task_struct *p;

	list_for_each_entry(p, &src->queue, run_list) {
		if (!(p->cpus_allowed & (1ULL << cpu)) ||
		    __atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE))
			continue;
		dequeue_task(src, p);
		enqueue_task(dst, p);
		dst->nr_pulled++;
		return true;
	}
	return false;
}

/**
 * idle_balance() - an idle CPU takes a waiting task from the busiest queue
 *
 * Called by the idle task with interrupts off.  Returns true if it took
 * one (and then asked itself to switch).
 */
bool idle_balance(void)
{
	unsigned int me = smp_processor_id(), cpu, busiest = me, most = 0, n;
	struct rq *dst = cpu_rq(me);
	bool moved;

	for_each_online_cpu(cpu) {
		n = __atomic_load_n(&cpu_rq(cpu)->nr_queued, __ATOMIC_RELAXED);
		if (cpu != me && n > most) {
			busiest = cpu;
			most = n;
		}
	}
	if (busiest == me || !cpu_active(me))
		return false;
	lock_two(dst, cpu_rq(busiest));
	/* active checked again under our lock: see lock_target_rq() */
	moved = dst->nr_queued == 0 && cpu_active(me) &&
		pull_one(cpu_rq(busiest), dst, me);
	spin_unlock(&cpu_rq(busiest)->lock);
	spin_unlock(&dst->lock);
	if (moved)
		this_pcpu()->need_resched = 1;
	return moved;
}

static void reschedule_interrupt(unsigned int vector, void *data)
{
	/* the interrupt's return does the work (do_trap()) */
}

/**
 * sched_cpu_deactivate() - take @cpu out of task placement and empty its queue
 * @cpu: a CPU going offline (kernel/cpu.c), not this one
 *
 * From here on no task is queued on @cpu (lock_target_rq()); those queued
 * there now go where their affinity allows, or anywhere once it allows no
 * active CPU (break_affinity()).  The task running there leaves at its
 * next switch, which this asks for; sched_cpu_idle() tells when it has.
 */
void sched_cpu_deactivate(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *p, *n;
	unsigned long flags;
	LIST_HEAD(moved);

	__atomic_fetch_and(&cpu_active_mask, ~(1ULL << cpu), __ATOMIC_SEQ_CST);
	local_irq_save(flags);
	spin_lock(&rq->lock);
	list_for_each_entry_safe(p, n, &rq->queue, run_list) {
		dequeue_task(rq, p);
		list_add_tail(&p->run_list, &moved);
	}
	spin_unlock(&rq->lock);
	list_for_each_entry_safe(p, n, &moved, run_list) {
		list_del_init(&p->run_list);
		move_task_away(p);
	}
	local_irq_restore(flags);
	resched_cpu(cpu);
}

/* @cpu runs its idle task and has nothing queued: it holds no task */
bool sched_cpu_idle(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	return __atomic_load_n(&rq->curr, __ATOMIC_ACQUIRE) == rq->idle &&
	       !__atomic_load_n(&rq->nr_queued, __ATOMIC_ACQUIRE) &&
	       !__atomic_load_n(&rq->move_task, __ATOMIC_ACQUIRE);
}

/* @cpu is up and checked: tasks may go there (kernel/cpu.c) */
void sched_cpu_activate(unsigned int cpu)
{
	__atomic_fetch_or(&cpu_active_mask, 1ULL << cpu, __ATOMIC_SEQ_CST);
}

/*
 * Make the running context @cpu's idle task, on @stack.  A CPU coming
 * back online keeps its run queue's lock and (empty) queue: another CPU
 * may still look at them.
 */
static void init_idle(unsigned int cpu, void *stack)
{
	struct task_struct *idle = current;
	struct rq *rq = cpu_rq(cpu);

	if (!rq->idle) {
		spin_lock_init(&rq->lock);
		INIT_LIST_HEAD(&rq->queue);
	}
	idle->state = TASK_RUNNING;
	idle->flags = PF_IDLE | PF_KTHREAD;
	idle->stack = stack;
	*end_of_stack(idle) = STACK_END_MAGIC;
	idle->on_cpu = 1;
	idle->on_rq = 1;
	idle->cpu = cpu;
	idle->cpus_allowed = 1ULL << cpu;
	idle->usage = 1;
	INIT_LIST_HEAD(&idle->run_list);
	idle->active_mm = &init_mm;
	rq->idle = idle;
	rq->curr = idle;
}

extern char boot_stack[];

/**
 * sched_init() - the boot context becomes CPU 0's idle task
 *
 * Before smp_init(): each secondary CPU joins with sched_init_secondary().
 */
void sched_init(void)
{
	init_idle(0, boot_stack);
	if (apic_usable() &&
	    request_irq_vector(RESCHEDULE_VECTOR, reschedule_interrupt, NULL))
		pr_err("sched: cannot take vector %#x\n", RESCHEDULE_VECTOR);
	__atomic_store_n(&sched_running, true, __ATOMIC_RELEASE);
}

/**
 * sched_init_secondary() - a secondary CPU's context becomes its idle task
 * @cpu: this CPU
 * @stack: the THREAD_SIZE stack it runs on
 */
void sched_init_secondary(unsigned int cpu, void *stack)
{
	init_idle(cpu, stack);
}

/* for the sched shell command and the tests: what each CPU did */
void sched_show_stats(void)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		pr_info("sched: CPU%u: %lu switches, %lu pulled, %lu ticks, %u queued\n",
			cpu, cpu_rq(cpu)->nr_switches, cpu_rq(cpu)->nr_pulled,
			cpu_rq(cpu)->nr_ticks, cpu_rq(cpu)->nr_queued);
}
