// SPDX-License-Identifier: GPL-2.0
/*
 * The CMOS real-time clock (MC146818): read at boot for the wall
 * clock, and around a suspend to RAM for the time asleep.  Values are
 * BCD unless status register B says binary; the century is in register
 * 0x32 (ACPI's default century register), and a year below 70 without
 * it is taken as 20xx, as Linux does.
 */
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <asm/io.h>

#define RTC_PORT_INDEX	0x70
#define RTC_PORT_DATA	0x71
#define RTC_SECONDS	0x00
#define RTC_MINUTES	0x02
#define RTC_HOURS	0x04
#define RTC_DAY		0x07
#define RTC_MONTH	0x08
#define RTC_YEAR	0x09
#define RTC_REG_A	0x0a
#define  RTC_UIP	0x80	/* an update is in progress */
#define RTC_REG_B	0x0b
#define  RTC_DM_BINARY	0x04
#define  RTC_24H	0x02
#define RTC_CENTURY	0x32

static DEFINE_SPINLOCK(rtc_lock);

static u8 cmos_read(u8 reg)
{
	outb(reg, RTC_PORT_INDEX);
	return inb(RTC_PORT_DATA);
}

static unsigned int bcd2bin(u8 v)
{
	return (v & 0x0f) + (v >> 4) * 10;
}

struct rtc_raw {
	u8 sec, min, hour, day, mon, year, century, b;
};

/* one pass over the registers; false if an update may have split it */
static bool rtc_read_pass(struct rtc_raw *r)
{
	unsigned int tries = 1000000;

	while ((cmos_read(RTC_REG_A) & RTC_UIP) && --tries)
		;
	r->sec = cmos_read(RTC_SECONDS);
	r->min = cmos_read(RTC_MINUTES);
	r->hour = cmos_read(RTC_HOURS);
	r->day = cmos_read(RTC_DAY);
	r->mon = cmos_read(RTC_MONTH);
	r->year = cmos_read(RTC_YEAR);
	r->century = cmos_read(RTC_CENTURY);
	r->b = cmos_read(RTC_REG_B);
	/* every update moves the seconds: unchanged, none came in between */
	return !(cmos_read(RTC_REG_A) & RTC_UIP) &&
	       cmos_read(RTC_SECONDS) == r->sec;
}

/*
 * The registers hold still for 244 us once UIP reads clear, but a
 * virtual CPU the host stops for longer than that reads the seconds of
 * one update and the minutes of the next (a minute off at :59).  So
 * read again until a pass saw no update, as Linux's mc146818_avoid_UIP()
 * does.
 */
static void rtc_read_raw(struct rtc_raw *r)
{
	unsigned int pass;

	for (pass = 0; pass < 10 && !rtc_read_pass(r); pass++)
		;
}

u64 rtc_cmos_read_seconds(void)
{
	unsigned int sec, min, hour, day, mon, year, century = 0;
	bool pm, bcd;
	struct rtc_raw r;
	unsigned long flags;

	spin_lock_irqsave(&rtc_lock, flags);
	rtc_read_raw(&r);
	spin_unlock_irqrestore(&rtc_lock, flags);
	if (r.b == 0xff)
		return 0;	/* no chip: the bus floats */
	bcd = !(r.b & RTC_DM_BINARY);
	pm = !(r.b & RTC_24H) && (r.hour & 0x80);
	r.hour &= 0x7f;
	sec = bcd ? bcd2bin(r.sec) : r.sec;
	min = bcd ? bcd2bin(r.min) : r.min;
	hour = bcd ? bcd2bin(r.hour) : r.hour;
	day = bcd ? bcd2bin(r.day) : r.day;
	mon = bcd ? bcd2bin(r.mon) : r.mon;
	year = bcd ? bcd2bin(r.year) : r.year;
	if (r.century && r.century != 0xff)
		century = bcd ? bcd2bin(r.century) : r.century;
	if (!(r.b & RTC_24H))
		hour = hour % 12 + (pm ? 12 : 0);
	if (century >= 19 && century <= 99)
		year += century * 100;
	else
		year += year < 70 ? 2000 : 1900;
	if (sec > 59 || min > 59 || hour > 23 || !day || day > 31 || !mon ||
	    mon > 12)
		return 0;
	return mktime64(year, mon, day, hour, min, sec);
}
