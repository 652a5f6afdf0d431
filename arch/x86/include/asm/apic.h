/* SPDX-License-Identifier: GPL-2.0 */
/* Local APIC and IO-APICs: where they are, mapped by apic_init(). */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/smp_cpus.h>

#define MAX_IO_APICS	8
#define MAX_MADT_CPUS	256	/* LAPIC entries kept; xAPIC IDs are 8 bits */

/* Linux's vectors of the ISA IRQs routed through the IO-APIC: 0x30-0x3f */
#define ISA_IRQ_VECTOR(irq)	(0x30 + (irq))

/* vectors of the local APIC's own interrupts, above any device's */
#define LOCAL_TIMER_VECTOR	0xec	/* the tick (apic/timer.c) */
/*
 * halt_irqs_off() (arch/x86/kernel/smp.c) sets the task priority to this
 * class: every vector below LOCAL_TIMER_VECTOR's class, that is every
 * device's, waits in the local APIC until the section ends.
 */
#define HALT_IRQS_OFF_TPR	((LOCAL_TIMER_VECTOR >> 4) - 1)
/* a vector the local APIC delivers inside halt_irqs_off() */
#define halt_irqs_off_allowed(v)	((v) >> 4 > HALT_IRQS_OFF_TPR)
/*
 * The timers a tick found inside halt_irqs_off() could not run
 * (kernel/time/tick.c): in the class the halt holds back, so the local
 * APIC delivers it once the section ends, as it does a device's.
 */
#define TIMER_DEFER_VECTOR	0xdf
#define CALL_FUNCTION_VECTOR	0xfb
#define STOP_VECTOR		0xfc
#define RESCHEDULE_VECTOR	0xfd	/* wake a CPU to switch tasks */
#define SPURIOUS_APIC_VECTOR	0xff

struct io_apic {
	void __iomem *base;		/* UC- mapping of the register window */
	phys_addr_t phys;
	u32 gsi_base;
	u8 id;
	u8 version;
	u8 nr_pins;
};

#define NR_ISA_IRQS	16

/* an ACPI interrupt source override of an ISA IRQ (ACPI 5.2.12.5) */
struct isa_irq_override {
	bool present;
	u32 gsi;
	u16 flags;		/* MPS INTI: polarity 1:0, trigger 3:2 */
};

struct apic_state {
	void __iomem *lapic;		/* UC- mapping of the local APIC page */
	phys_addr_t lapic_phys;
	const char *cpu_source;		/* "MADT" or "MP table" */
	unsigned int nr_cpus;		/* enabled LAPIC entries listed */
	unsigned int nr_ioapics;
	struct io_apic ioapics[MAX_IO_APICS];
	unsigned int nr_cpu_entries;	/* LAPIC entries, enabled or not */
	struct smp_cpu_entry cpu_entries[MAX_MADT_CPUS];
	struct isa_irq_override isa_overrides[NR_ISA_IRQS];
};

extern struct apic_state apic;

void apic_init(void);

/* io_apic.c */
int io_apic_route_isa_irq(unsigned int irq, unsigned int vector, u32 apicid);
int io_apic_mask_isa_irq(unsigned int irq);
void ioapic_resume(void);

/* ipi.c */
bool apic_usable(void);
u32 apic_read_id(void);
void lapic_setup_cpu(void);
void legacy_pic_mask_all(void);
int apic_send_ipi(u32 apicid, unsigned int vector);
int apic_send_nmi(u32 apicid);
int apic_send_init(u32 apicid);
int apic_send_init_sipi(u32 apicid, unsigned int start_page,
			unsigned int init_udelay);

#endif
