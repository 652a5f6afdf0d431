/* SPDX-License-Identifier: GPL-2.0 */
/* Internal to arch/x86/mm/pat/: memtype glue shared with its debug files. */
#ifndef _X86_MM_PAT_MEMTYPE_H
#define _X86_MM_PAT_MEMTYPE_H

#include <linux/types.h>
#include "memtype_tree.h"

struct memtype_conflict_info {
	enum page_cache_mode want;	/* what the request had to agree with */
	enum page_cache_mode found;	/* what the holder has */
	u64 start, end;
	struct memtype_owner owner;
	bool ram;
};

struct memtype_stats {
	unsigned long reserves;		/* successful memtype_reserve() calls */
	unsigned long frees;
	/*
	 * kmalloc objects the tree holds (under memtype_lock): its shape, and
	 * so this count, may differ for the same entries after churn.
	 */
	long tree_nodes;
};

extern struct memtype_stats memtype_stats;

void memtype_init(void);
int pat_bench_cmd(int argc, char **argv);
void memtype_debugfs_init(void);
int memtype_reserve_owner(u64 start, u64 end, enum page_cache_mode req,
			  enum page_cache_mode *new_type, unsigned long caller);
/* the first tree entry overlapping [start, end): 0, or -ENOENT */
int memtype_find_holder(u64 start, u64 end, struct memtype_tree_entry *out);
unsigned long memtype_snapshot(struct memtype_tree_entry *buf,
			       unsigned long max, unsigned long *total);

#endif
