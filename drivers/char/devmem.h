/* SPDX-License-Identifier: GPL-2.0 */
/* Between mem.c, which owns major 1, and devmem.c. */
#ifndef _DRIVERS_CHAR_DEVMEM_H
#define _DRIVERS_CHAR_DEVMEM_H

#include <linux/fs.h>

extern const struct file_operations mem_fops;	/* /dev/mem, 1:1 */
extern const struct file_operations port_fops;	/* /dev/port, 1:4 */

#endif
