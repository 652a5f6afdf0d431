/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memtype reservation tree: which cache mode every reserved physical
 * range [start, end) is mapped with, and who reserved it.
 *
 * Pure: no locks, no printing, no allocator of its own.  The caller passes
 * an allocator (kmalloc/kfree in the kernel, malloc/free in host tools) and
 * serialises every call (one IRQ-safe lock in the kernel).  The rules are
 * Linux's memtype rules; see memtype_tree.c and
 * Documentation/x86/memtype-tree.rst.
 */
#ifndef _ASM_X86_MM_PAT_MEMTYPE_TREE_H
#define _ASM_X86_MM_PAT_MEMTYPE_TREE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/page_cache_mode.h>

/**
 * struct memtype_owner - who holds a reservation
 * @caller: address of the code that reserved (a return address or a
 *          function address), 0 if unknown
 * @driver: static name of the driver or subsystem, or NULL
 *
 * The tree interns owners: each distinct (caller, driver) pair is stored
 * once, and an entry keeps only its index.  @driver must stay valid until
 * memtype_tree_destroy().
 */
struct memtype_owner {
	unsigned long caller;
	const char *driver;
};

/**
 * struct memtype_tree_entry - one reservation, as copied out of the tree
 * @start: first byte
 * @end: first byte after the range (exclusive)
 * @mode: cache mode the range is tracked with
 * @owner: who reserved it
 * @owned: reserved by memtype_tree_reserve_owned(): only
 *         memtype_tree_free_owner() by @owner removes it
 */
struct memtype_tree_entry {
	u64 start;
	u64 end;
	enum page_cache_mode mode;
	struct memtype_owner owner;
	bool owned;
};

/**
 * struct memtype_tree_conflict - what a reservation met in the tree
 * @found: the mode the request had to agree with: the requested mode for a
 *         strict reserve; else the mode of the first overlapping entry (the
 *         mode granted on success), or the requested mode if none overlaps
 * @overlap: false when no entry overlapped the range (then @holder is not
 *           written); always true on -EBUSY
 * @holder: on -EBUSY, the first overlapping entry, in (start, insertion)
 *          order, whose mode differs from @found; on success, the first
 *          overlapping entry in that order, which for a non-strict reserve
 *          is the entry whose mode was adopted
 *
 * memtype_tree_reserve() fills it on success and on -EBUSY only.
 */
struct memtype_tree_conflict {
	enum page_cache_mode found;
	bool overlap;
	struct memtype_tree_entry holder;
};

/**
 * struct memtype_tree_alloc_ops - where the tree gets its memory
 * @alloc: return @size bytes (no need to zero them) or NULL; called with
 *         the caller's lock held, so it must not sleep in the kernel
 * @free: release a block from @alloc; @size is the size it was asked for
 */
struct memtype_tree_alloc_ops {
	void *(*alloc)(size_t size, void *ctx);
	void (*free)(void *p, size_t size, void *ctx);
};

/*
 * The owner table grows in chunks of 8, 16, 32, 64, then 128 records (24
 * bytes each, so no chunk is above 4 KiB), at most this many chunks:
 * 2680 distinct owners.  Later owners are recorded as anonymous.
 */
#define MEMTYPE_TREE_OWNER_CHUNKS	24
#define MEMTYPE_TREE_OWNER_HASH		64

struct memtype_tree_owner_rec;

/**
 * struct memtype_tree - the tree; embed it, initialise with memtype_tree_init()
 *
 * Every field is private to the memtype_tree*.c files.
 */
struct memtype_tree {
	void *root;
	unsigned int height;
	unsigned long count;
	unsigned long bytes;
	const struct memtype_tree_alloc_ops *ops;
	void *ctx;
	u32 nr_owners;
	u32 last_owner;
	struct memtype_tree_owner_rec *last_rec;
	u16 owner_hash[MEMTYPE_TREE_OWNER_HASH];
	struct memtype_tree_owner_rec *owner_chunk[MEMTYPE_TREE_OWNER_CHUNKS];
};

/*
 * A static initialiser, equivalent to memtype_tree_init(): an all-zero tree
 * is empty and owns nothing, so a file-scope tree needs no init call.
 */
#define MEMTYPE_TREE_INIT(_ops, _ctx)	{ .ops = (_ops), .ctx = (_ctx) }

/* memtype_tree_free() returns this when it shrank an entry. */
#define MEMTYPE_TREE_SHRUNK	1

/* memtype_tree_check() results, negated. */
enum memtype_tree_check_err {
	MEMTYPE_TREE_OK = 0,
	MEMTYPE_TREE_BAD_SHAPE,		/* height, fill or depth of a node */
	MEMTYPE_TREE_BAD_LINK,		/* parent or next-leaf pointer */
	MEMTYPE_TREE_BAD_RANGE,		/* an entry with start >= end */
	MEMTYPE_TREE_BAD_ORDER,		/* entries not in start order */
	MEMTYPE_TREE_BAD_KEY,		/* a separator is not its child's min */
	MEMTYPE_TREE_BAD_MAX_END,	/* augmented max end is wrong */
	MEMTYPE_TREE_BAD_COUNT,		/* entry count is wrong */
	MEMTYPE_TREE_BAD_MODE,		/* cache mode out of range */
	MEMTYPE_TREE_BAD_OWNER,		/* owner index out of range */
	MEMTYPE_TREE_BAD_OVERLAP,	/* overlapping entries differ in mode */
	MEMTYPE_TREE_NR_CHECKS
};

void memtype_tree_init(struct memtype_tree *tree,
		       const struct memtype_tree_alloc_ops *ops, void *ctx);
void memtype_tree_destroy(struct memtype_tree *tree);

int memtype_tree_reserve(struct memtype_tree *tree, u64 start, u64 end,
			 enum page_cache_mode req,
			 enum page_cache_mode *new_type,
			 const struct memtype_owner *owner,
			 struct memtype_tree_conflict *conflict);
int memtype_tree_reserve_owned(struct memtype_tree *tree, u64 start, u64 end,
			       enum page_cache_mode req,
			       enum page_cache_mode *new_type,
			       const struct memtype_owner *owner,
			       struct memtype_tree_conflict *conflict);
int memtype_tree_free(struct memtype_tree *tree, u64 start, u64 end,
		      struct memtype_tree_entry *freed);
int memtype_tree_free_owner(struct memtype_tree *tree, u64 start, u64 end,
			    const struct memtype_owner *owner,
			    struct memtype_tree_entry *freed);
int memtype_tree_lookup(const struct memtype_tree *tree, u64 addr);

int memtype_tree_for_each(const struct memtype_tree *tree,
			  int (*fn)(const struct memtype_tree_entry *entry,
				    void *arg),
			  void *arg);
unsigned long memtype_tree_copy(const struct memtype_tree *tree,
				unsigned long skip,
				struct memtype_tree_entry *buf,
				unsigned long max);

unsigned long memtype_tree_count(const struct memtype_tree *tree);
unsigned long memtype_tree_bytes(const struct memtype_tree *tree);
size_t memtype_tree_alloc_class(size_t size);

int memtype_tree_check(const struct memtype_tree *tree);
const char *memtype_tree_check_name(int err);

#endif /* _ASM_X86_MM_PAT_MEMTYPE_TREE_H */
