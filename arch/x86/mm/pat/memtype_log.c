// SPDX-License-Identifier: GPL-2.0
/*
 * A log of memtype operations, for proving concurrent use correct.
 *
 * While a log is open, every operation on the tree (reserve, free,
 * lookup) and on RAM pages (reserve, release, lookup, per span of a
 * set_memory_*() or memtype_reserve() of RAM, undo steps included) is
 * appended under memtype_lock, so the log's order is the order in which
 * the operations took effect: a linearization.  Replaying it on the host
 * reference models (tools/testing/pat/memtype-logcheck) must give the same
 * answer to every operation; if the locks let two operations overlap, or
 * an answer came from a torn state, the replay disagrees.  The log opens
 * with the tree's contents as strict reservations and the RAM
 * reservations held, so a replay starts from empty models.  Lines use the
 * trace format of TRACE-FORMAT.md plus the answer, "SEQ CPU OP ARGS =>
 * ANSWER", with the RAM operations p, q and m of
 * Documentation/x86/memtype-tree.rst.
 *
 * Test instrumentation: built only with CONFIG_KTEST.
 */
#include <linux/console.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <asm/page_cache_mode.h>
#include "memtype.h"
#include "memtype_tree.h"
#include "memtype_log.h"

struct memtype_log memtype_log;

static const char *mode_name(int m)
{
	return m < 0 ? "?" : cachemode_short_name(m);
}

/**
 * memtype_log_add() - append one operation; call with memtype_lock held
 * @op: 'r', 's', 'f', 'l' (the tree), 'p', 'q', 'm' (RAM)
 * @start: range start (address for 'l' and 'm')
 * @end: range end (unused for 'l' and 'm')
 * @mode: requested mode ('r', 's', 'p')
 * @err: the result (0, -EBUSY, -EINVAL, -ENOSPC; for 'l' and 'm' the mode,
 *	or < 0 for none)
 * @granted: the mode an 'r' was granted
 */
void memtype_log_add(char op, u64 start, u64 end, int mode, int err,
		     int granted)
{
	struct memtype_log *l = &memtype_log;
	struct memtype_log_entry *e;

	if (!l->on)
		return;
	if (l->nr == l->cap) {
		l->overflow = true;
		return;
	}
	e = &l->e[l->nr++];
	e->start = start;
	e->end = end;
	e->op = op;
	e->mode = mode;
	e->err = err;
	e->granted = granted;
	e->cpu = smp_processor_id();
}

static void answer(const struct memtype_log_entry *e, char *buf, size_t n)
{
	switch (e->op) {
	case 'r':
		if (e->err)
			snprintf(buf, n, "ebusy");
		else
			snprintf(buf, n, "ok %s", mode_name(e->granted));
		break;
	case 's':
		snprintf(buf, n, e->err ? "ebusy" : "ok");
		break;
	case 'f':
	case 'q':
		snprintf(buf, n, e->err ? "einval" : "ok");
		break;
	case 'p':
		snprintf(buf, n, "%s", e->err == -EBUSY ? "ebusy" :
			 e->err == -ENOSPC ? "enospc" : "ok");
		break;
	default:
		snprintf(buf, n, "%s", e->err < 0 ? "none" : mode_name(e->err));
	}
}

static __printf(1, 2) void log_line(const char *fmt, ...)
{
	char line[128];
	va_list args;
	int n;

	va_start(args, fmt);
	n = vscnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	if (!console_write_named("ttyS0", line, n))
		console_write(line, n);
}

/**
 * memtype_log_print() - print a closed log as "# memtype_log: " lines
 *
 * On the serial console only, straight (not through the log buffer): it
 * is data for the host, possibly tens of thousands of lines.
 */
void memtype_log_print(void)
{
	const struct memtype_log *l = &memtype_log;
	const struct memtype_log_entry *e;
	unsigned long i;
	char ans[16];

	log_line("    # memtype_log: begin %lu\n", l->nr);
	for (i = 0; i < l->nr; i++) {
		e = &l->e[i];
		answer(e, ans, sizeof(ans));
		if (e->op == 'l' || e->op == 'm')
			log_line("    # memtype_log: %lu %u %c %llx => %s\n", i,
				 e->cpu, e->op, (unsigned long long)e->start,
				 ans);
		else if (e->op == 'f' || e->op == 'q')
			log_line("    # memtype_log: %lu %u %c %llx %llx => %s\n",
				 i, e->cpu, e->op, (unsigned long long)e->start,
				 (unsigned long long)e->end, ans);
		else
			log_line("    # memtype_log: %lu %u %c %llx %llx %s => %s\n",
				 i, e->cpu, e->op, (unsigned long long)e->start,
				 (unsigned long long)e->end, mode_name(e->mode),
				 ans);
	}
	log_line("    # memtype_log: end %lu\n", l->nr);
}
