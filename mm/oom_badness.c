// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-memory killer's choice, Linux 6.1's rules (oom_badness()
 * and oom_evaluate_task()), free of locks and of task_struct so the host
 * unit tests run the very same code (tools/testing/unit/test_oom.c):
 *
 *  - a process's badness is the memory killing it gives back: resident
 *    pages, swap entries and page-table pages, plus oom_score_adj
 *    thousandths of all memory (-1000 .. +1000);
 *  - init, kernel threads, processes without memory, vfork children
 *    (their memory is the parent's) and oom_score_adj -1000 are never
 *    chosen;
 *  - while an earlier victim still holds its memory nobody is chosen:
 *    its exit will free memory, and a second kill would be one too many;
 *  - the highest badness wins; among equals the one offered last.
 */
#include <linux/kernel.h>
#include <linux/oom.h>

/**
 * oom_badness() - how much the kernel gains by killing @c
 * @c: the candidate
 * @totalpages: all memory, in pages (RAM plus swap)
 *
 * Returns the points, or OOM_BADNESS_NEVER for a process that must not
 * be killed.
 */
long oom_badness(const struct oom_candidate *c, unsigned long totalpages)
{
	long points, adj = c->oom_score_adj;

	if (c->unkillable || c->in_vfork || adj == OOM_SCORE_ADJ_MIN)
		return OOM_BADNESS_NEVER;
	points = (long)(c->rss + c->swapents + c->pgtables);
	/* Linux scales the step first: totalpages / 1000 pages per unit */
	adj *= (long)(totalpages / 1000);
	return points + adj;
}

/**
 * oom_choice_init() - start a choice with nothing chosen
 * @ch: the choice
 */
void oom_choice_init(struct oom_choice *ch)
{
	ch->index = -1;
	ch->points = OOM_BADNESS_NEVER;
	ch->abort = false;
}

/**
 * oom_consider() - offer one more candidate to the choice
 * @ch: the choice so far
 * @c: the candidate
 * @index: what @ch->index says if @c is chosen
 * @totalpages: all memory, in pages
 *
 * A victim that still holds memory aborts the whole choice: @ch->abort
 * is set and @ch->index stays -1 from then on.
 */
void oom_consider(struct oom_choice *ch, const struct oom_candidate *c,
		  int index, unsigned long totalpages)
{
	long points;

	if (ch->abort || c->unkillable)
		return;
	if (c->victim) {
		ch->abort = true;
		ch->index = -1;
		return;
	}
	points = oom_badness(c, totalpages);
	if (points == OOM_BADNESS_NEVER || points < ch->points)
		return;
	ch->index = index;
	ch->points = points;
}
