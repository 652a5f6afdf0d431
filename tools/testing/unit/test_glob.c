// SPDX-License-Identifier: GPL-2.0
/* lib/glob.c against a table and against the host's fnmatch(). */
#include <fnmatch.h>
#include <linux/glob.h>

#include "unit.h"

static const struct {
	const char *pat, *str;
	bool match;
} glob_cases[] = {
	{ "", "", true }, { "", "a", false }, { "*", "", true },
	{ "*", "anything", true }, { "?", "", false }, { "?", "a", true },
	{ "pat*", "pat", true }, { "pat*", "pat_cachemode", true },
	{ "pat*", "pa", false }, { "*tree", "memtype_tree", true },
	{ "*tree", "memtype_tree2", false }, { "a*b*c", "aXbYc", true },
	{ "a*b*c", "abcbc", true }, { "a*b*c", "acb", false },
	{ "*a*a*a*", "aaa", true }, { "*a*a*a*", "aa", false },
	{ "??", "ab", true }, { "??", "abc", false },
	{ "[abc]", "b", true }, { "[abc]", "d", false },
	{ "[a-c]x", "bx", true }, { "[a-c]x", "dx", false },
	{ "[!a-c]", "d", true }, { "[!a-c]", "a", false },
	{ "[^x]", "y", true }, { "[a-]", "-", true },
	{ "cpa.*", "cpa.split_1g", true }, { "cpa.*", "cpa", false },
	{ "*.*", "suite.case", true }, { "x*", "", false },
	{ "**", "", true }, { "a**b", "ab", true },
};

UNIT_TEST(glob, table)
{
	unsigned int i;

	for (i = 0; i < sizeof(glob_cases) / sizeof(glob_cases[0]); i++)
		if (glob_match(glob_cases[i].pat, glob_cases[i].str) !=
		    glob_cases[i].match)
			EXPECT_FAIL("glob_match(\"%s\", \"%s\") != %d",
				    glob_cases[i].pat, glob_cases[i].str,
				    glob_cases[i].match);
}

/* random patterns over a small alphabet, against fnmatch() */
UNIT_TEST(glob, random_vs_fnmatch)
{
	static const char pat_chars[] = "ab*?";
	unsigned long long rs = unit_seed();
	unsigned int i, j, bad = 0;
	char pat[10], str[12];

	for (i = 0; i < 200000; i++) {
		unsigned int pl = unit_rand(&rs) % 9, sl = unit_rand(&rs) % 11;

		for (j = 0; j < pl; j++)
			pat[j] = pat_chars[unit_rand(&rs) % 4];
		pat[pl] = '\0';
		for (j = 0; j < sl; j++)
			str[j] = "ab"[unit_rand(&rs) % 2];
		str[sl] = '\0';
		if (glob_match(pat, str) != !fnmatch(pat, str, 0) && bad++ < 10)
			EXPECT_FAIL("glob_match(\"%s\", \"%s\") = %d, fnmatch says %d",
				    pat, str, glob_match(pat, str),
				    !fnmatch(pat, str, 0));
	}
}
