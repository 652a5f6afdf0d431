/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cache modes a mapping can ask for.  Pure: shared by the kernel and by
 * host tests.  The values are Linux's (they appear in its "ioremap error"
 * message), so they must never be renumbered.
 */
#ifndef _ASM_X86_PAGE_CACHE_MODE_H
#define _ASM_X86_PAGE_CACHE_MODE_H

enum page_cache_mode {
	_PAGE_CACHE_MODE_WB = 0,
	_PAGE_CACHE_MODE_WC = 1,
	_PAGE_CACHE_MODE_UC_MINUS = 2,
	_PAGE_CACHE_MODE_UC = 3,
	_PAGE_CACHE_MODE_WT = 4,
	_PAGE_CACHE_MODE_WP = 5,

	_PAGE_CACHE_MODE_NUM = 8
};

#endif /* _ASM_X86_PAGE_CACHE_MODE_H */
