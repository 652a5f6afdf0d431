// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for arch/x86/kernel/multiboot2_parse.c.  The input is
 * the information structure itself, copied into a buffer of exactly its
 * size (ASan reports any read past it; the size is also @avail).  A naive
 * model walks the same tags with 64-bit arithmetic and says whether the
 * structure is sound; the parser must agree, must leave boot_params
 * untouched when it refuses, and when it accepts must hand over only
 * what the tags say: a NUL-terminated prefix of the command line, the
 * first module, no more memory map entries than the map has, a
 * framebuffer whose size is its pitch times its height.
 */
#include <stdlib.h>
#include <string.h>
#include <asm/bootparam.h>
#include <asm/multiboot2.h>

static u32 get32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, 4);
	return v;
}

/* the fixed part of each tag the parser reads, by the specification */
static u64 model_min(u32 type)
{
	switch (type) {
	case 1: return 9;		/* header and at least a NUL */
	case 3: return 17;		/* start, end, a NUL */
	case 6: return 16;		/* entry_size, entry_version */
	case 8: return 32;		/* up to framebuffer_type */
	case 17: return 16;		/* descr_size, descr_vers */
	default: return 8;
	}
}

static int model_tag_ok(const u8 *t, u32 size)
{
	u32 type = get32(t);

	if (size < model_min(type))
		return 0;
	if (type == 1)
		return memchr(t + 8, 0, size - 8) != NULL;
	if (type == 3)
		return get32(t + 12) >= get32(t + 8) &&
		       memchr(t + 16, 0, size - 16) != NULL;
	if (type == 6)
		return get32(t + 8) >= 24 && get32(t + 8) % 8 == 0;
	if (type == 17)
		return get32(t + 8) >= 40 && get32(t + 8) % 8 == 0;
	return 1;
}

/* is the structure sound and does it have a memory map? */
static int model_sound(const u8 *d, size_t n, const u8 **first)
{
	u64 total, off = 8;
	int mmap = 0;

	if (n < 8)
		return 0;
	total = get32(d);
	if (total < 16 || total > n || total > MB2_INFO_MAX)
		return 0;
	while (off + 8 <= total) {
		u32 type = get32(d + off), size = get32(d + off + 4);

		if (size < 8 || off + size > total)
			return 0;
		if (type == 0)
			return size == 8 && off + 8 == total && mmap;
		if (!model_tag_ok(d + off, size))
			return 0;
		if (type < 32 && !first[type])
			first[type] = d + off;
		mmap |= type == 6 || type == 17;
		off += (size + 7ULL) & ~7ULL;
	}
	return 0;
}

static void check_accepted(const struct boot_params *bp,
			   const struct mb2_result *res, const u8 **first)
{
	const struct screen_info *si = &bp->screen_info;
	size_t len = strnlen(bp->cmdline, COMMAND_LINE_SIZE);

	if (res->error != MB2_OK || len >= COMMAND_LINE_SIZE)
		abort();
	if (first[1] && strncmp(bp->cmdline, (const char *)first[1] + 8, len))
		abort();
	if (!first[1] && len)
		abort();
	if (bp->nr_memmap > BOOT_MEMMAP_MAX ||
	    (bp->memmap_dropped && bp->nr_memmap != BOOT_MEMMAP_MAX))
		abort();
	if (res->mmap_tag != (first[17] ? 17U : 6U))
		abort();
	if (res->mmap_tag == 6 &&
	    bp->nr_memmap + bp->memmap_dropped !=
	    (get32(first[6] + 4) - 16) / get32(first[6] + 8))
		abort();
	if (bp->initrd_paddr &&
	    (!first[3] || bp->initrd_paddr != get32(first[3] + 8) ||
	     bp->initrd_size != get32(first[3] + 12) - bp->initrd_paddr))
		abort();
	if (si->orig_video_isVGA) {
		if (!first[8] || first[8][8 + 21] != MB2_FB_TYPE_RGB ||
		    si->lfb_size != (u64)si->lfb_linelength * si->lfb_height ||
		    !si->lfb_depth || si->lfb_depth > 32 ||
		    si->orig_video_isVGA != (res->efi ? VIDEO_TYPE_EFI :
						       VIDEO_TYPE_VLFB))
			abort();
	}
	if (res->rsdp_len && res->rsdp_len != 20 && res->rsdp_len != 36)
		abort();
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct boot_params bp, before;
	const u8 *first[32] = { 0 };
	struct mb2_result res;
	u8 *buf = malloc(size ? size : 1);
	int sound, ret;

	memcpy(buf, data, size);
	sound = model_sound(buf, size, first);
	memset(&bp, 0, sizeof(bp));
	memcpy(&before, &bp, sizeof(bp));
	ret = multiboot2_parse(buf, size, &bp, &res);
	if ((ret == 0) != sound)
		abort();
	if (ret) {
		if (res.error == MB2_OK || res.error >= MB2_ERR_NR ||
		    memcmp(&bp, &before, sizeof(bp)))
			abort();
		if (!strcmp(multiboot2_strerror(res.error), "unknown error"))
			abort();
	} else {
		check_accepted(&bp, &res, first);
	}
	free(buf);
	return 0;
}
