/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal to arch/x86/mm/pat/ (and ioremap): the memtype glue shared by
 * memtype.c (the tree and the public API), memtype_ram.c (RAM), the debug
 * files (and memtype_mappings.c, their PAT-off list), the verifier and
 * ioremap.
 *
 * Lock order: the page-table transaction (asm/pgtable_txn.h), then
 * memtype_lock, then the allocators'.  memtype_lock guards the tree and
 * the RAM pages' reservation fields.
 */
#ifndef _X86_MM_PAT_MEMTYPE_H
#define _X86_MM_PAT_MEMTYPE_H

#include <linux/spinlock.h>
#include <linux/types.h>
#include <asm/page_types.h>
#include "memtype_tree.h"

extern spinlock_t memtype_lock;

/* what a physical range is, asked of e820 once per request */
enum memtype_kind {
	MEMTYPE_INVALID,	/* empty, wrapping or beyond MAXPHYADDR */
	MEMTYPE_UNTRACKED,	/* inside the legacy ISA range: always WB */
	MEMTYPE_RAM,		/* all RAM: per page, memtype_ram.c */
	MEMTYPE_MIXED,		/* RAM and non-RAM, or ISA and not: refused */
	MEMTYPE_IO,		/* no RAM: the tree */
};

enum memtype_kind memtype_classify(u64 start, u64 end);

struct memtype_conflict_info {
	enum page_cache_mode want;	/* what the request had to agree with */
	enum page_cache_mode found;	/* what the holder has */
	u64 start, end;			/* the holder's range, or the RAM page */
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

/* the tree: non-RAM ranges (MEMTYPE_IO) */
int memtype_reserve_io(u64 start, u64 end, enum page_cache_mode req,
		       enum page_cache_mode *new_type, unsigned long caller,
		       struct memtype_tree_entry *adopted, bool owned);
int memtype_free_io(u64 start, u64 end);
int memtype_free_io_owner(u64 start, u64 end,
			  const struct memtype_owner *owner);

/* RAM: spans of the direct map, reserved or released, remapped to match */
struct memtype_ram_req {
	const unsigned long *vaddr;	/* first address of each span */
	unsigned int nr;		/* spans */
	unsigned long pages;		/* pages per span */
	enum page_cache_mode pcm;	/* the mode reserved */
	bool release;
};

int memtype_ram_change(const struct memtype_ram_req *r,
		       struct memtype_conflict_info *ci);
enum page_cache_mode memtype_ram_lookup(u64 paddr);
void memtype_ram_log_seed(void);
#ifdef CONFIG_KTEST
/* test only: called between the reservation change and the remap */
extern void (*memtype_ram_test_window)(void);
#endif

/* the reservation of one page; memtype_lock held, nothing logged */
enum page_cache_mode memtype_lookup_locked(u64 paddr,
					   enum memtype_kind kind);

void memtype_report_conflict(u64 start, u64 end,
			     const struct memtype_conflict_info *ci);
void memtype_report_invalid_free(u64 start, u64 end);

void memtype_init(void);
int pat_bench_cmd(int argc, char **argv);
void memtype_debugfs_init(void);
/* x86/pat_user_ptes (user_ptes.c) */
void pat_user_ptes_debugfs_init(void);
/* memtype_reserve_owner() flags */
#define MEMTYPE_STRICT	0x1	/* the exact mode, adopt nothing */
#define MEMTYPE_OWNED	0x2	/* freed only by memtype_free_owner() */

int memtype_reserve_owner(u64 start, u64 end, enum page_cache_mode req,
			  unsigned int flags, enum page_cache_mode *granted,
			  unsigned long caller);
int memtype_reserve_kind(u64 start, u64 end, enum memtype_kind kind,
			 enum page_cache_mode req, unsigned int flags,
			 enum page_cache_mode *granted, unsigned long caller,
			 struct memtype_tree_entry *adopted);
int memtype_free_owner(u64 start, u64 end, unsigned long caller);

/* the whole pages [start, end) touches: the unit a type belongs to */
static inline void memtype_page_range(u64 *start, u64 *end)
{
	*start &= ~(u64)(PAGE_SIZE - 1);
	*end = (*end + PAGE_SIZE - 1) & ~(u64)(PAGE_SIZE - 1);
}
/* the first tree entry overlapping [start, end): 0, or -ENOENT */
int memtype_find_holder(u64 start, u64 end, struct memtype_tree_entry *out);
/* the owner recorded for user mappings' reservations (pfnmap.c) */
unsigned long pfnmap_owner_caller(void);
unsigned long memtype_snapshot(struct memtype_tree_entry *buf,
			       unsigned long max, unsigned long *total);

struct pfnmap_track_ctx;

/* a live mapping of non-RAM memory: pat_memtype_owners with PAT off */
struct memtype_mapping {
	u64 start, end;			/* physical, end exclusive */
	enum page_cache_mode mode;	/* what its entries select */
	struct memtype_owner owner;	/* for a user mapping, pfnmap's */
	const struct pfnmap_track_ctx *user;	/* NULL: a kernel mapping */
	unsigned long seq;		/* the order it was taken in */
};

struct memtype_mappings {
	struct memtype_mapping *m;
	unsigned long n;
	struct pfnmap_track_ctx *ctx;	/* what m[].user points into */
	unsigned long nr_ctx;
};

/* memtype_mappings.c */
void *memtype_copy_growing(size_t size, unsigned long cap,
			   unsigned long extra,
			   unsigned long (*copy)(void *buf, unsigned long max,
						 void *arg),
			   void *arg, unsigned long *n);
int memtype_mappings_take(struct memtype_mappings *s);
void memtype_mappings_free(struct memtype_mappings *s);

#endif
