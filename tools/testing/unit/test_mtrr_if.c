// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/cpu/mtrr/if_parse.c: lines written to /proc/mtrr, read
 * as Linux 6.1's mtrr_write() reads them (numbers as simple_strtoull()
 * does, spaces between fields, one newline ignored, exact type names),
 * except that "disable=" must be followed by a number and nothing else.
 */
#include <linux/errno.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>

#include "unit.h"

static int parse(const char *s, struct mtrr_line *l)
{
	return mtrr_parse_line(s, l);
}

#define EXPECT_ADD(s, b, sz, t)						\
	do {								\
		struct mtrr_line l_;					\
		EXPECT_EQ(parse(s, &l_), 0);				\
		EXPECT_FALSE(l_.disable);				\
		EXPECT_EQ(l_.base, (unsigned long long)(b));		\
		EXPECT_EQ(l_.size, (unsigned long long)(sz));		\
		EXPECT_EQ(l_.type, (unsigned int)(t));			\
	} while (0)

#define EXPECT_DISABLE(s, r)						\
	do {								\
		struct mtrr_line l_;					\
		EXPECT_EQ(parse(s, &l_), 0);				\
		EXPECT_TRUE(l_.disable);				\
		EXPECT_EQ(l_.reg, (unsigned long long)(r));		\
	} while (0)

#define EXPECT_BAD(s)							\
	do {								\
		struct mtrr_line l_;					\
		EXPECT_EQ(parse(s, &l_), -EINVAL);			\
	} while (0)

UNIT_TEST(mtrr_if, add_lines)
{
	EXPECT_ADD("base=0xfd000000 size=0x1000000 type=write-combining\n",
		   0xfd000000, 0x1000000, MTRR_TYPE_WRCOMB);
	EXPECT_ADD("base=0x4000000000 size=0x200000 type=write-combining",
		   0x4000000000ULL, 0x200000, MTRR_TYPE_WRCOMB);
	EXPECT_ADD("base=0xc0000000   size=0x1000\ttype=   uncachable",
		   0xc0000000, 0x1000, MTRR_TYPE_UNCACHABLE);
	/* simple_strtoull's bases: decimal, octal after a 0, 0X too */
	EXPECT_ADD("base=4096 size=010000 type=write-back", 4096, 4096,
		   MTRR_TYPE_WRBACK);
	EXPECT_ADD("base=0X2000 size=0x1000 type=write-through", 0x2000,
		   0x1000, MTRR_TYPE_WRTHROUGH);
	EXPECT_ADD("base=0x0 size=0x1000 type=write-protect", 0, 0x1000,
		   MTRR_TYPE_WRPROT);
	/* the checks of size and alignment are mtrr_add_page()'s */
	EXPECT_ADD("base=0x3000 size=0 type=write-back", 0x3000, 0,
		   MTRR_TYPE_WRBACK);
}

UNIT_TEST(mtrr_if, bad_add_lines)
{
	EXPECT_BAD("");
	EXPECT_BAD("\n");
	EXPECT_BAD("hello");
	EXPECT_BAD("base=0x1000 type=write-back");
	EXPECT_BAD("size=0x1000 base=0x1000 type=write-back");
	EXPECT_BAD("base=0x1000 size=0x1000");
	EXPECT_BAD("base=0x1000 size=0x1000 type=");
	EXPECT_BAD("base=0x1000 size=0x1000 type=write-fast");
	EXPECT_BAD("base=0x1000 size=0x1000 type=WRITE-BACK");
	EXPECT_BAD("base=0x1000 size=0x1000 type=?");
	EXPECT_BAD("base=0x1000 size=0x1000 type=write-back ");
	EXPECT_BAD("base=0x1000 size=0x1000 type=write-back\n\n");
	/* not whole pages */
	EXPECT_BAD("base=0x800 size=0x1000 type=write-back");
	EXPECT_BAD("base=0x1000 size=0x1001 type=write-back");
	/* a number stops at a non-digit; what follows must be the next field */
	EXPECT_BAD("base=0x1000zz size=0x1000 type=write-back");
	EXPECT_BAD("base=0x size=0x1000 type=write-back");
	EXPECT_BAD("base=09000 size=0x1000 type=write-back");
	EXPECT_BAD(" base=0x1000 size=0x1000 type=write-back");
}

UNIT_TEST(mtrr_if, disable_lines)
{
	EXPECT_DISABLE("disable=3", 3);
	EXPECT_DISABLE("disable=3\n", 3);
	EXPECT_DISABLE("disable=0x10", 16);
	EXPECT_DISABLE("disable=7  ", 7);
	EXPECT_DISABLE("disable=99", 99);
	/* Linux reads these as register 0; cachet refuses them */
	EXPECT_BAD("disable=");
	EXPECT_BAD("disable=\n");
	EXPECT_BAD("disable= 3");
	EXPECT_BAD("disable=three");
	EXPECT_BAD("disable=3x");
	EXPECT_BAD("disable=-1");
	EXPECT_BAD("disable3");
}

/* "base=0x" + @zeros zeros + the rest of a valid line + @tail */
static void long_line(char *buf, unsigned int zeros, const char *tail)
{
	const char *rest = "1000 size=0x1000 type=write-back";
	unsigned int n = 0;

	for (; n < 7; n++)
		buf[n] = "base=0x"[n];
	while (zeros--)
		buf[n++] = '0';
	while (*rest)
		buf[n++] = *rest++;
	while (*tail)
		buf[n++] = *tail++;
	buf[n] = '\0';
}

/* Linux reads at most 79 bytes: what comes after is not seen */
UNIT_TEST(mtrr_if, long_lines_cut_at_79)
{
	char line[128];

	/* 7 + 40 + 32 = 79 bytes of line, then junk past the cut */
	long_line(line, 40, "junk");
	EXPECT_ADD(line, 0x1000, 0x1000, MTRR_TYPE_WRBACK);
	/* one byte more: the cut falls inside the type name */
	long_line(line, 41, "");
	EXPECT_BAD(line);
}
