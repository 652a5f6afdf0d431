/* SPDX-License-Identifier: GPL-2.0 */
/* The host libc's functions, reachable from renamed test programs. */
#ifndef _UNIT_HOST_LIBC_H
#define _UNIT_HOST_LIBC_H

#include <stddef.h>

__attribute__((__format__(printf, 3, 4)))
int host_snprintf(char *buf, size_t size, const char *fmt, ...);

#endif
