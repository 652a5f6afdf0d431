// SPDX-License-Identifier: GPL-2.0
/*
 * "nomodeset" (Linux 6.1's drivers/video/nomodeset.c): drivers that
 * program the display device (bochs) stay away, the framebuffer the
 * firmware set up (efifb) is all there is.  For broken display drivers,
 * and for tests that need the device free.
 */
#include <linux/errno.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <video/nomodeset.h>

static bool video_nomodeset;

bool video_firmware_drivers_only(void)
{
	return video_nomodeset;
}

static int disable_modeset(char *arg)
{
	if (arg)
		return -EINVAL;
	video_nomodeset = true;
	pr_warn("Booted with the nomodeset parameter. Only the system framebuffer will be available\n");
	return 0;
}
early_param("nomodeset", disable_modeset);
