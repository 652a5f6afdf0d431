// SPDX-License-Identifier: GPL-2.0
/*
 * Suspend to RAM, the generic sequence and Linux 6.1's messages:
 *
 *   PM: suspend entry (deep)
 *   ACPI: PM: Preparing to enter system sleep state S3
 *   Disabling non-boot CPUs ...
 *   (interrupts off; the CPU sleeps)
 *   ACPI: PM: Low-level resume complete
 *   (interrupts on)
 *   Enabling non-boot CPUs ...
 *   CPU1 is up
 *   ACPI: PM: Waking up from system sleep state S3
 *   PM: suspend exit
 *
 * Tasks are not frozen: with interrupts off on the only online CPU,
 * nothing else runs between the save and the restore.  The other CPUs go
 * offline through CPU hotplug (freeze_secondary_cpus()) and come back the
 * way they came up at boot, each taking the boot CPU's PAT and MTRRs; a
 * CPU the administrator had taken offline stays offline.
 */
#define pr_fmt(fmt) "PM: " fmt

#include <linux/acpi.h>
#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/suspend.h>
#include <asm/irqflags.h>

/* Linux's mem_sleep_labels: what "mem" means, for the entry message */
static const char *const pm_mem_sleep_labels[PM_SUSPEND_MAX] = {
	[PM_SUSPEND_TO_IDLE] = "s2idle",
	[PM_SUSPEND_STANDBY] = "shallow",
	[PM_SUSPEND_MEM] = "deep",
};

/* one transition at a time (Linux's system_transition_mutex) */
static bool pm_in_transition;

static int suspend_enter(void)
{
	unsigned long flags;
	int err;

	err = freeze_secondary_cpus(0);
	if (!err)
		err = pci_save_state_all();
	if (!err) {
		local_irq_save(flags);
		err = acpi_suspend_enter();
		local_irq_restore(flags);
	}
	/* also after a failed freeze: it took some down, and counts itself */
	thaw_secondary_cpus();
	return err;
}

static int enter_state(suspend_state_t state)
{
	int err;

	if (state != PM_SUSPEND_MEM)
		return -EINVAL;
	if (__atomic_exchange_n(&pm_in_transition, true, __ATOMIC_ACQUIRE))
		return -EBUSY;
	err = acpi_suspend_begin();
	if (!err) {
		err = suspend_enter();
		acpi_pm_finish();
	}
	__atomic_store_n(&pm_in_transition, false, __ATOMIC_RELEASE);
	return err;
}

/**
 * pm_suspend() - put the machine to sleep and wake it
 * @state: PM_SUSPEND_MEM, the only state offered
 *
 * Returns 0 after a sleep and a wake; -EINVAL for a state out of range
 * or not supported, -ENODEV when the firmware tables do not allow S3,
 * -EBUSY with another transition under way, the error of a CPU that
 * could not be taken offline, or the error that kept the machine from
 * sleeping.
 */
int pm_suspend(suspend_state_t state)
{
	int err;

	if (state <= PM_SUSPEND_ON || state >= PM_SUSPEND_MAX)
		return -EINVAL;
	pr_info("suspend entry (%s)\n", pm_mem_sleep_labels[state]);
	err = enter_state(state);
	pr_info("suspend exit\n");
	return err;
}
