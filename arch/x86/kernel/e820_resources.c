// SPDX-License-Identifier: GPL-2.0
/*
 * The firmware memory map in the iomem resource tree, as Linux 6.1 puts
 * it there (e820__reserve_resources() and its late half).
 *
 * What a driver could never own is registered busy at once: RAM (with
 * the kernel image's parts below it), ACPI and NVS ranges, anything in
 * the first MiB.  Plain "Reserved" ranges above 1 MiB may overlap PCI
 * windows and host-bridge regions, so they go in after PCI has put those
 * in the tree, not busy, below whatever contains them.  /dev/mem's rules
 * depend on the difference: busy ranges are exclusive to the kernel.
 */
#include <linux/e820.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sizes.h>
#include <asm/page.h>

static struct resource e820_res[E820_MAX_ENTRIES];

extern char _text[], _etext[], _rodata[], _erodata[], _sdata[], _edata[];
extern char __bss_start[], __bss_stop[];

static struct resource kernel_res[] = {
	{ .name = "Kernel code" },
	{ .name = "Kernel rodata" },
	{ .name = "Kernel data" },
	{ .name = "Kernel bss" },
};

/**
 * e820_type_to_string() - the name /proc/iomem and /sys/firmware/memmap
 * give an e820 type
 * @type: E820_TYPE_*
 */
const char *e820_type_to_string(u32 type)
{
	switch (type) {
	case E820_TYPE_RAM:		return "System RAM";
	case E820_TYPE_ACPI:		return "ACPI Tables";
	case E820_TYPE_NVS:		return "ACPI Non-volatile Storage";
	case E820_TYPE_UNUSABLE:	return "Unusable memory";
	case E820_TYPE_PRAM:		return "Persistent Memory (legacy)";
	case E820_TYPE_PMEM:		return "Persistent Memory";
	case E820_TYPE_RESERVED:	return "Reserved";
	case E820_TYPE_SOFT_RESERVED:	return "Soft Reserved";
	default:			return "Unknown E820 type";
	}
}

/* Linux's do_mark_busy(): may no driver ever claim this range? */
static bool e820_busy(const struct e820_entry *e)
{
	if (e->addr < SZ_1M)
		return true;	/* the legacy BIOS, ROM shadow and MMIO area */
	switch (e->type) {
	case E820_TYPE_RESERVED:
	case E820_TYPE_SOFT_RESERVED:
	case E820_TYPE_PRAM:
	case E820_TYPE_PMEM:
		return false;
	default:
		return true;
	}
}

static void kernel_resources_add(struct resource *ram)
{
	const char *bounds[][2] = {
		{ _text, _etext }, { _rodata, _erodata },
		{ _sdata, __bss_start }, { __bss_start, __bss_stop },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kernel_res); i++) {
		struct resource *r = &kernel_res[i];

		r->start = __pa_symbol(bounds[i][0]);
		r->end = __pa_symbol(bounds[i][1]) - 1;
		r->flags = IORESOURCE_SYSTEM_RAM | IORESOURCE_BUSY;
		if (r->end >= r->start && r->start >= ram->start &&
		    r->end <= ram->end)
			request_resource(ram, r);
	}
}

/**
 * e820__reserve_resources() - put the busy part of the e820 map in iomem
 *
 * Needs e820__memory_setup().  Call once, before PCI registers its
 * windows; e820__reserve_resources_late() adds the rest after.
 */
void e820__reserve_resources(void)
{
	u32 i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];
		struct resource *r = &e820_res[i];

		r->name = e820_type_to_string(e->type);
		r->start = e->addr;
		r->end = e->addr + e->size - 1;
		r->flags = e->type == E820_TYPE_RAM ? IORESOURCE_SYSTEM_RAM :
			   IORESOURCE_MEM;
		if (!e820_busy(e))
			continue;
		r->flags |= IORESOURCE_BUSY;
		if (insert_resource(&iomem_resource, r))
			pr_warn("e820: cannot reserve [mem %#010llx-%#010llx]\n",
				(unsigned long long)r->start,
				(unsigned long long)r->end);
		else if (e->type == E820_TYPE_RAM)
			kernel_resources_add(r);
	}
}

/**
 * e820__reserve_resources_late() - put the other e820 ranges in iomem
 *
 * After PCI registered its windows and host-bridge ranges, so that a
 * "Reserved" range nests below one it lies in.  One overlapping a node
 * partially is left out, as Linux does.
 */
void e820__reserve_resources_late(void)
{
	u32 i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		struct resource *r = &e820_res[i];

		if (!r->name || r->flags & IORESOURCE_BUSY)
			continue;
		insert_resource(&iomem_resource, r);
	}
}
