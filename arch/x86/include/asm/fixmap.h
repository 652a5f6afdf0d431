/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed virtual slots just below FIXADDR_TOP for early, temporary mappings
 * (early_memremap()).  Their page table is created by paging_init().
 */
#ifndef _ASM_X86_FIXMAP_H
#define _ASM_X86_FIXMAP_H

#include <asm/page_types.h>

#define FIX_BTMAP_SLOTS		64
#define FIXADDR_SIZE		(FIX_BTMAP_SLOTS * PAGE_SIZE)
#define FIXADDR_START		(FIXADDR_TOP - FIXADDR_SIZE)
#define fix_to_virt(i)		(FIXADDR_START + (unsigned long)(i) * PAGE_SIZE)

#endif
