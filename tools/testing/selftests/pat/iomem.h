/* SPDX-License-Identifier: GPL-2.0 */
/*
 * iomem.h - what the in-guest PAT selftests read back from the kernel:
 * /proc/iomem (RAM ranges, who claimed what) and
 * /sys/kernel/debug/x86/pat_memtype_list (the reservations).  Shared by
 * every program of tools/testing/selftests/pat/ so each asks the kernel
 * under test rather than assuming the machine's layout.
 */
#ifndef PAT_IOMEM_H
#define PAT_IOMEM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PAT_MEMTYPE_LIST "/sys/kernel/debug/x86/pat_memtype_list"

/*
 * Call @fn for each /proc/iomem line: its range, depth (two spaces a
 * level) and name.  Stops when @fn returns nonzero and returns that, or
 * 0 at the end, -1 when the file cannot be read.
 */
static inline int iomem_walk(int (*fn)(uint64_t start, uint64_t end,
				       int depth, const char *name, void *arg),
			     void *arg)
{
	FILE *f = fopen("/proc/iomem", "r");
	char line[256];
	int ret = 0;

	if (!f)
		return -1;
	while (!ret && fgets(line, sizeof(line), f)) {
		unsigned long long s, e;
		int depth = 0, off = 0;

		while (line[depth] == ' ')
			depth++;
		if (sscanf(line + depth, "%llx-%llx : %n", &s, &e, &off) != 2 ||
		    !off)
			continue;
		line[strcspn(line, "\n")] = '\0';
		ret = fn(s, e, depth / 2, line + depth + off, arg);
	}
	fclose(f);
	return ret;
}

struct iomem_find {
	uint64_t addr;		/* in: an address */
	const char *name;	/* in: a name, or NULL for any */
	uint64_t start, end;	/* out: the deepest match */
	int found;
};

static inline int iomem_find_fn(uint64_t s, uint64_t e, int depth,
				const char *name, void *arg)
{
	struct iomem_find *q = arg;

	(void)depth;
	if (q->addr >= s && q->addr <= e &&
	    (!q->name || !strcmp(q->name, name))) {
		q->start = s;
		q->end = e;
		q->found = 1;
	}
	return 0;
}

/* does a /proc/iomem line named @name (any, if NULL) hold @addr? */
static inline int iomem_has(uint64_t addr, const char *name)
{
	struct iomem_find q = { .addr = addr, .name = name };

	iomem_walk(iomem_find_fn, &q);
	return q.found;
}

static inline int iomem_ram_end_fn(uint64_t s, uint64_t e, int depth,
				   const char *name, void *arg)
{
	if (!depth && !strcmp(name, "System RAM") && e + 1 > *(uint64_t *)arg)
		*(uint64_t *)arg = e + 1;
	return 0;
}

/* the end (exclusive) of the highest System RAM range: Linux's high_memory */
static inline uint64_t iomem_ram_end(void)
{
	uint64_t end = 0;

	iomem_walk(iomem_ram_end_fn, &end);
	return end;
}

/*
 * The type of the pat_memtype_list entry for exactly [start, end), copied
 * to @type ("write-combining", ...); how many such entries there are, or
 * -1 when the list cannot be read.
 */
static inline int memtype_lookup(uint64_t start, uint64_t end, char *type,
				 size_t size)
{
	FILE *f = fopen(PAT_MEMTYPE_LIST, "r");
	char line[256], t[64];
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, e;

		if (sscanf(line, "PAT: [mem 0x%llx-0x%llx] %63s", &s, &e, t) == 3 &&
		    s == start && e == end) {
			if (type)
				snprintf(type, size, "%s", t);
			n++;
		}
	}
	fclose(f);
	return n;
}

/* how many pat_memtype_list entries overlap [start, end); -1 on error */
static inline int memtype_overlaps(uint64_t start, uint64_t end)
{
	FILE *f = fopen(PAT_MEMTYPE_LIST, "r");
	char line[256];
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, e;

		if (sscanf(line, "PAT: [mem 0x%llx-0x%llx]", &s, &e) == 2 &&
		    s < end && e > start)
			n++;
	}
	fclose(f);
	return n;
}

#endif /* PAT_IOMEM_H */
