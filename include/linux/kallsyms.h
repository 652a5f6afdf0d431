/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_KALLSYMS_H
#define _CACHET_LINUX_KALLSYMS_H

#include <linux/types.h>

/**
 * kallsyms_lookup() - the kernel text symbol containing an address
 * @addr: the address
 * @size: if not NULL, receives the symbol's size
 * @offset: if not NULL, receives @addr's offset into it
 *
 * Returns the name, or NULL when @addr is not in the kernel's text.
 */
const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
			    unsigned long *offset);
/* address of a text symbol by name, or 0 */
unsigned long kallsyms_lookup_name(const char *name);

/* used by vsprintf's %pS/%ps */
int sprint_symbol_hook(char *buf, size_t size, unsigned long addr,
		       bool with_offset);

#endif
