// SPDX-License-Identifier: GPL-2.0
/* lib/kstrtox.c: Linux's string-to-number rules, case by case. */
#include <linux/errno.h>
#include <linux/kstrtox.h>

#include "unit.h"

struct ull_case {
	const char *s;
	unsigned int base;
	int err;
	unsigned long long v;
};

static const struct ull_case ull_cases[] = {
	{ "0", 0, 0, 0 },
	{ "42", 0, 0, 42 },
	{ "42\n", 0, 0, 42 },
	{ "42\n\n", 0, -EINVAL, 0 },
	{ "42 ", 0, -EINVAL, 0 },
	{ " 42", 0, -EINVAL, 0 },
	{ "+42", 0, 0, 42 },
	{ "-42", 0, -EINVAL, 0 },
	{ "", 0, -EINVAL, 0 },
	{ "\n", 0, -EINVAL, 0 },
	{ "+", 0, -EINVAL, 0 },
	{ "0x1f", 0, 0, 0x1f },
	{ "0X1F", 0, 0, 0x1f },
	{ "0x", 0, -EINVAL, 0 },
	{ "0xg", 0, -EINVAL, 0 },
	{ "010", 0, 0, 8 },
	{ "08", 0, -EINVAL, 0 },
	{ "0", 8, 0, 0 },
	{ "777", 8, 0, 0777 },
	{ "778", 8, -EINVAL, 0 },
	{ "0x10", 8, -EINVAL, 0 },
	{ "12abc", 10, -EINVAL, 0 },
	{ "0x10", 10, -EINVAL, 0 },
	{ "010", 10, 0, 10 },
	{ "ff", 16, 0, 0xff },
	{ "0xff", 16, 0, 0xff },
	{ "0xFFFFffff\n", 16, 0, 0xffffffff },
	{ "0x", 16, -EINVAL, 0 },
	{ "fg", 16, -EINVAL, 0 },
	{ "18446744073709551615", 10, 0, 0xffffffffffffffffULL },
	{ "18446744073709551616", 10, -ERANGE, 0 },
	{ "99999999999999999999", 10, -ERANGE, 0 },
	{ "0xffffffffffffffff", 0, 0, 0xffffffffffffffffULL },
	{ "0x10000000000000000", 0, -ERANGE, 0 },
	{ "01777777777777777777777", 0, 0, 0xffffffffffffffffULL },
	{ "1777777777777777777777", 0, -ERANGE, 0 },
	{ "2000000000000000000000", 8, -ERANGE, 0 },
	{ "00000000000000000000000000042", 10, 0, 42 },
};

UNIT_TEST(kstrtox, kstrtoull_table)
{
	unsigned int i;

	for (i = 0; i < sizeof(ull_cases) / sizeof(ull_cases[0]); i++) {
		const struct ull_case *c = &ull_cases[i];
		unsigned long long v = 0x5a5a;
		int err = kstrtoull(c->s, c->base, &v);

		if (err != c->err || (!err && v != c->v) ||
		    (err && v != 0x5a5a))
			EXPECT_FAIL("kstrtoull(\"%s\", %u): %d %#llx, want %d %#llx",
				    c->s, c->base, err, v, c->err, c->v);
	}
}

UNIT_TEST(kstrtox, bad_base)
{
	unsigned long long v;

	EXPECT_EQ(kstrtoull("1", 1, &v), -EINVAL);
	EXPECT_EQ(kstrtoull("1", 17, &v), -EINVAL);
	EXPECT_EQ(kstrtoull("101", 2, &v), 0);
	EXPECT_EQ(v, 5);
}

UNIT_TEST(kstrtox, kstrtoll_limits)
{
	long long v = 0;

	EXPECT_EQ(kstrtoll("-42", 0, &v), 0);
	EXPECT_EQ(v, -42);
	EXPECT_EQ(kstrtoll("-0x10", 0, &v), 0);
	EXPECT_EQ(v, -16);
	EXPECT_EQ(kstrtoll("9223372036854775807", 10, &v), 0);
	EXPECT_EQ(v, 9223372036854775807LL);
	EXPECT_EQ(kstrtoll("9223372036854775808", 10, &v), -ERANGE);
	EXPECT_EQ(kstrtoll("-9223372036854775809", 10, &v), -ERANGE);
	EXPECT_EQ(kstrtoll("-", 10, &v), -EINVAL);
	EXPECT_EQ(kstrtoll("--1", 10, &v), -EINVAL);
	EXPECT_EQ(kstrtoll("-1\n", 10, &v), 0);
	EXPECT_EQ(v, -1);
}

UNIT_TEST(kstrtox, kstrtoll_most_negative)
{
	long long v = 0;

	EXPECT_EQ(kstrtoll("-9223372036854775808", 10, &v), 0);
	EXPECT_EQ(v, -9223372036854775807LL - 1);
}

UNIT_TEST(kstrtox, kstrtoint_uint_ul)
{
	unsigned long ul = 0;
	unsigned int u = 0;
	int i = 0;

	EXPECT_EQ(kstrtoint("2147483647", 10, &i), 0);
	EXPECT_EQ(i, 2147483647);
	EXPECT_EQ(kstrtoint("-2147483648", 10, &i), 0);
	EXPECT_EQ(i, -2147483647 - 1);
	EXPECT_EQ(kstrtoint("2147483648", 10, &i), -ERANGE);
	EXPECT_EQ(kstrtoint("-2147483649", 10, &i), -ERANGE);
	EXPECT_EQ(i, -2147483647 - 1);
	EXPECT_EQ(kstrtouint("4294967295", 10, &u), 0);
	EXPECT_EQ(u, 4294967295U);
	EXPECT_EQ(kstrtouint("4294967296", 10, &u), -ERANGE);
	EXPECT_EQ(kstrtouint("-1", 10, &u), -EINVAL);
	EXPECT_EQ(kstrtoul("0x8000000000000000", 16, &ul), 0);
	EXPECT_EQ(ul, 0x8000000000000000UL);
	EXPECT_EQ(kstrtoul("x", 16, &ul), -EINVAL);
}

UNIT_TEST(kstrtox, kstrtobool)
{
	static const struct {
		const char *s;
		int err;
		bool v;
	} cases[] = {
		{ "y", 0, true }, { "Y", 0, true }, { "1", 0, true },
		{ "yes", 0, true }, { "on", 0, true }, { "ON", 0, true },
		{ "n", 0, false }, { "N", 0, false }, { "0", 0, false },
		{ "off", 0, false }, { "oF", 0, false },
		{ "o", -EINVAL, false }, { "", -EINVAL, false },
		{ "true", -EINVAL, false }, { "2", -EINVAL, false },
	};
	unsigned int i;
	bool v;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int err;

		v = !cases[i].v;
		err = kstrtobool(cases[i].s, &v);
		if (err != cases[i].err || (!err && v != cases[i].v))
			EXPECT_FAIL("kstrtobool(\"%s\"): %d %d", cases[i].s,
				    err, v);
	}
	EXPECT_EQ(kstrtobool(NULL, &v), -EINVAL);
}

UNIT_TEST(kstrtox, parse_size)
{
	static const struct {
		const char *s;
		int err;
		unsigned long long v;
	} cases[] = {
		{ "0", 0, 0 },
		{ "4096", 0, 4096 },
		{ "4k", 0, 4096 },
		{ "4K", 0, 4096 },
		{ "512M", 0, 512ULL << 20 },
		{ "512m\n", 0, 512ULL << 20 },
		{ "5G", 0, 5ULL << 30 },
		{ "0x10M", 0, 16ULL << 20 },
		{ "010K", 0, 8ULL << 10 },
		{ "1T", -EINVAL, 0 },
		{ "1KB", -EINVAL, 0 },
		{ "K", -EINVAL, 0 },
		{ "", -EINVAL, 0 },
		{ "-1M", -EINVAL, 0 },
		{ "1 M", -EINVAL, 0 },
		{ "17179869183G", 0, 17179869183ULL << 30 },
		{ "17179869184G", -ERANGE, 0 },
		{ "18014398509481983K", 0, 18014398509481983ULL << 10 },
		{ "18014398509481984K", -ERANGE, 0 },
		{ "18446744073709551615", 0, 18446744073709551615ULL },
		{ "18446744073709551616", -ERANGE, 0 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long long v = 0x5a5a;
		int err = parse_size(cases[i].s, &v);

		if (err != cases[i].err || (!err && v != cases[i].v) ||
		    (err && v != 0x5a5a))
			EXPECT_FAIL("parse_size(\"%s\"): %d %#llx, want %d %#llx",
				    cases[i].s, err, v, cases[i].err,
				    cases[i].v);
	}
}
