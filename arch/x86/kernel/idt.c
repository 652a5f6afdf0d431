// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptor tables.  Each CPU has its own GDT (kernel code and data
 * segments and a TSS descriptor) and TSS, whose interrupt stacks give the
 * double fault and NMI handlers a good stack even when the current one is
 * gone; a TSS cannot be shared, as loading it marks it busy.  The IDT
 * points every vector at its stub in entry_64.S; the boot CPU writes it
 * and each secondary CPU gets its own copy next to its GDT and TSS (Linux
 * shares one; a copy per CPU leaves room for per-CPU gates and keeps all
 * of a CPU's descriptor tables in its own allocation).
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/entry.h>
#include <asm/page_types.h>
#include <asm/percpu.h>
#include <asm/segment.h>
#include <asm/traps.h>

struct gate_desc {
	u16 offset_low;
	u16 segment;
	u8 ist;
	u8 type_attr;		/* P | DPL 0 | interrupt gate (0xe) */
	u16 offset_middle;
	u32 offset_high;
	u32 reserved;
} __packed;

struct tss {
	u32 reserved0;
	u64 sp[3];
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 io_bitmap_base;
} __packed;

struct desc_ptr {
	u16 size;
	u64 address;
} __packed;

BUILD_BUG_ON(sizeof(struct gate_desc) != 16);
BUILD_BUG_ON(sizeof(struct tss) != 104);

#define GATE_INTERRUPT	0x8e
/* the same, reachable by INT n from ring 3 */
#define GATE_INTERRUPT_USER	0xee
#define IST_STACK_SIZE	8192
#define STUB_SIZE	16

extern const char idt_stubs[];

struct cpu_desc {
	struct gate_desc idt[256];	/* page-aligned: first member */
	u64 gdt[GDT_ENTRIES];
	struct tss tss __aligned(64);
	u8 ist_stacks[2][IST_STACK_SIZE] __aligned(16);
};

static struct cpu_desc boot_desc __aligned(4096);
/* the boot CPU's IDT: the one written, the one copied */
#define idt_table boot_desc.idt
static struct cpu_desc *cpu_desc[NR_CPUS];

static void set_gate(unsigned int vec, unsigned long addr, u8 ist)
{
	struct gate_desc *g = &idt_table[vec];

	g->offset_low = addr & 0xffff;
	g->segment = __KERNEL_CS;
	g->ist = ist;
	g->type_attr = GATE_INTERRUPT;
	g->offset_middle = (addr >> 16) & 0xffff;
	g->offset_high = addr >> 32;
	g->reserved = 0;
}

static void gdt_set_tss(u64 *gdt, struct tss *tss)
{
	u64 base = (u64)tss, limit = sizeof(*tss) - 1;

	/* 64-bit available TSS (type 9), present */
	gdt[0] = (limit & 0xffff) | ((base & 0xffffff) << 16) |
		 (0x89ULL << 40) | (((limit >> 16) & 0xf) << 48) |
		 (((base >> 24) & 0xff) << 56);
	gdt[1] = base >> 32;
}

static void load_segments(struct cpu_desc *d)
{
	struct desc_ptr gdtr = { sizeof(d->gdt) - 1, (u64)d->gdt };

	__asm__ __volatile__(
		"lgdt %0\n"
		"pushq %1\n"
		"leaq 1f(%%rip), %%rax\n"
		"pushq %%rax\n"
		"lretq\n"
		"1:\n"
		"movl %2, %%eax\n"
		"movl %%eax, %%ds\n"
		"movl %%eax, %%es\n"
		"movl %%eax, %%ss\n"
		"xorl %%eax, %%eax\n"
		"movl %%eax, %%fs\n"
		"movl %%eax, %%gs\n"
		: : "m"(gdtr), "i"(__KERNEL_CS), "i"(__KERNEL_DS)
		: "rax", "memory");
	__asm__ __volatile__("ltr %w0" : : "r"(GDT_ENTRY_TSS_SEL));
}

static void cpu_desc_fill(struct cpu_desc *d)
{
	/* flat segments; L=1 for the 64-bit code ones, DPL 3 for user */
	d->gdt[GDT_ENTRY_KERNEL32_CS] = 0x00cf9b000000ffffULL;
	d->gdt[GDT_ENTRY_KERNEL_CS] = 0x00af9b000000ffffULL;
	d->gdt[GDT_ENTRY_KERNEL_DS] = 0x00cf93000000ffffULL;
	d->gdt[GDT_ENTRY_USER32_CS] = 0x00cffb000000ffffULL;
	d->gdt[GDT_ENTRY_USER_DS] = 0x00cff3000000ffffULL;
	d->gdt[GDT_ENTRY_USER_CS] = 0x00affb000000ffffULL;
	d->tss.ist[IST_DOUBLE_FAULT - 1] =
		(u64)&d->ist_stacks[0][IST_STACK_SIZE];
	d->tss.ist[IST_NMI - 1] = (u64)&d->ist_stacks[1][IST_STACK_SIZE];
	d->tss.io_bitmap_base = sizeof(d->tss);
	gdt_set_tss(&d->gdt[GDT_ENTRY_TSS], &d->tss);
}

static void load_idt(const struct gate_desc *idt)
{
	struct desc_ptr idtr = { sizeof(idt_table) - 1, (u64)idt };

	__asm__ __volatile__("lidt %0" : : "m"(idtr));
}

/**
 * idt_setup() - install the boot CPU's GDT, TSS and IDT
 */
void idt_setup(void)
{
	unsigned int v;

	cpu_desc_fill(&boot_desc);
	cpu_desc[0] = &boot_desc;
	load_segments(&boot_desc);
	pcpu_setup(0);

	for (v = 0; v < 256; v++)
		set_gate(v, (unsigned long)idt_stubs + v * STUB_SIZE, 0);
	set_gate(X86_TRAP_DF, (unsigned long)idt_stubs + X86_TRAP_DF * STUB_SIZE,
		 IST_DOUBLE_FAULT);
	set_gate(X86_TRAP_NMI,
		 (unsigned long)idt_stubs + X86_TRAP_NMI * STUB_SIZE, IST_NMI);
	/* INT3 from user code is a breakpoint (SIGTRAP), as in Linux */
	idt_table[X86_TRAP_BP].type_attr = GATE_INTERRUPT_USER;
	load_idt(idt_table);
}

/**
 * cpu_desc_alloc() - give CPU @cpu its own GDT, TSS and interrupt stacks
 *
 * Done by the boot CPU before it starts @cpu, so that a CPU that cannot
 * have them is never started.  Returns 0 or -ENOMEM.
 */
int cpu_desc_alloc(unsigned int cpu)
{
	struct cpu_desc *d;

	if (cpu_desc[cpu])
		return 0;
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	cpu_desc_fill(d);
	memcpy(d->idt, idt_table, sizeof(d->idt));
	cpu_desc[cpu] = d;
	return 0;
}

/**
 * cpu_desc_load() - load this CPU's GDT, TSS and the shared IDT
 * @cpu: this CPU's logical number; cpu_desc_alloc() was done for it
 */
void cpu_desc_load(unsigned int cpu)
{
	/*
	 * LTR marks the TSS descriptor busy, and faults on a busy one: a CPU
	 * coming back online (CPU hotplug) loads it again, so write it anew.
	 */
	gdt_set_tss(&cpu_desc[cpu]->gdt[GDT_ENTRY_TSS], &cpu_desc[cpu]->tss);
	load_segments(cpu_desc[cpu]);
	pcpu_setup(cpu);
	load_idt(cpu_desc[cpu]->idt);
}

/**
 * cpu_set_kernel_stack() - where this CPU enters the kernel from user mode
 * @top: the top of the running task's kernel stack
 *
 * Interrupts and exceptions from ring 3 switch to TSS.RSP0; SYSCALL does
 * not switch stacks, so its entry reads the same value from the per-CPU
 * area.  Both change together, with the task.
 */
void cpu_set_kernel_stack(unsigned long top)
{
	struct pcpu *p = this_pcpu();

	cpu_desc[p->cpu]->tss.sp[0] = top;
	p->top_of_stack = top;
}
