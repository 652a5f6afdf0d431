/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pat_smp stress engine (pat_smp_stress.c): one kernel thread per
 * online CPU runs random ioremap*()/iounmap(), set_memory_*() and
 * memtype_reserve()/free()/lookup on shared and private ranges while one
 * of them takes alias-verifier snapshots.  The threads are ordinary
 * migratable tasks, so a CPU running one can go offline under it.
 */
#ifndef _PAT_SMP_STRESS_H
#define _PAT_SMP_STRESS_H

#include <linux/types.h>

struct ktest;

/**
 * struct pat_stress_result - what a run did
 * @workers: threads that ran
 * @verify_runs: verifier snapshots taken
 * @verify_bad: snapshots that found two modes for one page
 * @release_failures: releases of something held that failed
 * @moved: bit N set when the worker started on CPU N ran elsewhere
 */
struct pat_stress_result {
	unsigned int workers;
	unsigned long verify_runs, verify_bad;
	unsigned int release_failures;
	u64 moved;
};

/* a stress run: until @deadline (local_clock()), or U64_MAX: until ended */
int pat_stress_start(u64 deadline, unsigned long min_verify);
/* end a run started without a deadline, wait for it, collect results */
void pat_stress_end(struct ktest *t, struct pat_stress_result *res);
/* each kind of operation must have succeeded on some worker */
void pat_stress_expect_every_kind(struct ktest *t);
/* one line per worker: the operations it tried and those that worked */
void pat_stress_report(struct ktest *t);

#endif /* _PAT_SMP_STRESS_H */
