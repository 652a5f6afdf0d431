/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_CRC32_H
#define _CACHET_LINUX_CRC32_H

#include <linux/types.h>

/*
 * The CRC-32 of IEEE 802.3, gzip and PNG, bit-reflected (polynomial
 * 0xedb88320), as Linux's crc32_le(): no inversion inside, so gzip's
 * check value is ~crc32_le(~0, p, len), and a running value is carried
 * over from one call to the next.
 */
u32 crc32_le(u32 crc, const unsigned char *p, size_t len);

#endif /* _CACHET_LINUX_CRC32_H */
