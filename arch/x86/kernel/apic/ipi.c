// SPDX-License-Identifier: GPL-2.0
/*
 * The local APIC as an interrupt unit: switch it on for this CPU, send
 * inter-processor interrupts (fixed vectors, INIT, STARTUP) and end an
 * interrupt.  xAPIC only: QEMU's TCG offers no x2APIC.  Registers: Intel
 * SDM Vol. 3A, Table 11-1; the ICR: 11.6.1.
 *
 * Every CPU reaches its own local APIC at the same physical address, so
 * the one UC- mapping made by apic_init() serves them all.
 */
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/time.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/special_insns.h>
#include <asm/traps.h>

#define APIC_ID			0x20
#define APIC_TASKPRI		0x80
#define APIC_EOI		0xb0
#define APIC_SPIV		0xf0
#define  APIC_SPIV_ENABLE	(1 << 8)
#define APIC_ESR		0x280
#define APIC_ICR		0x300
#define  APIC_ICR_BUSY		(1 << 12)
#define  APIC_DM_FIXED		(0 << 8)
#define  APIC_DM_NMI		(4 << 8)
#define  APIC_DM_INIT		(5 << 8)
#define  APIC_DM_STARTUP	(6 << 8)
#define  APIC_INT_ASSERT	(1 << 14)
#define  APIC_INT_LEVELTRIG	(1 << 15)
#define APIC_ICR2		0x310
#define APIC_LVTT		0x320
#define APIC_LVT0		0x350
#define APIC_LVTERR		0x370
#define  APIC_LVT_MASKED	(1 << 16)

#define PIC_MASTER_IMR		0x21
#define PIC_SLAVE_IMR		0xa1

static inline u32 apic_read(u32 reg)
{
	return readl(apic.lapic + reg);
}

static inline void apic_write(u32 reg, u32 v)
{
	writel(v, apic.lapic + reg);
}

bool apic_usable(void)
{
	return apic.lapic != NULL;
}

u32 apic_read_id(void)
{
	return apic_read(APIC_ID) >> 24;
}

/**
 * lapic_setup_cpu() - switch this CPU's local APIC on for IPIs
 *
 * Software-enable it with the spurious vector, accept every priority,
 * and mask the timer, LINT0 (the 8259's ExtINT path: cachet takes no
 * legacy interrupts) and the error interrupt.  LINT1 stays the NMI line.
 */
void lapic_setup_cpu(void)
{
	if (!apic_usable())
		return;
	apic_write(APIC_LVTT, APIC_LVT_MASKED);
	apic_write(APIC_LVT0, APIC_LVT_MASKED);
	apic_write(APIC_LVTERR, APIC_LVT_MASKED);
	apic_write(APIC_TASKPRI, 0);
	apic_write(APIC_SPIV, APIC_SPIV_ENABLE | SPURIOUS_APIC_VECTOR);
	/* the ESR latches on write: clear what firmware left */
	apic_write(APIC_ESR, 0);
	apic_write(APIC_ESR, 0);
}

/* the 8259s would otherwise deliver the PIT on vector 8, the #DF vector */
void legacy_pic_mask_all(void)
{
	outb(0xff, PIC_MASTER_IMR);
	outb(0xff, PIC_SLAVE_IMR);
}

static bool apic_wait_icr_idle(void)
{
	unsigned int i;

	for (i = 0; i < 1000000; i++) {
		if (!(apic_read(APIC_ICR) & APIC_ICR_BUSY))
			return true;
		cpu_relax();
	}
	return false;
}

/* One ICR write; the caller keeps interrupts off across ICR2 and ICR. */
static int apic_icr_write(u32 apicid, u32 low)
{
	if (!apic_wait_icr_idle())
		return -EBUSY;
	apic_write(APIC_ICR2, apicid << 24);
	apic_write(APIC_ICR, low);
	return 0;
}

/**
 * apic_send_ipi() - send @vector to the CPU with APIC ID @apicid
 *
 * Returns 0, or -EBUSY if the previous IPI never left this APIC.
 */
int apic_send_ipi(u32 apicid, unsigned int vector)
{
	unsigned long flags;
	int err;

	local_irq_save(flags);
	err = apic_icr_write(apicid, APIC_DM_FIXED | APIC_INT_ASSERT | vector);
	local_irq_restore(flags);
	return err;
}

/**
 * apic_send_nmi() - send an NMI to the CPU with APIC ID @apicid
 *
 * An NMI gets through where a vector cannot: to a CPU that runs with
 * interrupts off.  Returns 0, or -EBUSY as apic_send_ipi().
 */
int apic_send_nmi(u32 apicid)
{
	unsigned long flags;
	int err;

	local_irq_save(flags);
	err = apic_icr_write(apicid, APIC_DM_NMI | APIC_INT_ASSERT);
	local_irq_restore(flags);
	return err;
}

/**
 * apic_send_init() - reset a CPU into wait-for-STARTUP
 * @apicid: the target
 *
 * After INIT a CPU does nothing until a STARTUP names a page to run; this
 * is also how a CPU that missed its bring-up is parked for good.
 */
int apic_send_init(u32 apicid)
{
	unsigned long flags;
	int err;

	local_irq_save(flags);
	err = apic_icr_write(apicid, APIC_DM_INIT | APIC_INT_ASSERT |
				     APIC_INT_LEVELTRIG);
	local_irq_restore(flags);
	if (!err && !apic_wait_icr_idle())
		err = -EBUSY;
	return err;
}

/**
 * apic_send_init_sipi() - wake a CPU: INIT, then two STARTUPs
 * @apicid: the target
 * @start_page: physical page number (below 0x100) of the real-mode entry
 * @init_udelay: microseconds between INIT and the first STARTUP
 *
 * The SDM's MP initialisation protocol (Vol. 3A, 9.4.4.1): INIT, a wait
 * (10 ms in the MP specification, none on modern CPUs, see
 * smp_init_udelay()), then STARTUP twice; a CPU that took the first
 * ignores the second.  The STARTUPs are 200 us apart, or 10 us when the
 * INIT wait is skipped, as Linux does.
 */
int apic_send_init_sipi(u32 apicid, unsigned int start_page,
			unsigned int init_udelay)
{
	unsigned long flags;
	int err, i;

	err = apic_send_init(apicid);
	if (err)
		return err;
	udelay(init_udelay);
	for (i = 0; i < 2 && !err; i++) {
		local_irq_save(flags);
		err = apic_icr_write(apicid, APIC_DM_STARTUP | start_page);
		local_irq_restore(flags);
		udelay(init_udelay ? 200 : 10);
	}
	if (!err && !apic_wait_icr_idle())
		err = -EBUSY;
	return err;
}

/* end of interrupt for everything the local APIC delivered */
void irq_eoi_hook(unsigned int vector)
{
	if (vector != SPURIOUS_APIC_VECTOR && apic_usable())
		apic_write(APIC_EOI, 0);
}
