/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_SERIAL_8250_H
#define _CACHET_LINUX_SERIAL_8250_H

void serial8250_early_init(void);

#endif
