/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linux's get_irq_regs(): the registers a device interrupt interrupted,
 * set by do_trap() around the handler (NULL outside one), so the tick
 * can tell user time from system time.
 */
#ifndef _ASM_X86_IRQ_REGS_H
#define _ASM_X86_IRQ_REGS_H

#include <asm/percpu.h>

static inline struct pt_regs *get_irq_regs(void)
{
	return this_pcpu()->irq_regs;
}

#endif /* _ASM_X86_IRQ_REGS_H */
