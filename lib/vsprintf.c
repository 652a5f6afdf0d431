// SPDX-License-Identifier: GPL-2.0
/*
 * vsnprintf() and friends: C99 conversions (d i u x X o c s p %) with flags
 * "-+ 0#", width, precision, "*" and the hh/h/l/ll/z/t/j modifiers, plus
 * the kernel's %pS / %ps (symbol+offset/size, symbol).  %p alone prints the
 * pointer as 16 hex digits, like Linux's %px.
 *
 * One deliberate difference from C99, as in Linux: "%#x" of 0 is "0x0".
 *
 * Output never passes size - 1 bytes and is always terminated when size is
 * not 0; the return value is the length the whole output would have had.
 * vprintf_sink() runs the same formatter into a caller's function instead,
 * a chunk at a time, so output of any length arrives whole.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/string.h>

struct printf_spec {
	bool left, plus, space, alt, zero;
	int width;		/* -1: none */
	int precision;		/* -1: none */
	char length;		/* 'H' hh, 'h', 'l', 'L' ll, 'z', 't', 'j' or 0 */
};

struct outbuf {
	char *buf;
	size_t size;
	size_t len;		/* would-be length */
	/* with a sink, buf is a staging area of which fill bytes are used */
	printf_sink_t sink;
	void *ctx;
	size_t fill;
};

static void out_c(struct outbuf *o, char c)
{
	o->len++;
	if (o->sink) {
		o->buf[o->fill++] = c;
		if (o->fill == o->size) {
			o->sink(o->ctx, o->buf, o->fill);
			o->fill = 0;
		}
		return;
	}
	if (o->len < o->size)
		o->buf[o->len - 1] = c;
}

static void out_pad(struct outbuf *o, char c, int n)
{
	while (n-- > 0)
		out_c(o, c);
}

static void out_str(struct outbuf *o, const char *s, const struct printf_spec *sp)
{
	int n, i;

	if (!s)
		s = "(null)";
	n = sp->precision >= 0 ? (int)strnlen(s, sp->precision) : (int)strlen(s);
	if (!sp->left)
		out_pad(o, ' ', sp->width - n);
	for (i = 0; i < n; i++)
		out_c(o, s[i]);
	if (sp->left)
		out_pad(o, ' ', sp->width - n);
}

static void out_num(struct outbuf *o, unsigned long long v, bool neg,
		    unsigned int base, bool upper, const struct printf_spec *sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24], sign = 0;
	const char *prefix = "";
	int n = 0, zeros, len, pad;

	while (v) {
		tmp[n++] = digits[v % base];
		v /= base;
	}
	if (neg)
		sign = '-';
	else if (sp->plus)
		sign = '+';
	else if (sp->space)
		sign = ' ';
	/* Linux prints the 0x of %#x even for 0, unlike C99 */
	if (sp->alt && base == 16)
		prefix = upper ? "0X" : "0x";
	if (sp->alt && base == 8 && (sp->precision <= n))
		prefix = "0";
	if (sp->alt && base == 8 && !n && sp->precision == 0)
		prefix = "0";
	/* an explicit precision of 0 prints nothing for 0 */
	zeros = sp->precision >= 0 ? sp->precision - n :
		(n ? 0 : 1);
	if (zeros < 0)
		zeros = 0;
	if (*prefix == '0' && base == 8 && zeros)
		prefix = "";
	len = n + zeros + (sign ? 1 : 0) + (int)strlen(prefix);
	pad = sp->width - len;
	if (sp->zero && !sp->left && sp->precision < 0) {
		zeros += pad > 0 ? pad : 0;
		pad = 0;
	}
	if (!sp->left)
		out_pad(o, ' ', pad);
	if (sign)
		out_c(o, sign);
	while (*prefix)
		out_c(o, *prefix++);
	out_pad(o, '0', zeros);
	while (n)
		out_c(o, tmp[--n]);
	if (sp->left)
		out_pad(o, ' ', pad);
}

static void out_pointer(struct outbuf *o, const char **fmt, void *p,
			struct printf_spec *sp)
{
	char sym[128];

	if (**fmt == 'S' || **fmt == 's') {
		sprint_symbol_hook(sym, sizeof(sym), (unsigned long)p,
				   **fmt == 'S');
		(*fmt)++;
		out_str(o, sym, sp);
		return;
	}
	if (**fmt == 'x')
		(*fmt)++;
	if (sp->width < 0) {
		sp->width = 16;
		sp->zero = true;
	}
	out_num(o, (unsigned long)p, false, 16, false, sp);
}

static const char *parse_spec(const char *f, struct printf_spec *sp,
			      va_list *ap)
{
	*sp = (struct printf_spec){ .width = -1, .precision = -1 };
	for (;; f++) {
		if (*f == '-')
			sp->left = true;
		else if (*f == '+')
			sp->plus = true;
		else if (*f == ' ')
			sp->space = true;
		else if (*f == '#')
			sp->alt = true;
		else if (*f == '0')
			sp->zero = true;
		else
			break;
	}
	if (*f == '*') {
		sp->width = va_arg(*ap, int);
		if (sp->width < 0) {
			sp->left = true;
			sp->width = -sp->width;
		}
		f++;
	} else if (*f >= '0' && *f <= '9') {
		for (sp->width = 0; *f >= '0' && *f <= '9'; f++)
			sp->width = sp->width * 10 + (*f - '0');
	}
	if (*f == '.') {
		f++;
		if (*f == '*') {
			sp->precision = va_arg(*ap, int);
			if (sp->precision < 0)
				sp->precision = -1;
			f++;
		} else {
			for (sp->precision = 0; *f >= '0' && *f <= '9'; f++)
				sp->precision = sp->precision * 10 + (*f - '0');
		}
	}
	if (f[0] == 'h' && f[1] == 'h') {
		sp->length = 'H';
		f += 2;
	} else if (f[0] == 'l' && f[1] == 'l') {
		sp->length = 'L';
		f += 2;
	} else if (*f == 'h' || *f == 'l' || *f == 'z' || *f == 't' ||
		   *f == 'j') {
		sp->length = *f++;
	}
	return f;
}

static unsigned long long get_unsigned(const struct printf_spec *sp,
				       va_list *ap)
{
	switch (sp->length) {
	case 'H':
		return (unsigned char)va_arg(*ap, unsigned int);
	case 'h':
		return (unsigned short)va_arg(*ap, unsigned int);
	case 'l':
		return va_arg(*ap, unsigned long);
	case 'L':
	case 'j':
		return va_arg(*ap, unsigned long long);
	case 'z':
		return va_arg(*ap, size_t);
	case 't':
		return va_arg(*ap, long);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static long long get_signed(const struct printf_spec *sp, va_list *ap)
{
	switch (sp->length) {
	case 'H':
		return (signed char)va_arg(*ap, int);
	case 'h':
		return (short)va_arg(*ap, int);
	case 'l':
		return va_arg(*ap, long);
	case 'L':
	case 'j':
		return va_arg(*ap, long long);
	case 'z':
		return va_arg(*ap, ssize_t);
	case 't':
		return va_arg(*ap, long);
	default:
		return va_arg(*ap, int);
	}
}

static void format(struct outbuf *o, const char *fmt, va_list args)
{
	struct printf_spec sp;
	unsigned long long u;
	long long s;
	va_list ap;

	va_copy(ap, args);
	while (*fmt) {
		if (*fmt != '%') {
			out_c(o, *fmt++);
			continue;
		}
		fmt = parse_spec(fmt + 1, &sp, &ap);
		switch (*fmt) {
		case 'd':
		case 'i':
			s = get_signed(&sp, &ap);
			u = s < 0 ? -(unsigned long long)s : (unsigned long long)s;
			out_num(o, u, s < 0, 10, false, &sp);
			break;
		case 'u':
		case 'x':
		case 'X':
		case 'o':
			/* '+' and ' ' are for signed conversions only */
			sp.plus = false;
			sp.space = false;
			out_num(o, get_unsigned(&sp, &ap), false,
				*fmt == 'u' ? 10 : *fmt == 'o' ? 8 : 16,
				*fmt == 'X', &sp);
			break;
		case 'c': {
			char c = (char)va_arg(ap, int);

			if (!sp.left)
				out_pad(o, ' ', sp.width - 1);
			out_c(o, c);
			if (sp.left)
				out_pad(o, ' ', sp.width - 1);
			break;
		}
		case 's':
			out_str(o, va_arg(ap, const char *), &sp);
			break;
		case 'p':
			fmt++;
			out_pointer(o, &fmt, va_arg(ap, void *), &sp);
			continue;
		case '%':
			out_c(o, '%');
			break;
		case '\0':
			fmt--;
			break;
		default:
			out_c(o, '%');
			out_c(o, *fmt);
			break;
		}
		fmt++;
	}
	va_end(ap);
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	struct outbuf o = { .buf = buf, .size = size };

	format(&o, fmt, args);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > INT_MAX ? INT_MAX : (int)o.len;
}

/**
 * vprintf_sink() - format without a length limit, handing the text to @sink
 * @sink: called with consecutive pieces of the output, in order, never
 *	with an empty piece
 * @ctx: passed to @sink
 * @fmt: printf format
 * @args: its arguments
 *
 * For output whose length the caller cannot bound (a shell command echoing
 * its arguments): nothing is cut off, and the caller needs no buffer.
 * Returns the number of bytes handed to @sink.
 */
int vprintf_sink(printf_sink_t sink, void *ctx, const char *fmt, va_list args)
{
	char chunk[128];
	struct outbuf o = {
		.buf = chunk, .size = sizeof(chunk), .sink = sink, .ctx = ctx,
	};

	format(&o, fmt, args);
	if (o.fill)
		sink(ctx, chunk, o.fill);
	return o.len > INT_MAX ? INT_MAX : (int)o.len;
}


int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int n = vsnprintf(buf, size, fmt, args);

	if (!size)
		return 0;
	return (size_t)n < size ? n : (int)size - 1;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int sprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, INT_MAX, fmt, ap);
	va_end(ap);
	return n;
}

/* until kernel/kallsyms.c links in: the bare address */
__weak int sprint_symbol_hook(char *buf, size_t size, unsigned long addr,
			      bool with_offset)
{
	return scnprintf(buf, size, "0x%lx", addr);
}
