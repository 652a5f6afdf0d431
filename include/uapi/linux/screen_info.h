/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The firmware framebuffer as the boot loader describes it.  Field names
 * and the VIDEO_TYPE_* values are Linux's (include/uapi/linux/screen_info.h)
 * so drivers read like Linux's efifb/simplefb; only the linear-framebuffer
 * fields are kept, since cachet has no VGA text or VESA BIOS paths.
 *
 * orig_video_isVGA == 0 means "no framebuffer handed over" (PVH boots).
 */
#ifndef _UAPI_LINUX_SCREEN_INFO_H
#define _UAPI_LINUX_SCREEN_INFO_H

#include <linux/types.h>

#define VIDEO_TYPE_VLFB		0x23	/* VESA VGA in graphic mode */
#define VIDEO_TYPE_EFI		0x70	/* EFI graphic mode */

struct screen_info {
	u8 orig_video_isVGA;	/* VIDEO_TYPE_*, 0: none */
	u16 lfb_width;		/* pixels */
	u16 lfb_height;		/* pixels */
	u16 lfb_depth;		/* bits per pixel */
	u32 lfb_linelength;	/* bytes per scan line */
	u64 lfb_base;		/* physical address */
	u64 lfb_size;		/* bytes the firmware says are mapped */
	u8 red_size;
	u8 red_pos;
	u8 green_size;
	u8 green_pos;
	u8 blue_size;
	u8 blue_pos;
	u8 rsvd_size;
	u8 rsvd_pos;
};

#endif /* _UAPI_LINUX_SCREEN_INFO_H */
