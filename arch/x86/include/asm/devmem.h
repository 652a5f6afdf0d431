/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What /dev/mem may touch and how it reaches it (arch/x86/mm/devmem.c):
 * Linux 6.1's x86 rules under CONFIG_STRICT_DEVMEM and
 * CONFIG_IO_STRICT_DEVMEM (Documentation/admin-guide/devmem.rst).
 */
#ifndef _ASM_X86_DEVMEM_H
#define _ASM_X86_DEVMEM_H

#include <linux/types.h>

/* devmem_is_allowed()'s answers */
#define DEVMEM_REFUSED		0
#define DEVMEM_ALLOWED		1
#define DEVMEM_ZEROED		2	/* RAM in the first MiB: reads as zeros */

int devmem_is_allowed(unsigned long pagenr);
bool valid_phys_addr_range(phys_addr_t addr, size_t count);
void *xlate_dev_mem_ptr(phys_addr_t phys);
void unxlate_dev_mem_ptr(phys_addr_t phys, void *addr);

#endif /* _ASM_X86_DEVMEM_H */
