/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the loader hands over.  struct hvm_start_info is the PVH boot ABI
 * (Xen's public arch-x86/hvm/start_info.h, version 1); boot_params is the
 * kernel's own copy, taken before the first allocation because QEMU leaves
 * the originals in RAM the allocators will hand out.
 */
#ifndef _ASM_X86_BOOTPARAM_H
#define _ASM_X86_BOOTPARAM_H

#include <linux/types.h>
#include <linux/compiler.h>

#define XEN_HVM_START_MAGIC_VALUE	0x336ec578
#define COMMAND_LINE_SIZE		2048
#define BOOT_MEMMAP_MAX			128

struct hvm_start_info {
	u32 magic;
	u32 version;
	u32 flags;
	u32 nr_modules;
	u64 modlist_paddr;
	u64 cmdline_paddr;
	u64 rsdp_paddr;
	u64 memmap_paddr;	/* version 1 and later */
	u32 memmap_entries;
	u32 reserved;
} __packed;

struct hvm_memmap_table_entry {
	u64 addr;
	u64 size;
	u32 type;
	u32 reserved;
} __packed;

struct boot_params {
	char cmdline[COMMAND_LINE_SIZE];
	u64 rsdp_paddr;
	u64 start_info_paddr;
	u32 nr_memmap;
	u32 memmap_dropped;	/* entries beyond BOOT_MEMMAP_MAX */
	struct hvm_memmap_table_entry memmap[BOOT_MEMMAP_MAX];
};

extern struct boot_params boot_params;

#endif /* _ASM_X86_BOOTPARAM_H */
