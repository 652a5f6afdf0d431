/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_TRAPS_H
#define _ASM_X86_TRAPS_H

#define X86_TRAP_DE	0
#define X86_TRAP_DB	1
#define X86_TRAP_NMI	2
#define X86_TRAP_BP	3
#define X86_TRAP_UD	6
#define X86_TRAP_DF	8
#define X86_TRAP_NP	11
#define X86_TRAP_SS	12
#define X86_TRAP_GP	13
#define X86_TRAP_PF	14
#define X86_TRAP_MF	16
#define X86_TRAP_AC	17
#define X86_TRAP_XF	19
#define X86_TRAP_NR	22

/* page-fault error code bits (SDM Vol. 3A, 4.7) */
#define X86_PF_PROT	(1UL << 0)
#define X86_PF_WRITE	(1UL << 1)
#define X86_PF_USER	(1UL << 2)
#define X86_PF_RSVD	(1UL << 3)
#define X86_PF_INSTR	(1UL << 4)

void idt_setup(void);
int cpu_desc_alloc(unsigned int cpu);
void cpu_desc_load(unsigned int cpu);
void irq_eoi_hook(unsigned int vector);

struct pt_regs;
/* arch/x86/kernel/traps_user.c */
void do_user_trap(struct pt_regs *regs);

#endif /* _ASM_X86_TRAPS_H */
