/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimal check harness for the mm host tests, used until the shared
 * tools/testing/unit/unit.h exists.  Each failed check prints where and
 * why; the program ends with the runners' "N passed, N failed" line.
 */
#ifndef _MM_UNIT_H
#define _MM_UNIT_H

#include <stdio.h>

static int mm_unit_passed, mm_unit_failed;

#define CHECK(c)							\
	do {								\
		if (c) {						\
			mm_unit_passed++;				\
		} else {						\
			mm_unit_failed++;				\
			fprintf(stderr, "%s:%d: FAIL: %s\n",		\
				__FILE__, __LINE__, #c);		\
		}							\
	} while (0)

#define CHECK_EQ(a, b)							\
	do {								\
		unsigned long long __a = (a), __b = (b);		\
		if (__a == __b) {					\
			mm_unit_passed++;				\
		} else {						\
			mm_unit_failed++;				\
			fprintf(stderr, "%s:%d: FAIL: %s == %s: %#llx != %#llx\n", \
				__FILE__, __LINE__, #a, #b, __a, __b);	\
		}							\
	} while (0)

static inline int mm_unit_report(void)
{
	printf("%d passed, %d failed\n", mm_unit_passed, mm_unit_failed);
	return mm_unit_failed ? 1 : 0;
}

#endif
