// SPDX-License-Identifier: GPL-2.0
/*
 * The 16550 UART at COM1 (I/O port 0x3f8), polled: the first console,
 * usable before interrupts, memory management or anything else exists.
 * 115200 baud, 8N1, FIFOs on.
 */
#include <linux/console.h>
#include <linux/serial_8250.h>
#include <asm/io.h>
#include <asm/special_insns.h>

#define UART_BASE	0x3f8
#define UART_RX		0	/* receive buffer (DLAB = 0) */
#define UART_TX		0	/* transmit holding (DLAB = 0) */
#define UART_DLL	0	/* divisor low (DLAB = 1) */
#define UART_IER	1
#define UART_DLM	1	/* divisor high (DLAB = 1) */
#define UART_FCR	2
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5

#define UART_LCR_8N1	0x03
#define UART_LCR_DLAB	0x80
#define UART_FCR_ENABLE	0xc7	/* enable, clear both, 14-byte trigger */
#define UART_MCR_OUT	0x0b	/* DTR, RTS, OUT2 */
#define UART_LSR_DR	0x01	/* data ready */
#define UART_LSR_THRE	0x20	/* transmit holding register empty */

/*
 * A UART that is there holds THRE clear only while the other end is not
 * taking bytes (QEMU's chardev when the host reader lags): wait for it,
 * since a byte written early pushes one out of the FIFO and is lost.
 * The bound is for a UART that is stuck, not for a slow reader.
 */
#define UART_THRE_SPINS	(1U << 28)

static void serial8250_putc(char c)
{
	unsigned int spins = 0;

	while (!(inb(UART_BASE + UART_LSR) & UART_LSR_THRE) &&
	       ++spins < UART_THRE_SPINS)
		cpu_relax();
	outb(c, UART_BASE + UART_TX);
}

static void serial8250_write(struct console *con, const char *s,
			     unsigned int n)
{
	while (n--) {
		if (*s == '\n')
			serial8250_putc('\r');
		serial8250_putc(*s++);
	}
}

static int serial8250_read(struct console *con)
{
	if (!(inb(UART_BASE + UART_LSR) & UART_LSR_DR))
		return -1;
	return inb(UART_BASE + UART_RX);
}

static struct console serial8250_console = {
	.name = "ttyS0",
	.write = serial8250_write,
	.read = serial8250_read,
	.flags = CON_PRINTBUFFER,
};

/**
 * serial8250_early_init() - program COM1 and register it as a console
 */
void serial8250_early_init(void)
{
	/* no device answers an unused ISA port: it reads all ones */
	if (inb(UART_BASE + UART_LSR) == 0xff)
		return;
	outb(0, UART_BASE + UART_IER);
	outb(UART_LCR_DLAB, UART_BASE + UART_LCR);
	outb(1, UART_BASE + UART_DLL);		/* 115200 / 1 */
	outb(0, UART_BASE + UART_DLM);
	outb(UART_LCR_8N1, UART_BASE + UART_LCR);
	outb(UART_FCR_ENABLE, UART_BASE + UART_FCR);
	outb(UART_MCR_OUT, UART_BASE + UART_MCR);
	register_console(&serial8250_console);
}
