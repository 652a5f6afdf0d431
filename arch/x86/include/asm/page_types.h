/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's virtual memory map (Documentation/x86/mm.rst).  Usable from
 * C, assembly and the linker script.
 */
#ifndef _ASM_X86_PAGE_TYPES_H
#define _ASM_X86_PAGE_TYPES_H

#ifdef __ASSEMBLY__
#define _AC(x, y)	x
#else
#define __AC(x, y)	(x##y)
#define _AC(x, y)	__AC(x, y)
#endif

#define PAGE_SHIFT		12
#define PAGE_SIZE		(_AC(1, UL) << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PMD_SHIFT		21
#define PMD_SIZE		(_AC(1, UL) << PMD_SHIFT)
#define PUD_SHIFT		30
#define PUD_SIZE		(_AC(1, UL) << PUD_SHIFT)
#define PGDIR_SHIFT		39
#define PTRS_PER_TABLE		512

/* 64 TiB of direct map of all RAM, as in Linux's 4-level layout */
#define __PAGE_OFFSET		_AC(0xffff888000000000, UL)
#define DIRECT_MAP_SIZE		_AC(0x0000400000000000, UL)
/* vmalloc/ioremap area */
#define VMALLOC_START		_AC(0xffffc90000000000, UL)
#define VMALLOC_END		_AC(0xffffe8ffffffffff, UL)
/* fixed mappings for early firmware access, below the module area */
#define FIXADDR_TOP		_AC(0xffffffffff600000, UL)
/* the kernel image: 1 GiB from physical 0 */
#define __START_KERNEL_map	_AC(0xffffffff80000000, UL)
#define KERNEL_IMAGE_SIZE	_AC(0x40000000, UL)
#define __PHYSICAL_START	_AC(0x200000, UL)
#define __START_KERNEL		(__START_KERNEL_map + __PHYSICAL_START)
/* the 32-bit PVH entry code, apart from the image (vmlinux.lds.S) */
#define BOOT_ENTRY_PHYS		_AC(0x100000, UL)

#define THREAD_SIZE		_AC(16384, UL)

#endif /* _ASM_X86_PAGE_TYPES_H */
