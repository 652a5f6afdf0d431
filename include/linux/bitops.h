/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_BITOPS_H
#define _CACHET_LINUX_BITOPS_H

#include <linux/types.h>

#define BITS_PER_LONG		64
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

/*
 * Bits set in @w.  Not __builtin_popcountll(): without -mpopcnt the
 * compiler calls libgcc's __popcountdi2, which a freestanding kernel
 * does not link.
 */
static inline unsigned int hweight64(u64 w)
{
	w -= (w >> 1) & 0x5555555555555555ULL;
	w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (w * 0x0101010101010101ULL) >> 56;
}

#endif /* _CACHET_LINUX_BITOPS_H */
