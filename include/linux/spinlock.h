/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ticket spinlocks: FIFO, so no CPU starves while others hammer a lock.
 * The _irqsave variants also keep a local interrupt handler from spinning
 * on a lock its own CPU holds.
 *
 * A waiter serves cross-CPU calls while it waits (the holder may be
 * waiting for this CPU to flush its TLB), and after a short spin it halts
 * until the CPU before it in line unlocks and wakes it: under emulation,
 * with more virtual CPUs than host cores, spinning waiters take host time
 * from the very CPU they wait for.
 */
#ifndef _CACHET_LINUX_SPINLOCK_H
#define _CACHET_LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <asm/irqflags.h>
#include <asm/special_insns.h>

typedef struct {
	u16 next;
	u16 owner;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED	{ 0, 0 }
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED

static inline void spin_lock_init(spinlock_t *l)
{
	l->next = 0;
	l->owner = 0;
}

#ifdef CONFIG_SMP
/* arch/x86/kernel/smp.c: wait for @me's turn; wake the next in line */
void __spin_lock_wait(spinlock_t *l, u16 me);
void __spin_unlock_wake(spinlock_t *l, u16 owner);
#else
static inline void __spin_lock_wait(spinlock_t *l, u16 me)
{
	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me)
		cpu_relax();
}

static inline void __spin_unlock_wake(spinlock_t *l, u16 owner)
{
}
#endif

/* a lock holder is never preempted: see linux/preempt.h */
static inline void spin_lock(spinlock_t *l)
{
	u16 me;

	__preempt_count_add(PREEMPT_OFFSET);
	me = __atomic_fetch_add(&l->next, 1, __ATOMIC_ACQUIRE);

	if (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me)
		__spin_lock_wait(l, me);
}

static inline bool spin_trylock(spinlock_t *l)
{
	u16 owner = __atomic_load_n(&l->owner, __ATOMIC_RELAXED);
	u32 old = ((u32)owner << 16) | owner;
	u32 new = ((u32)owner << 16) | (u16)(owner + 1);

	BUILD_BUG_ON(sizeof(spinlock_t) != sizeof(u32));
	__preempt_count_add(PREEMPT_OFFSET);
	if (__atomic_compare_exchange_n((u32 *)l, &old, new, false,
					__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return true;
	__preempt_count_sub(PREEMPT_OFFSET);
	return false;
}

static inline void spin_unlock(spinlock_t *l)
{
	u16 owner = l->owner + 1;

	/*
	 * A full barrier (XCHG), so the check for waiters cannot pass the
	 * store: a waiter that halted must be seen and woken.
	 */
	__atomic_store_n(&l->owner, owner, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&l->next, __ATOMIC_RELAXED) != owner)
		__spin_unlock_wake(l, owner);
	__preempt_count_sub(PREEMPT_OFFSET);
}

static inline bool spin_is_locked(spinlock_t *l)
{
	return __atomic_load_n(&l->owner, __ATOMIC_RELAXED) !=
	       __atomic_load_n(&l->next, __ATOMIC_RELAXED);
}

#define spin_lock_irqsave(l, flags)		\
	do {					\
		local_irq_save(flags);		\
		spin_lock(l);			\
	} while (0)

#define spin_unlock_irqrestore(l, flags)	\
	do {					\
		spin_unlock(l);			\
		local_irq_restore(flags);	\
	} while (0)

#endif /* _CACHET_LINUX_SPINLOCK_H */
