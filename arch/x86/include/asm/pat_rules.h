/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memory type a CPU really uses: MTRR type x PAT type
 * (arch/x86/mm/pat/effective.c).  Pure, shared by the kernel and host tests.
 */
#ifndef _ASM_X86_PAT_RULES_H
#define _ASM_X86_PAT_RULES_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>

/**
 * pat_effective_type() - what the CPU does for a page
 * @mtrr_type: MTRR_TYPE_* of the address, or MTRR_TYPE_INVALID for none
 * @pat: the PAT type of the mapping
 *
 * Returns UC, WC, WT, WB or WP (never UC-).
 */
enum page_cache_mode pat_effective_type(u8 mtrr_type, enum page_cache_mode pat);
/* an MTRR type as the cache mode of the same name; UC for anything else */
enum page_cache_mode mtrr_type_to_cachemode(u8 mtrr_type);

#endif
