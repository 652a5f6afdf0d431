/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The firmware memory map (e820 types, as in Linux) and the pure functions
 * that clean it up and answer questions about it.
 */
#ifndef _ASM_X86_E820_TYPES_H
#define _ASM_X86_E820_TYPES_H

#include <linux/types.h>
#include <linux/compiler.h>

#define E820_TYPE_RAM		1
#define E820_TYPE_RESERVED	2
#define E820_TYPE_ACPI		3
#define E820_TYPE_NVS		4
#define E820_TYPE_UNUSABLE	5
#define E820_TYPE_PMEM		7
#define E820_TYPE_PRAM		12
#define E820_TYPE_SOFT_RESERVED	0xefffffff

#define E820_MAX_ENTRIES	128

struct e820_entry {
	u64 addr;
	u64 size;
	u32 type;
} __packed;

struct e820_table {
	u32 nr_entries;
	struct e820_entry entries[E820_MAX_ENTRIES];
};

/* what e820__sanitize() changed, so the caller can log it */
struct e820_sanitize_stats {
	unsigned int dropped_empty;	/* zero-size entries */
	unsigned int clipped_wrap;	/* entries ending past 2^64 */
	unsigned int overlaps;		/* places two types claimed one byte */
	unsigned int merged;		/* entries fewer in the output */
	u64 clipped_ram_bytes;		/* RAM removed above MAXPHYADDR */
	u64 first_overlap;		/* lowest overlapped address */
};

/**
 * e820__sanitize() - make a firmware map sorted, disjoint and minimal
 * @t: the map, rewritten in place
 * @max_phys_addr: end (exclusive) of what the CPU can address; RAM beyond
 *	it is removed (other types are kept: they describe, not promise)
 * @stats: optional, receives what was changed
 *
 * Where entries overlap, the stricter type wins for the overlapped bytes:
 * RAM < ACPI data < ACPI NVS < persistent < unusable < reserved, unknown
 * types counting as reserved.  Returns 0, or -E2BIG if the result would
 * need more than E820_MAX_ENTRIES entries (the map is then unchanged).
 */
int e820__sanitize(struct e820_table *t, u64 max_phys_addr,
		   struct e820_sanitize_stats *stats);
/* every byte of [start, end) has @type */
bool e820__table_mapped_all(const struct e820_table *t, u64 start, u64 end,
			    u32 type);
/* some byte of [start, end) has @type */
bool e820__table_mapped_any(const struct e820_table *t, u64 start, u64 end,
			    u32 type);
/* Linux's name for a type ("usable", "reserved", ...) or NULL if unknown */
const char *e820_type_name(u32 type);

#endif /* _ASM_X86_E820_TYPES_H */
