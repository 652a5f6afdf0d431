/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reservation behind a user mapping of raw frames (Linux 6.16's
 * struct pfnmap_track_ctx): made once by the remap_pfn_range() that
 * covers a whole VMA, then shared by every VMA that mapping becomes
 * (fork, split by munmap or mprotect, mremap), each holding one
 * reference; the last one's going frees the reservation of the original
 * range.  mm/pfnmap.c holds the policy; the counting is pure
 * (mm/pfnmap_track.c), so host tests build it.
 */
#ifndef _CACHET_LINUX_PFNMAP_TRACK_H
#define _CACHET_LINUX_PFNMAP_TRACK_H

#include <linux/list.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>

#define PFNMAP_OWNER_COMM	16	/* TASK_COMM_LEN */
#define PFNMAP_OWNER_FILE	64	/* the tail of a longer path is kept */

struct pfnmap_track_ctx {
	unsigned long pfn;		/* the original range, as reserved */
	unsigned long size;		/* bytes */
	int refs;			/* VMAs holding it; atomic */
	/* the mode its entries select, and who mapped it: pat_memtype_owners */
	enum page_cache_mode pcm;
	int pid;
	char comm[PFNMAP_OWNER_COMM];
	char file[PFNMAP_OWNER_FILE];	/* "" for no file */
	struct list_head node;		/* in mm/pfnmap.c's list of them */
};

void pfnmap_track_ctx_init(struct pfnmap_track_ctx *ctx, unsigned long pfn,
			   unsigned long size);
bool pfnmap_track_ctx_get(struct pfnmap_track_ctx *ctx);
bool pfnmap_track_ctx_put(struct pfnmap_track_ctx *ctx);
int pfnmap_track_ctx_refs(const struct pfnmap_track_ctx *ctx);

/*
 * "comm:pid file" of the @nth (from 0) live mapping reserving exactly
 * [@start, @end), into @buf; 0, or -ENOENT (mm/pfnmap.c)
 */
int pfnmap_owner_describe(u64 start, u64 end, unsigned int nth, char *buf,
			  size_t len);
/* "comm:pid file" of @ctx into @buf */
void pfnmap_owner_format(const struct pfnmap_track_ctx *ctx, char *buf,
			 size_t len);
/*
 * copies of the live contexts, at most @max, in creation order; returns
 * how many are live (more than @max: only the first @max were copied)
 */
unsigned long pfnmap_track_ctx_snapshot(struct pfnmap_track_ctx *buf,
					unsigned long max);
/* live mappings (contexts), for tests */
unsigned long pfnmap_track_ctx_count(void);

#endif /* _CACHET_LINUX_PFNMAP_TRACK_H */
