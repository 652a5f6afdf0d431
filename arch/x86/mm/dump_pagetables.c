// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/page_tables/kernel: the kernel's page tables as runs
 * of identical attributes, one line per run, in Linux's layout:
 *
 *   0xffff888000000000-0xffff888000200000           2M     RW                 GLB NX pte
 *
 * range, size, then RW/ro, USR, PWT, PCD, PSE, GLB, NX/x, the PAT bit and
 * the level.  Only present tables are followed, so reading it never faults,
 * and the walk runs inside a page-table transaction, so no table it reaches
 * can be merged away and freed under it (Linux's ptdump had that race).
 */
#include <linux/kernel.h>
#include <linux/vfile.h>
#include <asm/fixmap.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>

struct pt_marker {
	unsigned long start;
	const char *name;
};

static const struct pt_marker pt_markers[] = {
	{ 0, "User Space" },
	{ 0x8000000000000000UL, "Kernel Space" },
	{ __PAGE_OFFSET, "Low Kernel Mapping" },
	{ __PAGE_OFFSET + DIRECT_MAP_SIZE, "Hole" },
	{ VMALLOC_START, "vmalloc() Area" },
	{ VMALLOC_END + 1, "Hole" },
	{ __START_KERNEL_map, "High Kernel Mapping" },
	{ __START_KERNEL_map + KERNEL_IMAGE_SIZE, "Hole" },
	{ FIXADDR_START, "Fixmap Area" },
	{ FIXADDR_TOP, "Hole" },
	{ ~0UL, NULL },
};

#define PT_ATTR_MASK	(_PAGE_RW | _PAGE_USER | _PAGE_PWT | _PAGE_PCD | \
			 _PAGE_PSE | _PAGE_GLOBAL | _PAGE_NX | _PAGE_PRESENT)

struct pt_dump {
	struct seq_file *m;
	unsigned long start;	/* of the current run */
	pteval_t attr;		/* its attributes; 0 means unmapped */
	enum pg_level level;
	unsigned int marker;
	bool started;
};

static pteval_t pt_dump_attr(pteval_t v, enum pg_level level)
{
	pteval_t a;

	if (!pt_entry_present(v))
		return 0;
	a = v & PT_ATTR_MASK;
	/* report the PAT bit in one place whatever the level */
	if (level == PG_LEVEL_4K ? (v & _PAGE_PAT) :
	    (pt_entry_large(v, level) && (v & _PAGE_PAT_LARGE)))
		a |= _PAGE_PAT_LARGE;
	if (level == PG_LEVEL_4K)
		a &= ~_PAGE_PSE;
	return a;
}

static void pt_print_size(struct seq_file *m, unsigned long size)
{
	static const char units[] = "KMGTPE";
	int u = 0;

	size >>= 10;
	while (!(size & 1023) && size && u < 5) {
		size >>= 10;
		u++;
	}
	seq_printf(m, "%9lu%c ", size, units[u]);
}

static void pt_print_run(struct pt_dump *d, unsigned long end)
{
	static const char *const level_name[] = { "", "pte", "pmd", "pud", "pgd" };
	pteval_t a = d->attr;

	seq_printf(d->m, "0x%016lx-0x%016lx ", d->start, end);
	pt_print_size(d->m, end - d->start);
	seq_printf(d->m, "%s %s %s %s %s %s %s %s %s\n",
		   a & _PAGE_RW ? "RW" : "ro", a & _PAGE_USER ? "USR" : "   ",
		   a & _PAGE_PWT ? "PWT" : "   ", a & _PAGE_PCD ? "PCD" : "   ",
		   a & _PAGE_PSE ? "PSE" : "   ", a & _PAGE_GLOBAL ? "GLB" : "   ",
		   a & _PAGE_NX ? "NX" : "x ", a & _PAGE_PAT_LARGE ? "PAT" : "   ",
		   level_name[d->level]);
}

/* a new stretch of address space [va, ...) with attributes attr */
static void pt_note(struct pt_dump *d, unsigned long va, pteval_t attr,
		    enum pg_level level)
{
	bool marker = pt_markers[d->marker + 1].name &&
		      va >= pt_markers[d->marker + 1].start;

	if (d->started && attr == d->attr && level == d->level && !marker)
		return;
	if (d->started && d->attr)
		pt_print_run(d, va);
	while (pt_markers[d->marker + 1].name &&
	       va >= pt_markers[d->marker + 1].start) {
		d->marker++;
		seq_printf(d->m, "---[ %s ]---\n", pt_markers[d->marker].name);
	}
	d->start = va;
	d->attr = attr;
	d->level = level;
	d->started = true;
}

static void pt_walk(struct pt_dump *d, pteval_t *table, enum pg_level level,
		    unsigned long base)
{
	unsigned long size = pt_level_size(level), va;
	unsigned int i;

	for (i = 0; i < PTRS_PER_TABLE; i++) {
		pteval_t v = table[i];

		va = base + i * size;
		if (level == PG_LEVEL_512G && i >= 256)
			va |= 0xffff000000000000UL;	/* sign extension */
		if (!pt_entry_present(v) || level == PG_LEVEL_4K ||
		    pt_entry_large(v, level))
			pt_note(d, va, pt_dump_attr(v, level), level);
		else
			pt_walk(d, __va(v & PTE_PFN_MASK), level - 1, va);
	}
}

static int pt_dump_show(struct seq_file *m, void *priv)
{
	struct pt_dump d = { .m = m };
	struct pt_txn t;

	seq_printf(m, "---[ %s ]---\n", pt_markers[0].name);
	pt_txn_begin(&t);
	pt_walk(&d, init_pgd, PG_LEVEL_512G, 0);
	pt_txn_commit(&t);
	if (d.attr)
		pt_print_run(&d, ~0UL);
	return 0;
}

void ptdump_init(void)
{
	debugfs_create_file("page_tables/kernel", pt_dump_show, NULL);
}
