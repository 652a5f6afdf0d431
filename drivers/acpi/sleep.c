// SPDX-License-Identifier: GPL-2.0
/*
 * ACPI's part of suspend to RAM, with Linux 6.1's messages: say which
 * state the machine enters, hand over to the architecture to save the
 * CPU and write PM1 control (arch/x86/kernel/acpi/sleep.c), and say when
 * it is back.  Only S3 is offered: there is no AML interpreter to run
 * \_PTS or \_WAK, which QEMU's firmware tables do not need.
 */
#define pr_fmt(fmt) "ACPI: PM: " fmt

#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <asm/suspend.h>

#define ACPI_STATE_S3	3

/**
 * acpi_suspend_begin() - check S3 is there and announce it
 *
 * Returns 0, or -ENODEV when the tables or the wake trampoline are
 * missing (then nothing has changed).
 */
int acpi_suspend_begin(void)
{
	if (!acpi_s3_supported())
		return -ENODEV;
	pr_info("Preparing to enter system sleep state S%d\n", ACPI_STATE_S3);
	return 0;
}

/**
 * acpi_suspend_enter() - sleep in S3, with interrupts off and one CPU
 *
 * Returns 0 after the wake, the CPU and its devices restored, or the
 * error that kept the machine awake.
 */
int acpi_suspend_enter(void)
{
	int err = x86_acpi_suspend_lowlevel();

	if (err) {
		pr_err("S%d refused (error %d): the machine stayed awake\n",
		       ACPI_STATE_S3, err);
		return err;
	}
	pr_info("Low-level resume complete\n");
	return 0;
}

/**
 * acpi_pm_finish() - announce the end of the sleep, whether or not it
 * happened, as Linux does
 */
void acpi_pm_finish(void)
{
	pr_info("Waking up from system sleep state S%d\n", ACPI_STATE_S3);
}
