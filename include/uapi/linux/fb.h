/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The fbdev ioctl interface of /dev/fbN as Linux x86-64 defines it: the
 * screen-info structures user programs pass (fbset, X's fbdev driver,
 * SDL), their constants and the ioctl numbers.  Every value and offset is
 * Linux's; the sizes are checked at compile time (80 and 160 bytes) and
 * tools/testing/selftests/pat/fb.c runs against Linux 6.1 with them.
 * Plain C types, so user programs can include it too.
 */
#ifndef _CACHET_UAPI_LINUX_FB_H
#define _CACHET_UAPI_LINUX_FB_H

#define FB_MAJOR		29

#define FBIOGET_VSCREENINFO	0x4600
#define FBIOPUT_VSCREENINFO	0x4601
#define FBIOGET_FSCREENINFO	0x4602
#define FBIOPAN_DISPLAY		0x4606

#define FB_TYPE_PACKED_PIXELS	0	/* fix.type */
#define FB_VISUAL_TRUECOLOR	2	/* fix.visual */
#define FB_ACCEL_NONE		0	/* fix.accel */

#define FB_ACTIVATE_NOW		0	/* var.activate: set the values now */
#define FB_ACTIVATE_TEST	2	/* only check them */
#define FB_ACTIVATE_MASK	15
#define FB_ACCELF_TEXT		1	/* var.accel_flags */

struct fb_fix_screeninfo {
	char id[16];			/* the driver's name */
	unsigned long smem_start;	/* physical start of the frame buffer */
	unsigned int smem_len;		/* its length */
	unsigned int type;		/* FB_TYPE_* */
	unsigned int type_aux;
	unsigned int visual;		/* FB_VISUAL_* */
	unsigned short xpanstep;	/* 0: no panning */
	unsigned short ypanstep;
	unsigned short ywrapstep;
	unsigned int line_length;	/* bytes per line */
	unsigned long mmio_start;	/* physical start of the registers */
	unsigned int mmio_len;
	unsigned int accel;		/* FB_ACCEL_* */
	unsigned short capabilities;
	unsigned short reserved[2];
};

/* where a colour component lies in a pixel */
struct fb_bitfield {
	unsigned int offset;
	unsigned int length;
	unsigned int msb_right;		/* != 0: most significant bit right */
};

struct fb_var_screeninfo {
	unsigned int xres;		/* visible resolution */
	unsigned int yres;
	unsigned int xres_virtual;	/* virtual resolution */
	unsigned int yres_virtual;
	unsigned int xoffset;		/* visible from virtual */
	unsigned int yoffset;
	unsigned int bits_per_pixel;
	unsigned int grayscale;
	struct fb_bitfield red;
	struct fb_bitfield green;
	struct fb_bitfield blue;
	struct fb_bitfield transp;
	unsigned int nonstd;
	unsigned int activate;		/* FB_ACTIVATE_* */
	unsigned int height;		/* picture height in mm */
	unsigned int width;		/* picture width in mm */
	unsigned int accel_flags;	/* FB_ACCELF_* */
	unsigned int pixclock;		/* timings: ps per pixel, then pixels */
	unsigned int left_margin;
	unsigned int right_margin;
	unsigned int upper_margin;
	unsigned int lower_margin;
	unsigned int hsync_len;
	unsigned int vsync_len;
	unsigned int sync;
	unsigned int vmode;
	unsigned int rotate;
	unsigned int colorspace;
	unsigned int reserved[4];
};

_Static_assert(sizeof(struct fb_fix_screeninfo) == 80, "Linux's layout");
_Static_assert(sizeof(struct fb_var_screeninfo) == 160, "Linux's layout");

#endif /* _CACHET_UAPI_LINUX_FB_H */
