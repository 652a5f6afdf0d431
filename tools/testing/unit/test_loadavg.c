// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/sched/loadavg_calc.c: calc_load() against the exponential decay
 * it approximates, computed here in floating point, and the values
 * /proc/loadavg prints after given histories.
 */
#include <stdio.h>
#include <linux/sched/loadavg.h>

#include "unit.h"

/* e^x by its series: enough terms for |x| < 1 to 1e-15 */
static double exp_series(double x)
{
	double term = 1, sum = 1;
	int n;

	for (n = 1; n < 30; n++) {
		term *= x / n;
		sum += term;
	}
	return sum;
}

/* the text /proc/loadavg shows for one fixed-point average */
static void show(char *buf, size_t n, unsigned long avg)
{
	avg += FIXED_1 / 200;
	snprintf(buf, n, "%lu.%02lu", LOAD_INT(avg), LOAD_FRAC(avg));
}

UNIT_TEST(loadavg, constants_are_exp_of_5s_over_1_5_15_min)
{
	static const unsigned long exps[] = { EXP_1, EXP_5, EXP_15 };
	static const int minutes[] = { 1, 5, 15 };
	int i;

	for (i = 0; i < 3; i++) {
		double want = FIXED_1 * exp_series(-5.0 / (60.0 * minutes[i]));

		EXPECT_EQ(exps[i], (unsigned long)(want + 0.5));
	}
}

UNIT_TEST(loadavg, one_step_follows_the_decay_formula)
{
	static const unsigned long exps[] = { EXP_1, EXP_5, EXP_15 };
	unsigned long long seed = unit_seed();
	int i, e;

	for (i = 0; i < 10000; i++) {
		unsigned long load = unit_rand(&seed) % (64 * FIXED_1);
		unsigned long active = (unit_rand(&seed) % 64) << FSHIFT;

		for (e = 0; e < 3; e++) {
			double w = (double)exps[e] / FIXED_1;
			double want = load * w + active * (1 - w);
			unsigned long got = calc_load(load, exps[e], active);

			/* truncated going down, rounded up going up */
			if (active >= load)
				EXPECT_TRUE(got >= want - 1e-9 && got < want + 1);
			else
				EXPECT_TRUE(got <= want + 1e-9 && got > want - 1);
		}
	}
}

UNIT_TEST(loadavg, first_sample_of_one_task)
{
	char buf[16];

	/* 2048 * (1 - 1884/2048) = 164 (rounded up from 164.0): "0.08" */
	EXPECT_EQ(calc_load(0, EXP_1, FIXED_1), 164);
	show(buf, sizeof(buf), calc_load(0, EXP_1, FIXED_1));
	EXPECT_STREQ(buf, "0.08");
	/* 15 minutes: 2048 - 2037 = 11, "0.01" */
	EXPECT_EQ(calc_load(0, EXP_15, FIXED_1), 11);
	show(buf, sizeof(buf), 11);
	EXPECT_STREQ(buf, "0.01");
}

UNIT_TEST(loadavg, steady_load_is_reached_exactly)
{
	unsigned long one = 0, fifteen = 0;
	int i;

	/* an hour of two busy tasks: the rounding up lets both reach 2.00 */
	for (i = 0; i < 720; i++) {
		one = calc_load(one, EXP_1, 2 * FIXED_1);
		fifteen = calc_load(fifteen, EXP_15, 2 * FIXED_1);
	}
	EXPECT_EQ(one, 2 * FIXED_1);
	EXPECT_EQ(fifteen, 2 * FIXED_1);
	/* and stays there */
	EXPECT_EQ(calc_load(one, EXP_1, 2 * FIXED_1), 2 * FIXED_1);
}

UNIT_TEST(loadavg, idle_decays_to_zero)
{
	unsigned long avg = 3 * FIXED_1, prev;
	char buf[16];
	int i;

	/* after one minute idle the 1-minute average is 3/e: "1.10" */
	for (i = 0; i < 12; i++)
		avg = calc_load(avg, EXP_1, 0);
	show(buf, sizeof(buf), avg);
	EXPECT_STREQ(buf, "1.10");
	for (i = 0; i < 1000 && avg; i++) {
		prev = avg;
		avg = calc_load(avg, EXP_1, 0);
		EXPECT_TRUE(avg < prev);
	}
	EXPECT_EQ(avg, 0);
}
