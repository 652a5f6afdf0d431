/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cpuinfo_x86: everything CPUID says that the kernel uses, read once
 * per CPU.  Feature bits are numbered word * 32 + bit, words being CPUID
 * registers, as in Linux's cpufeatures.h.
 */
#ifndef _ASM_X86_PROCESSOR_H
#define _ASM_X86_PROCESSOR_H

#include <linux/types.h>
#include <asm/cpufeatures.h>
#include <asm/page_types.h>

enum x86_vendor {
	X86_VENDOR_INTEL,
	X86_VENDOR_AMD,
	X86_VENDOR_HYGON,
	X86_VENDOR_CENTAUR,
	X86_VENDOR_ZHAOXIN,
	X86_VENDOR_UNKNOWN,
};

struct cpuinfo_x86 {
	enum x86_vendor x86_vendor;
	char x86_vendor_id[16];
	char x86_model_id[64];
	u8 x86;			/* family */
	u8 x86_model;
	u8 x86_stepping;
	u8 x86_phys_bits;	/* MAXPHYADDR */
	u8 x86_virt_bits;
	u16 x86_clflush_size;
	u32 cpuid_level;
	u32 extended_cpuid_level;
	u32 apicid;
	u32 x86_capability[NCAPINTS];
};

/*
 * What a task switched away keeps of its CPU state: the kernel stack
 * pointer at the switch (the callee-saved registers are on that stack,
 * pushed by __switch_to_asm in switch_64.S).
 */
struct thread_struct {
	unsigned long sp;
};

/*
 * Every entry from user mode saves the user registers at the very top of
 * the task's kernel stack (TSS.RSP0 and the SYSCALL entry both start
 * there), so they are always found at the same place.
 */
#define task_pt_regs(t)	\
	((struct pt_regs *)((unsigned long)(t)->stack + THREAD_SIZE) - 1)
#define current_pt_regs()	task_pt_regs(current)

extern struct cpuinfo_x86 boot_cpu_data;
/* what each CPU said of itself; [0] is boot_cpu_data's copy */
extern struct cpuinfo_x86 cpu_data_arr[];
#define cpu_data(cpu)	(cpu_data_arr[(cpu)])

#define cpu_has(c, bit)	\
	(!!((c)->x86_capability[(bit) / 32] & (1U << ((bit) % 32))))
#define boot_cpu_has(bit)	cpu_has(&boot_cpu_data, bit)

/* clear a feature for the whole kernel ("nopat" and friends) */
void setup_clear_cpu_cap(unsigned int bit);
void identify_cpu(struct cpuinfo_x86 *c);
void early_cpu_init(void);
void cpu_init_secondary(struct cpuinfo_x86 *c);
const char *x86_feature_name(unsigned int bit);
/* create /proc/cpuinfo */
void cpuinfo_proc_init(void);

#endif /* _ASM_X86_PROCESSOR_H */
