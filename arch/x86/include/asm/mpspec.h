/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Intel MultiProcessor Specification (v1.4, May 1997) tables, which
 * list the CPUs and IO-APICs of a machine without an ACPI MADT ("-M
 * pc,acpi=off").  Parsing is pure (arch/x86/kernel/mpparse_table.c): it
 * turns a byte buffer into a CPU list, and the same file is built into
 * the host unit tests, which feed it good and malformed tables.  Finding
 * and mapping the tables is arch/x86/kernel/mpparse.c.
 */
#ifndef _ASM_X86_MPSPEC_H
#define _ASM_X86_MPSPEC_H

#include <linux/types.h>
#include <linux/compiler.h>

/* 4.1 MP Floating Pointer Structure: "_MP_", 16 bytes, 16-byte aligned */
struct mpf_intel {
	char signature[4];
	u32 physptr;		/* the configuration table, 0: none */
	u8 length;		/* in 16-byte units: 1 */
	u8 specification;	/* 1: v1.1, 4: v1.4 */
	u8 checksum;		/* all 16 bytes sum to 0 */
	u8 feature1;		/* non-zero: a default configuration */
	u8 feature2;		/* bit 7: IMCR present (PIC mode) */
	u8 feature3[3];
} __packed;

/* 4.2 MP Configuration Table Header: "PCMP", 44 bytes */
struct mpc_table {
	char signature[4];
	u16 length;		/* base table, header included */
	u8 spec;		/* 1 or 4 */
	u8 checksum;		/* base table bytes sum to 0 */
	char oem[8];
	char productid[12];
	u32 oemptr;
	u16 oemsize;
	u16 oemcount;		/* entries in the base table */
	u32 lapic;		/* local APIC address */
	u16 ext_length;
	u8 ext_checksum;
	u8 reserved;
} __packed;

/* 4.3 base table entries: the type byte first */
enum mpc_entry_type {
	MP_PROCESSOR = 0,	/* 20 bytes */
	MP_BUS = 1,		/* 8 bytes, as are the rest */
	MP_IOAPIC = 2,
	MP_INTSRC = 3,
	MP_LINTSRC = 4,
};

/* 4.3.1 Processor Entries */
struct mpc_cpu {
	u8 type;
	u8 apicid;
	u8 apicver;
	u8 cpuflag;
	u32 cpufeature;
	u32 featureflag;
	u32 reserved[2];
} __packed;

#define CPU_ENABLED		1
#define CPU_BOOTPROCESSOR	2

/* 4.3.3 I/O APIC Entries */
struct mpc_ioapic {
	u8 type;
	u8 apicid;
	u8 apicver;
	u8 flags;
	u32 apicaddr;
} __packed;

#define MPC_APIC_USABLE		1

#define MPC_MAX_CPUS		256	/* 8-bit APIC IDs */
#define MPC_MAX_IOAPICS		8

/* the MP specification's search areas, 4 */
#define MPF_EBDA_SCAN		0x400	/* first KiB of the EBDA */
#define MPF_BASE_SCAN		0x400	/* last KiB of base memory */
#define MPF_BIOS_START		0xf0000
#define MPF_BIOS_SCAN		0x10000

struct mp_cpu {
	u8 apicid;
	u8 apicver;
	bool enabled;
	bool bsp;
};

struct mp_ioapic {
	u8 apicid;
	u8 apicver;
	u32 addr;
};

/* what a good configuration table says */
struct mp_config {
	char oem[9];
	char productid[13];
	u32 lapic;
	unsigned int nr_cpus;		/* processor entries, enabled or not */
	struct mp_cpu cpus[MPC_MAX_CPUS];
	unsigned int nr_ioapics;	/* usable IO-APIC entries */
	struct mp_ioapic ioapics[MPC_MAX_IOAPICS];
	unsigned int nr_dropped;	/* entries past the limits above */
};

enum mpc_verdict {
	MPC_OK,
	MPC_BAD_SIGNATURE,	/* not "PCMP" */
	MPC_BAD_LENGTH,		/* shorter than its header or than what is read */
	MPC_BAD_CHECKSUM,
	MPC_BAD_VERSION,	/* specification neither 1 nor 4 */
	MPC_NO_LAPIC,		/* local APIC address 0 */
	MPC_BAD_ENTRY,		/* an entry of unknown type */
	MPC_SHORT_ENTRY,	/* an entry runs past the table's end */
	MPC_NO_CPUS,		/* no enabled processor entry */
};

/* where a bad entry is, for the message */
struct mpc_error {
	unsigned int offset;
	u8 type;
};

bool mpf_valid(const void *buf, size_t len);
long mpf_scan(const void *buf, size_t len);
u16 mpc_length(const void *buf, size_t len);
enum mpc_verdict mpc_parse(const void *buf, size_t len, struct mp_config *cfg,
			   struct mpc_error *err);
const char *mpc_verdict_name(enum mpc_verdict v);

/* mpparse.c: find, map and read the tables (not in host builds) */
int mp_config_read(struct mp_config *cfg);

#endif /* _ASM_X86_MPSPEC_H */
