// SPDX-License-Identifier: GPL-2.0
/* lib/crc32.c against published check values and a bit-at-a-time CRC. */
#include <linux/crc32.h>

#include "unit.h"

/* the definition itself: one bit at a time, no table */
static u32 crc32_bitwise(u32 crc, const unsigned char *p, size_t len)
{
	while (len--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc >> 1) ^ (crc & 1 ? 0xedb88320u : 0);
	}
	return crc;
}

UNIT_TEST(crc32, check_values)
{
	/* the CRC-32 catalogue's check value, and RFC 1952's empty CRC */
	EXPECT_EQ(~crc32_le(~0u, (const unsigned char *)"123456789", 9),
		  0xcbf43926u);
	EXPECT_EQ(~crc32_le(~0u, (const unsigned char *)"", 0), 0u);
	EXPECT_EQ(~crc32_le(~0u, (const unsigned char *)"a", 1), 0xe8b7be43u);
	EXPECT_EQ(crc32_le(0, (const unsigned char *)"", 0), 0u);
}

UNIT_TEST(crc32, matches_bitwise_in_pieces)
{
	unsigned long long s = unit_seed();
	unsigned char buf[4096];

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = unit_rand(&s);
	for (int round = 0; round < 200; round++) {
		size_t len = unit_rand(&s) % sizeof(buf);
		size_t cut = len ? unit_rand(&s) % len : 0;
		u32 seed = unit_rand(&s);
		u32 whole = crc32_le(seed, buf, len);

		EXPECT_EQ(whole, crc32_bitwise(seed, buf, len));
		EXPECT_EQ(crc32_le(crc32_le(seed, buf, cut), buf + cut,
				   len - cut), whole);
	}
}
