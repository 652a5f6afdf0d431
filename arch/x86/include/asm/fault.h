/* SPDX-License-Identifier: GPL-2.0 */
/* #PF on user addresses (arch/x86/mm/fault.c) */
#ifndef _ASM_X86_FAULT_H
#define _ASM_X86_FAULT_H

#include <linux/types.h>

struct pt_regs;

/* faults on user addresses resolved since boot */
extern unsigned long user_faults_handled;

bool do_user_addr_fault(struct pt_regs *regs, unsigned long address);

#endif /* _ASM_X86_FAULT_H */
