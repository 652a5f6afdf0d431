/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_SHELL_INTERNAL_H
#define _KERNEL_SHELL_INTERNAL_H

#include "lineedit.h"

/* interactive input, one byte: echo, run finished lines, prompt */
void shell_feed(struct lineedit *le, u8 c);

#endif /* _KERNEL_SHELL_INTERNAL_H */
