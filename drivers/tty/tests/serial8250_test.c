// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite tty_8250: ttyS0's input through the real UART and its
 * receive interrupt.  The 16550's loopback mode (MCR bit 4) hands each
 * transmitted byte to its own receiver, so the test sends bytes through
 * tty_write() and waits, without polling the UART, for the interrupt to
 * bring them to the tty.  Echo is off meanwhile, or the echo would loop.
 */
#include <linux/interrupt.h>
#include <linux/ktest.h>
#include <linux/serial_8250.h>
#include <linux/string.h>
#include <linux/tty.h>
#include <asm/io.h>
#include <asm/special_insns.h>

#define COM1_MCR	(0x3f8 + 4)
#define MCR_LOOP	0x10
#define WAIT_SPINS	(1U << 26)

static int inq(struct tty_struct *tty)
{
	int n = -1;

	tty_ioctl(tty, NULL, FIONREAD, (unsigned long)&n);
	return n;
}

static void test_receive_interrupt(struct ktest *t)
{
	struct tty_struct *tty = serial8250_get_tty();
	struct termios saved, raw;
	unsigned long before;
	unsigned int spins;
	char buf[8] = { 0 };
	int vector = serial8250_irq_init();
	u8 mcr;

	if (vector < 0) {
		ktest_skip(t, "no receive interrupt (%d)", vector);
		return;
	}
	KTEST_ASSERT_TRUE(t, tty_ioctl(tty, NULL, TCGETS,
				       (unsigned long)&saved) == 0);
	raw = saved;
	raw.c_iflag = raw.c_oflag = raw.c_lflag = 0;
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	KTEST_ASSERT_TRUE(t, tty_ioctl(tty, NULL, TCSETSF,
				       (unsigned long)&raw) == 0);
	KTEST_EXPECT_EQ(t, tty_open(tty, NULL, true), 0);
	before = irq_count[vector];

	mcr = inb(COM1_MCR);
	outb(mcr | MCR_LOOP, COM1_MCR);
	tty_write(tty, "LB", 2);
	for (spins = 0; inq(tty) < 2 && spins < WAIT_SPINS; spins++)
		cpu_relax();
	outb(mcr, COM1_MCR);

	KTEST_EXPECT_TRUE(t, irq_count[vector] > before);
	KTEST_EXPECT_EQ(t, tty_read(tty, buf, sizeof(buf) - 1, true), 2);
	KTEST_EXPECT_STREQ(t, buf, "LB");
	tty_release(tty);
	KTEST_EXPECT_EQ(t, tty_ioctl(tty, NULL, TCSETSF,
				     (unsigned long)&saved), 0);
}

static struct ktest_case serial8250_cases[] = {
	KTEST_CASE(test_receive_interrupt),
	{}
};
KTEST_SUITE(tty_8250, serial8250_cases);
