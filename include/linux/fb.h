/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A linear framebuffer as a driver hands it to the framebuffer console:
 * where it is mapped and its geometry.  Only 32 bits per pixel, XRGB.
 */
#ifndef _CACHET_LINUX_FB_H
#define _CACHET_LINUX_FB_H

#include <linux/compiler.h>
#include <linux/types.h>

struct fb_info {
	const char *name;		/* the driver, for messages */
	void __iomem *screen_base;	/* mapped, normally write-combining */
	phys_addr_t phys;
	unsigned long size;		/* bytes mapped at @screen_base */
	unsigned int xres, yres;	/* visible pixels */
	unsigned int line_length;	/* bytes from one pixel row to the next */
};

int fbcon_init(struct fb_info *info);
void bochs_fb_init(void);

#endif
