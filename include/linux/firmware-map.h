/* SPDX-License-Identifier: GPL-2.0 */
/* /sys/firmware/memmap (drivers/firmware/memmap.c) */
#ifndef _CACHET_LINUX_FIRMWARE_MAP_H
#define _CACHET_LINUX_FIRMWARE_MAP_H

void firmware_memmap_init(void);

#endif /* _CACHET_LINUX_FIRMWARE_MAP_H */
