// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the machine off and restarting it.
 *
 * Power off is ACPI S5 through the FADT's PM1 control block (or, on a
 * hardware-reduced machine such as QEMU's microvm, its sleep control
 * register).  Should that be missing or ignored, QEMU's q35 and pc
 * machines both decode their PM1a control register at port 0x604
 * (SeaBIOS puts the PM base at 0x600), so that port is tried next.  A
 * machine without ACPI ("-M isapc", "-M pc,acpi=off") has no way to
 * switch itself off at all: there the last way out is QEMU's
 * isa-debug-exit device, when the command line gave one, and then the
 * CPU halts after saying so, as Linux does ("reboot: System halted").
 *
 * Restart pulses the CPU reset line through the keyboard controller, and
 * if that does not work, triple-faults: with an empty IDT any exception
 * escalates to a shutdown, which every PC turns into a reset.
 */
#include <linux/acpi.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/time.h>
#include <asm/io.h>
#include <asm/irqflags.h>

#define QEMU_PM1A_CNT		0x604
#define QEMU_S5_SLP_EN		0x2000	/* SLP_EN, SLP_TYP 0 */

/* isa-debug-exit's status: (0 << 1) | 1, "switched off" */
#define QEMU_EXIT_POWER_OFF	0

#define KBD_STATUS_PORT		0x64
#define KBD_STATUS_IBF		0x02	/* input buffer full */
#define KBD_CMD_PULSE_RESET	0xfe

/**
 * machine_power_off() - switch the machine off; never returns
 *
 * When nothing works the CPU halts forever, after saying so.
 */
void machine_power_off(void)
{
	int ret;

	local_irq_disable();
	pr_emerg("reboot: Power down\n");
	ret = acpi_power_off();
	mdelay(100);
	pr_emerg("reboot: ACPI power off failed (error %d), trying port 0x%x\n",
		 ret, QEMU_PM1A_CNT);
	outw(QEMU_S5_SLP_EN, QEMU_PM1A_CNT);
	mdelay(100);
	pr_emerg("reboot: no power-off device answered, trying QEMU's isa-debug-exit (port 0xf4)\n");
	qemu_exit(QEMU_EXIT_POWER_OFF);
	pr_emerg("reboot: System halted: this machine cannot be switched off by software\n");
	for (;;)
		halt();
}

static void kbd_wait_input_empty(void)
{
	int i;

	for (i = 0; i < 10000 && (inb(KBD_STATUS_PORT) & KBD_STATUS_IBF); i++)
		udelay(2);
}

/**
 * machine_restart() - reset the machine; never returns
 */
void machine_restart(void)
{
	static const struct {
		u16 limit;
		u64 base;
	} __packed no_idt = { 0, 0 };
	int i;

	local_irq_disable();
	pr_emerg("reboot: Restarting system\n");
	for (i = 0; i < 10; i++) {
		kbd_wait_input_empty();
		outb(KBD_CMD_PULSE_RESET, KBD_STATUS_PORT);
		mdelay(50);
	}
	pr_emerg("reboot: keyboard controller reset failed, triple-faulting\n");
	__asm__ __volatile__("lidt %0; int3" : : "m"(no_idt));
	for (;;)
		halt();
}
