/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Multiboot2 boot protocol (GNU Multiboot2 specification, version
 * 2.0) as cachet uses it: the header GRUB looks for in the first 32 KiB
 * of vmlinux, the information structure GRUB hands over in %ebx, and the
 * pure parser (arch/x86/kernel/multiboot2_parse.c) that copies it into
 * struct boot_params.  The constants are used by the 32-bit entry code
 * too, so the C part is guarded.
 */
#ifndef _ASM_X86_MULTIBOOT2_H
#define _ASM_X86_MULTIBOOT2_H

/* the header in the image (spec 3.1) */
#define MULTIBOOT2_HEADER_MAGIC		0xe85250d6
#define MULTIBOOT2_ARCH_I386		0	/* 32-bit protected mode */
#define MULTIBOOT2_HEADER_TAG_END	0
#define MULTIBOOT2_HEADER_TAG_INFO_REQ	1
#define MULTIBOOT2_HEADER_TAG_ENTRY	3
#define MULTIBOOT2_HEADER_TAG_FB	5
#define MULTIBOOT2_HEADER_TAG_MOD_ALIGN	6
#define MULTIBOOT2_HEADER_TAG_OPTIONAL	1

/* %eax at the 32-bit entry (spec 3.3) */
#define MULTIBOOT2_BOOTLOADER_MAGIC	0x36d76289

/* information tags (spec 3.6) */
#define MB2_TAG_END			0
#define MB2_TAG_CMDLINE			1
#define MB2_TAG_MODULE			3
#define MB2_TAG_BASIC_MEMINFO		4
#define MB2_TAG_MMAP			6
#define MB2_TAG_FRAMEBUFFER		8
#define MB2_TAG_EFI32			11
#define MB2_TAG_EFI64			12
#define MB2_TAG_ACPI_OLD		14
#define MB2_TAG_ACPI_NEW		15
#define MB2_TAG_EFI_MMAP		17

/* memory map types (tag 6): GRUB passes e820 types through */
#define MB2_MEMORY_AVAILABLE		1

/* framebuffer_type (tag 8) */
#define MB2_FB_TYPE_INDEXED		0
#define MB2_FB_TYPE_RGB			1
#define MB2_FB_TYPE_EGA_TEXT		2

#ifndef __ASSEMBLY__
#include <linux/types.h>
#include <linux/compiler.h>

struct boot_params;

/* the fixed start of the information structure */
struct mb2_info_header {
	u32 total_size;
	u32 reserved;
} __packed;

struct mb2_tag {
	u32 type;
	u32 size;		/* header included, padding to 8 not */
} __packed;

struct mb2_tag_module {
	struct mb2_tag tag;
	u32 mod_start;
	u32 mod_end;		/* exclusive */
	char cmdline[];
} __packed;

struct mb2_tag_mmap {
	struct mb2_tag tag;
	u32 entry_size;
	u32 entry_version;
} __packed;

struct mb2_mmap_entry {
	u64 addr;
	u64 len;
	u32 type;
	u32 zero;
} __packed;

struct mb2_tag_framebuffer {
	struct mb2_tag tag;
	u64 addr;
	u32 pitch;
	u32 width;
	u32 height;
	u8 bpp;
	u8 fb_type;
	u16 reserved;
	/* MB2_FB_TYPE_RGB: the colour fields */
	u8 red_pos;
	u8 red_size;
	u8 green_pos;
	u8 green_size;
	u8 blue_pos;
	u8 blue_size;
} __packed;

#define MB2_FB_COMMON_SIZE	32	/* up to the colour information */

struct mb2_tag_efi_mmap {
	struct mb2_tag tag;
	u32 descr_size;
	u32 descr_vers;
} __packed;

/* UEFI 2.x EFI_MEMORY_DESCRIPTOR, as Linux's efi_memory_desc_t */
struct efi_memory_desc {
	u32 type;
	u32 pad;
	u64 phys_addr;
	u64 virt_addr;
	u64 num_pages;		/* 4 KiB pages */
	u64 attribute;
} __packed;

/* EFI memory types (UEFI 2.x 7.2, Linux's names) */
#define EFI_RESERVED_TYPE		0
#define EFI_LOADER_CODE			1
#define EFI_LOADER_DATA			2
#define EFI_BOOT_SERVICES_CODE		3
#define EFI_BOOT_SERVICES_DATA		4
#define EFI_RUNTIME_SERVICES_CODE	5
#define EFI_RUNTIME_SERVICES_DATA	6
#define EFI_CONVENTIONAL_MEMORY		7
#define EFI_UNUSABLE_MEMORY		8
#define EFI_ACPI_RECLAIM_MEMORY		9
#define EFI_ACPI_MEMORY_NVS		10
#define EFI_MEMORY_MAPPED_IO		11
#define EFI_MEMORY_MAPPED_IO_PORT_SPACE	12
#define EFI_PAL_CODE			13
#define EFI_PERSISTENT_MEMORY		14
#define EFI_MEMORY_SP			(1ULL << 18)	/* specific-purpose */
#define EFI_PAGE_SHIFT			12

/* the ACPI RSDP copied in tags 14 and 15 (ACPI 6.4 5.2.5.3) */
#define MB2_RSDP_V1_SIZE		20
#define MB2_RSDP_MAX			36

/* an information structure larger than this is taken for a lie */
#define MB2_INFO_MAX			(1U << 20)

/* why the information structure cannot be used: the boot panics */
enum mb2_error {
	MB2_OK,
	MB2_ERR_HEADER,		/* fewer than 8 bytes readable */
	MB2_ERR_TOTAL_SMALL,	/* total_size below header + end tag */
	MB2_ERR_TOTAL_BIG,	/* total_size past what is readable */
	MB2_ERR_TAG_SMALL,	/* a tag smaller than its header */
	MB2_ERR_TAG_PAST_END,	/* a tag running past total_size */
	MB2_ERR_END_SIZE,	/* an end tag whose size is not 8 */
	MB2_ERR_END_EARLY,	/* the end tag ends before total_size */
	MB2_ERR_TAG_MALFORMED,	/* a tag too short for its fields */
	MB2_ERR_NO_MMAP,	/* neither tag 6 nor tag 17 */
	MB2_ERR_NR
};

/* what was repaired or ignored: each gets a message, the boot goes on */
#define MB2_WARN_CMDLINE_TRUNCATED	(1U << 0)
#define MB2_WARN_FB_UNDRIVABLE		(1U << 1)
#define MB2_WARN_FB_BAD			(1U << 2)
#define MB2_WARN_MODULE_EMPTY		(1U << 3)
#define MB2_WARN_DUPLICATE		(1U << 4)
#define MB2_WARN_ACPI_BAD		(1U << 5)

struct mb2_result {
	enum mb2_error error;
	u32 err_type;		/* the tag type the error names */
	u32 err_offset;		/* its offset in the structure */
	u32 err_size;		/* its size (or total_size) */
	u32 warnings;		/* MB2_WARN_* */
	u32 dup_type;		/* a tag type seen twice (first one used) */
	u32 fb_type;		/* framebuffer_type of a refused framebuffer */
	u32 fb_bpp;
	u32 nr_modules;
	u32 mmap_tag;		/* 6 or 17: where boot_params.memmap came from */
	u32 efi_skipped;	/* EFI descriptors of a type e820 has no name for */
	u32 rsdp_len;		/* bytes of RSDP copied into boot_params, 0: none */
	bool efi;		/* booted from UEFI firmware */
};

int multiboot2_parse(const void *info, u64 avail, struct boot_params *bp,
		     struct mb2_result *res);
const char *multiboot2_strerror(enum mb2_error err);

/* head64's glue (multiboot2.c): fill boot_params or panic */
void multiboot2_copy(u32 info_paddr, u32 magic);

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_MULTIBOOT2_H */
