/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_IRQFLAGS_H
#define _ASM_X86_IRQFLAGS_H

#include <asm/processor-flags.h>
#include <linux/preempt.h>

static inline unsigned long native_save_fl(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf; pop %0" : "=rm"(flags) : : "memory");
	return flags;
}

static inline void local_irq_disable(void)
{
	__asm__ __volatile__("cli" : : : "memory");
}

static inline void local_irq_enable(void)
{
	__asm__ __volatile__("sti" : : : "memory");
}

static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = native_save_fl();

	local_irq_disable();
	return flags;
}

static inline void arch_local_irq_restore(unsigned long flags)
{
	if (flags & X86_EFLAGS_IF)
		local_irq_enable();
}

/*
 * A saved-flags section is also a no-preemption section (linux/preempt.h):
 * the waits that open STI;HLT windows inside one must not switch tasks.
 */
#define local_irq_save(flags)					\
	do {							\
		(flags) = arch_local_irq_save();		\
		__preempt_count_add(PREEMPT_OFFSET);		\
	} while (0)
#define local_irq_restore(flags)				\
	do {							\
		__preempt_count_sub(PREEMPT_OFFSET);		\
		arch_local_irq_restore(flags);			\
	} while (0)
#define irqs_disabled()		(!(native_save_fl() & X86_EFLAGS_IF))

static inline void halt(void)
{
	__asm__ __volatile__("hlt" : : : "memory");
}

#endif /* _ASM_X86_IRQFLAGS_H */
