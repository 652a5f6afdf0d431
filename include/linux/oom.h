/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The out-of-memory killer (mm/oom_kill.c; Documentation/mm/oom.rst).
 *
 * The choice of a victim is pure (mm/oom_badness.c, also built into the
 * host unit tests): each process is described by a struct oom_candidate
 * and offered in turn to oom_consider(), which keeps the best so far.
 */
#ifndef _CACHET_LINUX_OOM_H
#define _CACHET_LINUX_OOM_H

#include <linux/kernel.h>
#include <linux/types.h>

/* /proc/<pid>/oom_score_adj: Linux's range; the minimum disables killing */
#define OOM_SCORE_ADJ_MIN	(-1000)
#define OOM_SCORE_ADJ_MAX	1000

/* oom_badness() of a process that must not be killed: Linux's LONG_MIN */
#define OOM_BADNESS_NEVER	(-LONG_MAX - 1)

/* what the choice needs to know of one process */
struct oom_candidate {
	unsigned long rss;		/* resident pages */
	unsigned long swapents;		/* swapped-out pages (none in cachet) */
	unsigned long pgtables;		/* page-table pages */
	short oom_score_adj;
	bool unkillable;		/* init, a kernel thread, no memory */
	bool in_vfork;			/* borrows its parent's memory */
	bool victim;			/* already killed, memory not yet freed */
};

/* the running result: index -1 while nothing is chosen */
struct oom_choice {
	int index;
	long points;
	bool abort;		/* a victim is still dying: choose nobody */
};

long oom_badness(const struct oom_candidate *c, unsigned long totalpages);
void oom_choice_init(struct oom_choice *ch);
void oom_consider(struct oom_choice *ch, const struct oom_candidate *c,
		  int index, unsigned long totalpages);

/* the kernel's side, mm/oom_kill.c */
bool out_of_memory(void);
void pagefault_out_of_memory(void);

#endif /* _CACHET_LINUX_OOM_H */
