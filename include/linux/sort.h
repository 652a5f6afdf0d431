/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_SORT_H
#define _CACHET_LINUX_SORT_H

#include <linux/types.h>

/* heapsort: in place, no recursion, no allocation; swap may be NULL */
void sort(void *base, size_t num, size_t size,
	  int (*cmp)(const void *, const void *),
	  void (*swap)(void *, void *, size_t));

#endif
