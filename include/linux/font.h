/* SPDX-License-Identifier: GPL-2.0 */
/* Bitmap console fonts: one byte per pixel row, leftmost pixel in bit 7. */
#ifndef _CACHET_LINUX_FONT_H
#define _CACHET_LINUX_FONT_H

#include <linux/types.h>

struct font_desc {
	const char *name;
	unsigned int width;		/* 8: one byte per row */
	unsigned int height;		/* rows, and bytes per glyph */
	u8 first, last;			/* the characters that have glyphs */
	const u8 *data;			/* (last - first + 1) * height bytes */
};

extern const struct font_desc font_8x16;

#endif
