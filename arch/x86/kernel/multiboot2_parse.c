// SPDX-License-Identifier: GPL-2.0
/*
 * The Multiboot2 information structure (GNU Multiboot2 specification,
 * 3.6) copied into struct boot_params.  Pure: no hardware, no printing,
 * no allocation; the same file is built into the kernel, the host unit
 * tests and a libFuzzer target.  head64's glue (multiboot2.c) maps the
 * structure, calls multiboot2_parse() and turns the result into messages
 * or a panic.
 *
 * The structure is untrusted: every read is bounded by @avail and by
 * total_size, and the walk first checks the whole tag chain (each tag at
 * least its 8-byte header and inside total_size, an end tag of size 8
 * ending exactly at total_size, each tag of interest long enough for its
 * fixed fields), then fills boot_params.  A structure that fails the
 * check leaves boot_params untouched.
 *
 * What is taken, the first of each type winning over repeats:
 *
 *	1  command line		boot_params.cmdline, truncated to fit
 *	3  modules		the first is the initramfs, as with PVH
 *	6  memory map		boot_params.memmap, types as e820's
 *	8  framebuffer		boot_params.screen_info, direct colour only
 *	11, 12			the firmware is UEFI
 *	14, 15  ACPI RSDP	copied (15, ACPI 2.0+, preferred)
 *	17 EFI memory map	preferred to tag 6: e820 types by Linux's
 *				rules (drivers/firmware/efi/libstub's
 *				setup_e820()), adjacent ranges merged
 *
 * Everything else (basic meminfo, boot loader name, ELF sections, ...)
 * is skipped.  The memory map is copied as given: e820__memory_setup()
 * sanitises overlaps and zero-size entries later, with its messages.
 */
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/e820/types.h>
#include <asm/multiboot2.h>

#define MB2_ALIGN(x)	(((x) + 7ULL) & ~7ULL)

/* the first tag of each type cachet reads, found by the check pass */
struct mb2_tags {
	const struct mb2_tag *cmdline;
	const struct mb2_tag_module *module;
	const struct mb2_tag_mmap *mmap;
	const struct mb2_tag_framebuffer *fb;
	const struct mb2_tag *acpi_old;
	const struct mb2_tag *acpi_new;
	const struct mb2_tag_efi_mmap *efi_mmap;
};

static int mb2_fail(struct mb2_result *res, enum mb2_error err, u32 type,
		    u32 offset, u32 size)
{
	res->error = err;
	res->err_type = type;
	res->err_offset = offset;
	res->err_size = size;
	return -1;
}

/* the smallest size a tag of @type may have: its fixed fields */
static u32 mb2_min_size(u32 type)
{
	switch (type) {
	case MB2_TAG_CMDLINE:
		return sizeof(struct mb2_tag) + 1;	/* at least the NUL */
	case MB2_TAG_MODULE:
		return sizeof(struct mb2_tag_module) + 1;
	case MB2_TAG_MMAP:
		return sizeof(struct mb2_tag_mmap);
	case MB2_TAG_FRAMEBUFFER:
		return MB2_FB_COMMON_SIZE;
	case MB2_TAG_EFI_MMAP:
		return sizeof(struct mb2_tag_efi_mmap);
	default:
		return sizeof(struct mb2_tag);
	}
}

/* is a tag's own content well formed (beyond its minimum size)? */
static bool mb2_tag_valid(const struct mb2_tag *t)
{
	const char *s;

	switch (t->type) {
	case MB2_TAG_CMDLINE:
		s = (const char *)(t + 1);
		return memchr(s, '\0', t->size - sizeof(*t)) != NULL;
	case MB2_TAG_MODULE: {
		const struct mb2_tag_module *m = (const void *)t;

		return m->mod_end >= m->mod_start &&
		       memchr(m->cmdline, '\0', t->size - sizeof(*m));
	}
	case MB2_TAG_MMAP: {
		const struct mb2_tag_mmap *m = (const void *)t;

		return m->entry_size >= sizeof(struct mb2_mmap_entry) &&
		       m->entry_size % 8 == 0;
	}
	case MB2_TAG_EFI_MMAP: {
		const struct mb2_tag_efi_mmap *m = (const void *)t;

		return m->descr_size >= sizeof(struct efi_memory_desc) &&
		       m->descr_size % 8 == 0;
	}
	default:
		return true;
	}
}

static void mb2_remember(struct mb2_tags *tags, const struct mb2_tag *t,
			 struct mb2_result *res)
{
	const struct mb2_tag **slot;

	switch (t->type) {
	case MB2_TAG_CMDLINE:
		slot = &tags->cmdline;
		break;
	case MB2_TAG_MODULE:
		/* several modules are normal: the first is the initramfs */
		res->nr_modules++;
		slot = (const struct mb2_tag **)&tags->module;
		if (*slot)
			return;
		break;
	case MB2_TAG_MMAP:
		slot = (const struct mb2_tag **)&tags->mmap;
		break;
	case MB2_TAG_FRAMEBUFFER:
		slot = (const struct mb2_tag **)&tags->fb;
		break;
	case MB2_TAG_ACPI_OLD:
		slot = &tags->acpi_old;
		break;
	case MB2_TAG_ACPI_NEW:
		slot = &tags->acpi_new;
		break;
	case MB2_TAG_EFI_MMAP:
		slot = (const struct mb2_tag **)&tags->efi_mmap;
		break;
	case MB2_TAG_EFI32:
	case MB2_TAG_EFI64:
		res->efi = true;
		return;
	default:
		return;
	}
	if (*slot) {
		res->warnings |= MB2_WARN_DUPLICATE;
		res->dup_type = t->type;
		return;
	}
	*slot = t;
}

/* pass 1: the whole tag chain, without writing boot_params */
static int mb2_check(const u8 *info, u64 avail, struct mb2_tags *tags,
		     struct mb2_result *res)
{
	const struct mb2_info_header *h = (const void *)info;
	u32 total, off = sizeof(*h);

	if (avail < sizeof(*h))
		return mb2_fail(res, MB2_ERR_HEADER, 0, 0, (u32)avail);
	total = h->total_size;
	if (total < sizeof(*h) + sizeof(struct mb2_tag))
		return mb2_fail(res, MB2_ERR_TOTAL_SMALL, 0, 0, total);
	if (total > avail || total > MB2_INFO_MAX)
		return mb2_fail(res, MB2_ERR_TOTAL_BIG, 0, 0, total);

	for (;;) {
		const struct mb2_tag *t = (const void *)(info + off);

		if (total - off < sizeof(*t))
			return mb2_fail(res, MB2_ERR_TAG_PAST_END, 0, off,
					total);
		if (t->size < sizeof(*t))
			return mb2_fail(res, MB2_ERR_TAG_SMALL, t->type, off,
					t->size);
		if (t->size > total - off)
			return mb2_fail(res, MB2_ERR_TAG_PAST_END, t->type,
					off, t->size);
		if (t->type == MB2_TAG_END) {
			if (t->size != sizeof(*t))
				return mb2_fail(res, MB2_ERR_END_SIZE, 0, off,
						t->size);
			if (off + t->size != total)
				return mb2_fail(res, MB2_ERR_END_EARLY, 0, off,
						total);
			return 0;
		}
		if (t->size < mb2_min_size(t->type) || !mb2_tag_valid(t))
			return mb2_fail(res, MB2_ERR_TAG_MALFORMED, t->type,
					off, t->size);
		mb2_remember(tags, t, res);
		/* the padding of the last tag before the end is inside total */
		if (MB2_ALIGN(t->size) >= total - off)
			return mb2_fail(res, MB2_ERR_TAG_PAST_END, t->type,
					off, t->size);
		off += MB2_ALIGN(t->size);
	}
}

static void mb2_copy_cmdline(const struct mb2_tag *t, struct boot_params *bp,
			     struct mb2_result *res)
{
	const char *s = (const char *)(t + 1);
	size_t n = strnlen(s, t->size - sizeof(*t));

	if (n > COMMAND_LINE_SIZE - 1) {
		n = COMMAND_LINE_SIZE - 1;
		res->warnings |= MB2_WARN_CMDLINE_TRUNCATED;
	}
	memcpy(bp->cmdline, s, n);
	bp->cmdline[n] = '\0';
}

static void mb2_add_entry(struct boot_params *bp, u64 addr, u64 size,
			  u32 type)
{
	struct hvm_memmap_table_entry *e;

	if (bp->nr_memmap == BOOT_MEMMAP_MAX) {
		bp->memmap_dropped++;
		return;
	}
	e = &bp->memmap[bp->nr_memmap++];
	e->addr = addr;
	e->size = size;
	e->type = type;
	e->reserved = 0;
}

/* tag 6: GRUB's types are e820's; unknown ones are reserved */
static void mb2_copy_mmap(const struct mb2_tag_mmap *m, struct boot_params *bp)
{
	const u8 *p = (const u8 *)(m + 1);
	u32 left = m->tag.size - sizeof(*m);

	for (; left >= m->entry_size; p += m->entry_size, left -= m->entry_size) {
		const struct mb2_mmap_entry *e = (const void *)p;
		u32 type = e->type;

		switch (type) {
		case E820_TYPE_RAM:
		case E820_TYPE_ACPI:
		case E820_TYPE_NVS:
		case E820_TYPE_UNUSABLE:
		case E820_TYPE_PMEM:
		case E820_TYPE_PRAM:
			break;
		default:
			type = E820_TYPE_RESERVED;
		}
		mb2_add_entry(bp, e->addr, e->len, type);
	}
}

/* Linux 6.1's EFI -> e820 rule; 0: no e820 entry at all */
static u32 mb2_efi_e820_type(const struct efi_memory_desc *d)
{
	switch (d->type) {
	case EFI_RESERVED_TYPE:
	case EFI_RUNTIME_SERVICES_CODE:
	case EFI_RUNTIME_SERVICES_DATA:
	case EFI_MEMORY_MAPPED_IO:
	case EFI_MEMORY_MAPPED_IO_PORT_SPACE:
	case EFI_PAL_CODE:
		return E820_TYPE_RESERVED;
	case EFI_UNUSABLE_MEMORY:
		return E820_TYPE_UNUSABLE;
	case EFI_ACPI_RECLAIM_MEMORY:
		return E820_TYPE_ACPI;
	case EFI_LOADER_CODE:
	case EFI_LOADER_DATA:
	case EFI_BOOT_SERVICES_CODE:
	case EFI_BOOT_SERVICES_DATA:
	case EFI_CONVENTIONAL_MEMORY:
		/* boot services have exited: all of it is free RAM */
		if (d->attribute & EFI_MEMORY_SP)
			return E820_TYPE_SOFT_RESERVED;
		return E820_TYPE_RAM;
	case EFI_ACPI_MEMORY_NVS:
		return E820_TYPE_NVS;
	case EFI_PERSISTENT_MEMORY:
		return E820_TYPE_PMEM;
	default:
		return 0;
	}
}

/* tag 17: one e820 entry per run of same-type adjacent descriptors */
static void mb2_copy_efi_mmap(const struct mb2_tag_efi_mmap *m,
			      struct boot_params *bp, struct mb2_result *res)
{
	const u8 *p = (const u8 *)(m + 1);
	u32 left = m->tag.size - sizeof(*m);

	for (; left >= m->descr_size; p += m->descr_size, left -= m->descr_size) {
		const struct efi_memory_desc *d = (const void *)p;
		u32 type = mb2_efi_e820_type(d);
		u64 size = d->num_pages << EFI_PAGE_SHIFT;
		struct hvm_memmap_table_entry *prev;

		if (!type) {
			res->efi_skipped++;
			continue;
		}
		/* more pages than an address can count: let e820 clip it */
		if (d->num_pages >> (64 - EFI_PAGE_SHIFT))
			size = ~0ULL - d->phys_addr;
		prev = bp->nr_memmap ? &bp->memmap[bp->nr_memmap - 1] : NULL;
		if (prev && prev->type == type && size &&
		    prev->addr + prev->size == d->phys_addr &&
		    prev->addr + prev->size + size > prev->addr + prev->size) {
			prev->size += size;
			continue;
		}
		mb2_add_entry(bp, d->phys_addr, size, type);
	}
}

/*
 * tag 8: only direct colour is a framebuffer cachet can drive; the
 * fields must describe a picture inside its own pitch.
 */
static void mb2_copy_fb(const struct mb2_tag_framebuffer *f,
			struct boot_params *bp, struct mb2_result *res)
{
	struct screen_info *si = &bp->screen_info;
	u32 top = 0;

	if (f->fb_type != MB2_FB_TYPE_RGB) {
		res->warnings |= MB2_WARN_FB_UNDRIVABLE;
		res->fb_type = f->fb_type;
		res->fb_bpp = f->bpp;
		return;
	}
	if (f->tag.size < sizeof(*f) || !f->addr || !f->width ||
	    !f->height || f->width > 0xffff || f->height > 0xffff ||
	    !f->bpp || f->bpp > 32 ||
	    f->pitch < ((u64)f->width * f->bpp + 7) / 8 ||
	    f->red_pos + f->red_size > f->bpp ||
	    f->green_pos + f->green_size > f->bpp ||
	    f->blue_pos + f->blue_size > f->bpp ||
	    f->addr + (u64)f->pitch * f->height < f->addr) {
		res->warnings |= MB2_WARN_FB_BAD;
		res->fb_type = f->fb_type;
		res->fb_bpp = f->bpp;
		return;
	}
	si->orig_video_isVGA = res->efi ? VIDEO_TYPE_EFI : VIDEO_TYPE_VLFB;
	si->lfb_base = f->addr;
	si->lfb_width = f->width;
	si->lfb_height = f->height;
	si->lfb_depth = f->bpp;
	si->lfb_linelength = f->pitch;
	si->lfb_size = (u64)f->pitch * f->height;
	si->red_pos = f->red_pos;
	si->red_size = f->red_size;
	si->green_pos = f->green_pos;
	si->green_size = f->green_size;
	si->blue_pos = f->blue_pos;
	si->blue_size = f->blue_size;
	/* the bits above the colours are the reserved (alpha) field */
	if (f->red_pos + f->red_size > top)
		top = f->red_pos + f->red_size;
	if (f->green_pos + f->green_size > top)
		top = f->green_pos + f->green_size;
	if (f->blue_pos + f->blue_size > top)
		top = f->blue_pos + f->blue_size;
	if (top < f->bpp) {
		si->rsvd_pos = top;
		si->rsvd_size = f->bpp - top;
	}
}

/*
 * tags 14/15 carry the RSDP itself; 15 (the ACPI 2.0+ one) is preferred.
 * A tag too short for the RSDP it holds is ignored with a warning.
 */
static void mb2_copy_rsdp(const struct mb2_tags *tags, struct boot_params *bp,
			  struct mb2_result *res)
{
	const struct mb2_tag *t = tags->acpi_new ? tags->acpi_new :
						   tags->acpi_old;
	u32 len, need;

	if (!t)
		return;
	len = t->size - sizeof(*t);
	need = t->type == MB2_TAG_ACPI_NEW ? BOOT_RSDP_COPY_MAX :
					     MB2_RSDP_V1_SIZE;
	if (len < need) {
		res->warnings |= MB2_WARN_ACPI_BAD;
		return;
	}
	memcpy(bp->rsdp_copy, t + 1, need);
	res->rsdp_len = need;
}

/**
 * multiboot2_parse() - copy a Multiboot2 information structure into @bp
 * @info: the structure (total_size first)
 * @avail: bytes readable at @info; nothing past them is read
 * @bp: boot parameters to fill; written only when the structure is sound
 * @res: set to what was found, repaired or wrong
 *
 * Return: 0, or -1 with @res->error saying why the structure cannot be
 * used (multiboot2_strerror()).  Warnings in @res->warnings do not fail.
 * rsdp_paddr is left to the caller, which knows where @bp is.
 */
int multiboot2_parse(const void *info, u64 avail, struct boot_params *bp,
		     struct mb2_result *res)
{
	struct mb2_tags tags = { 0 };

	memset(res, 0, sizeof(*res));
	if (mb2_check(info, avail, &tags, res))
		return -1;
	if (!tags.mmap && !tags.efi_mmap)
		return mb2_fail(res, MB2_ERR_NO_MMAP, MB2_TAG_MMAP, 0, 0);
	if (tags.efi_mmap)
		res->efi = true;

	bp->nr_memmap = 0;
	bp->memmap_dropped = 0;
	if (tags.efi_mmap) {
		mb2_copy_efi_mmap(tags.efi_mmap, bp, res);
		res->mmap_tag = MB2_TAG_EFI_MMAP;
	} else {
		mb2_copy_mmap(tags.mmap, bp);
		res->mmap_tag = MB2_TAG_MMAP;
	}
	if (tags.cmdline)
		mb2_copy_cmdline(tags.cmdline, bp, res);
	if (tags.module) {
		bp->initrd_paddr = tags.module->mod_start;
		bp->initrd_size = tags.module->mod_end - tags.module->mod_start;
		if (!bp->initrd_size) {
			bp->initrd_paddr = 0;
			res->warnings |= MB2_WARN_MODULE_EMPTY;
		}
	}
	if (tags.fb)
		mb2_copy_fb(tags.fb, bp, res);
	mb2_copy_rsdp(&tags, bp, res);
	return 0;
}

/**
 * multiboot2_strerror() - what an enum mb2_error means, for the panic
 * @err: the error
 */
const char *multiboot2_strerror(enum mb2_error err)
{
	static const char *const msg[MB2_ERR_NR] = {
		[MB2_OK] = "no error",
		[MB2_ERR_HEADER] = "information structure shorter than its 8-byte header",
		[MB2_ERR_TOTAL_SMALL] = "total_size too small for the header and the end tag",
		[MB2_ERR_TOTAL_BIG] = "total_size runs past the readable memory or the 1 MiB limit",
		[MB2_ERR_TAG_SMALL] = "tag smaller than its 8-byte header",
		[MB2_ERR_TAG_PAST_END] = "tag runs past total_size (no end tag inside it)",
		[MB2_ERR_END_SIZE] = "end tag whose size is not 8",
		[MB2_ERR_END_EARLY] = "end tag before total_size: total_size lies",
		[MB2_ERR_TAG_MALFORMED] = "tag too short for its fields, or not NUL-terminated",
		[MB2_ERR_NO_MMAP] = "no memory map (tag 6 or EFI tag 17)",
	};

	if ((unsigned int)err >= MB2_ERR_NR || !msg[err])
		return "unknown error";
	return msg[err];
}
