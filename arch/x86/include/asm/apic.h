/* SPDX-License-Identifier: GPL-2.0 */
/* Local APIC and IO-APICs: where they are, mapped by apic_init(). */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

#include <linux/compiler.h>
#include <linux/types.h>

#define MAX_IO_APICS	8

struct io_apic {
	void __iomem *base;		/* UC- mapping of the register window */
	phys_addr_t phys;
	u32 gsi_base;
	u8 id;
	u8 version;
	u8 nr_pins;
};

struct apic_state {
	void __iomem *lapic;		/* UC- mapping of the local APIC page */
	phys_addr_t lapic_phys;
	unsigned int nr_cpus;		/* enabled LAPIC entries in the MADT */
	unsigned int nr_ioapics;
	struct io_apic ioapics[MAX_IO_APICS];
};

extern struct apic_state apic;

void apic_init(void);

#endif
