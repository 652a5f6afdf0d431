/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_INTERRUPT_H
#define _CACHET_LINUX_INTERRUPT_H

#define FIRST_EXTERNAL_VECTOR	32
#define NR_VECTORS		256

typedef void (*irq_handler_t)(unsigned int vector, void *data);

int request_irq_vector(unsigned int vector, irq_handler_t handler, void *data);
void free_irq_vector(unsigned int vector);

extern unsigned long irq_count[NR_VECTORS];
/* device interrupts taken inside halt_irqs_off(): must stay 0 */
extern unsigned long irqs_off_halt_leaks;

#endif
