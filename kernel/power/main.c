// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/power/state, as Linux 6.1: reading lists the sleep states the
 * machine supports ("mem" when the DSDT has \_S3 and the wake trampoline
 * has its place), writing one of them enters it.  Suspend-to-idle
 * ("freeze") and standby are not implemented, so they are neither listed
 * nor accepted; "disk" gives -ENOSYS, as a Linux built without
 * hibernation.  The shell's "suspend" command does the same for boots
 * without user space.
 */
#define pr_fmt(fmt) "PM: " fmt

#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/shell.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/vfile.h>
#include <asm/suspend.h>

/* Linux's pm_states: the word for each supported state, NULL otherwise */
static const char *pm_states[PM_SUSPEND_MAX];

static ssize_t state_read(void *private, char *buf, loff_t pos, size_t count)
{
	char text[32];
	size_t n = pm_states_show(pm_states, text, sizeof(text));

	if (pos >= (loff_t)n)
		return 0;
	n = min(n - (size_t)pos, count);
	memcpy(buf, text + pos, n);
	return n;
}

static ssize_t state_write(void *private, const char *buf, loff_t pos,
			   size_t count)
{
	suspend_state_t state = pm_decode_state(pm_states, buf, count);
	int err;

	if (state == PM_SUSPEND_MAX)
		err = -ENOSYS;		/* "disk": no hibernation */
	else if (state == PM_SUSPEND_ON)
		err = -EINVAL;
	else
		err = pm_suspend(state);
	return err ? err : (ssize_t)count;
}

static const struct vfile_bin pm_state_bin = {
	.mode = 0644,
	.read = state_read,
	.write = state_write,
};

static int cmd_suspend(int argc, char **argv)
{
	int err;

	if (argc > 1) {
		shell_printf("usage: suspend\n");
		return -EINVAL;
	}
	if (!pm_states[PM_SUSPEND_MEM]) {
		shell_printf("suspend: this machine offers no suspend to RAM (no \\_S3)\n");
		return -EINVAL;
	}
	err = pm_suspend(PM_SUSPEND_MEM);
	if (err)
		shell_printf("suspend: failed (error %d)\n", err);
	return err;
}
SHELL_CMD(suspend, cmd_suspend, "suspend to RAM (ACPI S3) until woken");

/**
 * pm_init() - decide which sleep states are offered and create
 * /sys/power/state
 *
 * Needs the ACPI tables and the e820 map (for the wake trampoline).
 */
void pm_init(void)
{
	if (acpi_s3_supported() && !x86_acpi_sleep_init())
		pm_states[PM_SUSPEND_MEM] = "mem";
	if (sysfs_create_bin_file("power/state", &pm_state_bin, 0, NULL))
		pr_warn("cannot create /sys/power/state\n");
}
