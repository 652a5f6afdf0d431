/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KTAP runner's bookkeeping, exposed so that the ktest_selftest suite
 * can run private suites (including failing ones) with their output
 * captured instead of printed, and check what was counted.
 */
#ifndef _KERNEL_KTEST_INTERNAL_H
#define _KERNEL_KTEST_INTERNAL_H

#include <linux/ktest.h>

struct ktest_totals {
	unsigned int pass;
	unsigned int fail;
	unsigned int skip;
};

/*
 * Run @suite as suite number @index, adding its cases to @tot; with @cap
 * the KTAP lines go into @cap (NUL-terminated, cut off at @cap_size)
 * instead of the console.  Returns true when no case failed.
 */
bool ktest_run_suite(const struct ktest_suite *suite, unsigned int index,
		     struct ktest_totals *tot, char *cap, size_t cap_size);

#endif /* _KERNEL_KTEST_INTERNAL_H */
