/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU data.  Each CPU's GS base points at its own struct pcpu, whose
 * first word points back at itself: one %gs-relative load finds the
 * structure, and the rest is ordinary C.  The boot CPU sets GS before its
 * first line of C touches anything per CPU (head64.c).  User mode has
 * its own GS base: every entry from ring 3 swaps the two with SWAPGS
 * (arch/x86/entry/entry_64.S) before any C runs, and swaps back on the
 * way out, so kernel code always finds its own.
 */
#ifndef _ASM_X86_PERCPU_H
#define _ASM_X86_PERCPU_H

/* offsets of struct pcpu's fields for the entry code */
#define PCPU_TOP_OF_STACK	8
#define PCPU_USER_SP		16

#ifndef __ASSEMBLY__
#include <linux/compiler.h>
#include <linux/types.h>

#ifndef CONFIG_NR_CPUS
#define CONFIG_NR_CPUS	1
#endif
#ifdef CONFIG_SMP
#define NR_CPUS		CONFIG_NR_CPUS
#else
#define NR_CPUS		1
#endif

struct task_struct;
struct pt_regs;

struct pcpu {
	struct pcpu *self;		/* must stay first: see this_pcpu() */
	/* entry_64.S reads these two at fixed offsets: PCPU_* below */
	unsigned long top_of_stack;	/* the task's kernel stack, for SYSCALL */
	unsigned long user_sp;		/* user RSP while SYSCALL switches */
	unsigned int cpu;		/* logical number, 0 = boot CPU */
	u32 apicid;
	struct task_struct *current_task;
	u64 call_pending;		/* bit s: CPU s has a call for us */
	unsigned long tlb_single;	/* INVLPGs done on this CPU */
	unsigned long tlb_full;		/* full flushes done on this CPU */
	unsigned long tlb_remote;	/* flush requests served for others */
	unsigned long tlb_mm_remote;	/* of them, for a user address space */
	u32 tlb_seen_gen;		/* pt_unlink_gen before our last flush */
	unsigned long wbinvd;
	unsigned long calls_served;
	bool call_sending;		/* addressing a call: smp.c */
	bool hotplug_die;		/* go offline from the idle loop */
	bool hotplug_left;		/* out of the call targets, holds nothing */
	bool hotplug_dead;		/* parked: the controlling CPU may INIT it */
	void (*work_fn)(void *);		/* smp_run_async(): run when idle */
	void *work_arg;
	unsigned int work_from;			/* who to wake when it is done */
	void *wait_lock;			/* the spinlock we halt on */
	u16 wait_ticket;			/* our turn in it */
	/*
	 * Preemption (Documentation/scheduler/sched.rst): this CPU may
	 * switch tasks at an interrupt's return only while preempt_count
	 * is 0; need_resched asks it to switch at the next chance.
	 */
	unsigned int preempt_count;
	int need_resched;
	bool irqs_off_halt;		/* in smp.c's halt_irqs_off() */
	/* the interrupted registers while a device interrupt runs */
	struct pt_regs *irq_regs;
} __aligned(64);

extern struct pcpu pcpu_area[NR_CPUS];

static __always_inline struct pcpu *this_pcpu(void)
{
	struct pcpu *p;

	__asm__ __volatile__("movq %%gs:0, %0" : "=r"(p));
	return p;
}

#define per_cpu_ptr(cpu)	(&pcpu_area[(cpu)])

/* point this CPU's GS base at pcpu_area[cpu] (MSR_GS_BASE) */
void pcpu_setup(unsigned int cpu);

#endif /* __ASSEMBLY__ */
#endif /* _ASM_X86_PERCPU_H */
