/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pure PAT rules shared by the kernel and host tests: effective type of
 * MTRR x PAT, type names, and the CPU whitelist.
 */
#ifndef _ASM_X86_PAT_RULES_H
#define _ASM_X86_PAT_RULES_H

#include <linux/types.h>
#include <linux/errno.h>
#include <asm/page_cache_mode.h>

/**
 * pat_effective_type() - what the CPU does for a page
 * @mtrr_type: MTRR_TYPE_* of the address, or MTRR_TYPE_INVALID for none
 * @pat: the PAT type of the mapping
 *
 * Returns UC, WC, WT, WB or WP (never UC-).
 */
enum page_cache_mode pat_effective_type(u8 mtrr_type, enum page_cache_mode pat);
enum page_cache_mode mtrr_type_to_cachemode(u8 mtrr_type);
const char *cattr_name(enum page_cache_mode pcm);
const char *cachemode_short_name(enum page_cache_mode pcm);
/* "wb", "wc", "uc-", "uc", "wt", "wp" -> mode; -EINVAL otherwise */
int cachemode_parse(const char *s, enum page_cache_mode *pcm);

#endif /* _ASM_X86_PAT_RULES_H */
