/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A linear framebuffer as a driver registers it: where it is mapped, its
 * geometry, what /dev/fbN shows, and the range it drives (so the real
 * device's driver can replace a firmware framebuffer).  The text console
 * draws only 32 bits per pixel, XRGB.
 */
#ifndef _CACHET_LINUX_FB_H
#define _CACHET_LINUX_FB_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <uapi/linux/fb.h>

#define FB_MAX		32	/* /dev/fb0 .. /dev/fb31, as Linux */
#define FB_MAX_MODES	16	/* older ones drop off the end */

struct fb_info;

/* what a driver lets user space change (Linux's struct fb_ops, in part) */
struct fb_ops {
	/* may adjust @var; 0, or -EINVAL for what the driver cannot show */
	int (*fb_check_var)(struct fb_var_screeninfo *var, struct fb_info *info);
	/* show @var's offsets; the core checked them against the steps */
	int (*fb_pan_display)(struct fb_var_screeninfo *var,
			      struct fb_info *info);
	/*
	 * after unregister_framebuffer(), once no file operation uses
	 * @info: unmap and release what the driver holds (Linux's
	 * fb_destroy, which firmware framebuffers use the same way)
	 */
	void (*fb_destroy)(struct fb_info *info);
};

struct fb_info {
	const char *name;		/* the driver, for messages */
	void __iomem *screen_base;	/* mapped, normally write-combining */
	phys_addr_t phys;
	unsigned long size;		/* bytes mapped at @screen_base */
	unsigned int xres, yres;	/* visible pixels */
	unsigned int line_length;	/* bytes from one pixel row to the next */
	/* what /dev/fbN shows (register_framebuffer() and the ioctls) */
	struct fb_fix_screeninfo fix;
	struct fb_var_screeninfo var;
	const struct fb_ops *fbops;
	int node;			/* the N of /dev/fbN, -1 before */
	/* the visible sizes set so far, newest first (Linux's modelist) */
	struct fb_mode_size {
		unsigned int xres, yres;
	} modes[FB_MAX_MODES];
	unsigned int nr_modes;
	/*
	 * the physical range the driver drives (Linux's apertures): a
	 * driver for the real device removes a firmware framebuffer whose
	 * aperture overlaps its BARs (remove_conflicting_framebuffers())
	 */
	phys_addr_t aperture_base;
	u64 aperture_size;
	bool firmware;			/* set up by firmware: may be replaced */
	unsigned int users;		/* file operations in progress */
};

int fbcon_init(struct fb_info *info);
void fbcon_exit(struct fb_info *info);
void fbcon_redraw(void);
int register_framebuffer(struct fb_info *info);
int unregister_framebuffer(struct fb_info *info);
int remove_conflicting_framebuffers(phys_addr_t base, u64 size,
				    const char *name);
struct fb_info *registered_framebuffer(int node);
void fbmem_init(void);
void fb_sysfs_add(struct fb_info *info);
void fb_sysfs_remove(struct fb_info *info);
struct pci_dev;
struct screen_info;
void bochs_fb_init(void);
int bochs_fb_attach(struct pci_dev *dev);
bool bochs_fb_bound(void);
void efifb_init(void);
int efifb_probe(const struct screen_info *si);
void bochs_fb_resume(void);

#endif
