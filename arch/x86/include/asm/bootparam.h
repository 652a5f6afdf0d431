/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the loader hands over.  struct hvm_start_info is the PVH boot ABI
 * (Xen's public arch-x86/hvm/start_info.h, version 1); Multiboot2's is in
 * asm/multiboot2.h.  boot_params is the kernel's own copy, taken before
 * the first allocation because the loaders leave the originals in RAM the
 * allocators will hand out.
 */
#ifndef _ASM_X86_BOOTPARAM_H
#define _ASM_X86_BOOTPARAM_H

#define XEN_HVM_START_MAGIC_VALUE	0x336ec578
#define XEN_HVM_MEMMAP_TYPE_RAM		1

/* what the 32-bit entry code reads before C (arch/x86/boot/verify_mem.S) */
#define HVM_START_INFO_MAGIC		0
#define HVM_START_INFO_VERSION		4
#define HVM_START_INFO_MEMMAP_PADDR	40
#define HVM_START_INFO_MEMMAP_ENTRIES	48
#define HVM_MEMMAP_ENTRY_ADDR		0
#define HVM_MEMMAP_ENTRY_SIZE		8
#define HVM_MEMMAP_ENTRY_TYPE		16
#define HVM_MEMMAP_ENTRY_BYTES		24

#ifndef __ASSEMBLY__
#include <linux/types.h>
#include <linux/compiler.h>
#include <uapi/linux/screen_info.h>

#define COMMAND_LINE_SIZE		2048
#define BOOT_MEMMAP_MAX			128
#define BOOT_RSDP_COPY_MAX		36	/* an ACPI 2.0+ RSDP */

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

/* PVH modules (QEMU -initrd): the first is the initramfs */
struct hvm_modlist_entry {
	u64 paddr;
	u64 size;
	u64 cmdline_paddr;
	u64 reserved;
} __packed;

struct boot_params {
	char cmdline[COMMAND_LINE_SIZE];
	u64 rsdp_paddr;
	u64 start_info_paddr;
	u64 initrd_paddr;	/* 0: no initramfs */
	u64 initrd_size;
	u32 nr_memmap;
	u32 memmap_dropped;	/* entries beyond BOOT_MEMMAP_MAX */
	struct hvm_memmap_table_entry memmap[BOOT_MEMMAP_MAX];
	struct screen_info screen_info;	/* firmware framebuffer, if any */
	/*
	 * Multiboot2 hands over a copy of the RSDP, not its address: it is
	 * kept here and rsdp_paddr points at this copy.
	 */
	u8 rsdp_copy[BOOT_RSDP_COPY_MAX];
};

extern struct boot_params boot_params;

#define HVM_CHECK_OFFSET(type, field, off)			\
	_Static_assert(__builtin_offsetof(type, field) == (off),	\
		       #type "." #field " is not where the entry code reads it")
HVM_CHECK_OFFSET(struct hvm_start_info, magic, HVM_START_INFO_MAGIC);
HVM_CHECK_OFFSET(struct hvm_start_info, version, HVM_START_INFO_VERSION);
HVM_CHECK_OFFSET(struct hvm_start_info, memmap_paddr,
		 HVM_START_INFO_MEMMAP_PADDR);
HVM_CHECK_OFFSET(struct hvm_start_info, memmap_entries,
		 HVM_START_INFO_MEMMAP_ENTRIES);
HVM_CHECK_OFFSET(struct hvm_memmap_table_entry, addr, HVM_MEMMAP_ENTRY_ADDR);
HVM_CHECK_OFFSET(struct hvm_memmap_table_entry, size, HVM_MEMMAP_ENTRY_SIZE);
HVM_CHECK_OFFSET(struct hvm_memmap_table_entry, type, HVM_MEMMAP_ENTRY_TYPE);
_Static_assert(sizeof(struct hvm_memmap_table_entry) == HVM_MEMMAP_ENTRY_BYTES,
	       "struct hvm_memmap_table_entry changed size");

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_BOOTPARAM_H */
