// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/power/state_label.c: the words of /sys/power/state, with what
 * user space can write ("mem\n", "mem" without newline, junk, "disk").
 */
#include <stdlib.h>
#include <string.h>
#include <linux/suspend.h>

#include "unit.h"

static const char *const with_mem[PM_SUSPEND_MAX] = {
	[PM_SUSPEND_MEM] = "mem",
};
static const char *const none[PM_SUSPEND_MAX];
/* as Linux lists them when it has every state */
static const char *const all[PM_SUSPEND_MAX] = {
	[PM_SUSPEND_TO_IDLE] = "freeze",
	[PM_SUSPEND_STANDBY] = "standby",
	[PM_SUSPEND_MEM] = "mem",
};

/* decode from a heap copy of exactly @s's bytes, no NUL after them */
static int decode(const char *const *labels, const char *s)
{
	size_t n = strlen(s);
	char *copy = malloc(n ? n : 1);
	int ret;

	memcpy(copy, s, n);
	ret = pm_decode_state(labels, copy, n);
	free(copy);
	return ret;
}

UNIT_TEST(power, decode_words)
{
	EXPECT_EQ(decode(with_mem, "mem"), PM_SUSPEND_MEM);
	EXPECT_EQ(decode(with_mem, "mem\n"), PM_SUSPEND_MEM);
	EXPECT_EQ(decode(with_mem, "mem\nfoo"), PM_SUSPEND_MEM);
	EXPECT_EQ(decode(all, "freeze\n"), PM_SUSPEND_TO_IDLE);
	EXPECT_EQ(decode(all, "standby"), PM_SUSPEND_STANDBY);
	EXPECT_EQ(decode(with_mem, "disk\n"), PM_SUSPEND_MAX);
}

UNIT_TEST(power, decode_refuses)
{
	static const char *const bad[] = {
		"", "\n", "me", "memory", "mem ", " mem", "MEM", "mem\r\n",
		"freeze", "standby", "disk2",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT_EQ(decode(with_mem, bad[i]), PM_SUSPEND_ON);
	EXPECT_EQ(decode(none, "mem"), PM_SUSPEND_ON);
}

UNIT_TEST(power, show)
{
	char buf[64];
	size_t n;

	memset(buf, 'x', sizeof(buf));
	n = pm_states_show(with_mem, buf, sizeof(buf));
	EXPECT_EQ(n, 4);
	EXPECT_MEMEQ(buf, "mem\n", 4);
	n = pm_states_show(all, buf, sizeof(buf));
	EXPECT_EQ(n, strlen("freeze standby mem\n"));
	EXPECT_MEMEQ(buf, "freeze standby mem\n", n);
	memset(buf, 'x', sizeof(buf));
	EXPECT_EQ(pm_states_show(none, buf, sizeof(buf)), 0);
	EXPECT_EQ(buf[0], 'x');
}

UNIT_TEST(power, show_short_buffer)
{
	char buf[8];

	/* "freeze " fits, "standby " does not: the list stops there */
	memset(buf, 'x', sizeof(buf));
	EXPECT_EQ(pm_states_show(all, buf, sizeof(buf)), 7);
	EXPECT_MEMEQ(buf, "freeze\n", 7);
	EXPECT_EQ(pm_states_show(all, buf, 0), 0);
}
