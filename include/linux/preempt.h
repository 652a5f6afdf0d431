/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The preemption count, per CPU as on Linux x86: while it is not zero
 * this CPU does not switch tasks at an interrupt's return.  spin_lock()
 * and local_irq_save() raise it and their unlock/restore lower it, so
 * code that holds a lock or has saved the interrupt flag is never
 * switched away from, even where it briefly lets interrupts in (STI;HLT
 * in the lock and call waits).  An interrupt handler runs with
 * HARDIRQ_OFFSET added.  The whole rule: Documentation/scheduler/sched.rst.
 */
#ifndef _CACHET_LINUX_PREEMPT_H
#define _CACHET_LINUX_PREEMPT_H

#include <linux/compiler.h>
#include <asm/percpu.h>

#define PREEMPT_OFFSET		1U
#define HARDIRQ_OFFSET		(1U << 16)
#define HARDIRQ_MASK		(0xffffU << 16)

static __always_inline unsigned int preempt_count(void)
{
	return __atomic_load_n(&this_pcpu()->preempt_count, __ATOMIC_RELAXED);
}

/* one %gs-relative instruction each, so an interrupt cannot split it */
static __always_inline void __preempt_count_add(unsigned int v)
{
	__asm__ __volatile__("addl %1, %%gs:%c0"
			     : : "i"(__builtin_offsetof(struct pcpu,
							preempt_count)),
			       "ir"(v) : "memory", "cc");
}

static __always_inline void __preempt_count_sub(unsigned int v)
{
	__asm__ __volatile__("subl %1, %%gs:%c0"
			     : : "i"(__builtin_offsetof(struct pcpu,
							preempt_count)),
			       "ir"(v) : "memory", "cc");
}

#define in_interrupt()		(preempt_count() & HARDIRQ_MASK)
#define preemptible()		(preempt_count() == 0 && !irqs_disabled())

#define preempt_disable()		__preempt_count_add(PREEMPT_OFFSET)
#define preempt_enable_no_resched()	__preempt_count_sub(PREEMPT_OFFSET)

/* switch now if asked to and allowed to (kernel/sched/core.c) */
void preempt_schedule(void);
/* the same at an interrupt's return, interrupts off (do_trap()) */
void preempt_schedule_irq(void);

#define preempt_enable()					\
	do {							\
		__preempt_count_sub(PREEMPT_OFFSET);		\
		if (unlikely(this_pcpu()->need_resched))	\
			preempt_schedule();			\
	} while (0)

#endif /* _CACHET_LINUX_PREEMPT_H */
