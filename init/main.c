// SPDX-License-Identifier: GPL-2.0
/*
 * start_kernel(): the order in which the kernel comes up.  Each step may
 * rely only on those before it.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/start_kernel.h>
#include <asm/bootparam.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <asm/tsc.h>

#define CACHET_VERSION	"0.1.0"

void start_kernel(void)
{
	pr_notice("cachet version " CACHET_VERSION " (" __VERSION__ ")\n");
	pr_notice("Command line: %s\n", boot_params.cmdline);
	idt_setup();
	tsc_init();
	early_cpu_init();
	for (;;)
		halt();
}
