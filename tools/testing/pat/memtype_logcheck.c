// SPDX-License-Identifier: GPL-2.0
/*
 * memtype-logcheck: is a concurrent run of the kernel's memtype code
 * linearizable?  The pat_smp stress test logs every memtype operation
 * under memtype_lock, numbered in the order they took effect, with the
 * answer the kernel gave (arch/x86/mm/pat/memtype_log.c): those on the
 * memtype tree, and those on the per-page reservations of RAM.  Replaying
 * that sequence on the naive models must give the very same answers: the
 * tree's on the reference model (ref_model.c), RAM's on the page model
 * (ram_model.c), kept apart because a range is either all RAM or tracked
 * in the tree.  A lock that let two operations interleave, or a structure
 * torn by one CPU while another read it, shows up as a mismatch.
 *
 *   memtype-logcheck [-q] [FILE|-]
 *
 * Reads a serial transcript; only lines containing "memtype_log:" count,
 * whatever comes before it, and those must be exactly one of
 *
 *   memtype_log: begin N
 *   memtype_log: SEQ CPU OP ARGS => ANSWER
 *   memtype_log: end N
 *
 * with single spaces, an optional "\r" at the end, SEQ running 0..N-1,
 * numbers in lower-case hex without "0x" (SEQ and CPU in decimal), and
 * OP ARGS => ANSWER one of
 *
 *   r START END MODE => ok MODE | ebusy     tree reserve, adopting a mode
 *   s START END MODE => ok | ebusy          tree reserve, strict
 *   f START END => ok | einval              tree free
 *   l ADDR => MODE | none                   tree lookup
 *   p START END MODE => ok | ebusy | enospc RAM reserve of every page
 *   q START END => ok | einval              RAM release of every page
 *   m ADDR => MODE                          RAM page lookup
 *
 * The tree's lines are trace lines (TRACE-FORMAT.md, with its semantics
 * and answers) except that their ranges need not be page aligned; the RAM
 * lines' ranges and addresses must be.  START < END throughout.  The log
 * opens with the tree's entries as "s" lines and RAM's reservations as
 * one-page "p" lines, so both models start empty.  Documented in
 * Documentation/x86/memtype-tree.rst, "The memtype log".
 *
 * Exit 0: every answer matches; 1: a mismatch (named); 2: a malformed or
 * incomplete log (naming the line where there is one), or a usage error.
 */
#define _GNU_SOURCE	/* getline(), strsep() */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ram_model.h"
#include "ref_model.h"
#include "trace.h"

#define TAG		"memtype_log:"
#define MAX_CPUS	64	/* the kernel's CONFIG_NR_CPUS */
#define NR_MODES	6

/* The trace format's four operations, then the three of the RAM path. */
enum log_kind {
	LOG_R = TRACE_R, LOG_S = TRACE_S, LOG_F = TRACE_F, LOG_L = TRACE_L,
	LOG_P, LOG_Q, LOG_M, NR_LOG_KINDS
};

static const char log_ops[NR_LOG_KINDS + 1] = "rsflpqm";

struct log_op {
	struct trace_op op;	/* op.kind is an enum log_kind */
	unsigned int cpu;
	char answer[8];		/* longest: "ok uc-", "enospc" */
};

struct models {
	struct ref_model tree;
	struct ram_model ram;
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

	if (line)
		fprintf(stderr, "memtype-logcheck: %s:%lu: ", path, line);
	else
		fprintf(stderr, "memtype-logcheck: %s: ", path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void __attribute__((noreturn)) usage(void)
{
	fprintf(stderr, "usage: memtype-logcheck [-q] [FILE|-]\n");
	exit(2);
}

static int mode_of(const char *s)
{
	int i;

	for (i = 0; i < NR_MODES; i++)
		if (!strcmp(s, trace_mode_names[i]))
			return i;
	return -1;
}

/*
 * Digits only: strtoul() would also take blanks, a sign or "0x", and a
 * log line garbled on the serial line should not slip through that way.
 */
static bool parse_num(const char *s, int base, unsigned long long *v)
{
	const char *digits = base == 16 ? "0123456789abcdef" : "0123456789";
	size_t n = strspn(s, digits);

	if (!n || s[n] || n > (base == 16 ? 16 : 9))
		return false;
	*v = strtoull(s, NULL, base);
	return true;
}

static bool is_one_of(const char *ans, const char *a, const char *b,
		      const char *c)
{
	return !strcmp(ans, a) || !strcmp(ans, b) || (c && !strcmp(ans, c));
}

/* Is @ans an answer @op's kind can give at all? */
static bool answer_fits(const struct trace_op *op, const char *ans)
{
	switch (op->kind) {
	case LOG_R:
		return !strcmp(ans, "ebusy") ||
		       (!strncmp(ans, "ok ", 3) && mode_of(ans + 3) >= 0);
	case LOG_S:
		return is_one_of(ans, "ok", "ebusy", NULL);
	case LOG_F:
	case LOG_Q:
		return is_one_of(ans, "ok", "einval", NULL);
	case LOG_P:
		return is_one_of(ans, "ok", "ebusy", "enospc");
	case LOG_M:
		return mode_of(ans) >= 0;
	default:
		return !strcmp(ans, "none") || mode_of(ans) >= 0;
	}
}

/* Operands after the letter: an address, a range, or a range and a mode */
static int operands(unsigned char kind)
{
	return kind == LOG_L || kind == LOG_M ? 1 :
	       kind == LOG_F || kind == LOG_Q ? 2 : 3;
}

/*
 * "OP ARGS", split at single spaces.  The tree's operations need no
 * alignment: the kernel's memtype_reserve() takes any start < end, and the
 * model replays unaligned ranges just as well.  The RAM path works on
 * whole pages and logs them as such, so its operations must be aligned.
 */
static void parse_op(char *s, struct trace_op *op, unsigned long line)
{
	unsigned long long a = 0, b = 0;
	char *tok[4];
	int n = 0, want, mode = 0;

	while (s && n < 4)
		tok[n++] = strsep(&s, " ");
	if (s)
		malformed(line, "too many fields");
	if (strlen(tok[0]) != 1 || !strchr(log_ops, tok[0][0]))
		malformed(line, "unknown operation \"%s\"", tok[0]);
	op->kind = strchr(log_ops, tok[0][0]) - log_ops;
	want = operands(op->kind) + 1;
	if (n != want)
		malformed(line, "\"%s\" takes %d operands, not %d", tok[0],
			  want - 1, n - 1);
	if (!parse_num(tok[1], 16, &a) || (n > 2 && !parse_num(tok[2], 16, &b)))
		malformed(line, "bad operands (lower-case hex without 0x)");
	if (n > 2 && a >= b)
		malformed(line, "empty range: start >= end");
	if (op->kind >= LOG_P && (a % RAM_MODEL_PAGE || b % RAM_MODEL_PAGE))
		malformed(line, "\"%s\" needs page-aligned operands", tok[0]);
	if (n == 4 && (mode = mode_of(tok[3])) < 0)
		malformed(line, "unknown mode \"%s\"", tok[3]);
	op->a = a;
	op->b = b;
	op->mode = mode;
}

static struct log_op *new_entry(struct log *lg, unsigned long line)
{
	if (lg->nr == lg->cap) {
		lg->cap = lg->cap ? 2 * lg->cap : 4096;
		lg->ops = realloc(lg->ops, lg->cap * sizeof(*lg->ops));
		if (!lg->ops)
			malformed(line, "out of memory");
	}
	return &lg->ops[lg->nr++];
}

/* The sequence number must be the next one: no gap, no repeat. */
static void check_seq(const struct log *lg, unsigned long long seq,
		      unsigned long line)
{
	if (lg->begin < 0 || lg->end >= 0)
		malformed(line, "entry outside begin/end");
	if (seq >= (unsigned long long)lg->begin)
		malformed(line, "sequence %llu but \"begin %ld\": too many entries",
			  seq, lg->begin);
	if (seq > lg->nr)
		malformed(line, "sequence %llu where %zu was due: entries missing",
			  seq, lg->nr);
	if (seq < lg->nr)
		malformed(line, "sequence %llu where %zu was due: repeated or out of order",
			  seq, lg->nr);
}

/* "SEQ CPU OP ARGS => ANSWER" */
static void add_entry(struct log *lg, char *s, unsigned long line)
{
	char *arrow = strstr(s, " => "), *seq_s, *cpu_s;
	unsigned long long seq, cpu;
	struct trace_op op;
	struct log_op *o;

	if (!arrow)
		malformed(line, "no \" => \" before the answer");
	*arrow = '\0';
	seq_s = strsep(&s, " ");
	if (!parse_num(seq_s, 10, &seq))
		malformed(line, "bad sequence number \"%s\"", seq_s);
	cpu_s = strsep(&s, " ");
	if (!cpu_s || !parse_num(cpu_s, 10, &cpu) || cpu >= MAX_CPUS)
		malformed(line, "bad CPU number \"%s\"", cpu_s ? cpu_s : "");
	if (!s)
		malformed(line, "no operation");
	parse_op(s, &op, line);
	if (!answer_fits(&op, arrow + 4))
		malformed(line, "answer \"%s\" does not fit operation \"%c\"",
			  arrow + 4, log_ops[op.kind]);
	check_seq(lg, seq, line);
	o = new_entry(lg, line);
	o->op = op;
	o->cpu = cpu;
	strcpy(o->answer, arrow + 4);	/* fits: answer_fits() said so */
}

static void begin_end(struct log *lg, char *s, unsigned long line)
{
	bool begin = s[0] == 'b';
	unsigned long long n;

	if (!parse_num(strchr(s, ' ') + 1, 10, &n))
		malformed(line, "bad count in \"%s\"", s);
	if (begin ? lg->begin >= 0 : lg->begin < 0 || lg->end >= 0)
		malformed(line, "unexpected \"%s\"", s);
	if (begin) {
		lg->begin = n;
		return;
	}
	if ((long)n != lg->begin)
		malformed(line, "\"end %llu\" does not match \"begin %ld\"", n,
			  lg->begin);
	if (lg->nr != n)
		malformed(line, "log incomplete: %zu of %llu entries", lg->nr, n);
	lg->end = n;
}

static void parse_line(struct log *lg, char *s, unsigned long line)
{
	char *p = strstr(s, TAG);

	if (!p)
		return;
	p += strlen(TAG);
	if (*p++ != ' ')
		malformed(line, "no space after \"" TAG "\"");
	/* a serial transcript may end its lines in "\r\n" */
	p[strcspn(p, "\r\n")] = '\0';
	if (!strncmp(p, "begin ", 6) || !strncmp(p, "end ", 4))
		begin_end(lg, p, line);
	else
		add_entry(lg, p, line);
}

static void read_log(FILE *f, struct log *lg)
{
	unsigned long line = 0;
	size_t size = 0;
	char *buf = NULL;

	/* getline(): a long line of other output must not be split in two */
	while (getline(&buf, &size, f) >= 0)
		parse_line(lg, buf, ++line);
	if (ferror(f))
		malformed(0, "read error: %s", strerror(errno));
	free(buf);
	if (lg->begin < 0)
		malformed(0, "no \"begin\" line: no memtype log in this transcript");
	if (lg->end < 0)
		malformed(0, "log incomplete: %zu of %ld entries, no \"end\" line",
			  lg->nr, lg->begin);
}

static const char *tree_answer(struct ref_model *m, const struct trace_op *op,
			       char buf[16])
{
	static const struct memtype_owner owner;
	enum page_cache_mode mode = op->mode;
	unsigned char res;
	int err;

	switch (op->kind) {
	case LOG_R:
	case LOG_S:
		err = ref_reserve(m, op->a, op->b, mode,
				  op->kind == LOG_R ? &mode : NULL, &owner,
				  NULL);
		res = err == -EBUSY ? TRACE_EBUSY : err ? TRACE_EINVAL :
		      op->kind == LOG_R ? (unsigned char)mode : TRACE_OK;
		break;
	case LOG_F:
		res = ref_free(m, op->a, op->b, NULL) < 0 ? TRACE_EINVAL :
							    TRACE_OK;
		break;
	default:
		err = ref_lookup(m, op->a);
		res = err < 0 ? TRACE_NONE : (unsigned char)err;
	}
	return trace_result_line(op, res, buf);
}

static const char *ram_answer(struct ram_model *m, const struct trace_op *op)
{
	int err;

	if (op->kind == LOG_M)
		return trace_mode_names[ram_model_lookup(m, op->a)];
	if (op->kind == LOG_P)
		err = ram_model_reserve(m, op->a, op->b, op->mode);
	else
		err = ram_model_release(m, op->a, op->b);
	switch (err) {
	case 0:
		return "ok";
	case -EBUSY:
		return "ebusy";
	case -ENOSPC:
		return "enospc";
	case -EINVAL:
		return "einval";
	}
	malformed(0, "out of memory replaying the RAM path");
}

static const char *model_answer(struct models *m, const struct trace_op *op,
				char buf[16])
{
	if (op->kind >= LOG_P)
		return ram_answer(&m->ram, op);
	return tree_answer(&m->tree, op, buf);
}

static void print_op(FILE *f, const struct trace_op *op)
{
	int n = operands(op->kind);

	fprintf(f, "%c %llx", log_ops[op->kind], (unsigned long long)op->a);
	if (n > 1)
		fprintf(f, " %llx", (unsigned long long)op->b);
	if (n > 2)
		fprintf(f, " %s", trace_mode_names[op->mode]);
}

static unsigned int print_cpus(unsigned long per_cpu[MAX_CPUS][NR_LOG_KINDS],
			       bool quiet)
{
	unsigned int cpu, cpus = 0, k;

	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		unsigned long *c = per_cpu[cpu], t = 0;

		for (k = 0; k < NR_LOG_KINDS; k++)
			t += c[k];
		if (!t)
			continue;
		cpus++;
		if (quiet)
			continue;
		printf("cpu%u: %lu ops (", cpu, t);
		for (k = 0; k < NR_LOG_KINDS; k++)
			printf("%s%c %lu", k ? ", " : "", log_ops[k], c[k]);
		printf(")\n");
	}
	return cpus;
}

static int replay(const struct log *lg, bool quiet)
{
	unsigned long per_cpu[MAX_CPUS][NR_LOG_KINDS] = { { 0 } };
	struct models m;
	const char *got;
	unsigned int cpus;
	char buf[16];
	int rc = 1;
	size_t i;

	ref_init(&m.tree);
	ram_model_init(&m.ram);
	for (i = 0; i < lg->nr; i++) {
		const struct log_op *o = &lg->ops[i];

		got = model_answer(&m, &o->op, buf);
		if (strcmp(got, o->answer)) {
			printf("memtype-logcheck: mismatch at seq %zu (cpu %u): ",
			       i, o->cpu);
			print_op(stdout, &o->op);
			printf(": kernel said %s, model says %s\n", o->answer,
			       got);
			goto out;
		}
		per_cpu[o->cpu][o->op.kind]++;
	}
	cpus = print_cpus(per_cpu, quiet);
	/* the summary first: the KTAP runner reports the first line of -q */
	printf("memtype-logcheck: %zu ops from %u CPUs replayed, all answers match\n",
	       lg->nr, cpus);
	printf("entries at end: %zu\n", m.tree.nr);
	printf("RAM pages reserved at end: %llu\n",
	       (unsigned long long)ram_model_pages(&m.ram));
	rc = 0;
out:
	ram_model_destroy(&m.ram);
	ref_destroy(&m.tree);
	return rc;
}

int main(int argc, char **argv)
{
	struct log lg = { .begin = -1, .end = -1 };
	bool quiet = false, have_path = false;
	FILE *f = stdin;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-q"))
			quiet = true;
		else if ((argv[i][0] == '-' && argv[i][1]) || have_path)
			usage();
		else {
			path = argv[i];
			have_path = true;
		}
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
