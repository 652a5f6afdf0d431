// SPDX-License-Identifier: GPL-2.0
/*
 * lib/vsprintf.c against the host's snprintf.  The kernel's snprintf is
 * built as ksnprintf (the Makefile's PRINTF_RENAMES apply here too), the
 * host's is reached through host_snprintf().  The combination tests build
 * every format from flags x width x precision x length x conversion and
 * compare text and return value byte for byte; the differences the kernel
 * means to have (%#x of 0, %p, %pS) are checked by hand below.
 */
#include <stdint.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "host_libc.h"
#include "unit.h"

enum arg_type {
	ARG_INT, ARG_UINT, ARG_LONG, ARG_ULONG, ARG_LL, ARG_ULL,
	ARG_SSIZE, ARG_SIZE, ARG_PTRDIFF, ARG_INTMAX, ARG_UINTMAX,
};

struct length {
	const char *mod;
	enum arg_type sarg, uarg;	/* for d/i and for u/x/X/o */
};

static const struct length lengths[] = {
	{ "", ARG_INT, ARG_UINT },
	{ "hh", ARG_INT, ARG_UINT },
	{ "h", ARG_INT, ARG_UINT },
	{ "l", ARG_LONG, ARG_ULONG },
	{ "ll", ARG_LL, ARG_ULL },
	{ "z", ARG_SSIZE, ARG_SIZE },
	{ "t", ARG_PTRDIFF, ARG_PTRDIFF },
	{ "j", ARG_INTMAX, ARG_UINTMAX },
};

static const unsigned long long values[] = {
	0, 1, -1ULL, 7, 8, 42, -42ULL, 127, -128ULL, 255, 256, 32767,
	-32768ULL, 65535, 0x7fffffff, 0x80000000, 0xdeadbeef, 0xffffffff,
	123456789012ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
};

static const char *const widths[] = { "", "1", "6", "21", "*" };
static const char *const precisions[] = { "", ".", ".0", ".1", ".4", ".23", ".*" };
static const int star_values[] = { -9, 0, 3, 25 };

struct cmp_state {
	unsigned int checked, mismatches;
};

#define CALL_BOTH(...)							\
	do {								\
		kr = snprintf(kb, size, fmt, __VA_ARGS__);		\
		hr = host_snprintf(hb, size, fmt, __VA_ARGS__);		\
	} while (0)

#define CALL_STARS(val)							\
	do {								\
		if (nstar == 0)						\
			CALL_BOTH(val);					\
		else if (nstar == 1)					\
			CALL_BOTH(s1, val);				\
		else							\
			CALL_BOTH(s1, s2, val);				\
	} while (0)

/*
 * Format one value with @fmt (which takes @nstar '*' arguments s1, s2
 * first) through both implementations into @size bytes and compare.
 */
static void compare(struct cmp_state *st, size_t size, const char *fmt,
		    int nstar, int s1, int s2, enum arg_type t,
		    unsigned long long v)
{
	char kb[160], hb[160];
	int kr, hr;

	memset(kb, 0x5a, sizeof(kb));
	memset(hb, 0x5a, sizeof(hb));
	switch (t) {
	case ARG_INT:
		CALL_STARS((int)v);
		break;
	case ARG_UINT:
		CALL_STARS((unsigned int)v);
		break;
	case ARG_LONG:
		CALL_STARS((long)v);
		break;
	case ARG_ULONG:
		CALL_STARS((unsigned long)v);
		break;
	case ARG_LL:
		CALL_STARS((long long)v);
		break;
	case ARG_ULL:
		CALL_STARS((unsigned long long)v);
		break;
	case ARG_SSIZE:
		CALL_STARS((ssize_t)v);
		break;
	case ARG_SIZE:
		CALL_STARS((size_t)v);
		break;
	case ARG_PTRDIFF:
		CALL_STARS((ptrdiff_t)v);
		break;
	case ARG_INTMAX:
		CALL_STARS((intmax_t)v);
		break;
	case ARG_UINTMAX:
		CALL_STARS((uintmax_t)v);
		break;
	}
	st->checked++;
	if (kr == hr && !memcmp(kb, hb, sizeof(kb)))
		return;
	if (++st->mismatches <= 10)
		EXPECT_FAIL("fmt \"%s\" stars %d,%d value %#llx size %zu: kernel \"%.*s\" (%d), host \"%.*s\" (%d)",
			    fmt, s1, s2, v, size, size ? (int)strnlen(kb, size) : 0, kb, kr,
			    size ? (int)strnlen(hb, size) : 0, hb, hr);
}

static void report(const struct cmp_state *st)
{
	unit_note("%u formats compared with the host, %u differ",
		  st->checked, st->mismatches);
	EXPECT_EQ(st->mismatches, 0);
	EXPECT_TRUE(st->checked > 0);
}

/* @v as the conversion sees it after its length modifier */
static unsigned long long as_length(unsigned long long v, const char *mod)
{
	if (!mod[0])
		return (unsigned int)v;
	if (mod[0] == 'h')
		return mod[1] ? (unsigned char)v : (unsigned short)v;
	return v;
}

/* every combination for the conversions in @convs and the flags in @flagset */
static void combinations(struct cmp_state *st, const char *convs,
			 const char *flagset)
{
	unsigned int nflags = strlen(flagset), fmask, w, p, l, v, a, b;
	const char *c;
	char fmt[32];

	for (c = convs; *c; c++)
	for (fmask = 0; fmask < 1U << nflags; fmask++)
	for (w = 0; w < ARRAY_SIZE(widths); w++)
	for (p = 0; p < ARRAY_SIZE(precisions); p++)
	for (l = 0; l < ARRAY_SIZE(lengths); l++) {
		bool sgn = *c == 'd' || *c == 'i';
		enum arg_type t = sgn ? lengths[l].sarg : lengths[l].uarg;
		unsigned int nstar = (widths[w][0] == '*') +
				     (precisions[p][0] && precisions[p][1] == '*');
		bool alt = false;
		char *f = fmt;
		unsigned int i;

		*f++ = '%';
		for (i = 0; i < nflags; i++)
			if (fmask & (1U << i)) {
				*f++ = flagset[i];
				alt |= flagset[i] == '#';
			}
		f += snprintf(f, fmt + sizeof(fmt) - f, "%s%s%s%c",
			      widths[w], precisions[p], lengths[l].mod, *c);
		for (v = 0; v < ARRAY_SIZE(values); v++)
		for (a = 0; a < (nstar ? ARRAY_SIZE(star_values) : 1); a++)
		for (b = 0; b < (nstar > 1 ? ARRAY_SIZE(star_values) : 1); b++) {
			/* "%#x" of 0 keeps its 0x on purpose (tested below) */
			if (alt && (*c == 'x' || *c == 'X') &&
			    !as_length(values[v], lengths[l].mod))
				continue;
			/* keep the run short: stars with a few values */
			if (nstar && v % 4)
				continue;
			compare(st, 160, fmt, nstar, star_values[a],
				star_values[b], t, values[v]);
		}
	}
}

UNIT_TEST(vsprintf, signed_d_i)
{
	struct cmp_state st = { 0 };

	combinations(&st, "di", "-+ 0#");
	report(&st);
}

UNIT_TEST(vsprintf, unsigned_u)
{
	struct cmp_state st = { 0 };

	combinations(&st, "u", "-+ 0#");
	report(&st);
}

UNIT_TEST(vsprintf, hex_x_X)
{
	struct cmp_state st = { 0 };

	combinations(&st, "xX", "-0#");
	report(&st);
}

UNIT_TEST(vsprintf, octal_o)
{
	struct cmp_state st = { 0 };

	combinations(&st, "o", "-0#");
	report(&st);
}

/* C99 says '+' and ' ' are for signed conversions only; glibc ignores them */
UNIT_TEST(vsprintf, plus_space_on_unsigned)
{
	struct cmp_state st = { 0 };

	combinations(&st, "xXo", "+ ");
	report(&st);
}

UNIT_TEST(vsprintf, chars_and_strings)
{
	static const char *const strs[] = { "", "a", "cachet", "a longer string of text" };
	struct cmp_state st = { 0 };
	unsigned int f, w, p, i, a;
	char fmt[32];

	for (f = 0; f < 2; f++)
	for (w = 0; w < ARRAY_SIZE(widths); w++)
	for (p = 0; p < ARRAY_SIZE(precisions); p++) {
		char kb[64], hb[64];
		int kr, hr, nstar;
		size_t size = sizeof(kb);

		nstar = (widths[w][0] == '*') + (precisions[p][0] && precisions[p][1] == '*');
		snprintf(fmt, sizeof(fmt), "<%%%s%s%ss>", f ? "-" : "",
			 widths[w], precisions[p]);
		for (i = 0; i < ARRAY_SIZE(strs); i++)
		for (a = 0; a < ARRAY_SIZE(star_values); a++) {
			int s1 = star_values[a], s2 = star_values[3 - a];

			if (nstar == 0)
				CALL_BOTH(strs[i]);
			else if (nstar == 1)
				CALL_BOTH(s1, strs[i]);
			else
				CALL_BOTH(s1, s2, strs[i]);
			st.checked++;
			if (kr != hr || strcmp(kb, hb))
				if (++st.mismatches <= 10)
					EXPECT_FAIL("%s \"%s\": kernel \"%s\" host \"%s\"",
						    fmt, strs[i], kb, hb);
		}
		if (precisions[p][0] && precisions[p][1] == '*')
			continue;
		snprintf(fmt, sizeof(fmt), "<%%%s%sc>", f ? "-" : "",
			 widths[w]);
		for (i = 0; i < 4; i++) {
			static const int chars[] = { 'x', ' ', '~', 0x141 };

			if (nstar)
				CALL_BOTH(star_values[i], chars[i]);
			else
				CALL_BOTH(chars[i]);
			st.checked++;
			if (kr != hr || strcmp(kb, hb))
				if (++st.mismatches <= 10)
					EXPECT_FAIL("%s %#x: kernel \"%s\" host \"%s\"",
						    fmt, chars[i], kb, hb);
		}
	}
	report(&st);
}

UNIT_TEST(vsprintf, mixed_formats)
{
	const char *volatile nul = NULL;
	char kb[128], hb[128];
	size_t size = sizeof(kb);
	const char *fmt;
	int kr, hr;

	fmt = "%d%%|%5s|%-3c|%08.3x|%lu|%%";
	CALL_BOTH(-7, "ab", 'q', 0xabcU, 99UL);
	EXPECT_EQ(kr, hr);
	EXPECT_STREQ(kb, hb);
	fmt = "[mem %#018llx-%#018llx] %s";
	CALL_BOTH(0x9fc00ULL, 0x9ffffULL, "reserved");
	EXPECT_EQ(kr, hr);
	EXPECT_STREQ(kb, hb);
	EXPECT_STREQ(kb, "[mem 0x000000000009fc00-0x000000000009ffff] reserved");
	/* NULL is undefined for the host's %s: the kernel's only */
	fmt = "%s";
	EXPECT_EQ(snprintf(kb, size, fmt, nul), 6);
	EXPECT_STREQ(kb, "(null)");
	fmt = "%.3s|";
	EXPECT_EQ(snprintf(kb, size, fmt, nul), 4);
	EXPECT_STREQ(kb, "(nu|");
}

/* every size from 0 to past the end: contents and return values */
UNIT_TEST(vsprintf, truncation)
{
	static const char *const fmts[] = {
		"%s=%d", "%-10s|", "%#x", "%5.3d", "%%%c%%",
	};
	unsigned int i;
	size_t size;

	for (i = 0; i < ARRAY_SIZE(fmts); i++)
		for (size = 0; size <= 16; size++) {
			char kb[20], hb[20];
			const char *fmt = fmts[i];
			int kr, hr;

			memset(kb, '@', sizeof(kb));
			memset(hb, '@', sizeof(hb));
			switch (i) {
			case 0:
				CALL_BOTH("key", -123);
				break;
			case 1:
				CALL_BOTH("abc");
				break;
			case 2:
				CALL_BOTH(0xbeefU);
				break;
			case 3:
				CALL_BOTH(7);
				break;
			default:
				CALL_BOTH('z');
				break;
			}
			EXPECT_EQ(kr, hr);
			if (memcmp(kb, hb, sizeof(kb)))
				EXPECT_FAIL("\"%s\" size %zu: kernel \"%.20s\" host \"%.20s\"",
					    fmt, size, kb, hb);
		}
}

UNIT_TEST(vsprintf, size_zero_writes_nothing)
{
	char b[4] = "xyz";

	EXPECT_EQ(snprintf(NULL, 0, "%s-%d", "abc", 12345), 9);
	EXPECT_EQ(snprintf(b, 0, "%s", "hello"), 5);
	EXPECT_STREQ(b, "xyz");
	EXPECT_EQ(snprintf(b, 1, "%s", "hello"), 5);
	EXPECT_STREQ(b, "");
}

UNIT_TEST(vsprintf, scnprintf_returns_what_was_written)
{
	char b[8];

	EXPECT_EQ(scnprintf(b, sizeof(b), "%s", "hello world"), 7);
	EXPECT_STREQ(b, "hello w");
	EXPECT_EQ(scnprintf(b, sizeof(b), "%d", 42), 2);
	EXPECT_EQ(scnprintf(b, 0, "%d", 42), 0);
	EXPECT_EQ(scnprintf(b, 1, "%d", 42), 0);
	EXPECT_STREQ(b, "");
}

UNIT_TEST(vsprintf, sprintf)
{
	char b[64];

	EXPECT_EQ(sprintf(b, "%s %u%c", "count", 12U, '!'), 9);
	EXPECT_STREQ(b, "count 12!");
}

/* Linux, unlike C99, prints the 0x of "%#x" for 0 */
UNIT_TEST(vsprintf, alt_hex_zero_keeps_prefix)
{
	char b[32];

	snprintf(b, sizeof(b), "%#x", 0U);
	EXPECT_STREQ(b, "0x0");
	snprintf(b, sizeof(b), "%#X", 0U);
	EXPECT_STREQ(b, "0X0");
	snprintf(b, sizeof(b), "%#06x", 0U);
	EXPECT_STREQ(b, "0x0000");
	snprintf(b, sizeof(b), "%#llx", 0ULL);
	EXPECT_STREQ(b, "0x0");
}

UNIT_TEST(vsprintf, bare_pointer_is_16_hex_digits)
{
	char b[32];

	snprintf(b, sizeof(b), "%p", (void *)0x1234UL);
	EXPECT_STREQ(b, "0000000000001234");
	snprintf(b, sizeof(b), "%px|", (void *)0xffffffff80001000UL);
	EXPECT_STREQ(b, "ffffffff80001000|");
	snprintf(b, sizeof(b), "%p", NULL);
	EXPECT_STREQ(b, "0000000000000000");
}

UNIT_TEST(vsprintf, odd_formats)
{
	/* through variables: the compiler would refuse these literals */
	const char *trailing = "abc%", *unknown = "%k|";
	char b[32];

	EXPECT_EQ(snprintf(b, sizeof(b), trailing, 0), 3);
	EXPECT_STREQ(b, "abc");
	snprintf(b, sizeof(b), unknown, 0);
	EXPECT_STREQ(b, "%k|");
}

/*
 * A stand-in for kernel/kallsyms.c: the strong definition here replaces
 * vsprintf.c's weak one.  Two fake symbols; other addresses stay bare.
 */
static const struct {
	unsigned long addr, size;
	const char *name;
} fake_syms[] = {
	{ 0xffffffff81000000UL, 0x80, "start_kernel" },
	{ 0xffffffff81000080UL, 0x1c0, "setup_arch" },
};

int sprint_symbol_hook(char *buf, size_t size, unsigned long addr,
		       bool with_offset)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fake_syms); i++) {
		unsigned long off = addr - fake_syms[i].addr;

		if (addr < fake_syms[i].addr || off >= fake_syms[i].size)
			continue;
		if (!with_offset)
			return scnprintf(buf, size, "%s", fake_syms[i].name);
		return scnprintf(buf, size, "%s+%#lx/%#lx", fake_syms[i].name,
				 off, fake_syms[i].size);
	}
	return scnprintf(buf, size, "0x%lx", addr);
}

UNIT_TEST(vsprintf, symbols_through_the_hook)
{
	char b[80];

	snprintf(b, sizeof(b), "%pS", (void *)0xffffffff81000010UL);
	EXPECT_STREQ(b, "start_kernel+0x10/0x80");
	snprintf(b, sizeof(b), "%ps", (void *)0xffffffff81000010UL);
	EXPECT_STREQ(b, "start_kernel");
	snprintf(b, sizeof(b), "[<%px>] %pS\n", (void *)0xffffffff81000085UL,
		 (void *)0xffffffff81000085UL);
	EXPECT_STREQ(b, "[<ffffffff81000085>] setup_arch+0x5/0x1c0\n");
	snprintf(b, sizeof(b), "%pS", (void *)0x1000UL);
	EXPECT_STREQ(b, "0x1000");
	snprintf(b, sizeof(b), "%pSx", (void *)0xffffffff81000000UL);
	EXPECT_STREQ(b, "start_kernel+0x0/0x80x");
	snprintf(b, sizeof(b), "<%14ps>", (void *)0xffffffff81000000UL);
	EXPECT_STREQ(b, "<  start_kernel>");
	snprintf(b, sizeof(b), "<%-14ps>", (void *)0xffffffff81000000UL);
	EXPECT_STREQ(b, "<start_kernel  >");
	EXPECT_EQ(snprintf(b, 6, "%ps", (void *)0xffffffff81000080UL), 10);
	EXPECT_STREQ(b, "setup");
}

struct sink_log {
	char text[8192];
	size_t len;
	unsigned int pieces, empty;
};

static void sink_collect(void *ctx, const char *s, size_t n)
{
	struct sink_log *l = ctx;

	if (!n)
		l->empty++;
	if (l->len + n < sizeof(l->text))
		memcpy(l->text + l->len, s, n);
	l->len += n;
	l->pieces++;
}

static __printf(2, 3) int sink_printf(struct sink_log *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	memset(l, 0, sizeof(*l));
	va_start(ap, fmt);
	n = vprintf_sink(sink_collect, l, fmt, ap);
	va_end(ap);
	return n;
}

/* vprintf_sink() hands over everything, in order, however long */
UNIT_TEST(vsprintf, sink_whole_output)
{
	static char arg[5001], want[6000];
	static struct sink_log l;
	size_t i;
	int n;

	for (i = 0; i < sizeof(arg) - 1; i++)
		arg[i] = '!' + i % 90;
	n = host_snprintf(want, sizeof(want), "[%s|%-7d|%#x]\n", arg, -42,
			  0xbeef);
	EXPECT_EQ(sink_printf(&l, "[%s|%-7d|%#x]\n", arg, -42, 0xbeef), n);
	EXPECT_EQ(l.len, (size_t)n);
	EXPECT_MEMEQ(l.text, want, (size_t)n);
	EXPECT_TRUE(l.pieces > 1);
	EXPECT_EQ(l.empty, 0U);

	/* no output, no call */
	EXPECT_EQ(sink_printf(&l, "%s", ""), 0);
	EXPECT_EQ(l.pieces, 0U);

	/* lengths around any power-of-two staging size: none lost, none empty */
	for (i = 120; i < 1030; i++) {
		memset(arg, 'x', i);
		arg[i] = '\0';
		if (sink_printf(&l, "%sy", arg) != (int)i + 1 || l.len != i + 1 ||
		    l.text[i] != 'y' || l.text[i - 1] != 'x' || l.empty)
			EXPECT_FAIL("length %zu: got %zu bytes", i + 1, l.len);
	}
}
