// SPDX-License-Identifier: GPL-2.0
/*
 * A line written to /proc/mtrr, read as Linux 6.1's mtrr_write() reads it
 * (pure, so host tests run every case):
 *
 *	base=BASE size=SIZE type=NAME	add a range (bytes, 4 KiB multiples)
 *	disable=REG			drop a use of register REG
 *
 * Numbers are C literals (0x hex, leading 0 octal, else decimal) that end
 * at the first character that is not a digit, as simple_strtoull() reads
 * them; spaces may separate the fields; one trailing newline is ignored;
 * NAME is one of /proc/mtrr's type names, exactly.  Anything else is
 * -EINVAL.  Linux reads "disable=" followed by no number as register 0
 * and drops the firmware's first range; cachet refuses it, and anything
 * after the number but spaces.
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/types.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>

static int mtrr_digit(char c, unsigned int base)
{
	int v;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'f')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'F')
		v = c - 'A' + 10;
	else
		return -1;
	return v < (int)base ? v : -1;
}

/* simple_strtoull(@s, @end, 0): wraps on overflow, as it does */
static unsigned long long mtrr_strtoull(const char *s, const char **end)
{
	unsigned long long v = 0;
	unsigned int base = 10;
	int d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	    mtrr_digit(s[2], 16) >= 0) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	while ((d = mtrr_digit(*s, base)) >= 0) {
		v = v * base + d;
		s++;
	}
	*end = s;
	return v;
}

static const char *mtrr_skip_spaces(const char *s)
{
	while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		s++;
	return s;
}

static bool mtrr_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* /proc/mtrr's names: the type, or -EINVAL */
static int mtrr_type_by_name(const char *name)
{
	static const u8 types[] = { MTRR_TYPE_UNCACHABLE, MTRR_TYPE_WRCOMB,
				    MTRR_TYPE_WRTHROUGH, MTRR_TYPE_WRPROT,
				    MTRR_TYPE_WRBACK };
	unsigned int i;

	for (i = 0; i < sizeof(types); i++)
		if (!strcmp(name, mtrr_attrib_to_str(types[i])))
			return types[i];
	return -EINVAL;
}

static int mtrr_parse_disable(const char *s, struct mtrr_line *l)
{
	const char *end;

	l->reg = mtrr_strtoull(s, &end);
	if (end == s || *mtrr_skip_spaces(end))
		return -EINVAL;
	l->disable = true;
	return 0;
}

/**
 * mtrr_parse_line() - read one write to /proc/mtrr
 * @line: what was written, NUL-terminated (at most 79 bytes, as Linux
 *	reads); one trailing newline is ignored
 * @l: the request
 *
 * Returns 0 or -EINVAL.
 */
int mtrr_parse_line(const char *line, struct mtrr_line *l)
{
	char buf[MTRR_LINE_SIZE];
	const char *p;
	size_t n = strnlen(line, sizeof(buf) - 1);
	int type;

	memcpy(buf, line, n);
	buf[n] = '\0';
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	*l = (struct mtrr_line){ 0 };
	if (mtrr_starts(buf, "disable="))
		return mtrr_parse_disable(buf + 8, l);
	if (!mtrr_starts(buf, "base="))
		return -EINVAL;
	l->base = mtrr_strtoull(buf + 5, &p);
	p = mtrr_skip_spaces(p);
	if (!mtrr_starts(p, "size="))
		return -EINVAL;
	l->size = mtrr_strtoull(p + 5, &p);
	if ((l->base | l->size) & 0xfff)
		return -EINVAL;
	p = mtrr_skip_spaces(p);
	if (!mtrr_starts(p, "type="))
		return -EINVAL;
	type = mtrr_type_by_name(mtrr_skip_spaces(p + 5));
	if (type < 0)
		return type;
	l->type = type;
	return 0;
}
