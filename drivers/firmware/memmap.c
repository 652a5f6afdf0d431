// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/firmware/memmap/N/{start,end,type}: the firmware memory map, one
 * directory per e820 entry in table order, as Linux 6.1 shows it for
 * kexec-tools and admins.  Linux takes e820_table_firmware, the map before
 * the kernel's own changes; cachet's e820_table is exactly that (it is
 * written once, sanitised, and never changed after).  start and end are
 * "0x%llx\n", end the last byte (inclusive); type is Linux's name.
 */
#include <linux/e820.h>
#include <linux/firmware-map.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/vfile.h>

enum memmap_attr { MEMMAP_START, MEMMAP_END, MEMMAP_TYPE };

/* private: the entry index in bits 63:2, the attribute in bits 1:0 */
static const struct e820_entry *memmap_entry(void *private)
{
	return &e820_table.entries[(uintptr_t)private >> 2];
}

static int memmap_show(struct seq_file *m, void *private)
{
	const struct e820_entry *e = memmap_entry(private);

	switch ((uintptr_t)private & 3) {
	case MEMMAP_START:
		seq_printf(m, "0x%llx\n", (unsigned long long)e->addr);
		break;
	case MEMMAP_END:
		seq_printf(m, "0x%llx\n",
			   (unsigned long long)(e->addr + e->size - 1));
		break;
	default:
		seq_printf(m, "%s\n", e820_type_to_string(e->type));
	}
	return 0;
}

/**
 * firmware_memmap_init() - create /sys/firmware/memmap from e820_table
 *
 * Needs e820__memory_setup().
 */
void firmware_memmap_init(void)
{
	static const char *const attrs[] = { "start", "end", "type" };
	char path[48];
	uintptr_t i, a;

	for (i = 0; i < e820_table.nr_entries; i++) {
		for (a = 0; a < ARRAY_SIZE(attrs); a++) {
			snprintf(path, sizeof(path), "firmware/memmap/%u/%s",
				 (unsigned int)i, attrs[a]);
			if (sysfs_create_single(path, memmap_show,
						(void *)(i << 2 | a))) {
				pr_err("firmware_map: cannot create /sys/%s\n",
				       path);
				return;
			}
		}
	}
}
