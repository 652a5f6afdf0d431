/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sanitised firmware memory map of this boot (arch/x86/kernel/e820.c).
 * The pure table type and the sanitiser are in <asm/e820/types.h>; this
 * header is the running kernel's view: one global table and the questions
 * the page tables, ioremap and PAT ask about it.
 */
#ifndef _CACHET_LINUX_E820_H
#define _CACHET_LINUX_E820_H

#include <linux/types.h>
#include <asm/e820/types.h>

/* sorted, disjoint, no RAM above MAXPHYADDR; written once at boot */
extern struct e820_table e820_table;

void e820__memory_setup(void);
bool e820__mapped_all(u64 start, u64 end, u32 type);
bool e820__mapped_any(u64 start, u64 end, u32 type);
bool e820__is_ram(u64 start, u64 end);
bool e820__any_ram(u64 start, u64 end);
u64 e820__end_of_ram(void);
/* the map in the iomem resource tree (e820_resources.c) */
void e820__reserve_resources(void);
const char *e820_type_to_string(u32 type);
void e820__reserve_resources_late(void);

#endif /* _CACHET_LINUX_E820_H */
