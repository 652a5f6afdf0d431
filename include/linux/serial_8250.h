/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_SERIAL_8250_H
#define _CACHET_LINUX_SERIAL_8250_H

#include <linux/types.h>

struct tty_struct;

void serial8250_early_init(void);
/* ttyS0, and its receive interrupt: see drivers/tty/serial/8250.c */
struct tty_struct *serial8250_get_tty(void);
int serial8250_irq_init(void);
/* after suspend to RAM: program the UART again */
void serial8250_resume(void);

#endif
