// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/meminfo and /proc/vmallocinfo.  The meminfo lines keep Linux's
 * names and "%-16s%8lu kB" layout so that scripts written for Linux (and
 * the boot matrix, which reads DirectMap*) parse them unchanged.  Only
 * the lines this kernel can fill honestly are shown.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vfile.h>
#include <linux/vmalloc.h>
#include <asm/pgtable.h>

static void meminfo_line(struct seq_file *m, const char *name,
			 unsigned long kb)
{
	char label[24];

	snprintf(label, sizeof(label), "%s:", name);
	seq_printf(m, "%-16s%8lu kB\n", label, kb);
}

#define PAGES_KB(n)	((n) << (PAGE_SHIFT - 10))

static int meminfo_show(struct seq_file *m, void *private)
{
	unsigned long free = nr_free_pages();

	meminfo_line(m, "MemTotal", PAGES_KB(totalram_pages()));
	meminfo_line(m, "MemFree", PAGES_KB(free));
	/* nothing is reclaimable (no page cache), so available == free */
	meminfo_line(m, "MemAvailable", PAGES_KB(free));
	meminfo_line(m, "Slab", PAGES_KB(slab_pages()));
	/* VMALLOC_END is the last byte; Linux subtracts it all the same */
	meminfo_line(m, "VmallocTotal", (VMALLOC_END - VMALLOC_START) >> 10);
	meminfo_line(m, "VmallocUsed", PAGES_KB(vmalloc_nr_pages()));
	meminfo_line(m, "DirectMap4k", direct_pages_count[PG_LEVEL_4K] << 2);
	meminfo_line(m, "DirectMap2M", direct_pages_count[PG_LEVEL_2M] << 11);
	meminfo_line(m, "DirectMap1G", direct_pages_count[PG_LEVEL_1G] << 20);
	return 0;
}

/**
 * mm_proc_init() - add /proc/meminfo and /proc/vmallocinfo
 *
 * After vfile_init().
 */
void mm_proc_init(void)
{
	proc_create_single("meminfo", meminfo_show, NULL);
	proc_create_single("vmallocinfo", vmallocinfo_show, NULL);
}
