// SPDX-License-Identifier: GPL-2.0
/*
 * reboot(): Linux's magic numbers and commands, for busybox's
 * "poweroff -f" and "reboot -f".  Needs CAP_SYS_BOOT (-EPERM); wrong
 * magic numbers are -EINVAL.  POWER_OFF and HALT power the machine off
 * (cachet has no halted state to wait in), RESTART restarts it;
 * CAD_ON/CAD_OFF set what Ctrl-Alt-Del would do, which cachet only
 * stores (no keyboard sends it); other commands are -EINVAL.  The
 * messages are machine_power_off()'s and machine_restart()'s.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/reboot.h>
#include <linux/syscalls.h>

#define LINUX_REBOOT_MAGIC1		0xfee1dead
#define LINUX_REBOOT_MAGIC2		672274793
#define LINUX_REBOOT_MAGIC2A		85072278
#define LINUX_REBOOT_MAGIC2B		369367448
#define LINUX_REBOOT_MAGIC2C		537993216

#define LINUX_REBOOT_CMD_RESTART	0x01234567
#define LINUX_REBOOT_CMD_HALT		0xCDEF0123
#define LINUX_REBOOT_CMD_CAD_ON		0x89ABCDEF
#define LINUX_REBOOT_CMD_CAD_OFF	0x00000000
#define LINUX_REBOOT_CMD_POWER_OFF	0x4321FEDC

static bool cad_enabled = true;

SYSCALL_DEFINE4(reboot, int, magic1, int, magic2, unsigned int, cmd,
		void __user *, arg)
{
	if (!capable(CAP_SYS_BOOT))
		return -EPERM;
	if ((unsigned int)magic1 != LINUX_REBOOT_MAGIC1 ||
	    (magic2 != LINUX_REBOOT_MAGIC2 && magic2 != LINUX_REBOOT_MAGIC2A &&
	     magic2 != LINUX_REBOOT_MAGIC2B && magic2 != LINUX_REBOOT_MAGIC2C))
		return -EINVAL;
	switch (cmd) {
	case LINUX_REBOOT_CMD_RESTART:
		machine_restart();
	case LINUX_REBOOT_CMD_HALT:
	case LINUX_REBOOT_CMD_POWER_OFF:
		machine_power_off();
	case LINUX_REBOOT_CMD_CAD_ON:
		cad_enabled = true;
		return 0;
	case LINUX_REBOOT_CMD_CAD_OFF:
		cad_enabled = false;
		return 0;
	default:
		return -EINVAL;
	}
}
