// SPDX-License-Identifier: GPL-2.0
/*
 * Exceptions and interrupts after entry_64.S has saved the registers:
 * fixups for instructions allowed to fault, interrupt handlers, and the
 * oops (Linux's layout: what faulted, registers, a symbolized backtrace)
 * for everything else.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <asm/apic.h>
#include <asm/extable.h>
#include <asm/fault.h>
#include <asm/ptrace.h>
#include <asm/special_insns.h>
#include <asm/stacktrace.h>
#include <asm/traps.h>

extern const struct exception_table_entry __start___ex_table[];
extern const struct exception_table_entry __stop___ex_table[];

static irq_handler_t irq_handlers[NR_VECTORS];
static void *irq_data[NR_VECTORS];
unsigned long irq_count[NR_VECTORS];
/* device interrupts taken inside halt_irqs_off(): must stay 0 (smp.c) */
unsigned long irqs_off_halt_leaks;
static unsigned long trap_fixups;	/* faults turned into -EFAULT */

static const char *const exception_names[X86_TRAP_NR] = {
	"divide error", "debug", "NMI", "int3", "overflow", "bounds",
	"invalid opcode", "device not available", "double fault",
	"coprocessor segment overrun", "invalid TSS", "segment not present",
	"stack segment", "general protection fault", "page fault",
	"reserved", "coprocessor error", "alignment check", "machine check",
	"SIMD exception", "virtualization exception",
	"control protection fault",
};

/**
 * search_exception_table() - may the instruction at @ip fault?
 * @ip: kernel address
 */
bool search_exception_table(unsigned long ip)
{
	const struct exception_table_entry *e;

	for (e = __start___ex_table; e < __stop___ex_table; e++)
		if (e->insn == ip)
			return true;
	return false;
}

bool fixup_exception(struct pt_regs *regs)
{
	const struct exception_table_entry *e;

	for (e = __start___ex_table; e < __stop___ex_table; e++) {
		if (e->insn == regs->ip) {
			regs->ip = e->fixup;
			trap_fixups++;
			return true;
		}
	}
	return false;
}

int probe_write_u8(volatile u8 *p, u8 v)
{
	int err = 0;

	__asm__ __volatile__("1: movb %b2, %1\n"
			     "2:\n"
			     ".pushsection .text.fixup, \"ax\"\n"
			     "3: movl %3, %0\n"
			     "jmp 2b\n"
			     ".popsection\n"
			     _ASM_EXTABLE(1b, 3b)
			     : "+r"(err), "=m"(*p)
			     : "q"(v), "i"(-EFAULT)
			     : "memory");
	return err;
}

int probe_read_u8(const volatile u8 *p, u8 *v)
{
	int err = 0;
	u8 val = 0;

	__asm__ __volatile__("1: movb %2, %b1\n"
			     "2:\n"
			     ".pushsection .text.fixup, \"ax\"\n"
			     "3: movl %3, %0\n"
			     "jmp 2b\n"
			     ".popsection\n"
			     _ASM_EXTABLE(1b, 3b)
			     : "+r"(err), "+q"(val)
			     : "m"(*p), "i"(-EFAULT)
			     : "memory");
	*v = val;
	return err;
}

/**
 * request_irq_vector() - handle an interrupt vector
 * @vector: 32..255
 * @handler: called with the vector's data, interrupts off
 * @data: passed to @handler
 *
 * Returns 0, -EINVAL for an exception vector, or -EBUSY if taken.
 */
int request_irq_vector(unsigned int vector, irq_handler_t handler, void *data)
{
	if (vector < FIRST_EXTERNAL_VECTOR || vector >= NR_VECTORS)
		return -EINVAL;
	if (irq_handlers[vector])
		return -EBUSY;
	irq_data[vector] = data;
	irq_handlers[vector] = handler;
	return 0;
}

void free_irq_vector(unsigned int vector)
{
	if (vector >= FIRST_EXTERNAL_VECTOR && vector < NR_VECTORS)
		irq_handlers[vector] = NULL;
}

static void show_regs(struct pt_regs *regs)
{
	/* Linux's line: which CPU, and what it was working for */
	pr_emerg("CPU: %u PID: %d Comm: %s\n", smp_processor_id(),
		 current->pid, current->comm);
	pr_emerg("RIP: %04lx:%pS\n", regs->cs, (void *)regs->ip);
	pr_emerg("RSP: %04lx:%016lx EFLAGS: %08lx\n", regs->ss, regs->sp,
		 regs->flags);
	pr_emerg("RAX: %016lx RBX: %016lx RCX: %016lx\n", regs->ax, regs->bx,
		 regs->cx);
	pr_emerg("RDX: %016lx RSI: %016lx RDI: %016lx\n", regs->dx, regs->si,
		 regs->di);
	pr_emerg("RBP: %016lx R08: %016lx R09: %016lx\n", regs->bp, regs->r8,
		 regs->r9);
	pr_emerg("R10: %016lx R11: %016lx R12: %016lx\n", regs->r10,
		 regs->r11, regs->r12);
	pr_emerg("R13: %016lx R14: %016lx R15: %016lx\n", regs->r13,
		 regs->r14, regs->r15);
	pr_emerg("CR0: %016lx CR2: %016lx CR3: %016lx CR4: %016lx\n",
		 read_cr0(), read_cr2(), read_cr3(), read_cr4());
}

static void describe_page_fault(struct pt_regs *regs, unsigned long addr)
{
	unsigned long ec = regs->error_code;

	pr_emerg("BUG: unable to handle page fault for address: %016lx\n",
		 addr);
	pr_emerg("#PF: supervisor %s in %s mode\n",
		 ec & X86_PF_INSTR ? "instruction fetch" :
		 ec & X86_PF_WRITE ? "write access" : "read access",
		 ec & X86_PF_USER ? "user" : "kernel");
	pr_emerg("#PF: error_code(0x%04lx) - %s\n", ec,
		 !(ec & X86_PF_PROT) ? "not-present page" :
		 ec & X86_PF_RSVD ? "reserved bit violation" :
		 "permissions violation");
}

static void __noreturn oops(struct pt_regs *regs)
{
	static int die_counter;
	unsigned long v = regs->vector;

	if (v == X86_TRAP_PF)
		describe_page_fault(regs, read_cr2());
	else
		pr_emerg("%s: %04lx [#%d] vector %lu\n",
			 v < X86_TRAP_NR && exception_names[v] ?
			 exception_names[v] : "exception", regs->error_code,
			 die_counter + 1, v);
	pr_emerg("Oops: %04lx [#%d] vector %lu\n", regs->error_code,
		 ++die_counter, v);
	show_regs(regs);
	show_trace_log(regs->bp, 0);
	panic("Fatal exception");
}

void do_trap(struct pt_regs *regs);

/*
 * Preemption at an interrupt's return (the rule in
 * Documentation/scheduler/sched.rst).  To user mode: always allowed,
 * and done by exit_to_user_mode() on the way out.  To kernel code: only
 * if the interrupted code had
 * interrupts on and preempt_count() is 0 (no lock, no saved-flags
 * section, not itself an interrupt).  A task switched away from here
 * comes back here and returns through the same IRET.
 */
static void irq_exit_preempt(struct pt_regs *regs)
{
	/* to user mode: exit_to_user_mode() switches, from the entry code */
	if (user_mode(regs))
		return;
	if (!(regs->flags & X86_EFLAGS_IF) || preempt_count() ||
	    !this_pcpu()->need_resched || this_pcpu()->irqs_off_halt)
		return;
	preempt_schedule_irq();
}

void do_trap(struct pt_regs *regs)
{
	unsigned long v = regs->vector;

	if (v >= FIRST_EXTERNAL_VECTOR) {
		struct pt_regs *outer = this_pcpu()->irq_regs;

		irq_count[v]++;
		if (this_pcpu()->irqs_off_halt && !halt_irqs_off_allowed(v))
			__atomic_fetch_add(&irqs_off_halt_leaks, 1,
					   __ATOMIC_RELAXED);
		__preempt_count_add(HARDIRQ_OFFSET);
		this_pcpu()->irq_regs = regs;
		if (irq_handlers[v])
			irq_handlers[v](v, irq_data[v]);
		irq_eoi_hook(v);
		this_pcpu()->irq_regs = outer;
		__preempt_count_sub(HARDIRQ_OFFSET);
		irq_exit_preempt(regs);
		return;
	}
	/* an NMI that is not a panic's stop request is ignored */
	if (v == X86_TRAP_NMI) {
		smp_stop_nmi();
		return;
	}
	/* a user page not yet there: fault it in and retry */
	if (v == X86_TRAP_PF && do_user_addr_fault(regs, read_cr2()))
		return;
	/* user code's own fault: a signal, never an oops */
	if (user_mode(regs)) {
		do_user_trap(regs);
		return;
	}
	if (fixup_exception(regs))
		return;
	oops(regs);
}

/* interrupt controllers acknowledge here; the local APIC overrides it */
__weak void irq_eoi_hook(unsigned int vector)
{
}
