// SPDX-License-Identifier: GPL-2.0
/*
 * The firmware memory map, as this kernel uses it.
 *
 * head64.c copied the PVH memory map into boot_params before anything
 * could overwrite it.  Here it becomes a struct e820_table, goes through
 * the pure sanitiser (arch/x86/kernel/e820_sanitize.c: sorted, disjoint,
 * stricter type wins, RAM above MAXPHYADDR clipped), is printed the way
 * Linux prints it so boot logs can be compared line for line, and its
 * usable ranges are handed to memblock.
 *
 * The table is written only here, before any other CPU runs, and read
 * without a lock afterwards.  It stays the authority on what is RAM: the
 * direct map covers exactly its usable ranges, and ioremap and PAT ask
 * e820__is_ram()/e820__any_ram() to refuse device mappings of RAM.
 */
#include <linux/bug.h>
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/printk.h>
#include <asm/bootparam.h>
#include <asm/processor.h>

struct e820_table e820_table;

/**
 * e820__mapped_all() - is all of [start, end) of one type?
 * @start: first byte
 * @end: end, exclusive
 * @type: E820_TYPE_*
 */
bool e820__mapped_all(u64 start, u64 end, u32 type)
{
	return e820__table_mapped_all(&e820_table, start, end, type);
}

/**
 * e820__mapped_any() - does some byte of [start, end) have @type?
 * @start: first byte
 * @end: end, exclusive
 * @type: E820_TYPE_*
 */
bool e820__mapped_any(u64 start, u64 end, u32 type)
{
	return e820__table_mapped_any(&e820_table, start, end, type);
}

/**
 * e820__is_ram() - is [start, end) entirely usable RAM?
 * @start: first byte
 * @end: end, exclusive
 *
 * An empty range is not RAM, so callers need no special case for it.
 */
bool e820__is_ram(u64 start, u64 end)
{
	return start < end && e820__mapped_all(start, end, E820_TYPE_RAM);
}

/**
 * e820__any_ram() - does [start, end) touch usable RAM at all?
 * @start: first byte
 * @end: end, exclusive
 */
bool e820__any_ram(u64 start, u64 end)
{
	return start < end && e820__mapped_any(start, end, E820_TYPE_RAM);
}

/**
 * e820__end_of_ram() - end (exclusive) of the highest usable RAM range
 */
u64 e820__end_of_ram(void)
{
	u64 end = 0;
	u32 i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->type == E820_TYPE_RAM)
			end = max(end, e->addr + e->size);
	}
	return end;
}

static void e820_print_entry(const struct e820_entry *e)
{
	const char *name = e820_type_name(e->type);
	unsigned long long first = e->addr, last = e->addr + e->size - 1;

	if (name)
		pr_info("BIOS-e820: [mem 0x%016llx-0x%016llx] %s\n",
			first, last, name);
	else
		pr_info("BIOS-e820: [mem 0x%016llx-0x%016llx] type %u\n",
			first, last, e->type);
}

/* one line per kind of repair, so a bogus firmware map is visible */
static void e820_log_repairs(const struct e820_sanitize_stats *st,
			     unsigned int phys_bits)
{
	if (st->dropped_empty)
		pr_warn("e820: dropped %u zero-size entr%s\n",
			st->dropped_empty, st->dropped_empty == 1 ? "y" : "ies");
	if (st->clipped_wrap)
		pr_warn("e820: clipped %u entr%s running past the end of the address space\n",
			st->clipped_wrap, st->clipped_wrap == 1 ? "y" : "ies");
	if (st->overlaps)
		pr_warn("e820: resolved %u overlap%s (lowest at %#llx), stricter type kept\n",
			st->overlaps, st->overlaps == 1 ? "" : "s",
			(unsigned long long)st->first_overlap);
	if (st->clipped_ram_bytes)
		pr_warn("e820: clipped %llu KiB of RAM above MAXPHYADDR (%u bits)\n",
			(unsigned long long)(st->clipped_ram_bytes >> 10),
			phys_bits);
}

/**
 * e820__memory_setup() - sanitise and print the firmware map, feed memblock
 *
 * Call after early_cpu_init(), which finds MAXPHYADDR.  Panics when the
 * map has no usable RAM: nothing after this could run.
 */
void e820__memory_setup(void)
{
	unsigned int phys_bits = boot_cpu_data.x86_phys_bits;
	struct e820_sanitize_stats st;
	u32 i, n = boot_params.nr_memmap;

	/* a CPU that reports nothing still addresses 36 bits (SDM 4.1.4) */
	if (!phys_bits || phys_bits > 52)
		phys_bits = 36;
	if (boot_params.memmap_dropped)
		pr_warn("e820: ignored %u firmware entries beyond the first %u\n",
			boot_params.memmap_dropped, BOOT_MEMMAP_MAX);
	if (n > E820_MAX_ENTRIES) {
		pr_warn("e820: ignored %u firmware entries beyond the first %u\n",
			n - E820_MAX_ENTRIES, E820_MAX_ENTRIES);
		n = E820_MAX_ENTRIES;
	}
	for (i = 0; i < n; i++) {
		e820_table.entries[i].addr = boot_params.memmap[i].addr;
		e820_table.entries[i].size = boot_params.memmap[i].size;
		e820_table.entries[i].type = boot_params.memmap[i].type;
	}
	e820_table.nr_entries = n;

	if (e820__sanitize(&e820_table, 1ULL << phys_bits, &st))
		panic("e820: the sanitised firmware memory map needs more than %u entries",
		      E820_MAX_ENTRIES);

	pr_info("BIOS-provided physical RAM map:\n");
	for (i = 0; i < e820_table.nr_entries; i++)
		e820_print_entry(&e820_table.entries[i]);
	e820_log_repairs(&st, phys_bits);

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->type == E820_TYPE_RAM && memblock_add(e->addr, e->size))
			pr_warn("e820: memblock is full, RAM at %#llx ignored\n",
				(unsigned long long)e->addr);
	}
	if (!e820__end_of_ram())
		panic("e820: no usable RAM in the firmware memory map");
}
