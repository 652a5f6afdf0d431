// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite "timekeeping": mktime64() against dates whose epoch seconds
 * are known (leap days, a century that is not a leap year), the wall
 * clock against the RTC read at boot, and the clocks' order.
 */
#include <linux/ktest.h>
#include <linux/time.h>
#include <linux/timekeeping.h>

static void test_mktime64_known_dates(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, mktime64(1970, 1, 1, 0, 0, 0), 0ULL);
	KTEST_EXPECT_EQ(t, mktime64(1999, 12, 31, 23, 59, 59), 946684799ULL);
	KTEST_EXPECT_EQ(t, mktime64(2000, 3, 1, 0, 0, 0), 951868800ULL);
	KTEST_EXPECT_EQ(t, mktime64(2024, 2, 29, 12, 34, 56), 1709210096ULL);
	/* 2100 is not a leap year: no 29 February before 1 March */
	KTEST_EXPECT_EQ(t, mktime64(2100, 3, 1, 0, 0, 0), 4107542400ULL);
}

static void test_wall_clock_follows_rtc(struct ktest *t)
{
	u64 rtc = rtc_cmos_read_seconds(), wall;
	bool close;

	if (!rtc) {
		ktest_skip(t, "no CMOS RTC");
		return;
	}
	wall = ktime_get_real_ns() / NSEC_PER_SEC;
	/* both read the same clock, seconds apart at most */
	close = wall + 5 >= rtc && wall <= rtc + 5;
	if (!close)
		ktest_printf(t, "wall clock %llu s, RTC %llu s",
			     (unsigned long long)wall,
			     (unsigned long long)rtc);
	KTEST_EXPECT_TRUE(t, close);
	/* QEMU's RTC starts at the host's time: after 2020 */
	KTEST_EXPECT_TRUE(t, rtc > 1577836800ULL);
}

static void test_monotonic_moves_forward(struct ktest *t)
{
	u64 a = ktime_get_ns(), b;

	udelay(100);
	b = ktime_get_ns();
	KTEST_EXPECT_TRUE(t, b >= a + 100 * NSEC_PER_USEC);
	KTEST_EXPECT_TRUE(t, ktime_get_boottime_ns() >= b);
}

static struct ktest_case timekeeping_cases[] = {
	KTEST_CASE(test_mktime64_known_dates),
	KTEST_CASE(test_wall_clock_follows_rtc),
	KTEST_CASE(test_monotonic_moves_forward),
	{}
};
KTEST_SUITE(timekeeping, timekeeping_cases);
