// SPDX-License-Identifier: GPL-2.0
/*
 * The runner behind unit.h: every test program links this file, which owns
 * main().  Built without the -D renames of the kernel's libc-named
 * functions, so everything here is the host's libc.
 *
 *	./test_x [-n FIRST] [-s] [GLOB]
 *
 * prints "ok N - suite.name" or "not ok N - suite.name" per case, N
 * counting from FIRST (default 1) so run.sh can number several programs as
 * one sequence, then "# test_x: C cases, F failures".  The exit status is 1
 * when a case failed.  Each case runs in a child process (-s: in this
 * process, for a debugger) so that a sanitizer abort or a signal fails
 * that case and the others still run.  GLOB selects cases by
 * "suite.name" (fnmatch).
 */
#include <fnmatch.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"

static struct unit_case *unit_head, **unit_tail = &unit_head;
static bool unit_failed;	/* the running case */
static const char *unit_skipped; /* its skip reason, if it skipped */
static jmp_buf unit_abort_jmp;

void unit_register(struct unit_case *c)
{
	c->next = NULL;
	*unit_tail = c;
	unit_tail = &c->next;
}

static void unit_fail_end(bool fatal)
{
	unit_failed = true;
	fflush(stdout);
	if (fatal)
		longjmp(unit_abort_jmp, 1);
}

static void unit_print_val(const char *e, unsigned long long v, bool sgn)
{
	if (sgn)
		printf("#     %s = %lld (%#llx)\n", e, (long long)v, v);
	else
		printf("#     %s = %llu (%#llx)\n", e, v, v);
}

void unit_fail_int(const char *file, int line, const char *op,
		   const char *ea, const char *eb, unsigned long long a,
		   bool a_signed, unsigned long long b, bool b_signed,
		   bool fatal)
{
	printf("# %s:%d: expected %s %s %s\n", file, line, ea, op, eb);
	unit_print_val(ea, a, a_signed);
	unit_print_val(eb, b, b_signed);
	unit_fail_end(fatal);
}

void unit_fail_bool(const char *file, int line, const char *expr,
		    bool expected, bool fatal)
{
	printf("# %s:%d: expected %s to be %s\n", file, line, expr,
	       expected ? "true" : "false");
	unit_fail_end(fatal);
}

/* print a string with its control bytes escaped, so failures stay readable */
static void unit_print_str(const char *e, const char *s)
{
	printf("#     %s = ", e);
	if (!s) {
		printf("NULL\n");
		return;
	}
	putchar('"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	printf("\"\n");
}

bool unit_check_str(const char *file, int line, const char *ea,
		    const char *eb, const char *a, const char *b, bool fatal)
{
	if (a == b || (a && b && !strcmp(a, b)))
		return true;
	printf("# %s:%d: expected %s == %s\n", file, line, ea, eb);
	unit_print_str(ea, a);
	unit_print_str(eb, b);
	unit_fail_end(fatal);
	return false;
}

bool unit_check_mem(const char *file, int line, const char *ea,
		    const char *eb, const void *a, const void *b, size_t n,
		    bool fatal)
{
	const unsigned char *x = a, *y = b;
	size_t i;

	if (!memcmp(a, b, n))
		return true;
	for (i = 0; x[i] == y[i]; i++)
		;
	printf("# %s:%d: expected %s == %s (%zu bytes): byte %zu is %#x, not %#x\n",
	       file, line, ea, eb, n, i, x[i], y[i]);
	unit_fail_end(fatal);
	return false;
}

void unit_fail_msg(const char *file, int line, bool fatal, const char *fmt,
		   ...)
{
	va_list ap;

	printf("# %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	unit_fail_end(fatal);
}

void unit_note(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

void unit_skip(const char *reason)
{
	unit_skipped = reason;
	fflush(stdout);
	longjmp(unit_abort_jmp, 1);
}

bool unit_known_bugs(void)
{
	const char *s = getenv("UNIT_KNOWN_BUGS");

	return s && *s && strcmp(s, "0");
}

unsigned long long unit_seed(void)
{
	const char *s = getenv("UNIT_SEED");

	return s && *s ? strtoull(s, NULL, 0) : 0x9e3779b97f4a7c15ULL;
}

unsigned long long unit_rand(unsigned long long *state)
{
	unsigned long long x = *state ? *state : 0x2545f4914f6cdd1dULL;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* exit status of a child whose case skipped (the reason was printed) */
#define UNIT_EXIT_SKIP	77

/* run one case here; true if it passed */
static bool unit_run_here(struct unit_case *c)
{
	unit_failed = false;
	unit_skipped = NULL;
	if (!setjmp(unit_abort_jmp))
		c->fn();
	if (unit_skipped)
		printf("# SKIP: %s\n", unit_skipped);
	fflush(stdout);
	return !unit_failed;
}

/* run one case in a child; a signal or sanitizer exit fails it */
static bool unit_run_child(struct unit_case *c)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return unit_run_here(c);
	}
	if (!pid) {
		bool ok = unit_run_here(c);

		_exit(!ok ? 1 : unit_skipped ? UNIT_EXIT_SKIP : 0);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return false;
	}
	if (WIFSIGNALED(status)) {
		printf("# %s.%s: killed by signal %d\n", c->suite, c->name,
		       WTERMSIG(status));
		return false;
	}
	if (WEXITSTATUS(status) == UNIT_EXIT_SKIP) {
		unit_skipped = "";
		return true;
	}
	if (WEXITSTATUS(status) > 1)
		printf("# %s.%s: exit status %d (sanitizer report above)\n",
		       c->suite, c->name, WEXITSTATUS(status));
	return WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv)
{
	const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 :
			   argv[0];
	const char *glob = NULL;
	unsigned int n = 1, passed = 0, failed = 0;
	bool same_process = false;
	struct unit_case *c;
	char full[256];
	int opt;

	while ((opt = getopt(argc, argv, "n:s")) != -1) {
		switch (opt) {
		case 'n':
			n = strtoul(optarg, NULL, 10);
			break;
		case 's':
			same_process = true;
			break;
		default:
			fprintf(stderr, "usage: %s [-n FIRST] [-s] [GLOB]\n",
				prog);
			return 2;
		}
	}
	if (optind < argc)
		glob = argv[optind];
	setvbuf(stdout, NULL, _IOLBF, 0);

	for (c = unit_head; c; c = c->next) {
		bool ok;

		snprintf(full, sizeof(full), "%s.%s", c->suite, c->name);
		if (glob && fnmatch(glob, full, 0))
			continue;
		unit_skipped = NULL;
		ok = same_process ? unit_run_here(c) : unit_run_child(c);
		printf("%sok %u - %s%s\n", ok ? "" : "not ", n++, full,
		       ok && unit_skipped ? " # SKIP" : "");
		if (ok)
			passed++;
		else
			failed++;
	}
	printf("# %s: %u cases, %u failures\n", prog, passed + failed, failed);
	return failed ? 1 : 0;
}
