// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target of fs/binfmt_elf_plan.c: any bytes, planned as a file
 * of exactly that size (AddressSanitizer sees any read past it), with and
 * without a random offset.  A refusal must carry a reason; an accepted
 * plan must describe mappings the process core can make as they are:
 * page-aligned, non-empty, ascending, inside [mmap_min_addr, TASK_SIZE),
 * with file bytes inside the file and inside their range.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/binfmt_elf.h>

static struct elf_plan plan;

static void check_plan(size_t size)
{
	u64 prev_end = ELF_MIN_MAP_ADDR;
	unsigned int i;

	if (!plan.nr_loads || plan.nr_loads > ELF_PLAN_MAX_PHNUM)
		abort();
	for (i = 0; i < plan.nr_loads; i++) {
		const struct elf_load_seg *s = &plan.loads[i];

		if ((s->start | s->end | s->offset) & (PAGE_SIZE - 1))
			abort();
		if (s->start < prev_end || s->end <= s->start ||
		    s->end > ELF_TASK_SIZE)
			abort();
		/* file bytes may reach past the end (Linux maps them), but
		 * never wrap */
		if (s->file_bytes > s->end - s->start ||
		    s->offset > ~0ULL - s->file_bytes)
			abort();
		/* exec clears a bss tail and maps the rest: within the range */
		if (s->mem_bytes < s->file_bytes ||
		    s->mem_bytes > s->end - s->start)
			abort();
		if (s->prot & ~7U)
			abort();
		prev_end = s->end;
	}
	if (plan.entry >= ELF_TASK_SIZE || plan.start_brk > ELF_TASK_SIZE ||
	    plan.start_brk < plan.loads[plan.nr_loads - 1].end)
		abort();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const u64 rnds[] = { 0, 0x2a5000 };
	unsigned char *copy = malloc(size ? size : 1);
	unsigned int i;

	memcpy(copy, data, size);
	for (i = 0; i < 2; i++) {
		if (elf_plan_buffer(copy, size, rnds[i], &plan)) {
			if (!plan.reason)
				abort();
		} else {
			check_plan(size);
		}
	}
	free(copy);
	return 0;
}
