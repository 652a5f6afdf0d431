// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/multiboot2_parse.c on information structures built here
 * the way GRUB lays them out (BIOS and UEFI), then on the bad inputs of
 * issue 16: overlapping and zero-size memory entries (passed through to
 * e820__sanitize(), also linked here), a missing memory map, framebuffers
 * cachet cannot drive, an overlong command line, truncated and overlong
 * tags, and a total_size that lies.  Each refusal must leave boot_params
 * exactly as it was.
 */
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/e820/types.h>
#include <asm/multiboot2.h>

#include "unit.h"

/* a structure under construction, 8-byte aligned as GRUB gives it */
struct mbi {
	union {
		u8 b[16384];
		u64 align;
	};
	u32 len;
};

static void mbi_begin(struct mbi *m)
{
	memset(m, 0, sizeof(*m));
	m->len = 8;
}

/* append a tag: header, then @n bytes of @payload, padded to 8 */
static u32 mbi_tag(struct mbi *m, u32 type, const void *payload, u32 n)
{
	u32 off = m->len;
	struct mb2_tag t = { type, (u32)sizeof(t) + n };

	memcpy(m->b + off, &t, sizeof(t));
	if (n)
		memcpy(m->b + off + sizeof(t), payload, n);
	m->len = (off + t.size + 7) & ~7U;
	return off;
}

static void mbi_end(struct mbi *m)
{
	u32 total;

	mbi_tag(m, MB2_TAG_END, NULL, 0);
	total = m->len;
	memcpy(m->b, &total, 4);
}

static void mbi_cmdline(struct mbi *m, const char *s)
{
	mbi_tag(m, MB2_TAG_CMDLINE, s, strlen(s) + 1);
}

static void mbi_module(struct mbi *m, u32 start, u32 end, const char *s)
{
	u8 p[64];

	memcpy(p, &start, 4);
	memcpy(p + 4, &end, 4);
	memcpy(p + 8, s, strlen(s) + 1);
	mbi_tag(m, MB2_TAG_MODULE, p, 8 + strlen(s) + 1);
}

struct ent {
	u64 addr, len;
	u32 type;
};

static void mbi_mmap(struct mbi *m, const struct ent *e, unsigned int n)
{
	u8 p[8 + 24 * 160];
	u32 hdr[2] = { 24, 0 };
	unsigned int i;

	memcpy(p, hdr, 8);
	for (i = 0; i < n; i++) {
		struct mb2_mmap_entry x = { e[i].addr, e[i].len, e[i].type, 0 };

		memcpy(p + 8 + 24 * i, &x, 24);
	}
	mbi_tag(m, MB2_TAG_MMAP, p, 8 + 24 * n);
}

struct edesc {
	u32 type;
	u64 addr, pages, attr;
};

/* OVMF's descriptors are 48 bytes: 40 of UEFI's and 8 of padding */
static void mbi_efi_mmap(struct mbi *m, const struct edesc *d, unsigned int n)
{
	u8 p[8 + 48 * 64];
	u32 hdr[2] = { 48, 1 };
	unsigned int i;

	memset(p, 0xee, sizeof(p));
	memcpy(p, hdr, 8);
	for (i = 0; i < n; i++) {
		struct efi_memory_desc x = { d[i].type, 0, d[i].addr, 0,
					     d[i].pages, d[i].attr };

		memcpy(p + 8 + 48 * i, &x, sizeof(x));
	}
	mbi_tag(m, MB2_TAG_EFI_MMAP, p, 8 + 48 * n);
}

static void mbi_fb(struct mbi *m, u64 addr, u32 pitch, u32 w, u32 h, u8 bpp,
		   u8 type)
{
	struct mb2_tag_framebuffer f = {
		.addr = addr, .pitch = pitch, .width = w, .height = h,
		.bpp = bpp, .fb_type = type,
		.red_pos = 16, .red_size = 8, .green_pos = 8, .green_size = 8,
		.blue_pos = 0, .blue_size = 8,
	};

	mbi_tag(m, MB2_TAG_FRAMEBUFFER, (u8 *)&f + 8,
		type == MB2_FB_TYPE_RGB ? sizeof(f) - 8 : 24 + 4);
}

static void mbi_rsdp(struct mbi *m, u32 type, u32 len)
{
	u8 r[36];
	unsigned int i;

	for (i = 0; i < sizeof(r); i++)
		r[i] = (u8)(0x40 + i);
	mbi_tag(m, type, r, len);
}

/* QEMU q35 with 512M under SeaBIOS, as GRUB passes it */
static const struct ent q35_bios[] = {
	{ 0, 0x9fc00, 1 }, { 0x9fc00, 0x400, 2 }, { 0xf0000, 0x10000, 2 },
	{ 0x100000, 0x1fedf000, 1 }, { 0x1ffdf000, 0x21000, 2 },
	{ 0xb0000000, 0x10000000, 2 }, { 0xfed1c000, 0x4000, 2 },
	{ 0xfffc0000, 0x40000, 2 }, { 0xfd00000000ULL, 0x300000000ULL, 2 },
};

static struct boot_params bp;
static struct mb2_result res;

static int parse(const struct mbi *m)
{
	return multiboot2_parse(m->b, m->len, &bp, &res);
}

/* a refusal: @err, naming @type, and boot_params untouched */
static void expect_refused(const struct mbi *m, u64 avail, enum mb2_error err,
			   u32 type)
{
	static struct boot_params before;

	memset(&bp, 0x5a, sizeof(bp));
	memcpy(&before, &bp, sizeof(bp));
	EXPECT_EQ(multiboot2_parse(m->b, avail, &bp, &res), -1);
	EXPECT_EQ(res.error, err);
	EXPECT_EQ(res.err_type, type);
	EXPECT_MEMEQ(&bp, &before, sizeof(bp));
}

UNIT_TEST(multiboot2, grub_bios_structure)
{
	static struct mbi m;

	mbi_begin(&m);
	mbi_cmdline(&m, "nopat \"shell.run=cat /proc/mtrr; poweroff\"");
	mbi_tag(&m, 2, "GRUB 2.06", 10);		/* boot loader name */
	mbi_module(&m, 0x65d000, 0x758c53, "initramfs");
	mbi_tag(&m, MB2_TAG_BASIC_MEMINFO, "\x7f\x02\0\0\x7c\xfb\x07\0", 8);
	mbi_mmap(&m, q35_bios, 9);
	mbi_fb(&m, 0xfd000000, 4096, 1024, 768, 32, MB2_FB_TYPE_RGB);
	mbi_rsdp(&m, MB2_TAG_ACPI_OLD, 20);
	mbi_end(&m);

	memset(&bp, 0, sizeof(bp));
	ASSERT_EQ(parse(&m), 0);
	EXPECT_EQ(res.error, MB2_OK);
	EXPECT_EQ(res.warnings, 0);
	EXPECT_STREQ(bp.cmdline, "nopat \"shell.run=cat /proc/mtrr; poweroff\"");
	EXPECT_EQ(bp.initrd_paddr, 0x65d000);
	EXPECT_EQ(bp.initrd_size, 0xfbc53);
	EXPECT_EQ(res.nr_modules, 1);
	EXPECT_EQ(res.mmap_tag, MB2_TAG_MMAP);
	EXPECT_FALSE(res.efi);
	ASSERT_EQ(bp.nr_memmap, 9);
	EXPECT_EQ(bp.memmap[3].addr, 0x100000);
	EXPECT_EQ(bp.memmap[3].size, 0x1fedf000);
	EXPECT_EQ(bp.memmap[3].type, E820_TYPE_RAM);
	EXPECT_EQ(bp.memmap[8].addr, 0xfd00000000ULL);
	EXPECT_EQ(bp.memmap[8].type, E820_TYPE_RESERVED);
	EXPECT_EQ(bp.screen_info.orig_video_isVGA, VIDEO_TYPE_VLFB);
	EXPECT_EQ(bp.screen_info.lfb_base, 0xfd000000);
	EXPECT_EQ(bp.screen_info.lfb_width, 1024);
	EXPECT_EQ(bp.screen_info.lfb_height, 768);
	EXPECT_EQ(bp.screen_info.lfb_depth, 32);
	EXPECT_EQ(bp.screen_info.lfb_linelength, 4096);
	EXPECT_EQ(bp.screen_info.lfb_size, 4096 * 768);
	EXPECT_EQ(bp.screen_info.red_pos, 16);
	EXPECT_EQ(bp.screen_info.green_pos, 8);
	EXPECT_EQ(bp.screen_info.blue_pos, 0);
	EXPECT_EQ(bp.screen_info.rsvd_pos, 24);
	EXPECT_EQ(bp.screen_info.rsvd_size, 8);
	EXPECT_EQ(res.rsdp_len, 20);
	EXPECT_EQ(bp.rsdp_copy[0], 0x40);
	EXPECT_EQ(bp.rsdp_copy[19], 0x40 + 19);
	EXPECT_EQ(bp.rsdp_copy[20], 0);
}

/* OVMF's map shape: loader, boot services and conventional runs merge */
UNIT_TEST(multiboot2, grub_uefi_structure)
{
	static const struct edesc d[] = {
		{ EFI_BOOT_SERVICES_CODE, 0, 0xa0, 0 },
		{ EFI_CONVENTIONAL_MEMORY, 0x100000, 0x700, 0 },
		{ EFI_ACPI_MEMORY_NVS, 0x800000, 0x8, 0 },
		{ EFI_LOADER_DATA, 0x808000, 0x3, 0 },
		{ EFI_BOOT_SERVICES_DATA, 0x80b000, 0x1, 0 },
		{ EFI_RUNTIME_SERVICES_DATA, 0x1eab7000, 0xc1, 0 },
		{ EFI_ACPI_RECLAIM_MEMORY, 0x1f76d000, 0x12, 0 },
		{ EFI_MEMORY_MAPPED_IO, 0xb0000000, 0x10000, 0 },
	};
	static struct mbi m;

	mbi_begin(&m);
	mbi_cmdline(&m, "");
	mbi_tag(&m, MB2_TAG_EFI64, "\x18\xd0\x7f\x1f\0\0\0\0", 8);
	mbi_mmap(&m, q35_bios, 2);	/* ignored: tag 17 is preferred */
	mbi_efi_mmap(&m, d, 8);
	mbi_fb(&m, 0xc0000000, 5120, 1280, 800, 32, MB2_FB_TYPE_RGB);
	mbi_rsdp(&m, MB2_TAG_ACPI_OLD, 20);
	mbi_rsdp(&m, MB2_TAG_ACPI_NEW, 36);
	mbi_end(&m);

	memset(&bp, 0, sizeof(bp));
	ASSERT_EQ(parse(&m), 0);
	EXPECT_TRUE(res.efi);
	EXPECT_EQ(res.mmap_tag, MB2_TAG_EFI_MMAP);
	EXPECT_EQ(bp.initrd_paddr, 0);
	EXPECT_STREQ(bp.cmdline, "");
	ASSERT_EQ(bp.nr_memmap, 7);
	EXPECT_EQ(bp.memmap[0].addr, 0);
	EXPECT_EQ(bp.memmap[0].size, 0xa0000);
	EXPECT_EQ(bp.memmap[0].type, E820_TYPE_RAM);
	EXPECT_EQ(bp.memmap[1].size, 0x700000);
	EXPECT_EQ(bp.memmap[2].type, E820_TYPE_NVS);
	/* loader data and boot services data, adjacent: one RAM entry */
	EXPECT_EQ(bp.memmap[3].addr, 0x808000);
	EXPECT_EQ(bp.memmap[3].size, 0x4000);
	EXPECT_EQ(bp.memmap[3].type, E820_TYPE_RAM);
	EXPECT_EQ(bp.memmap[4].type, E820_TYPE_RESERVED);
	EXPECT_EQ(bp.memmap[5].type, E820_TYPE_ACPI);
	EXPECT_EQ(bp.memmap[6].addr, 0xb0000000);
	EXPECT_EQ(bp.memmap[6].type, E820_TYPE_RESERVED);
	EXPECT_EQ(bp.screen_info.orig_video_isVGA, VIDEO_TYPE_EFI);
	EXPECT_EQ(bp.screen_info.lfb_width, 1280);
	EXPECT_EQ(bp.screen_info.lfb_size, 5120 * 800);
	EXPECT_EQ(res.rsdp_len, 36);
	EXPECT_EQ(bp.rsdp_copy[35], 0x40 + 35);
}

/* Linux 6.1's setup_e820() rule for every EFI type, one at a time */
UNIT_TEST(multiboot2, efi_type_rules)
{
	static const u32 want[] = {
		[EFI_RESERVED_TYPE] = E820_TYPE_RESERVED,
		[EFI_LOADER_CODE] = E820_TYPE_RAM,
		[EFI_LOADER_DATA] = E820_TYPE_RAM,
		[EFI_BOOT_SERVICES_CODE] = E820_TYPE_RAM,
		[EFI_BOOT_SERVICES_DATA] = E820_TYPE_RAM,
		[EFI_RUNTIME_SERVICES_CODE] = E820_TYPE_RESERVED,
		[EFI_RUNTIME_SERVICES_DATA] = E820_TYPE_RESERVED,
		[EFI_CONVENTIONAL_MEMORY] = E820_TYPE_RAM,
		[EFI_UNUSABLE_MEMORY] = E820_TYPE_UNUSABLE,
		[EFI_ACPI_RECLAIM_MEMORY] = E820_TYPE_ACPI,
		[EFI_ACPI_MEMORY_NVS] = E820_TYPE_NVS,
		[EFI_MEMORY_MAPPED_IO] = E820_TYPE_RESERVED,
		[EFI_MEMORY_MAPPED_IO_PORT_SPACE] = E820_TYPE_RESERVED,
		[EFI_PAL_CODE] = E820_TYPE_RESERVED,
		[EFI_PERSISTENT_MEMORY] = E820_TYPE_PMEM,
		[15] = 0,			/* unaccepted: unknown to 6.1 */
		[16] = 0,
	};
	static struct mbi m;
	u32 t;

	for (t = 0; t < sizeof(want) / sizeof(want[0]); t++) {
		struct edesc d[] = { { t, 0x100000, 16, 0 } };

		mbi_begin(&m);
		mbi_efi_mmap(&m, d, 1);
		mbi_end(&m);
		memset(&bp, 0, sizeof(bp));
		ASSERT_EQ(parse(&m), 0);
		if (!want[t]) {
			EXPECT_EQ(bp.nr_memmap, 0);
			EXPECT_EQ(res.efi_skipped, 1);
			continue;
		}
		ASSERT_EQ(bp.nr_memmap, 1);
		if (bp.memmap[0].type != want[t])
			EXPECT_FAIL("EFI type %u became e820 type %u, want %u",
				    t, bp.memmap[0].type, want[t]);
		EXPECT_EQ(bp.memmap[0].size, 0x10000);
	}
}

UNIT_TEST(multiboot2, efi_specific_purpose_is_soft_reserved)
{
	static const struct edesc d[] = {
		{ EFI_CONVENTIONAL_MEMORY, 0x100000, 16, 0 },
		{ EFI_CONVENTIONAL_MEMORY, 0x110000, 16, EFI_MEMORY_SP },
		{ EFI_CONVENTIONAL_MEMORY, 0x120000, 16, 0 },
		{ EFI_CONVENTIONAL_MEMORY, 0x140000, 16, 0 },	/* a hole */
	};
	static struct mbi m;

	mbi_begin(&m);
	mbi_efi_mmap(&m, d, 4);
	mbi_end(&m);
	ASSERT_EQ(parse(&m), 0);
	ASSERT_EQ(bp.nr_memmap, 4);
	EXPECT_EQ(bp.memmap[0].type, E820_TYPE_RAM);
	EXPECT_EQ(bp.memmap[1].type, E820_TYPE_SOFT_RESERVED);
	EXPECT_EQ(bp.memmap[2].type, E820_TYPE_RAM);
	EXPECT_EQ(bp.memmap[3].addr, 0x140000);
}

/* copied as given; the kernel's e820 sanitiser then repairs them */
UNIT_TEST(multiboot2, overlapping_and_empty_entries_reach_the_sanitiser)
{
	static const struct ent in[] = {
		{ 0x100000, 0x100000, 1 }, { 0x180000, 0x10000, 2 },
		{ 0x300000, 0, 1 }, { 0, 0x9f000, 1 }, { 0x50000, 0x1000, 99 },
	};
	static struct mbi m;
	struct e820_sanitize_stats st;
	struct e820_table t;
	u32 i;

	mbi_begin(&m);
	mbi_mmap(&m, in, 5);
	mbi_end(&m);
	ASSERT_EQ(parse(&m), 0);
	ASSERT_EQ(bp.nr_memmap, 5);
	EXPECT_EQ(bp.memmap[2].size, 0);
	EXPECT_EQ(bp.memmap[4].type, E820_TYPE_RESERVED);	/* type 99 */

	memset(&t, 0, sizeof(t));
	for (i = 0; i < bp.nr_memmap; i++) {
		t.entries[i].addr = bp.memmap[i].addr;
		t.entries[i].size = bp.memmap[i].size;
		t.entries[i].type = bp.memmap[i].type;
	}
	t.nr_entries = bp.nr_memmap;
	ASSERT_EQ(e820__sanitize(&t, 1ULL << 40, &st), 0);
	EXPECT_EQ(st.dropped_empty, 1);
	EXPECT_EQ(st.overlaps, 2);
	/* RAM, reserved hole at 0x50000, RAM, RAM / reserved / RAM at 1 MiB */
	ASSERT_EQ(t.nr_entries, 6);
	EXPECT_EQ(t.entries[1].addr, 0x50000);
	EXPECT_EQ(t.entries[1].type, E820_TYPE_RESERVED);
	EXPECT_EQ(t.entries[4].addr, 0x180000);
	EXPECT_EQ(t.entries[4].size, 0x10000);
	EXPECT_EQ(t.entries[4].type, E820_TYPE_RESERVED);
}

UNIT_TEST(multiboot2, more_entries_than_boot_params_holds)
{
	static struct ent in[150];
	static struct mbi m;
	unsigned int i;

	for (i = 0; i < 150; i++)
		in[i] = (struct ent){ 0x100000ULL * i, 0x80000, 1 + i % 2 };
	mbi_begin(&m);
	mbi_mmap(&m, in, 150);
	mbi_end(&m);
	ASSERT_EQ(parse(&m), 0);
	EXPECT_EQ(bp.nr_memmap, BOOT_MEMMAP_MAX);
	EXPECT_EQ(bp.memmap_dropped, 150 - BOOT_MEMMAP_MAX);
	EXPECT_EQ(bp.memmap[BOOT_MEMMAP_MAX - 1].addr,
		  0x100000ULL * (BOOT_MEMMAP_MAX - 1));
}

UNIT_TEST(multiboot2, missing_memory_map_is_refused)
{
	static struct mbi m;

	mbi_begin(&m);
	mbi_cmdline(&m, "debugpat");
	mbi_module(&m, 0x400000, 0x500000, "initramfs");
	mbi_end(&m);
	expect_refused(&m, m.len, MB2_ERR_NO_MMAP, MB2_TAG_MMAP);
	EXPECT_STREQ(multiboot2_strerror(res.error),
		     "no memory map (tag 6 or EFI tag 17)");
}

UNIT_TEST(multiboot2, undrivable_framebuffers_are_left_out)
{
	static const u8 types[] = { MB2_FB_TYPE_EGA_TEXT, MB2_FB_TYPE_INDEXED };
	static struct mbi m;
	unsigned int i;

	for (i = 0; i < sizeof(types); i++) {
		mbi_begin(&m);
		mbi_mmap(&m, q35_bios, 4);
		mbi_fb(&m, 0xb8000, 160, 80, 25, 16, types[i]);
		mbi_end(&m);
		memset(&bp, 0, sizeof(bp));
		ASSERT_EQ(parse(&m), 0);
		EXPECT_EQ(res.warnings, MB2_WARN_FB_UNDRIVABLE);
		EXPECT_EQ(res.fb_type, types[i]);
		EXPECT_EQ(bp.screen_info.orig_video_isVGA, 0);
		EXPECT_EQ(bp.screen_info.lfb_base, 0);
		EXPECT_EQ(bp.nr_memmap, 4);	/* the rest is still taken */
	}
}

UNIT_TEST(multiboot2, inconsistent_framebuffer_is_left_out)
{
	static struct mbi m;

	mbi_begin(&m);
	mbi_mmap(&m, q35_bios, 4);
	mbi_fb(&m, 0xfd000000, 1024, 1024, 768, 32, MB2_FB_TYPE_RGB);
	mbi_end(&m);
	memset(&bp, 0, sizeof(bp));
	ASSERT_EQ(parse(&m), 0);		/* pitch below width * 4 */
	EXPECT_EQ(res.warnings, MB2_WARN_FB_BAD);
	EXPECT_EQ(bp.screen_info.orig_video_isVGA, 0);
}

UNIT_TEST(multiboot2, long_command_line_is_truncated)
{
	static char line[3001];
	static struct mbi m;

	memset(line, 'a', 3000);
	line[3000] = '\0';
	mbi_begin(&m);
	mbi_cmdline(&m, line);
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	ASSERT_EQ(parse(&m), 0);
	EXPECT_EQ(res.warnings, MB2_WARN_CMDLINE_TRUNCATED);
	EXPECT_EQ(strlen(bp.cmdline), COMMAND_LINE_SIZE - 1);

	line[COMMAND_LINE_SIZE - 1] = '\0';	/* exactly what fits */
	mbi_begin(&m);
	mbi_cmdline(&m, line);
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	ASSERT_EQ(parse(&m), 0);
	EXPECT_EQ(res.warnings, 0);
	EXPECT_EQ(strlen(bp.cmdline), COMMAND_LINE_SIZE - 1);
}

UNIT_TEST(multiboot2, repeats_and_empty_module)
{
	static struct mbi m;

	mbi_begin(&m);
	mbi_cmdline(&m, "first");
	mbi_cmdline(&m, "second");
	mbi_module(&m, 0x400000, 0x400000, "empty");
	mbi_module(&m, 0x500000, 0x600000, "second module");
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	memset(&bp, 0, sizeof(bp));
	ASSERT_EQ(parse(&m), 0);
	EXPECT_STREQ(bp.cmdline, "first");
	EXPECT_EQ(res.dup_type, MB2_TAG_CMDLINE);
	EXPECT_EQ(res.warnings, MB2_WARN_DUPLICATE | MB2_WARN_MODULE_EMPTY);
	EXPECT_EQ(res.nr_modules, 2);
	EXPECT_EQ(bp.initrd_paddr, 0);
	EXPECT_EQ(bp.initrd_size, 0);
}

UNIT_TEST(multiboot2, short_rsdp_tag_is_ignored)
{
	static struct mbi m;

	mbi_begin(&m);
	mbi_mmap(&m, q35_bios, 4);
	mbi_rsdp(&m, MB2_TAG_ACPI_NEW, 20);	/* a v1 RSDP in the v2 tag */
	mbi_end(&m);
	memset(&bp, 0, sizeof(bp));
	ASSERT_EQ(parse(&m), 0);
	EXPECT_EQ(res.warnings, MB2_WARN_ACPI_BAD);
	EXPECT_EQ(res.rsdp_len, 0);
	EXPECT_EQ(bp.rsdp_copy[0], 0);
}

/* total_size against the bytes there are and the tags there are */
UNIT_TEST(multiboot2, total_size_lies)
{
	static struct mbi m;
	u32 real, lie;

	mbi_begin(&m);
	mbi_cmdline(&m, "x");
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	real = m.len;

	expect_refused(&m, 7, MB2_ERR_HEADER, 0);
	expect_refused(&m, real - 1, MB2_ERR_TOTAL_BIG, 0);
	lie = 8;
	memcpy(m.b, &lie, 4);
	expect_refused(&m, real, MB2_ERR_TOTAL_SMALL, 0);
	lie = 0xfffffff8;			/* and so is the memory */
	memcpy(m.b, &lie, 4);
	expect_refused(&m, 0x100000000ULL, MB2_ERR_TOTAL_BIG, 0);
	lie = real + 64;			/* the end tag comes first */
	memcpy(m.b, &lie, 4);
	expect_refused(&m, real + 64, MB2_ERR_END_EARLY, 0);
	EXPECT_EQ(res.err_offset, real - 8);
	lie = real - 16;			/* cuts the memory map */
	memcpy(m.b, &lie, 4);
	expect_refused(&m, real, MB2_ERR_TAG_PAST_END, MB2_TAG_MMAP);
	lie = real - 8;				/* cuts the end tag off */
	memcpy(m.b, &lie, 4);
	expect_refused(&m, real, MB2_ERR_TAG_PAST_END, MB2_TAG_MMAP);
}

UNIT_TEST(multiboot2, truncated_and_overlong_tags)
{
	static struct mbi m;
	u32 off, v;

	/* a tag smaller than its header: the walk could never move on */
	mbi_begin(&m);
	off = mbi_tag(&m, 2, "GRUB", 5);
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	v = 4;
	memcpy(m.b + off + 4, &v, 4);
	expect_refused(&m, m.len, MB2_ERR_TAG_SMALL, 2);

	/* a memory map claiming more than the structure holds */
	mbi_begin(&m);
	mbi_tag(&m, 2, "GRUB", 5);
	off = m.len;
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	v = 0x10000;
	memcpy(m.b + off + 4, &v, 4);
	expect_refused(&m, m.len, MB2_ERR_TAG_PAST_END, MB2_TAG_MMAP);
	EXPECT_EQ(res.err_offset, off);

	/* entry_size 0 would loop for ever over the entries */
	mbi_begin(&m);
	off = m.len;
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	v = 0;
	memcpy(m.b + off + 8, &v, 4);
	expect_refused(&m, m.len, MB2_ERR_TAG_MALFORMED, MB2_TAG_MMAP);

	/* EFI descriptors shorter than UEFI's */
	mbi_begin(&m);
	off = m.len;
	mbi_efi_mmap(&m, NULL, 0);
	mbi_end(&m);
	v = 32;
	memcpy(m.b + off + 8, &v, 4);
	expect_refused(&m, m.len, MB2_ERR_TAG_MALFORMED, MB2_TAG_EFI_MMAP);

	/* a command line without its NUL */
	mbi_begin(&m);
	mbi_tag(&m, MB2_TAG_CMDLINE, "nopat", 5);
	mbi_mmap(&m, q35_bios, 4);
	mbi_end(&m);
	expect_refused(&m, m.len, MB2_ERR_TAG_MALFORMED, MB2_TAG_CMDLINE);

	/* a module ending before it starts */
	mbi_begin(&m);
	mbi_mmap(&m, q35_bios, 4);
	mbi_module(&m, 0x500000, 0x400000, "initramfs");
	mbi_end(&m);
	expect_refused(&m, m.len, MB2_ERR_TAG_MALFORMED, MB2_TAG_MODULE);

	/* a framebuffer tag cut inside its common fields */
	mbi_begin(&m);
	mbi_mmap(&m, q35_bios, 4);
	mbi_tag(&m, MB2_TAG_FRAMEBUFFER, "\0\0\0\xfd\0\0\0\0\0\x10", 10);
	mbi_end(&m);
	expect_refused(&m, m.len, MB2_ERR_TAG_MALFORMED, MB2_TAG_FRAMEBUFFER);

	/* an end tag of the wrong size */
	mbi_begin(&m);
	mbi_mmap(&m, q35_bios, 4);
	off = m.len;
	mbi_end(&m);
	v = 16;
	memcpy(m.b + off + 4, &v, 4);
	expect_refused(&m, m.len, MB2_ERR_TAG_PAST_END, 0);
	v = m.len + 8;
	memcpy(m.b, &v, 4);
	expect_refused(&m, m.len + 8, MB2_ERR_END_SIZE, 0);
}

UNIT_TEST(multiboot2, every_error_has_its_own_message)
{
	unsigned int i, j;

	for (i = 0; i < MB2_ERR_NR; i++) {
		const char *s = multiboot2_strerror(i);

		EXPECT_TRUE(strcmp(s, "unknown error") != 0);
		for (j = 0; j < i; j++)
			EXPECT_TRUE(strcmp(s, multiboot2_strerror(j)) != 0);
	}
	EXPECT_STREQ(multiboot2_strerror(MB2_ERR_NR), "unknown error");
}
