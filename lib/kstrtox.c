// SPDX-License-Identifier: GPL-2.0
/* String to number conversions with Linux's semantics (kstrtox.h). */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/* parse digits; *end gets the first unparsed character */
static int parse_ull(const char *s, unsigned int base,
		     unsigned long long *res, const char **end)
{
	unsigned long long v = 0;
	const char *p = s;
	int d;

	if (base == 0) {
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
		    digit_value(p[2]) < 16) {
			base = 16;
			p += 2;
		} else if (p[0] == '0') {
			base = 8;
		} else {
			base = 10;
		}
	} else if (base == 16 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
	}
	if (base < 2 || base > 16)
		return -EINVAL;
	s = p;
	while ((d = digit_value(*p)) < (int)base) {
		if (v > (U64_MAX - d) / base)
			return -ERANGE;
		v = v * base + d;
		p++;
	}
	if (p == s)
		return -EINVAL;
	*res = v;
	*end = p;
	return 0;
}

static bool only_newline_left(const char *p)
{
	return !*p || (*p == '\n' && !p[1]);
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v;
	const char *end;
	int err;

	if (*s == '+')
		s++;
	err = parse_ull(s, base, &v, &end);
	if (err)
		return err;
	if (!only_newline_left(end))
		return -EINVAL;
	*res = v;
	return 0;
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int err;

	if (*s == '-') {
		err = kstrtoull(s + 1, base, &v);
		if (err)
			return err;
		if (v > (unsigned long long)LONG_MAX + 1)
			return -ERANGE;
		/* -(long long)v overflows for LONG_MIN: negate v - 1 */
		*res = v ? -(long long)(v - 1) - 1 : 0;
		return 0;
	}
	err = kstrtoull(s, base, &v);
	if (err)
		return err;
	if (v > LONG_MAX)
		return -ERANGE;
	*res = v;
	return 0;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int err = kstrtoull(s, base, &v);

	if (!err)
		*res = v;
	return err;
}

int kstrtoint(const char *s, unsigned int base, int *res)
{
	long long v;
	int err = kstrtoll(s, base, &v);

	if (err)
		return err;
	if (v > INT_MAX || v < -(long long)INT_MAX - 1)
		return -ERANGE;
	*res = v;
	return 0;
}

int kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long v;
	int err = kstrtoull(s, base, &v);

	if (err)
		return err;
	if (v > UINT_MAX)
		return -ERANGE;
	*res = v;
	return 0;
}

int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N') {
			*res = true;
			return 0;
		}
		if (s[1] == 'f' || s[1] == 'F') {
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}

int parse_size(const char *s, unsigned long long *res)
{
	unsigned long long v;
	unsigned int shift = 0;
	const char *end;
	int err = parse_ull(s, 0, &v, &end);

	if (err)
		return err;
	switch (*end) {
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	}
	if (shift)
		end++;
	if (!only_newline_left(end))
		return -EINVAL;
	if (shift && v > (U64_MAX >> shift))
		return -ERANGE;
	*res = v << shift;
	return 0;
}
