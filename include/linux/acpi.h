/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ACPI static tables: just enough to list them, find one by signature,
 * switch the machine off through the FADT's PM1 control blocks and put it
 * to sleep in S3 with a waking vector in the FACS.  Layouts
 * are from the ACPI 6.5 specification, section numbers cited per struct.
 */
#ifndef _CACHET_LINUX_ACPI_H
#define _CACHET_LINUX_ACPI_H

#include <linux/compiler.h>
#include <linux/types.h>

/* 5.2.5.3 Root System Description Pointer */
struct acpi_table_rsdp {
	char signature[8];		/* "RSD PTR " */
	u8 checksum;			/* over the first 20 bytes */
	char oem_id[6];
	u8 revision;			/* 0: ACPI 1.0, 2: ACPI 2.0 and later */
	u32 rsdt_physical_address;
	u32 length;			/* revision 2 and later from here on */
	u64 xsdt_physical_address;
	u8 extended_checksum;		/* over @length bytes */
	u8 reserved[3];
} __packed;

#define ACPI_RSDP_V1_SIZE	20
#define ACPI_RSDP_MAX_LEN	4096	/* sanity bound on @length */

/* 5.2.6 System Description Table Header */
struct acpi_table_header {
	char signature[4];
	u32 length;			/* of the whole table, header included */
	u8 revision;
	u8 checksum;			/* all bytes sum to 0 */
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	char asl_compiler_id[4];
	u32 asl_compiler_revision;
} __packed;

/* 5.2.3.2 Generic Address Structure */
struct acpi_generic_address {
	u8 space_id;			/* 0 memory, 1 system I/O */
	u8 bit_width;
	u8 bit_offset;
	u8 access_width;
	u64 address;
} __packed;

#define ACPI_ADR_SPACE_SYSTEM_MEMORY	0
#define ACPI_ADR_SPACE_SYSTEM_IO	1

/* 5.2.10 Firmware ACPI Control Structure, up to the fields used here */
struct acpi_table_facs {
	char signature[4];		/* "FACS" */
	u32 length;			/* 64 or more; there is no checksum */
	u32 hardware_signature;
	u32 firmware_waking_vector;	/* real mode, CS:IP = v >> 4 : v & 0xf */
	u32 global_lock;
	u32 flags;
	u64 x_firmware_waking_vector;	/* version 1 and later; wins if set */
	u8 version;
	u8 reserved[31];
} __packed;

_Static_assert(sizeof(struct acpi_table_facs) == 64, "FACS size");

/* the highest real-mode address: the waking code must start below it */
#define ACPI_WAKING_VECTOR_LIMIT	0x100000

#define ACPI_TABLE_MAX_LEN	(16UL << 20)	/* sanity bound on @length */

/* pure checks, drivers/acpi/table_checks.c */
u8 acpi_checksum(u8 sum, const void *buf, size_t n);
bool acpi_table_length_ok(u32 length);
size_t acpi_rsdp_size(const struct acpi_table_rsdp *rsdp);
int acpi_rsdp_valid(const void *buf, size_t n);
int acpi_parse_s5(const u8 *p, size_t n, u8 *typa, u8 *typb);
int acpi_waking_vector(phys_addr_t code, size_t size, u32 *vector);

int acpi_table_init(void);
int acpi_find_table(const char *sig, phys_addr_t *phys, u32 *len);
int acpi_power_off(void);
u16 acpi_pm_timer_port(unsigned int *bits);
bool acpi_s3_supported(void);
int acpi_set_waking_vector(u32 vector);
int acpi_enter_s3(void);
/* drivers/acpi/sleep.c */
int acpi_suspend_begin(void);
int acpi_suspend_enter(void);
void acpi_pm_finish(void);

#endif /* _CACHET_LINUX_ACPI_H */
