// SPDX-License-Identifier: GPL-2.0
/*
 * lib/string.c on the host.  The kernel's functions are renamed kmemcpy,
 * kstrlen, ... by the Makefile's -D options, in lib/string.c and here
 * alike, so every call below reaches the kernel's code; the expected
 * values come from the C standard, spelled out by hand.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "unit.h"

UNIT_TEST(string, memcpy_copies_and_returns_dst)
{
	char dst[16] = "xxxxxxxxxxxxxxx";
	const char src[] = "hello";

	ASSERT_EQ(memcpy(dst, src, 5), dst);
	EXPECT_MEMEQ(dst, "helloxxxxx", 10);
	EXPECT_EQ(memcpy(dst, src, 0), dst);
	EXPECT_EQ(dst[0], 'h');
}

UNIT_TEST(string, memmove_overlaps)
{
	char b[] = "0123456789";

	EXPECT_EQ(memmove(b + 2, b, 6), b + 2);
	EXPECT_STREQ(b, "0101234589");
	memcpy(b, "0123456789", 10);
	EXPECT_EQ(memmove(b, b + 3, 7), b);
	EXPECT_STREQ(b, "3456789789");
	memcpy(b, "0123456789", 10);
	EXPECT_EQ(memmove(b + 1, b + 1, 5), b + 1);
	EXPECT_STREQ(b, "0123456789");
}

UNIT_TEST(string, memmove_every_overlap)
{
	unsigned char b[32], want[32];
	unsigned int d, s, n, i;

	for (d = 0; d < 16; d++)
		for (s = 0; s < 16; s++)
			for (n = 0; n <= 16; n++) {
				for (i = 0; i < 32; i++)
					b[i] = want[i] = i;
				for (i = 0; i < n; i++)
					want[d + i] = s + i;
				memmove(b + d, b + s, n);
				if (memcmp(b, want, 32))
					ASSERT_FAIL("memmove(b + %u, b + %u, %u)",
						    d, s, n);
			}
}

UNIT_TEST(string, memset_fills_low_byte)
{
	unsigned char b[8] = { 0 };

	EXPECT_EQ(memset(b + 1, 0x1ab, 6), b + 1);
	EXPECT_EQ(b[0], 0);
	EXPECT_EQ(b[1], 0xab);
	EXPECT_EQ(b[6], 0xab);
	EXPECT_EQ(b[7], 0);
}

/* every length around the qword/byte split, at every alignment */
UNIT_TEST(string, memcpy_memset_every_length_and_alignment)
{
	unsigned char src[96], dst[96], want[96];
	unsigned int off, n, i;

	for (i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)(i * 7 + 3);
	for (off = 0; off < 8; off++)
		for (n = 0; n + off + 8 <= sizeof(dst); n++) {
			for (i = 0; i < sizeof(dst); i++)
				dst[i] = want[i] = 0xee;
			for (i = 0; i < n; i++)
				want[off + i] = src[(off + 1) % 8 + i];
			memcpy(dst + off, src + (off + 1) % 8, n);
			if (memcmp(dst, want, sizeof(dst)))
				ASSERT_FAIL("memcpy(+%u, %u bytes)", off, n);
			for (i = 0; i < n; i++)
				want[off + i] = 0x5a;
			memset(dst + off, 0x5a, n);
			if (memcmp(dst, want, sizeof(dst)))
				ASSERT_FAIL("memset(+%u, %u bytes)", off, n);
		}
}

UNIT_TEST(string, memcmp_is_unsigned)
{
	EXPECT_EQ(memcmp("abc", "abc", 3), 0);
	EXPECT_TRUE(memcmp("abc", "abd", 3) < 0);
	EXPECT_TRUE(memcmp("abd", "abc", 3) > 0);
	EXPECT_TRUE(memcmp("\x80", "\x7f", 1) > 0);
	EXPECT_EQ(memcmp("a", "b", 0), 0);
	EXPECT_EQ(memcmp("ab\0x", "ab\0y", 3), 0);
}

UNIT_TEST(string, memchr)
{
	const char s[] = "ab\0cd\xff";

	EXPECT_EQ(memchr(s, 'c', 6), s + 3);
	EXPECT_EQ(memchr(s, 0, 6), s + 2);
	EXPECT_EQ(memchr(s, 0xff, 6), s + 5);
	EXPECT_EQ(memchr(s, -1, 6), s + 5);
	EXPECT_NULL(memchr(s, 'c', 3));
	EXPECT_NULL(memchr(s, 'a', 0));
}

UNIT_TEST(string, strlen_strnlen)
{
	EXPECT_EQ(strlen(""), 0);
	EXPECT_EQ(strlen("cachet"), 6);
	EXPECT_EQ(strnlen("cachet", 3), 3);
	EXPECT_EQ(strnlen("cachet", 6), 6);
	EXPECT_EQ(strnlen("cachet", 100), 6);
	EXPECT_EQ(strnlen("cachet", 0), 0);
}

UNIT_TEST(string, strnlen_stays_in_bounds)
{
	char b[4] = { 'a', 'b', 'c', 'd' };	/* not terminated */

	EXPECT_EQ(strnlen(b, sizeof(b)), 4);
}

UNIT_TEST(string, strcmp_strncmp)
{
	EXPECT_EQ(strcmp("", ""), 0);
	EXPECT_EQ(strcmp("abc", "abc"), 0);
	EXPECT_TRUE(strcmp("abc", "abd") < 0);
	EXPECT_TRUE(strcmp("abc", "ab") > 0);
	EXPECT_TRUE(strcmp("ab", "abc") < 0);
	EXPECT_TRUE(strcmp("\xe9", "e") > 0);
	EXPECT_EQ(strncmp("abcx", "abcy", 3), 0);
	EXPECT_TRUE(strncmp("abcx", "abcy", 4) < 0);
	EXPECT_EQ(strncmp("ab", "ab", 10), 0);
	EXPECT_TRUE(strncmp("ab", "abc", 10) < 0);
	EXPECT_EQ(strncmp("a", "b", 0), 0);
	EXPECT_TRUE(strncmp("\x80", "\x01", 1) > 0);
}

UNIT_TEST(string, strchr_strrchr)
{
	const char *s = "a/b/c";

	EXPECT_EQ(strchr(s, '/'), s + 1);
	EXPECT_EQ(strrchr(s, '/'), s + 3);
	EXPECT_EQ(strchr(s, '\0'), s + 5);
	EXPECT_EQ(strrchr(s, '\0'), s + 5);
	EXPECT_NULL(strchr(s, 'x'));
	EXPECT_NULL(strrchr(s, 'x'));
	EXPECT_EQ(strchr(s, 'a' + 256), s);
}

UNIT_TEST(string, strstr)
{
	const char *s = "ktest=pat.*";

	EXPECT_EQ(strstr(s, "pat"), s + 6);
	EXPECT_EQ(strstr(s, ""), s);
	EXPECT_EQ(strstr(s + 11, ""), s + 11);
	EXPECT_NULL(strstr(s, "pats"));
	EXPECT_NULL(strstr("", "a"));
	EXPECT_EQ(strstr(s, "*"), s + 10);
	EXPECT_EQ(strstr("aaab", "aab"), strchr("aaab", 'a') + 1);
}

UNIT_TEST(string, strspn_strcspn)
{
	EXPECT_EQ(strspn("  \tx", " \t"), 3);
	EXPECT_EQ(strspn("x", " "), 0);
	EXPECT_EQ(strspn("", " "), 0);
	EXPECT_EQ(strspn("abc", ""), 0);
	EXPECT_EQ(strcspn("name=value", "="), 4);
	EXPECT_EQ(strcspn("name", "="), 4);
	EXPECT_EQ(strcspn("", "="), 0);
	EXPECT_EQ(strcspn("abc", ""), 3);
}

UNIT_TEST(string, strscpy)
{
	char b[8];

	EXPECT_EQ(strscpy(b, "abc", sizeof(b)), 3);
	EXPECT_STREQ(b, "abc");
	EXPECT_EQ(strscpy(b, "1234567", sizeof(b)), 7);
	EXPECT_STREQ(b, "1234567");
	EXPECT_EQ(strscpy(b, "12345678", sizeof(b)), -E2BIG);
	EXPECT_STREQ(b, "1234567");
	EXPECT_EQ(strscpy(b, "", sizeof(b)), 0);
	EXPECT_STREQ(b, "");
	b[0] = 'z';
	EXPECT_EQ(strscpy(b, "abc", 0), -E2BIG);
	EXPECT_EQ(b[0], 'z');
	EXPECT_EQ(strscpy(b, "abc", 1), -E2BIG);
	EXPECT_STREQ(b, "");
}
