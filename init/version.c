// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's banner, one string so that the boot log and /proc/version
 * can never disagree.
 */
#include <linux/utsname.h>

const char linux_banner[] =
	"cachet version " CACHET_VERSION " (" __VERSION__ ")\n";
