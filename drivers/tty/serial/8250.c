// SPDX-License-Identifier: GPL-2.0
/*
 * The 16550 UART at COM1 (I/O port 0x3f8), polled: the first console,
 * usable before interrupts, memory management or anything else exists.
 * 115200 baud, 8N1, FIFOs on.
 *
 * It is also the tty ttyS0 (drivers/tty/tty_io.c), which is the console
 * device.  The tty writes raw bytes (its line discipline did the output
 * processing) under console_output_lock(), so a kernel message never
 * lands inside one of its writes.  Input reaches the tty from the receive
 * interrupt once serial8250_tty_irq() is routed, before that from a
 * waiting reader's poll each tick; while no one has the tty open nothing takes bytes from
 * the UART, so the built-in shell's console_getc() and a panic's polled
 * reads work as before.
 */
#include <linux/console.h>
#include <linux/interrupt.h>
#include <linux/printk.h>
#include <linux/serial_8250.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/tty.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/special_insns.h>

#define UART_BASE	0x3f8
#define UART_IRQ	4	/* COM1's ISA IRQ */
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
#define UART_IER_RDI	0x01	/* interrupt when a byte is received */

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

/*
 * The receive interrupt and a waiting reader's poll may drain the UART on
 * two CPUs at once: one at a time, each byte handed on before the next is
 * read, or two bytes could reach the tty swapped.
 */
static DEFINE_SPINLOCK(serial8250_rx_lock);

/* input for the tty: every byte the UART holds */
static void serial8250_rx(struct tty_struct *tty)
{
	unsigned long flags;
	unsigned char c;

	spin_lock_irqsave(&serial8250_rx_lock, flags);
	while (inb(UART_BASE + UART_LSR) & UART_LSR_DR) {
		c = inb(UART_BASE + UART_RX);
		tty_receive(tty, &c, 1);
	}
	spin_unlock_irqrestore(&serial8250_rx_lock, flags);
}

static void serial8250_tty_write(struct tty_struct *tty,
				 const unsigned char *s, size_t n)
{
	unsigned long flags = console_output_lock();

	while (n--)
		serial8250_putc(*s++);
	console_output_unlock(flags);
}

static bool serial8250_irq_routed;
/* what IER holds now, for serial8250_resume() */
static u8 serial8250_ier;

static void serial8250_tty_open(struct tty_struct *tty)
{
	if (serial8250_irq_routed)
		serial8250_ier = UART_IER_RDI;
	outb(serial8250_ier, UART_BASE + UART_IER);
}

static void serial8250_tty_close(struct tty_struct *tty)
{
	serial8250_ier = 0;
	outb(0, UART_BASE + UART_IER);
}

static const struct tty_operations serial8250_tty_ops = {
	.write = serial8250_tty_write,
	.open = serial8250_tty_open,
	.close = serial8250_tty_close,
	.poll = serial8250_rx,
};

static struct tty_struct serial8250_tty;

static void serial8250_tty_irq(unsigned int vector, void *data)
{
	serial8250_rx(data);
}

/**
 * serial8250_irq_init() - take COM1's receive interrupt on this CPU
 *
 * Routes ISA IRQ 4 through the IO-APIC to Linux's vector for it, so an
 * open ttyS0 gets its input as it arrives.  Needs the APICs mapped; a
 * machine without them keeps the poll.  Returns the vector, or an error.
 */
int serial8250_irq_init(void)
{
	unsigned int vector = ISA_IRQ_VECTOR(UART_IRQ);
	int err;

	if (serial8250_irq_routed)
		return vector;
	if (inb(UART_BASE + UART_LSR) == 0xff || !apic_usable())
		return -ENODEV;
	err = request_irq_vector(vector, serial8250_tty_irq, &serial8250_tty);
	if (!err) {
		err = io_apic_route_isa_irq(UART_IRQ, vector,
					    this_pcpu()->apicid);
		if (err)
			free_irq_vector(vector);
	}
	if (err) {
		pr_warn("serial8250: no receive interrupt (%d): ttyS0 input is polled\n",
			err);
		return err;
	}
	serial8250_irq_routed = true;
	tty_set_rx_interrupt(&serial8250_tty, true);
	return vector;
}

struct tty_struct *serial8250_get_tty(void)
{
	return &serial8250_tty;
}

static struct console serial8250_console = {
	.name = "ttyS0",
	.write = serial8250_write,
	.read = serial8250_read,
	.flags = CON_PRINTBUFFER,
};

/* 115200 8N1, FIFOs on, receive interrupt off; false without a UART */
static bool serial8250_program(void)
{
	/* no device answers an unused ISA port: it reads all ones */
	if (inb(UART_BASE + UART_LSR) == 0xff)
		return false;
	outb(0, UART_BASE + UART_IER);
	outb(UART_LCR_DLAB, UART_BASE + UART_LCR);
	outb(1, UART_BASE + UART_DLL);		/* 115200 / 1 */
	outb(0, UART_BASE + UART_DLM);
	outb(UART_LCR_8N1, UART_BASE + UART_LCR);
	outb(UART_FCR_ENABLE, UART_BASE + UART_FCR);
	outb(UART_MCR_OUT, UART_BASE + UART_MCR);
	return true;
}

/**
 * serial8250_early_init() - program COM1 and register it as a console
 */
void serial8250_early_init(void)
{
	if (!serial8250_program())
		return;
	register_console(&serial8250_console);
	tty_init(&serial8250_tty, "ttyS0", &serial8250_tty_ops, NULL);
	tty_set_console(&serial8250_tty);
}

/**
 * serial8250_resume() - program COM1 again after suspend to RAM
 *
 * The wake resets the UART to its power-on divisor and format: the same
 * programming as at boot, and the receive interrupt back on if ttyS0 was
 * open with it.
 */
void serial8250_resume(void)
{
	if (serial8250_program())
		outb(serial8250_ier, UART_BASE + UART_IER);
}
