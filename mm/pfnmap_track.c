// SPDX-License-Identifier: GPL-2.0
/*
 * The reference count of a raw-frame mapping's reservation
 * (linux/pfnmap_track.h).  A VMA holds one reference from the moment it
 * points at the context (the remap_pfn_range() that made it, or the copy
 * of a VMA that held one) until it is freed.
 *
 * Pure: no locks (the count is atomic: VMAs of different address spaces
 * drop theirs under different locks), no printing, no allocation; host
 * unit tests build this very file.  A get of a context already released,
 * or one that would overflow, is refused (false) and changes nothing: the
 * caller warns, since either is a bug.
 */
#include <linux/compiler.h>
#include <linux/pfnmap_track.h>

#define PFNMAP_REFS_MAX	0x7fffffff

/**
 * pfnmap_track_ctx_init() - a new context, held once (by its first VMA)
 * @ctx: the context
 * @pfn: first frame of the range reserved
 * @size: bytes
 */
void pfnmap_track_ctx_init(struct pfnmap_track_ctx *ctx, unsigned long pfn,
			   unsigned long size)
{
	ctx->pfn = pfn;
	ctx->size = size;
	__atomic_store_n(&ctx->refs, 1, __ATOMIC_RELEASE);
}

/**
 * pfnmap_track_ctx_get() - one more VMA holds @ctx
 * @ctx: a context some VMA still holds
 *
 * Returns true, or false (nothing changed) when @ctx was released or its
 * count is at its limit.
 */
bool pfnmap_track_ctx_get(struct pfnmap_track_ctx *ctx)
{
	int old = __atomic_load_n(&ctx->refs, __ATOMIC_RELAXED);

	do {
		if (old <= 0 || old == PFNMAP_REFS_MAX)
			return false;
	} while (!__atomic_compare_exchange_n(&ctx->refs, &old, old + 1, true,
					      __ATOMIC_RELAXED,
					      __ATOMIC_RELAXED));
	return true;
}

/**
 * pfnmap_track_ctx_put() - a VMA holding @ctx goes
 * @ctx: the context
 *
 * Returns true when that was the last reference: the caller then frees
 * the reservation and @ctx.  A put of a released context returns false
 * and leaves the count at 0.
 */
bool pfnmap_track_ctx_put(struct pfnmap_track_ctx *ctx)
{
	int old = __atomic_load_n(&ctx->refs, __ATOMIC_RELAXED);

	do {
		if (old <= 0)
			return false;
	} while (!__atomic_compare_exchange_n(&ctx->refs, &old, old - 1, true,
					      __ATOMIC_ACQ_REL,
					      __ATOMIC_RELAXED));
	return old == 1;
}

/* the references held now */
int pfnmap_track_ctx_refs(const struct pfnmap_track_ctx *ctx)
{
	return __atomic_load_n(&ctx->refs, __ATOMIC_ACQUIRE);
}
