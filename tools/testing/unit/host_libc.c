// SPDX-License-Identifier: GPL-2.0
/*
 * The host C library's own functions under names that no -D rename of a
 * test program touches, so a test can compare the kernel's snprintf (built
 * as ksnprintf) with the host's.  Compiled without renames.
 */
#include <stdarg.h>
#include <stdio.h>

#include "host_libc.h"

int host_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
