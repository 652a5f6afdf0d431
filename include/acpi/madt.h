/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ACPI MADT (ACPI 6.5, section 5.2.12): layouts, and a walk over its
 * variable-length entries that trusts nothing the firmware wrote.  The
 * walk (drivers/acpi/madt.c) is pure, so the host unit tests feed it the
 * broken tables no virtual machine produces.
 */
#ifndef _ACPI_MADT_H
#define _ACPI_MADT_H

#include <linux/acpi.h>
#include <linux/compiler.h>
#include <linux/types.h>

/* 5.2.12 MADT: the header, then variable-length entries */
struct acpi_table_madt {
	struct acpi_table_header header;
	u32 address;			/* local APIC */
	u32 flags;
} __packed;

struct acpi_subtable_header {
	u8 type;
	u8 length;
} __packed;

#define ACPI_MADT_TYPE_LOCAL_APIC		0
#define ACPI_MADT_TYPE_IO_APIC			1
#define ACPI_MADT_TYPE_INTERRUPT_OVERRIDE	2
#define ACPI_MADT_TYPE_LOCAL_APIC_NMI		4
#define ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE	5

/* 5.2.12.2 */
struct acpi_madt_local_apic {
	struct acpi_subtable_header h;
	u8 processor_id;
	u8 id;
	u32 lapic_flags;		/* bit 0 enabled, bit 1 online capable */
} __packed;

/* 5.2.12.3 */
struct acpi_madt_io_apic {
	struct acpi_subtable_header h;
	u8 id;
	u8 reserved;
	u32 address;
	u32 global_irq_base;
} __packed;

/* 5.2.12.5 */
struct acpi_madt_interrupt_override {
	struct acpi_subtable_header h;
	u8 bus;
	u8 source_irq;
	u32 global_irq;
	u16 inti_flags;
} __packed;

/* 5.2.12.8 */
struct acpi_madt_local_apic_override {
	struct acpi_subtable_header h;
	u16 reserved;
	u64 address;
} __packed;

BUILD_BUG_ON(sizeof(struct acpi_table_madt) != 44);
BUILD_BUG_ON(sizeof(struct acpi_madt_local_apic) != 8);
BUILD_BUG_ON(sizeof(struct acpi_madt_io_apic) != 12);
BUILD_BUG_ON(sizeof(struct acpi_madt_interrupt_override) != 10);
BUILD_BUG_ON(sizeof(struct acpi_madt_local_apic_override) != 12);

enum madt_verdict {
	MADT_ENTRY_OK,		/* complete for its type: parse it */
	MADT_ENTRY_SHORT,	/* shorter than its type needs: skip it */
	MADT_ENTRY_MALFORMED,	/* its length cannot be followed: stop */
};

/* where a walk over one MADT is; fill with madt_walk_start() */
struct madt_walk {
	const u8 *table;
	u32 len;		/* the table's length, header included */
	u32 off;		/* of the next entry */
	unsigned int index;	/* of the next entry, from 0 */
};

/* one step of a walk */
struct madt_entry {
	const struct acpi_subtable_header *h;	/* read only if not MALFORMED */
	enum madt_verdict verdict;
	u32 off;		/* from the start of the table */
	unsigned int index;	/* from 0, in table order */
	u8 length;		/* 0 when the length byte is past the end */
};

void madt_walk_start(struct madt_walk *w, const struct acpi_table_madt *madt,
		     u32 len);
bool madt_walk_next(struct madt_walk *w, struct madt_entry *e);
u8 madt_entry_min_len(u8 type);

#endif /* _ACPI_MADT_H */
