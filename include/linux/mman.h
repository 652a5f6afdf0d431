/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory protection bits of mmap() and mprotect(), Linux's values
 * (include/uapi/asm-generic/mman-common.h), shared by exec's load plan
 * and, later, the system calls.
 */
#ifndef _CACHET_LINUX_MMAN_H
#define _CACHET_LINUX_MMAN_H

#define PROT_NONE	0x0
#define PROT_READ	0x1
#define PROT_WRITE	0x2
#define PROT_EXEC	0x4

#endif /* _CACHET_LINUX_MMAN_H */
