// SPDX-License-Identifier: GPL-2.0
/*
 * The tick without a local APIC: PIT channel 0 in rate-generator mode at
 * HZ, through the master 8259 on Linux's ISA_IRQ_VECTOR(0) (0x30).  The
 * 8259s are reprogrammed so that IRQs 0-15 land on 0x30-0x3f, away from
 * the exceptions, and only IRQ 0 is unmasked.  8254 and 8259A data
 * sheets; the same PIT whose channel 2 calibrated the TSC (tsc.c).
 */
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/tick.h>
#include <asm/io.h>

#define PIT_TICK_RATE		1193182	/* Hz */
#define PIT_CH0			0x40
#define PIT_MODE		0x43
#define  PIT_CH0_RATEGEN	0x34	/* channel 0, lo/hi byte, mode 2 */

#define PIC_MASTER_CMD		0x20
#define PIC_MASTER_IMR		0x21
#define PIC_SLAVE_CMD		0xa0
#define PIC_SLAVE_IMR		0xa1
#define  PIC_ICW1_INIT		0x11	/* edge, cascade, ICW4 follows */
#define  PIC_ICW4_8086		0x01
#define  PIC_EOI		0x20

#define ISA_IRQ_VECTOR(irq)	(0x30 + (irq))

static void pit_interrupt(unsigned int vector, void *data)
{
	tick_handle();
	outb(PIC_EOI, PIC_MASTER_CMD);
}

static void i8259_init(void)
{
	outb(0xff, PIC_MASTER_IMR);
	outb(0xff, PIC_SLAVE_IMR);
	outb(PIC_ICW1_INIT, PIC_MASTER_CMD);
	outb(ISA_IRQ_VECTOR(0), PIC_MASTER_IMR);
	outb(1 << 2, PIC_MASTER_IMR);		/* slave on IRQ 2 */
	outb(PIC_ICW4_8086, PIC_MASTER_IMR);
	outb(PIC_ICW1_INIT, PIC_SLAVE_CMD);
	outb(ISA_IRQ_VECTOR(8), PIC_SLAVE_IMR);
	outb(2, PIC_SLAVE_IMR);			/* its cascade identity */
	outb(PIC_ICW4_8086, PIC_SLAVE_IMR);
}

/**
 * pit_tick_setup() - tick from the PIT through the 8259
 *
 * The caller checks that ticks really come (a machine may have neither
 * chip).  Returns false if the vector is taken.
 */
bool pit_tick_setup(void)
{
	unsigned int latch = (PIT_TICK_RATE + HZ / 2) / HZ;

	if (request_irq_vector(ISA_IRQ_VECTOR(0), pit_interrupt, NULL))
		return false;
	i8259_init();
	outb(PIT_CH0_RATEGEN, PIT_MODE);
	outb(latch & 0xff, PIT_CH0);
	outb(latch >> 8, PIT_CH0);
	outb(0xfe, PIC_MASTER_IMR);		/* IRQ 0 only */
	return true;
}

/* no tick came: mask the 8259s again, as the kernel keeps them */
void pit_tick_stop(void)
{
	outb(0xff, PIC_MASTER_IMR);
	outb(0xff, PIC_SLAVE_IMR);
	free_irq_vector(ISA_IRQ_VECTOR(0));
}
