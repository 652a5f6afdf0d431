// SPDX-License-Identifier: GPL-2.0
/*
 * fb_draw - not a test: the init of tools/testing/selftests/fb/
 * screenshot.py's "user" case.  Writes a pattern into /dev/fb0 with
 * pwrite() at file offsets, says where on the console, and waits for the
 * host's screendump, which must show exactly fb_draw_pixel()'s values.
 *
 *	rdinit=/selftests/tools/fb_draw [fb_draw=X,Y,W,H]
 *
 * screenshot.py computes the same pixels (pattern_pixel() there).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../../../include/uapi/linux/fb.h"

/* XRGB: red the column, green twice the row, blue their xor */
static uint32_t fb_draw_pixel(unsigned int x, unsigned int y)
{
	return (x & 0xff) << 16 | ((2 * y) & 0xff) << 8 | ((x ^ y) & 0xff);
}

int main(void)
{
	unsigned int x0 = 640, y0 = 560, w = 256, h = 128, x, y;
	struct fb_fix_screeninfo fix;
	struct fb_var_screeninfo var;
	uint32_t row[256];
	int fd;

	mkdir("/dev", 0755);
	if (access("/dev/fb0", F_OK))
		mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/fb0", O_RDWR);
	if (fd < 0 || ioctl(fd, FBIOGET_FSCREENINFO, &fix) ||
	    ioctl(fd, FBIOGET_VSCREENINFO, &var)) {
		printf("fb_draw: /dev/fb0: %s\n", strerror(errno));
		fflush(stdout);
		for (;;)
			pause();
	}
	if (x0 + w > var.xres || y0 + h > var.yres) {
		x0 = var.xres - w;
		y0 = var.yres - h;
	}
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			row[x] = fb_draw_pixel(x, y);
		if (pwrite(fd, row, w * 4, (off_t)(y0 + y) * fix.line_length +
			   x0 * 4) != (ssize_t)(w * 4)) {
			printf("fb_draw: pwrite: %s\n", strerror(errno));
			break;
		}
	}
	printf("fb_draw: drawn %ux%u at %u,%u\n", w, h, x0, y0);
	fflush(stdout);
	for (;;)
		pause();
}
