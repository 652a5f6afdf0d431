// SPDX-License-Identifier: GPL-2.0
/*
 * The Multiboot2 half of head64.c: reach the information structure GRUB
 * left below 4 GiB through head.S's identity mapping, copy it into
 * boot_params with the pure multiboot2_parse(), and say what was
 * repaired or ignored.  A structure that cannot be trusted, or that has
 * no memory map, stops the boot with a panic naming the problem and the
 * tag: nothing after this could run safely on a guessed memory map.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <asm/bootparam.h>
#include <asm/multiboot2.h>
#include <asm/page.h>

/* head.S maps the first 4 GiB at their own addresses */
#define MB2_IDENTITY_LIMIT	0x100000000ULL

static const char *mb2_fb_type_name(u32 type)
{
	switch (type) {
	case MB2_FB_TYPE_INDEXED:
		return "indexed colour";
	case MB2_FB_TYPE_EGA_TEXT:
		return "EGA text";
	default:
		return "unknown";
	}
}

static void mb2_report(const struct mb2_result *res)
{
	if (res->warnings & MB2_WARN_CMDLINE_TRUNCATED)
		pr_warn("Multiboot2: command line truncated to %d bytes\n",
			COMMAND_LINE_SIZE - 1);
	if (res->warnings & MB2_WARN_FB_UNDRIVABLE)
		pr_warn("Multiboot2: framebuffer type %u (%s, %u bpp) cannot be driven: no framebuffer\n",
			res->fb_type, mb2_fb_type_name(res->fb_type),
			res->fb_bpp);
	if (res->warnings & MB2_WARN_FB_BAD)
		pr_warn("Multiboot2: framebuffer tag (%u bpp) describes no usable picture: no framebuffer\n",
			res->fb_bpp);
	if (res->warnings & MB2_WARN_MODULE_EMPTY)
		pr_warn("Multiboot2: the first module is empty: no initramfs\n");
	if (res->warnings & MB2_WARN_DUPLICATE)
		pr_warn("Multiboot2: tag %u given more than once: the first one used\n",
			res->dup_type);
	if (res->warnings & MB2_WARN_ACPI_BAD)
		pr_warn("Multiboot2: ACPI RSDP tag too short for its RSDP: ignored\n");
	if (boot_params.screen_info.orig_video_isVGA) {
		const struct screen_info *si = &boot_params.screen_info;

		pr_info("Multiboot2: framebuffer %ux%ux%u at %#llx, %u bytes a line\n",
			si->lfb_width, si->lfb_height, si->lfb_depth,
			(unsigned long long)si->lfb_base, si->lfb_linelength);
	}
	pr_info("Multiboot2: %s firmware, memory map from tag %u (%u entries), %u module%s\n",
		res->efi ? "UEFI" : "BIOS", res->mmap_tag,
		boot_params.nr_memmap + boot_params.memmap_dropped,
		res->nr_modules, res->nr_modules == 1 ? "" : "s");
}

/* name what is wrong with the structure, and where, then stop */
static void __noreturn mb2_refuse(const struct mb2_result *res, u32 info)
{
	const char *what = multiboot2_strerror(res->error);

	switch (res->error) {
	case MB2_ERR_HEADER:
	case MB2_ERR_NO_MMAP:
		panic("Multiboot2: %s (information structure at %#x)",
		      what, info);
	case MB2_ERR_TOTAL_SMALL:
	case MB2_ERR_TOTAL_BIG:
		panic("Multiboot2: %s: total_size %u (information structure at %#x)",
		      what, res->err_size, info);
	case MB2_ERR_END_EARLY:
		panic("Multiboot2: %s: end tag at offset %u, total_size %u (information structure at %#x)",
		      what, res->err_offset, res->err_size, info);
	default:
		panic("Multiboot2: %s: tag %u at offset %u, size %u (information structure at %#x)",
		      what, res->err_type, res->err_offset, res->err_size,
		      info);
	}
}

/**
 * multiboot2_copy() - fill boot_params from a Multiboot2 structure
 * @info_paddr: its physical address (%ebx at the entry)
 * @magic: %eax at the entry
 *
 * Called before anything allocates, on head.S's early mapping.
 */
void multiboot2_copy(u32 info_paddr, u32 magic)
{
	struct mb2_result res;
	const void *info;

	if (magic != MULTIBOOT2_BOOTLOADER_MAGIC)
		panic("Multiboot2: entered with %%eax %#x, not the loader magic %#x",
		      magic, MULTIBOOT2_BOOTLOADER_MAGIC);
	if (!info_paddr || info_paddr % 8)
		panic("Multiboot2: information structure at %#x is not 8-byte aligned",
		      info_paddr);
	info = (const void *)(unsigned long)info_paddr;
	if (multiboot2_parse(info, MB2_IDENTITY_LIMIT - info_paddr,
			     &boot_params, &res))
		mb2_refuse(&res, info_paddr);
	if (res.rsdp_len)
		boot_params.rsdp_paddr = __pa_symbol(boot_params.rsdp_copy);
	mb2_report(&res);
}
