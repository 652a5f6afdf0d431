/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A naive model of the memtype tree: an array in insertion order, every
 * question answered by a full scan.  Same calls and results as
 * memtype_tree.h, so tests and the fuzzer can compare answer by answer.
 */
#ifndef _PAT_REF_MODEL_H
#define _PAT_REF_MODEL_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include "../../../arch/x86/mm/pat/memtype_tree.h"

struct ref_model {
	struct memtype_tree_entry *e;	/* insertion (or shrink) order */
	size_t nr, cap;
};

void ref_init(struct ref_model *m);
void ref_destroy(struct ref_model *m);
int ref_reserve(struct ref_model *m, u64 start, u64 end,
		enum page_cache_mode req, enum page_cache_mode *new_type,
		const struct memtype_owner *owner,
		struct memtype_tree_conflict *conflict);
int ref_reserve_owned(struct ref_model *m, u64 start, u64 end,
		      enum page_cache_mode req, enum page_cache_mode *new_type,
		      const struct memtype_owner *owner,
		      struct memtype_tree_conflict *conflict);
int ref_free(struct ref_model *m, u64 start, u64 end,
	     struct memtype_tree_entry *freed);
int ref_free_owner(struct ref_model *m, u64 start, u64 end,
		   const struct memtype_owner *owner,
		   struct memtype_tree_entry *freed);
int ref_lookup(const struct ref_model *m, u64 addr);
/* Entries in start order, equal starts in insertion order; returns count. */
size_t ref_snapshot(const struct ref_model *m, struct memtype_tree_entry *buf);

#endif /* _PAT_REF_MODEL_H */
