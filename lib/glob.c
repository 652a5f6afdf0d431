// SPDX-License-Identifier: GPL-2.0
/*
 * Shell-style wildcard matching for ktest=GLOB.  Iterative with one
 * backtrack point (the last '*'), so no recursion and linear-ish time.
 */
#include <linux/glob.h>

/* match one character against a [...] class; *pp is just after '[' */
static bool class_match(const char **pp, char c)
{
	const char *p = *pp;
	bool neg = false, hit = false;

	if (*p == '!' || *p == '^') {
		neg = true;
		p++;
	}
	do {
		char lo = *p, hi = lo;

		if (!lo)
			break;
		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 2;
		}
		if (c >= lo && c <= hi)
			hit = true;
		p++;
	} while (*p && *p != ']');
	if (*p == ']')
		p++;
	*pp = p;
	return hit != neg;
}

bool glob_match(const char *pat, const char *str)
{
	const char *back_pat = NULL, *back_str = NULL;

	for (;;) {
		char c = *str, d = *pat;

		if (d == '*') {
			back_pat = ++pat;
			back_str = str;
			continue;
		}
		if (c && (d == '?' || d == c)) {
			pat++;
			str++;
			continue;
		}
		if (c && d == '[') {
			const char *p = pat + 1;

			if (class_match(&p, c)) {
				pat = p;
				str++;
				continue;
			}
		}
		if (!c && !d)
			return true;
		if (!back_pat || !*back_str)
			return false;
		pat = back_pat;
		str = ++back_str;
	}
}
