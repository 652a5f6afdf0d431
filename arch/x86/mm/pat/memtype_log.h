/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memtype operation log (memtype_log.c), internal to arch/x86/mm/pat/.
 * Test instrumentation: without CONFIG_KTEST the hooks compile to nothing.
 */
#ifndef _X86_MM_PAT_MEMTYPE_LOG_H
#define _X86_MM_PAT_MEMTYPE_LOG_H

#include <linux/types.h>

struct memtype_log_entry {
	u64 start, end;
	char op;
	s8 mode, granted;
	s8 err;
	u16 cpu;
};

struct memtype_log {
	struct memtype_log_entry *e;
	unsigned long cap, nr;
	bool on, overflow;
};

#ifdef CONFIG_KTEST
extern struct memtype_log memtype_log;

void memtype_log_add(char op, u64 start, u64 end, int mode, int err,
		     int granted);
void memtype_log_print(void);
/* memtype.c: open with the current reservations as the first entries */
void memtype_log_open(struct memtype_log_entry *buf, unsigned long cap);
void memtype_log_close(void);
#else
static inline void memtype_log_add(char op, u64 start, u64 end, int mode,
				   int err, int granted)
{
}
#endif

#endif
