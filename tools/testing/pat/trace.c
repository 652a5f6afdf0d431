// SPDX-License-Identifier: GPL-2.0
/*
 * Trace parsing for the host tools: the whole file is read and turned into
 * an array of operations before anything is timed.  Malformed lines stop
 * the program with "FILE:LINE: what is wrong" and exit status 2.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/compiler.h>

#include "trace.h"

const char *const trace_mode_names[6] = { "wb", "wc", "uc-", "uc", "wt", "wp" };

static const char *cur_path;
static size_t cur_line;

static void __noreturn __printf(1, 2) trace_bad(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%zu: ", cur_path, cur_line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

struct field {
	const char *p;
	size_t n;
};

static uint64_t parse_hex(const struct field *f, const char *what)
{
	uint64_t v = 0;
	size_t i;

	if (!f->n || f->n > 16)
		trace_bad("bad %s '%.*s'", what, (int)f->n, f->p);
	for (i = 0; i < f->n; i++) {
		char c = f->p[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (uint64_t)(c - 'a' + 10);
		else
			trace_bad("bad %s '%.*s' (lower-case hex without 0x)",
				  what, (int)f->n, f->p);
	}
	return v;
}

static void parse_range(const struct field *f, struct trace_op *op)
{
	op->a = parse_hex(&f[1], "start");
	op->b = parse_hex(&f[2], "end");
	if (op->a % 4096 || op->b % 4096)
		trace_bad("range not page aligned");
	if (op->a >= op->b)
		trace_bad("empty range: start >= end");
}

static unsigned char parse_mode(const struct field *f)
{
	unsigned char m;

	for (m = 0; m < 6; m++)
		if (strlen(trace_mode_names[m]) == f->n &&
		    !memcmp(trace_mode_names[m], f->p, f->n))
			return m;
	trace_bad("bad mode '%.*s'", (int)f->n, f->p);
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Returns 1 and fills @op when [p, end) holds an operation. */
static int parse_line(const char *p, const char *end, struct trace_op *op)
{
	struct field f[5];
	int nf = 0;

	while (p < end && is_blank(*p))
		p++;
	if (p == end || *p == '#')
		return 0;
	while (p < end) {
		if (nf == 5)
			trace_bad("too many fields");
		f[nf].p = p;
		while (p < end && !is_blank(*p))
			p++;
		f[nf].n = (size_t)(p - f[nf].p);
		nf++;
		while (p < end && is_blank(*p))
			p++;
	}
	if (f[0].n != 1)
		trace_bad("unknown operation '%.*s'", (int)f[0].n, f[0].p);
	switch (f[0].p[0]) {
	case 'r':
	case 's':
		if (nf != 4)
			trace_bad("expected '%c START END MODE'", f[0].p[0]);
		op->kind = f[0].p[0] == 'r' ? TRACE_R : TRACE_S;
		parse_range(f, op);
		op->mode = parse_mode(&f[3]);
		return 1;
	case 'f':
		if (nf != 3)
			trace_bad("expected 'f START END'");
		op->kind = TRACE_F;
		op->mode = 0;
		parse_range(f, op);
		return 1;
	case 'l':
		if (nf != 2)
			trace_bad("expected 'l ADDR'");
		op->kind = TRACE_L;
		op->mode = 0;
		op->a = parse_hex(&f[1], "address");
		op->b = 0;
		if (op->a % 4096)
			trace_bad("address not page aligned");
		return 1;
	}
	trace_bad("unknown operation '%.*s'", (int)f[0].n, f[0].p);
}

struct trace_op *trace_parse(const char *path, size_t *nops)
{
	size_t len = 0, cap = 1 << 20, n = 0, ocap = 1024, got;
	struct trace_op *ops;
	char *buf, *p, *end;
	FILE *f;

	cur_path = path;
	f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	buf = malloc(cap);
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap)
			buf = realloc(buf, cap *= 2);
	}
	if (!buf || ferror(f)) {
		perror(path);
		exit(2);
	}
	fclose(f);
	ops = malloc(ocap * sizeof(*ops));
	for (p = buf, end = buf + len; ops && p < end; ) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *eol = nl ? nl : end;

		cur_line++;
		if (n == ocap)
			ops = realloc(ops, (ocap *= 2) * sizeof(*ops));
		if (ops && parse_line(p, eol, &ops[n]))
			n++;
		p = eol + 1;
	}
	if (!ops) {
		perror("malloc");
		exit(1);
	}
	free(buf);
	*nops = n;
	return ops;
}

const char *trace_result_line(const struct trace_op *op, unsigned char res,
			      char buf[16])
{
	switch (res) {
	case TRACE_OK:
		return "ok";
	case TRACE_EBUSY:
		return "ebusy";
	case TRACE_EINVAL:
		return "einval";
	case TRACE_NONE:
		return "none";
	}
	if (res > 5)
		return "?";
	if (op->kind == TRACE_L)
		return trace_mode_names[res];
	snprintf(buf, 16, "ok %s", trace_mode_names[res]);
	return buf;
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

uint64_t trace_digest(const struct trace_op *ops, const unsigned char *res,
		      size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	char buf[16];
	size_t i;

	for (i = 0; i < n; i++)
		h = fnv1a(fnv1a(h, trace_result_line(&ops[i], res[i], buf)), "\n");
	return h;
}
