/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_CACHEFLUSH_H
#define _ASM_X86_CACHEFLUSH_H

struct cacheflush_stats {
	unsigned long lines;	/* CLFLUSH/CLFLUSHOPT executed */
	unsigned long wbinvd;	/* whole-cache write-back-and-invalidate */
};

extern struct cacheflush_stats cacheflush_stats;

/* write back and drop the lines of [addr, addr+size) from every cache */
void clflush_cache_range(void *addr, unsigned int size);
void wbinvd_flush_all(void);

#endif
