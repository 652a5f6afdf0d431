/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What mtrr_add_page() and mtrr_del_page() do to the variable ranges and
 * their usage counts, decided without touching hardware
 * (arch/x86/kernel/cpu/mtrr/plan.c), and how a write to /proc/mtrr reads
 * (if_parse.c).  Bases and sizes count 4 KiB pages,
 * as in Linux's *_page() calls.  The glue (arch/x86/kernel/cpu/mtrr/api.c)
 * holds the lock, prints the message a refusal names and writes a changed
 * state to every CPU.
 */
#ifndef _ASM_X86_MTRR_PLAN_H
#define _ASM_X86_MTRR_PLAN_H

#include <linux/types.h>
#include <asm/mtrr.h>

/* why an add or a delete was refused: each is one of Linux 6.1's messages */
enum mtrr_plan_msg {
	MTRR_MSG_NONE,
	MTRR_MSG_NOT_ALIGNED,	/* base(0x%lx000) is not aligned on a size(0x%lx000) boundary */
	MTRR_MSG_TYPE_INVALID,	/* type: %u invalid */
	MTRR_MSG_NO_WRCOMB,	/* your processor doesn't support write-combining */
	MTRR_MSG_ZERO_SIZE,	/* zero sized request */
	MTRR_MSG_TOO_WIDE,	/* base or size exceeds the MTRR width */
	MTRR_MSG_OVERLAP,	/* 0x%lx000,0x%lx000 overlaps existing 0x%lx000,0x%lx000 */
	MTRR_MSG_TYPE_MISMATCH,	/* type mismatch for %lx000,%lx000 old: %s new: %s */
	MTRR_MSG_NO_FREE,	/* no more MTRRs available */
	MTRR_MSG_NOT_FOUND,	/* no MTRR for %lx000,%lx000 found (debug only) */
	MTRR_MSG_REG_TOO_BIG,	/* register: %d too big */
	MTRR_MSG_NOT_USED,	/* MTRR %d not used */
	MTRR_MSG_COUNT_ZERO,	/* reg: %d has count=0 */
};

/* the outcome of one call: the message and what it names */
struct mtrr_plan_report {
	enum mtrr_plan_msg msg;
	int reg;			/* the register a message names */
	unsigned long lbase, lsize;	/* the existing range, pages */
	u8 ltype;
	unsigned int changed;		/* bit n: variable range n was rewritten */
};

/* variable range @reg in pages, Linux's get(): size 0 when unused */
void mtrr_var_get(const struct mtrr_state *s, unsigned int reg,
		  unsigned long *base, unsigned long *size, u8 *type);
/* program variable range @reg; size 0 clears it */
void mtrr_var_set(struct mtrr_state *s, unsigned int reg, unsigned long base,
		  unsigned long size, u8 type);

int mtrr_plan_add(struct mtrr_state *s, unsigned int *usage,
		  unsigned long base, unsigned long size, unsigned int type,
		  bool increment, struct mtrr_plan_report *r);
int mtrr_plan_del(struct mtrr_state *s, unsigned int *usage, int reg,
		  unsigned long base, unsigned long size,
		  struct mtrr_plan_report *r);

/* Linux's LINE_SIZE: a write to /proc/mtrr is read up to 79 bytes */
#define MTRR_LINE_SIZE	80

/* a line written to /proc/mtrr (if_parse.c) */
struct mtrr_line {
	bool disable;			/* "disable=REG", else "base=..." */
	unsigned long long reg;
	unsigned long long base;	/* bytes */
	unsigned long long size;
	unsigned int type;
};

int mtrr_parse_line(const char *line, struct mtrr_line *l);

#endif /* _ASM_X86_MTRR_PLAN_H */
