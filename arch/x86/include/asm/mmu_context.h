/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Loading an address space on this CPU.  The rule that lets the
 * invalidation of a user address space skip CPUs (Documentation/x86/cpa.rst,
 * "For user address spaces"): a CPU is in mm->cpu_mask from before it
 * loads mm->pgd until after it has loaded another.  MOV to CR3 without
 * PCIDs drops every non-global TLB entry and every paging-structure cache
 * entry, so once a CPU has left a space it caches nothing of its user half.
 */
#ifndef _ASM_X86_MMU_CONTEXT_H
#define _ASM_X86_MMU_CONTEXT_H

#include <linux/mm_types.h>
#include <linux/smp.h>
#include <asm/special_insns.h>

/**
 * switch_mm_irqs_off() - run this CPU on @next's page tables
 * @prev: the space loaded now
 * @next: the space to load
 *
 * Interrupts must be off, so that no shootdown sees this CPU half way.
 */
static inline void switch_mm_irqs_off(struct mm_struct *prev,
				      struct mm_struct *next)
{
	u64 bit = 1ULL << smp_processor_id();

	if (prev == next)
		return;
	__atomic_fetch_or(&next->cpu_mask, bit, __ATOMIC_SEQ_CST);
	write_cr3(next->pgd_phys);
	__atomic_fetch_and(&prev->cpu_mask, ~bit, __ATOMIC_SEQ_CST);
}

#endif /* _ASM_X86_MMU_CONTEXT_H */
