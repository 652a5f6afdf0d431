// SPDX-License-Identifier: GPL-2.0
/*
 * memtype-logcheck: is a concurrent run of the kernel's memtype code
 * linearizable?  The pat_smp stress test logs every memtype tree operation
 * under memtype_lock, numbered in the order they took effect, with the
 * answer the kernel gave (arch/x86/mm/pat/memtype_log.c).  Replaying that
 * sequence on the naive reference model must give the very same answers;
 * a lock that let two operations interleave, or a tree torn by one CPU
 * while another read it, shows up as a mismatch.
 *
 *   memtype-logcheck [-q] [FILE|-]
 *
 * Reads a serial transcript; only lines containing "memtype_log: " count:
 *
 *   memtype_log: begin N
 *   memtype_log: SEQ CPU OP ARGS => ANSWER      (OP ARGS: a trace line)
 *   memtype_log: end N
 *
 * Exit 0: every answer matches; 1: a mismatch (named); 2: a malformed or
 * incomplete log.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_model.h"
#include "trace.h"

#define TAG		"memtype_log: "
#define MAX_CPUS	64

struct log_op {
	struct trace_op op;
	unsigned int cpu;
	char answer[16];
	unsigned long line;
};

struct log {
	struct log_op *ops;
	size_t nr, cap;
	long begin, end;	/* the counts the log announced, -1: absent */
};

static const char *path = "-";

static void __attribute__((noreturn, format(printf, 2, 3)))
malformed(unsigned long line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "memtype-logcheck: %s:%lu: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static int mode_of(const char *s)
{
	unsigned int i;

	for (i = 0; i < 6; i++)
		if (trace_mode_names[i] && !strcmp(s, trace_mode_names[i]))
			return i;
	return -1;
}

static bool hex(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || strlen(s) > 16 || strspn(s, "0123456789abcdef") != strlen(s))
		return false;
	errno = 0;
	*v = strtoull(s, &end, 16);
	return !errno && !*end;
}

/* "OP ARGS => ANSWER" after SEQ and CPU */
static void parse_op(char *s, struct log_op *o, unsigned long line)
{
	char *arrow = strstr(s, " => "), *tok[5];
	unsigned int n = 0, want;
	int mode = 0;

	if (!arrow)
		malformed(line, "no \" => \" answer");
	*arrow = '\0';
	snprintf(o->answer, sizeof(o->answer), "%s", arrow + 4);
	for (char *t = strtok(s, " "); t; t = strtok(NULL, " "))
		if (n < 5)
			tok[n++] = t;
		else
			malformed(line, "too many fields");
	if (!n || strlen(tok[0]) != 1 || !strchr("rsfl", tok[0][0]))
		malformed(line, "unknown operation");
	o->op.kind = strchr("rsfl", tok[0][0]) - "rsfl";
	want = o->op.kind == TRACE_L ? 2 : o->op.kind == TRACE_F ? 3 : 4;
	if (n != want || !hex(tok[1], &o->op.a) ||
	    (n > 2 && !hex(tok[2], &o->op.b)))
		malformed(line, "bad operands");
	if (n == 4 && (mode = mode_of(tok[3])) < 0)
		malformed(line, "unknown mode \"%s\"", tok[3]);
	o->op.mode = mode;
}

static void add_entry(struct log *lg, char *s, unsigned long line)
{
	unsigned long seq, cpu;
	struct log_op *o;
	char *p;

	seq = strtoul(s, &p, 10);
	if (p == s || *p != ' ')
		malformed(line, "no sequence number");
	cpu = strtoul(p + 1, &s, 10);
	if (s == p + 1 || *s != ' ' || cpu >= MAX_CPUS)
		malformed(line, "bad CPU number");
	if (lg->begin < 0 || lg->end >= 0)
		malformed(line, "entry outside begin/end");
	if (seq != lg->nr)
		malformed(line, "sequence %lu where %zu was due", seq, lg->nr);
	if (lg->nr == lg->cap) {
		lg->cap = lg->cap ? 2 * lg->cap : 4096;
		lg->ops = realloc(lg->ops, lg->cap * sizeof(*lg->ops));
		if (!lg->ops)
			malformed(line, "out of memory");
	}
	o = &lg->ops[lg->nr++];
	o->cpu = cpu;
	o->line = line;
	parse_op(s + 1, o, line);
}

static void parse_line(struct log *lg, char *s, unsigned long line)
{
	char *p = strstr(s, TAG);
	long n;

	if (!p)
		return;
	p += strlen(TAG);
	p[strcspn(p, "\r\n")] = '\0';
	if (!strncmp(p, "begin ", 6) || !strncmp(p, "end ", 4)) {
		bool begin = p[0] == 'b';
		char *end;

		n = strtol(p + (begin ? 6 : 4), &end, 10);
		if (*end || n < 0)
			malformed(line, "bad count");
		if (begin ? lg->begin >= 0 : lg->begin < 0 || lg->end >= 0)
			malformed(line, "unexpected \"%s\"", p);
		if (begin)
			lg->begin = n;
		else
			lg->end = n;
		return;
	}
	add_entry(lg, p, line);
}

static void read_log(FILE *f, struct log *lg)
{
	char buf[512];
	unsigned long line = 0;

	while (fgets(buf, sizeof(buf), f))
		parse_line(lg, buf, ++line);
	if (lg->begin < 0)
		malformed(line, "no \"begin\" line: no log in this transcript");
	if (lg->end < 0)
		malformed(line, "log incomplete: no \"end\" line after %zu of %ld entries",
			  lg->nr, lg->begin);
	if ((size_t)lg->begin != lg->nr || lg->end != lg->begin)
		malformed(line, "log incomplete: %zu entries, begin says %ld, end %ld",
			  lg->nr, lg->begin, lg->end);
}

static const char *model_answer(struct ref_model *m, const struct trace_op *op,
				char buf[16])
{
	static const struct memtype_owner owner;
	enum page_cache_mode mode = op->mode;
	unsigned char res;
	int err;

	switch (op->kind) {
	case TRACE_R:
	case TRACE_S:
		err = ref_reserve(m, op->a, op->b, mode,
				  op->kind == TRACE_R ? &mode : NULL, &owner,
				  NULL);
		res = err == -EBUSY ? TRACE_EBUSY : err ? TRACE_EINVAL :
		      op->kind == TRACE_R ? (unsigned char)mode : TRACE_OK;
		break;
	case TRACE_F:
		res = ref_free(m, op->a, op->b, NULL) < 0 ? TRACE_EINVAL :
							    TRACE_OK;
		break;
	default:
		err = ref_lookup(m, op->a);
		res = err < 0 ? TRACE_NONE : (unsigned char)err;
	}
	return trace_result_line(op, res, buf);
}

static void print_op(FILE *f, const struct trace_op *op)
{
	fprintf(f, "%c %llx", "rsfl"[op->kind], (unsigned long long)op->a);
	if (op->kind != TRACE_L)
		fprintf(f, " %llx", (unsigned long long)op->b);
	if (op->kind <= TRACE_S)
		fprintf(f, " %s", trace_mode_names[op->mode]);
}

static int replay(const struct log *lg, bool quiet)
{
	unsigned long per_cpu[MAX_CPUS][4] = { { 0 } };
	unsigned int cpu, cpus = 0;
	struct ref_model m;
	const char *got;
	char buf[16];
	size_t i;

	ref_init(&m);
	for (i = 0; i < lg->nr; i++) {
		const struct log_op *o = &lg->ops[i];

		got = model_answer(&m, &o->op, buf);
		if (strcmp(got, o->answer)) {
			printf("memtype-logcheck: mismatch at seq %zu (cpu %u): ",
			       i, o->cpu);
			print_op(stdout, &o->op);
			printf(": kernel said %s, model says %s\n", o->answer,
			       got);
			ref_destroy(&m);
			return 1;
		}
		per_cpu[o->cpu][o->op.kind]++;
	}
	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		unsigned long *c = per_cpu[cpu], t = c[0] + c[1] + c[2] + c[3];

		if (!t)
			continue;
		cpus++;
		if (!quiet)
			printf("cpu%u: %lu ops (r %lu, s %lu, f %lu, l %lu)\n",
			       cpu, t, c[0], c[1], c[2], c[3]);
	}
	printf("memtype-logcheck: %zu ops from %u CPUs replayed, all answers match\n",
	       lg->nr, cpus);
	printf("entries at end: %zu\n", m.nr);
	ref_destroy(&m);
	return 0;
}

int main(int argc, char **argv)
{
	struct log lg = { .begin = -1, .end = -1 };
	bool quiet = false;
	FILE *f = stdin;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-q"))
			quiet = true;
		else if (argv[i][0] == '-' && argv[i][1])
			malformed(0, "usage: memtype-logcheck [-q] [FILE|-]");
		else
			path = argv[i];
	}
	if (strcmp(path, "-")) {
		f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "memtype-logcheck: %s: %s\n", path,
				strerror(errno));
			return 2;
		}
	}
	read_log(f, &lg);
	if (f != stdin)
		fclose(f);
	rc = replay(&lg, quiet);
	free(lg.ops);
	return rc;
}
