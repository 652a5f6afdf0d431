// SPDX-License-Identifier: GPL-2.0
/*
 * The memtype tree's owner table: who holds each reservation.
 *
 * An entry's meta packs its mode (3 bits) and an index into this table, in
 * which every distinct (caller, driver) pair is stored once; index 0 is the
 * anonymous owner {0, NULL}, also used once the table is full.  An entry
 * therefore costs 20 bytes in its leaf, and duplicates stay separate
 * entries that each name their holder.  The table is its own file because
 * it is its own structure: chunks, a hash and a one-entry cache, with
 * nothing to do with the B+tree's nodes.
 */
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/compiler.h>

#include "memtype_tree_internal.h"

struct memtype_tree_owner_rec {
	unsigned long caller;
	const char *driver;
	u32 hash_next;			/* index of next in bucket, 0 ends */
};

/*
 * Owner i (from 1) is record i - 1 of the table, whose chunk k holds
 * 8 << k records for k < 5 (248 records in all), then 128 each.
 */
#define MT_OWNER_SMALL		248
#define MT_OWNER_BIG_CHUNK	128
#define MT_MAX_OWNERS	(MT_OWNER_SMALL + MT_OWNER_BIG_CHUNK * \
			 (MEMTYPE_TREE_OWNER_CHUNKS - 5))

static unsigned int mt_owner_chunk(u32 i, u32 *off)
{
	unsigned int k = 0;

	if (i >= MT_OWNER_SMALL) {
		*off = (i - MT_OWNER_SMALL) % MT_OWNER_BIG_CHUNK;
		return 5 + (i - MT_OWNER_SMALL) / MT_OWNER_BIG_CHUNK;
	}
	while (i >= (8u << (k + 1)) - 8)
		k++;
	*off = i - ((8u << k) - 8);
	return k;
}

static size_t mt_owner_chunk_bytes(unsigned int k)
{
	u32 n = k < 5 ? 8u << k : MT_OWNER_BIG_CHUNK;

	return n * sizeof(struct memtype_tree_owner_rec);
}

static struct memtype_tree_owner_rec *mt_owner_rec(const struct memtype_tree *tree,
						   u32 idx)
{
	u32 off;
	unsigned int k = mt_owner_chunk(idx - 1, &off);

	return &tree->owner_chunk[k][off];
}

/**
 * mt_owner_get() - the owner with index @idx
 * @tree: the tree
 * @idx: an index from mt_owner_intern(), as kept in an entry's meta
 * @owner: gets the owner; {0, NULL} for index 0 or one out of range
 */
void mt_owner_get(const struct memtype_tree *tree, u32 idx,
		  struct memtype_owner *owner)
{
	const struct memtype_tree_owner_rec *rec;

	if (!idx || idx > tree->nr_owners) {
		owner->caller = 0;
		owner->driver = NULL;
		return;
	}
	rec = mt_owner_rec(tree, idx);
	owner->caller = rec->caller;
	owner->driver = rec->driver;
}

static unsigned int mt_owner_hash(unsigned long caller, const char *driver)
{
	u64 x = (u64)caller ^ ((u64)(unsigned long)driver << 1);

	x *= 0x9e3779b97f4a7c15ULL;
	return (unsigned int)(x >> 58) % MEMTYPE_TREE_OWNER_HASH;
}

/**
 * mt_owner_intern() - find or add @owner in the owner table
 * @tree: the tree
 * @owner: the owner, or NULL
 * @idx: gets its index; 0 (anonymous) for NULL, {0, NULL} or a full table
 *
 * A full table yields the anonymous owner rather than failing the
 * reservation.
 * Return: 0, or -ENOMEM if a new chunk could not be allocated.
 */
int mt_owner_intern(struct memtype_tree *tree,
		    const struct memtype_owner *owner, u32 *idx)
{
	struct memtype_tree_owner_rec *rec;
	unsigned int h, k;
	u32 i, n, off;

	*idx = 0;
	if (!owner || (!owner->caller && !owner->driver))
		return 0;
	rec = tree->last_rec;
	if (rec && rec->caller == owner->caller && rec->driver == owner->driver) {
		*idx = tree->last_owner;
		return 0;
	}
	h = mt_owner_hash(owner->caller, owner->driver);
	for (i = tree->owner_hash[h]; i; i = rec->hash_next) {
		rec = mt_owner_rec(tree, i);
		if (rec->caller == owner->caller && rec->driver == owner->driver) {
			tree->last_owner = i;
			tree->last_rec = rec;
			*idx = i;
			return 0;
		}
	}
	n = tree->nr_owners;
	if (n >= MT_MAX_OWNERS)
		return 0;
	k = mt_owner_chunk(n, &off);
	if (!off) {
		void *chunk = mt_alloc(tree, mt_owner_chunk_bytes(k));

		if (!chunk)
			return -ENOMEM;
		tree->owner_chunk[k] = chunk;
	}
	i = ++tree->nr_owners;
	rec = mt_owner_rec(tree, i);
	rec->caller = owner->caller;
	rec->driver = owner->driver;
	rec->hash_next = tree->owner_hash[h];
	tree->owner_hash[h] = (u16)i;
	tree->last_owner = i;
	tree->last_rec = rec;
	*idx = i;
	return 0;
}

/**
 * mt_owner_destroy() - free every chunk of the owner table
 * @tree: the tree; memtype_tree_destroy() resets the table afterwards
 */
void mt_owner_destroy(struct memtype_tree *tree)
{
	unsigned int i;

	for (i = 0; i < MEMTYPE_TREE_OWNER_CHUNKS; i++)
		if (tree->owner_chunk[i])
			mt_free(tree, tree->owner_chunk[i],
				mt_owner_chunk_bytes(i));
}
