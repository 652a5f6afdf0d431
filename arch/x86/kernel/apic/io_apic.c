// SPDX-License-Identifier: GPL-2.0
/*
 * Routing a legacy ISA IRQ through the IO-APIC to one vector on one CPU:
 * what the 8250's receive interrupt needs, and no more (no shared or
 * level-triggered PCI interrupts, no affinity changes).
 *
 * ISA IRQ n is GSI n unless the MADT overrides it (apic.isa_overrides,
 * recorded by apic.c); ISA interrupts are edge-triggered and active high
 * unless the override's MPS INTI flags say otherwise (ACPI 6.5, 5.2.12.5).
 * A redirection entry is two 32-bit registers at 0x10 + 2 * pin (82093AA
 * datasheet, 3.2.4): vector 7:0, delivery mode 10:8 (000 fixed),
 * destination mode 11 (0 physical), polarity 13 (1 low), trigger 15
 * (1 level), mask 16; destination APIC ID in the high register's 31:24.
 * The high half is written first, while the entry is still masked.
 */
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <asm/apic.h>
#include <asm/io.h>

#define IO_APIC_REGSEL		0x00
#define IO_APIC_WIN		0x10
#define IO_APIC_REDTBL(pin)	(0x10 + 2 * (pin))

#define IOAPIC_POLARITY_LOW	(1U << 13)
#define IOAPIC_TRIGGER_LEVEL	(1U << 15)
#define IOAPIC_MASKED		(1U << 16)

#define MPS_POLARITY_MASK	0x3
#define MPS_POLARITY_LOW	0x3
#define MPS_TRIGGER_MASK	0xc
#define MPS_TRIGGER_LEVEL	0xc

/* the index/window pair is one access at a time, from any CPU */
static DEFINE_SPINLOCK(io_apic_lock);

/* what each ISA IRQ's entry holds, for ioapic_resume(); under the lock */
static struct {
	u32 low;
	u32 apicid;
} isa_routes[NR_ISA_IRQS];

static void io_apic_write(struct io_apic *io, u8 reg, u32 v)
{
	writel(reg, io->base + IO_APIC_REGSEL);
	writel(v, io->base + IO_APIC_WIN);
}

/* the IO-APIC and pin of ISA @irq's GSI; false if no IO-APIC has it */
static bool isa_irq_pin(unsigned int irq, struct io_apic **iop,
			unsigned int *pin, u16 *flags)
{
	const struct isa_irq_override *o = &apic.isa_overrides[irq];
	u32 gsi = o->present ? o->gsi : irq;
	unsigned int i;

	*flags = o->present ? o->flags : 0;
	for (i = 0; i < apic.nr_ioapics; i++) {
		struct io_apic *io = &apic.ioapics[i];

		if (gsi >= io->gsi_base && gsi < io->gsi_base + io->nr_pins) {
			*iop = io;
			*pin = gsi - io->gsi_base;
			return true;
		}
	}
	return false;
}

static int set_entry(unsigned int irq, u32 low, u32 apicid)
{
	struct io_apic *io;
	unsigned int pin;
	unsigned long flags;
	u16 inti;

	if (irq >= NR_ISA_IRQS)
		return -EINVAL;
	if (!isa_irq_pin(irq, &io, &pin, &inti))
		return -ENODEV;
	if ((inti & MPS_POLARITY_MASK) == MPS_POLARITY_LOW)
		low |= IOAPIC_POLARITY_LOW;
	if ((inti & MPS_TRIGGER_MASK) == MPS_TRIGGER_LEVEL)
		low |= IOAPIC_TRIGGER_LEVEL;
	spin_lock_irqsave(&io_apic_lock, flags);
	io_apic_write(io, IO_APIC_REDTBL(pin), IOAPIC_MASKED);
	io_apic_write(io, IO_APIC_REDTBL(pin) + 1, apicid << 24);
	io_apic_write(io, IO_APIC_REDTBL(pin), low);
	isa_routes[irq].low = low;
	isa_routes[irq].apicid = apicid;
	spin_unlock_irqrestore(&io_apic_lock, flags);
	return 0;
}

/**
 * io_apic_route_isa_irq() - deliver an ISA IRQ to a vector on one CPU
 * @irq: the ISA IRQ, 0-15
 * @vector: the vector, with its handler already requested
 * @apicid: the local APIC ID of the CPU that takes it
 *
 * Returns 0, -EINVAL for a bad IRQ or vector, or -ENODEV when no IO-APIC
 * serves the IRQ's GSI.
 */
int io_apic_route_isa_irq(unsigned int irq, unsigned int vector, u32 apicid)
{
	if (vector < 0x20 || vector > 0xfe || apicid > 0xff)
		return -EINVAL;
	return set_entry(irq, vector, apicid);
}

/**
 * io_apic_mask_isa_irq() - stop delivering an ISA IRQ
 * @irq: the ISA IRQ, 0-15
 *
 * Returns 0, -EINVAL or -ENODEV as io_apic_route_isa_irq().
 */
int io_apic_mask_isa_irq(unsigned int irq)
{
	return set_entry(irq, IOAPIC_MASKED, 0);
}

/**
 * ioapic_resume() - write the ISA routes again after suspend to RAM
 *
 * The wake resets every redirection entry to masked; each ISA IRQ that
 * was routed (or masked) through this file gets its entry back.
 */
void ioapic_resume(void)
{
	unsigned int irq;

	for (irq = 0; irq < NR_ISA_IRQS; irq++) {
		u32 low = isa_routes[irq].low & ~(IOAPIC_POLARITY_LOW |
						   IOAPIC_TRIGGER_LEVEL);

		if (low)
			set_entry(irq, low, isa_routes[irq].apicid);
	}
}
