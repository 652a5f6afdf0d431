/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_VIDEO_NOMODESET_H
#define _CACHET_VIDEO_NOMODESET_H

#include <linux/types.h>

/* "nomodeset": only the firmware framebuffer (efifb), no device driver */
bool video_firmware_drivers_only(void);

#endif
