// SPDX-License-Identifier: GPL-2.0
/*
 * The in-kernel test runner: runs the suites of the .ktest_suites section
 * whose name matches a glob and reports in KTAP version 1
 * (Documentation/dev-tools/ktap.rst in Linux), one subtest per suite:
 *
 *	KTAP version 1
 *	1..2
 *	    KTAP version 1
 *	    # Subtest: vfile
 *	    1..2
 *	    ok 1 test_lookup
 *	    # fs/vfile_test.c:42: a == b: 0x1 != 0x2
 *	    not ok 2 test_list
 *	not ok 1 vfile
 *	...
 *	# Totals: pass:P fail:F skip:S
 *
 * Diagnostics are printed as a failure happens, so they precede the
 * "not ok" line of their case, as in KUnit.  KTAP lines go straight to the
 * consoles without printk's timestamp, so a parser sees them verbatim.
 *
 * A case that must check a warning's text reads the log ring from a mark
 * it took before acting (ktest_log_mark(), ktest_log_count()).
 *
 * With "ktest=GLOB" on the command line, ktest_boot() runs the suites after
 * boot and ends the QEMU run through isa-debug-exit: 0 (QEMU status 1)
 * when every case passed, 1 (status 3) otherwise.
 */
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/glob.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/string.h>

#include "ktest_internal.h"

extern const struct ktest_suite __start_ktest_suites[];
extern const struct ktest_suite __stop_ktest_suites[];

/* where KTAP lines go while a private suite runs (see ktest_run_suite) */
static char *ktest_cap;
static size_t ktest_cap_size;
static size_t ktest_cap_len;

static __printf(1, 2) void ktest_emit(const char *fmt, ...)
{
	char line[384];
	va_list args;
	int n;

	va_start(args, fmt);
	n = vscnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	if (!ktest_cap) {
		console_write(line, n);
		return;
	}
	if (ktest_cap_len + 1 >= ktest_cap_size)
		return;
	n = min((size_t)n, ktest_cap_size - 1 - ktest_cap_len);
	memcpy(ktest_cap + ktest_cap_len, line, n);
	ktest_cap_len += n;
	ktest_cap[ktest_cap_len] = '\0';
}

/**
 * ktest_fail() - record a failed expectation of the running case
 * @t: the case
 * @file: source file of the check
 * @line: source line of the check
 * @fmt: what was expected, printf-style
 *
 * The case goes on (EXPECT); the ASSERT macros return after calling this.
 */
void ktest_fail(struct ktest *t, const char *file, int line,
		const char *fmt, ...)
{
	char msg[256];
	va_list args;

	t->failed = true;
	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	ktest_emit("    # %s:%d: %s\n", file, line, msg);
}

/**
 * ktest_printf() - a diagnostic line of the running case ("    # ...")
 * @t: the case
 * @fmt: printf-style
 *
 * For figures a case reports (counts, timings); it passes or fails by
 * its expectations alone.
 */
void ktest_printf(struct ktest *t, const char *fmt, ...)
{
	char msg[256];
	va_list args;

	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	ktest_emit("    # %s: %s\n", t->name, msg);
}

/**
 * ktest_skip() - mark the running case as skipped
 * @t: the case
 * @fmt: why, printf-style; shown after "# SKIP"
 *
 * The caller returns from the case itself.  A case that also failed is
 * reported as failed.
 */
void ktest_skip(struct ktest *t, const char *fmt, ...)
{
	va_list args;

	t->skipped = true;
	va_start(args, fmt);
	vscnprintf(t->skip_reason, sizeof(t->skip_reason), fmt, args);
	va_end(args);
}

static void ktest_run_case(const struct ktest_case *c, unsigned int index,
			   struct ktest_totals *tot)
{
	struct ktest t = { .name = c->name };

	c->run(&t);
	if (t.failed) {
		ktest_emit("    not ok %u %s\n", index, c->name);
		tot->fail++;
	} else if (t.skipped) {
		ktest_emit("    ok %u %s # SKIP %s\n", index, c->name,
			   t.skip_reason);
		tot->skip++;
	} else {
		ktest_emit("    ok %u %s\n", index, c->name);
		tot->pass++;
	}
}

bool ktest_run_suite(const struct ktest_suite *suite, unsigned int index,
		     struct ktest_totals *tot, char *cap, size_t cap_size)
{
	char *saved_cap = ktest_cap;
	size_t saved_size = ktest_cap_size, saved_len = ktest_cap_len;
	struct ktest_totals mine = { 0 };
	const struct ktest_case *c;
	unsigned int n = 0, i;
	int ret = 0;

	/* a private run may nest inside a case: keep the outer capture */
	if (cap) {
		ktest_cap = cap;
		ktest_cap_size = cap_size;
		ktest_cap_len = 0;
		if (cap_size)
			cap[0] = '\0';
	}
	for (c = suite->cases; c && c->run; c++)
		n++;
	ktest_emit("    KTAP version 1\n    # Subtest: %s\n    1..%u\n",
		   suite->name, n);
	if (suite->init)
		ret = suite->init();
	if (ret) {
		ktest_emit("    # %s: init failed: error %d\n", suite->name,
			   ret);
		for (i = 0; i < n; i++)
			ktest_emit("    ok %u %s # SKIP suite init failed\n",
				   i + 1, suite->cases[i].name);
		mine.skip = n;
		mine.fail = 1;	/* the suite itself */
	} else {
		for (i = 0; i < n; i++)
			ktest_run_case(&suite->cases[i], i + 1, &mine);
		if (suite->exit)
			suite->exit();
	}
	if (mine.fail)
		ktest_emit("not ok %u %s\n", index, suite->name);
	else if (n && mine.skip == n)
		ktest_emit("ok %u %s # SKIP\n", index, suite->name);
	else
		ktest_emit("ok %u %s\n", index, suite->name);

	if (cap) {
		ktest_cap = saved_cap;
		ktest_cap_size = saved_size;
		ktest_cap_len = saved_len;
	}
	tot->pass += mine.pass;
	tot->fail += mine.fail;
	tot->skip += mine.skip;
	return !mine.fail;
}

/**
 * ktest_run() - run the suites whose name matches a glob, printing KTAP
 * @glob: pattern with '*' and '?' (lib/glob.c), e.g. "*" or "vfile"
 *
 * Returns the number of failed cases (a suite whose init failed counts as
 * one), or 1 when no suite matches: asking for nothing is a mistake that
 * must not look like a pass.
 */
int ktest_run(const char *glob)
{
	const struct ktest_suite *s;
	struct ktest_totals tot = { 0 };
	unsigned int n = 0, i = 0;

	for (s = __start_ktest_suites; s < __stop_ktest_suites; s++)
		n += glob_match(glob, s->name);
	ktest_emit("KTAP version 1\n1..%u\n", n);
	if (!n) {
		ktest_emit("# ktest: no test suite matches \"%s\"\n", glob);
		ktest_emit("# Totals: pass:0 fail:1 skip:0\n");
		return 1;
	}
	for (s = __start_ktest_suites; s < __stop_ktest_suites; s++)
		if (glob_match(glob, s->name))
			ktest_run_suite(s, ++i, &tot, NULL, 0);
	ktest_emit("# Totals: pass:%u fail:%u skip:%u\n", tot.pass, tot.fail,
		   tot.skip);
	return tot.fail;
}

/*
 * Scratch for the log readers.  Cases run one at a time, on one CPU, so
 * one copy will do and the stack stays small.
 */
static char ktest_log_chunk[256];
static char ktest_log_line[1152];	/* a printk line and its timestamp */

/**
 * ktest_log_mark() - where the kernel log ends now
 *
 * Returns a mark for ktest_log_count() and ktest_log_since(): only what
 * is logged after this call counts.
 */
unsigned long ktest_log_mark(void)
{
	unsigned long pos = 0;

	while (log_buf_read(&pos, ktest_log_chunk, sizeof(ktest_log_chunk)))
		;
	return pos;
}

static unsigned int ktest_log_line_has(size_t len, const char *text)
{
	ktest_log_line[len] = '\0';
	return strstr(ktest_log_line, text) != NULL;
}

/**
 * ktest_log_count() - count the log lines that contain a text
 * @mark: what ktest_log_mark() returned before the case did its work
 * @text: the text, matched anywhere in a line
 *
 * A line is what printk() wrote up to its newline, continuations
 * included, so a text is found even when it was printed in pieces or the
 * ring hands it over in two chunks.  Returns the number of lines logged
 * since @mark that contain @text.
 */
unsigned int ktest_log_count(unsigned long mark, const char *text)
{
	unsigned long pos = mark, n, i;
	unsigned int count = 0;
	size_t len = 0;

	while ((n = log_buf_read(&pos, ktest_log_chunk,
				 sizeof(ktest_log_chunk)))) {
		for (i = 0; i < n; i++) {
			if (ktest_log_chunk[i] == '\n') {
				count += ktest_log_line_has(len, text);
				len = 0;
			} else if (len < sizeof(ktest_log_line) - 1) {
				ktest_log_line[len++] = ktest_log_chunk[i];
			}
		}
	}
	if (len)	/* a line still open: printed without its newline */
		count += ktest_log_line_has(len, text);
	return count;
}

/**
 * ktest_log_since() - whether a line containing @text was logged
 * @mark: what ktest_log_mark() returned
 * @text: the text, matched anywhere in a line
 */
bool ktest_log_since(unsigned long mark, const char *text)
{
	return ktest_log_count(mark, text) != 0;
}

static int __init_param ktest_param(char *val)
{
	return val && *val ? 0 : -EINVAL;
}
core_param("ktest", ktest_param);

/**
 * ktest_boot() - run "ktest=GLOB" from the command line, if given, and
 * end the QEMU run with the result; returns only when ktest= is absent
 */
void ktest_boot(void)
{
	const char *glob = cmdline_get("ktest");
	int failed;

	if (!glob)
		return;
	failed = ktest_run(glob);
	qemu_exit(failed ? 1 : 0);
	/* still here: QEMU was started without the exit device */
	pr_warn("ktest: no isa-debug-exit device (-device isa-debug-exit,iobase=0xf4,iosize=0x04), powering off instead\n");
	machine_power_off();
}
