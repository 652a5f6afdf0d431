/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ticket spinlocks: FIFO, so no CPU starves while others hammer a lock.
 * The _irqsave variants also keep a local interrupt handler from spinning
 * on a lock its own CPU holds.
 */
#ifndef _CACHET_LINUX_SPINLOCK_H
#define _CACHET_LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/irqflags.h>
#include <asm/special_insns.h>
#include <linux/smp.h>

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

static inline void spin_lock(spinlock_t *l)
{
	u16 me = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED);

	/*
	 * The holder may be waiting for this CPU to flush its TLB while we
	 * spin with interrupts off: serve its call, or neither moves.
	 */
	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me) {
		cpu_relax();
		smp_poll_calls();
	}
}

static inline bool spin_trylock(spinlock_t *l)
{
	u16 owner = __atomic_load_n(&l->owner, __ATOMIC_RELAXED);
	u32 old = ((u32)owner << 16) | owner;
	u32 new = ((u32)owner << 16) | (u16)(owner + 1);

	BUILD_BUG_ON(sizeof(spinlock_t) != sizeof(u32));
	return __atomic_compare_exchange_n((u32 *)l, &old, new, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static inline void spin_unlock(spinlock_t *l)
{
	__atomic_store_n(&l->owner, (u16)(l->owner + 1), __ATOMIC_RELEASE);
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
