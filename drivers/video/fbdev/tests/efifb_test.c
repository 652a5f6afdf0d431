// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite efifb: the firmware framebuffer driver on screen_info
 * values made up here, as a boot loader would hand them over, against a
 * real QEMU standard VGA's BAR 0.
 *
 * - every kind of screen_info efifb cannot drive is refused with its
 *   message, leaving no framebuffer, memtype entry or iomem claim; a
 *   boot_params type that is no linear framebuffer is reported;
 * - a 16 bpp mode with its colour fields registers, maps write-combining
 *   and goes away entirely (sysfs files too) on unregister_framebuffer();
 * - a 32 bpp mode, then bochs takes the device over: "switching to"
 *   message, bochs is the framebuffer, the efifb WC entry and region are
 *   gone, no alias.
 *
 * The last two need the device free: boot with "nomodeset" (bochs then
 * stays away), as tools/testing/runner/run_ktest.py does for this suite;
 * otherwise they are skipped.
 */
#include <linux/fb.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/pci.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <asm/bootparam.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <uapi/linux/screen_info.h>

#include "../../../../arch/x86/mm/pat/memtype.h"

#define VGA_VENDOR	0x1234
#define VGA_DEVICE	0x1111

static char efifb_text[16384];

/* QEMU's standard VGA, whose BAR 0 the made-up framebuffers live in */
static struct pci_dev *efifb_test_vga(void)
{
	return pci_get_device(VGA_VENDOR, VGA_DEVICE, NULL);
}

/* 1024x768, 32 bpp XRGB at the start of BAR 0, as OVMF's GOP gives it */
static void efifb_good_si(struct screen_info *si, const struct pci_dev *dev)
{
	memset(si, 0, sizeof(*si));
	si->orig_video_isVGA = VIDEO_TYPE_EFI;
	si->lfb_width = 1024;
	si->lfb_height = 768;
	si->lfb_depth = 32;
	si->lfb_linelength = 4096;
	si->lfb_base = pci_resource_start(dev, 0);
	si->lfb_size = 4096 * 768;
	si->red_size = si->green_size = si->blue_size = si->rsvd_size = 8;
	si->red_pos = 16;
	si->green_pos = 8;
	si->rsvd_pos = 24;
}

/* the framebuffer registered with fix.id @id, or NULL */
static struct fb_info *efifb_test_find(const char *id)
{
	struct fb_info *info;
	int i;

	for (i = 0; i < FB_MAX; i++) {
		info = registered_framebuffer(i);
		if (info && !strncmp(info->fix.id, id, sizeof(info->fix.id)))
			return info;
	}
	return NULL;
}

/* does /proc/iomem name @name? */
static bool efifb_iomem_has(struct ktest *t, const char *name)
{
	struct seq_file m = { .buf = efifb_text, .size = sizeof(efifb_text) - 1 };

	KTEST_EXPECT_EQ(t, vfile_show("/proc/iomem", &m), 0);
	KTEST_EXPECT_FALSE(t, m.overflow);
	efifb_text[m.count] = '\0';
	return strstr(efifb_text, name) != NULL;
}

/* /sys/class/graphics/fb@node/name, without its newline, or "" */
static const char *efifb_sysfs_name(int node)
{
	struct seq_file m = { .buf = efifb_text, .size = sizeof(efifb_text) - 1 };
	char path[48];

	snprintf(path, sizeof(path), "/sys/class/graphics/fb%d/name", node);
	if (vfile_show(path, &m) || !m.count)
		return "";
	efifb_text[m.count - 1] = '\0';
	return efifb_text;
}

/* memtype entries overlapping [start, end) */
static unsigned long efifb_memtype_count(u64 start, u64 end)
{
	static struct memtype_tree_entry buf[256];
	unsigned long n, i, total, hits = 0;

	n = memtype_snapshot(buf, ARRAY_SIZE(buf), &total);
	for (i = 0; i < n; i++)
		if (buf[i].start < end && start < buf[i].end)
			hits++;
	return hits;
}

/* what the entry holding @start must look like: exact range, mode, owner */
static void efifb_expect_entry(struct ktest *t, u64 start, u64 end,
			       const char *driver)
{
	struct memtype_tree_entry e;

	KTEST_ASSERT_TRUE(t, !memtype_find_holder(start, start + 1, &e));
	KTEST_EXPECT_EQ(t, e.start, start);
	KTEST_EXPECT_EQ(t, e.end, end);
	KTEST_EXPECT_EQ(t, e.mode, pat_enabled() ? _PAGE_CACHE_MODE_WC :
					       _PAGE_CACHE_MODE_UC_MINUS);
	KTEST_EXPECT_TRUE(t, e.owner.driver && !strcmp(e.owner.driver, driver));
	KTEST_EXPECT_EQ(t, efifb_memtype_count(start, end), 1);
}

static void efifb_break_base(struct screen_info *si) { si->lfb_base = 0; }
static void efifb_break_width(struct screen_info *si) { si->lfb_width = 0; }
static void efifb_break_height(struct screen_info *si) { si->lfb_height = 0; }
static void efifb_break_depth8(struct screen_info *si) { si->lfb_depth = 8; }

static void efifb_break_16_no_colours(struct screen_info *si)
{
	si->lfb_depth = 16;
	si->red_size = si->green_size = si->blue_size = si->rsvd_size = 0;
}

static void efifb_break_24_colour_outside(struct screen_info *si)
{
	si->lfb_depth = 24;
	si->rsvd_size = 0;
	si->red_pos = 20;	/* 20 + 8 > 24 */
}

static void efifb_break_linelength(struct screen_info *si)
{
	si->lfb_linelength = 1024 * 4 - 4;
}

/* the visible rows alone are beyond 4 GiB: smem_len cannot hold them */
static void efifb_break_overflow(struct screen_info *si)
{
	si->lfb_height = 0xffff;
	si->lfb_linelength = 0xfffffffc;
	si->lfb_width = 0xffff;
}

/* a size that wraps past the top of the address space */
static void efifb_break_wrap(struct screen_info *si)
{
	si->lfb_base = ~0ULL - PAGE_SIZE + 1;
	si->lfb_size = 2 * PAGE_SIZE;
}

/* twice the 16 MiB BAR: runs out of it, and out of the PCI window */
static void efifb_break_beyond_bar(struct screen_info *si)
{
	si->lfb_height = 8192;
	si->lfb_size = 4096ULL * 8192;
}

/* RAM, not a device */
static void efifb_break_ram(struct screen_info *si)
{
	si->lfb_base = 0x100000;
}

static const struct {
	void (*mess)(struct screen_info *si);
	const char *message;
} efifb_bad[] = {
	{ efifb_break_base, "efifb: invalid framebuffer address" },
	{ efifb_break_width, "efifb: mode 0x768 has no pixels" },
	{ efifb_break_height, "efifb: mode 1024x0 has no pixels" },
	{ efifb_break_depth8, "efifb: cannot drive 8 bpp" },
	{ efifb_break_16_no_colours, "efifb: cannot drive 16 bpp (colour sizes 0:0:0)" },
	{ efifb_break_24_colour_outside, "efifb: cannot drive 24 bpp (colour sizes 8:8:8)" },
	{ efifb_break_linelength, "efifb: linelength=4092 is shorter than 1024 pixels of 32 bits" },
	{ efifb_break_overflow, "overflows, not used" },
	{ efifb_break_wrap, "efifb: framebuffer at 0xfffffffffffff000 of 3145728 bytes overflows" },
	{ efifb_break_beyond_bar, "is not inside a PCI memory BAR" },
	{ efifb_break_ram, "efifb: framebuffer [mem 0x00100000-0x003fffff] is not inside a PCI memory BAR" },
};

static void efifb_test_bad_screen_info(struct ktest *t)
{
	struct pci_dev *dev = efifb_test_vga();
	unsigned int i;

	if (!dev) {
		ktest_skip(t, "no QEMU standard VGA (%04x:%04x)", VGA_VENDOR,
			   VGA_DEVICE);
		return;
	}
	KTEST_ASSERT_TRUE(t, !efifb_test_find("EFI VGA"));
	KTEST_ASSERT_TRUE(t, !efifb_iomem_has(t, "efifb"));
	for (i = 0; i < ARRAY_SIZE(efifb_bad); i++) {
		u64 bar = pci_resource_start(dev, 0);
		unsigned long before = efifb_memtype_count(bar, bar + PAGE_SIZE);
		unsigned long mark = ktest_log_mark();
		struct screen_info si;

		efifb_good_si(&si, dev);
		efifb_bad[i].mess(&si);
		KTEST_EXPECT_EQ(t, efifb_probe(&si), -EINVAL);
		if (ktest_log_count(mark, efifb_bad[i].message) != 1)
			ktest_fail(t, __FILE__, __LINE__, "case %u: no \"%s\"", i,
				   efifb_bad[i].message);
		KTEST_EXPECT_FALSE(t, ktest_log_since(mark, "frame buffer device"));
		KTEST_EXPECT_TRUE(t, !efifb_test_find("EFI VGA"));
		KTEST_EXPECT_EQ(t, efifb_memtype_count(bar, bar + PAGE_SIZE), before);
		KTEST_EXPECT_FALSE(t, efifb_iomem_has(t, "efifb"));
	}
}

/* a screen_info of another type in boot_params: reported, not driven */
static void efifb_test_boot_type(struct ktest *t)
{
	struct screen_info saved = boot_params.screen_info;
	unsigned long mark = ktest_log_mark();

	boot_params.screen_info.orig_video_isVGA = 0x22;	/* VGA text */
	boot_params.screen_info.lfb_base = 0xfd000000;
	efifb_init();
	boot_params.screen_info = saved;
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "efifb: screen_info type 0x22 is not a linear framebuffer, not used"), 1);
	KTEST_EXPECT_FALSE(t, ktest_log_since(mark, "probing for efifb"));
	KTEST_EXPECT_TRUE(t, !efifb_test_find("EFI VGA"));
}

/* the device, unclaimed, or NULL with the case skipped */
static struct pci_dev *efifb_test_free_vga(struct ktest *t)
{
	struct pci_dev *dev = efifb_test_vga();

	if (!dev) {
		ktest_skip(t, "no QEMU standard VGA (%04x:%04x)", VGA_VENDOR,
			   VGA_DEVICE);
		return NULL;
	}
	if (bochs_fb_bound()) {
		ktest_skip(t, "bochs drives the VGA: boot with nomodeset");
		return NULL;
	}
	return dev;
}

/* 800x600 RGB565: registered with its colours, then unregistered cleanly */
static void efifb_test_16bpp_unregister(struct ktest *t)
{
	struct pci_dev *dev = efifb_test_free_vga(t);
	struct screen_info si;
	struct fb_info *info;
	unsigned long mark;
	int node;
	u64 base;

	if (!dev)
		return;
	efifb_good_si(&si, dev);
	si.orig_video_isVGA = VIDEO_TYPE_VLFB;
	si.lfb_width = 800;
	si.lfb_height = 600;
	si.lfb_depth = 16;
	si.lfb_linelength = 1600;
	si.lfb_size = 1600 * 600;
	si.red_size = 5;
	si.red_pos = 11;
	si.green_size = 6;
	si.green_pos = 5;
	si.blue_size = 5;
	si.blue_pos = 0;
	si.rsvd_size = si.rsvd_pos = 0;
	base = si.lfb_base;
	mark = ktest_log_mark();
	KTEST_ASSERT_TRUE(t, efifb_probe(&si) == 0);
	info = efifb_test_find("EFI VGA");
	KTEST_ASSERT_TRUE(t, info != NULL);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "efifb: mode is 800x600x16, linelength=1600, pages=1"), 1);
	/* two screens fit in what the firmware gave: one is mapped */
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "efifb: framebuffer at 0x"), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, ", using 940k, total 937k"), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "efifb: Truecolor: size=0:5:6:5, shift=0:11:5:0"), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "fbcon:"), 0);
	KTEST_EXPECT_EQ(t, info->var.bits_per_pixel, 16);
	KTEST_EXPECT_EQ(t, info->var.red.offset, 11);
	KTEST_EXPECT_EQ(t, info->var.green.length, 6);
	KTEST_EXPECT_EQ(t, info->fix.smem_start, base);
	KTEST_EXPECT_EQ(t, info->fix.smem_len, PAGE_ALIGN(1600 * 600));
	KTEST_EXPECT_EQ(t, info->fix.line_length, 1600);
	efifb_expect_entry(t, base, base + PAGE_ALIGN(1600 * 600), "efifb");
	KTEST_EXPECT_TRUE(t, efifb_iomem_has(t, "efifb"));
	/* one firmware framebuffer at a time */
	KTEST_EXPECT_EQ(t, efifb_probe(&si), -EBUSY);
	ktest_expect_no_alias(t);

	node = info->node;
	KTEST_EXPECT_STREQ(t, efifb_sysfs_name(node), "EFI VGA");
	KTEST_EXPECT_EQ(t, unregister_framebuffer(info), 0);
	KTEST_EXPECT_TRUE(t, !efifb_test_find("EFI VGA"));
	KTEST_EXPECT_STREQ(t, efifb_sysfs_name(node), "");
	KTEST_EXPECT_EQ(t, efifb_memtype_count(base, base + PAGE_SIZE), 0);
	KTEST_EXPECT_FALSE(t, efifb_iomem_has(t, "efifb"));
	/* twice is an error, and changes nothing */
	KTEST_EXPECT_EQ(t, unregister_framebuffer(info), -EINVAL);
	ktest_expect_no_alias(t);
}

/* OVMF's picture: efifb first, then bochs takes the device over */
static void efifb_test_handover_to_bochs(struct ktest *t)
{
	struct pci_dev *dev = efifb_test_free_vga(t);
	struct fb_info *info;
	struct screen_info si;
	unsigned long mark;
	char line[64];
	u64 base, len;
	int node;

	if (!dev)
		return;
	efifb_good_si(&si, dev);
	base = si.lfb_base;
	len = pci_resource_len(dev, 0);
	mark = ktest_log_mark();
	KTEST_ASSERT_TRUE(t, efifb_probe(&si) == 0);
	info = efifb_test_find("EFI VGA");
	KTEST_ASSERT_TRUE(t, info != NULL);
	node = info->node;
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "efifb: probing for efifb"), 1);
	snprintf(line, sizeof(line), "efifb: framebuffer at %#llx, using 3072k, total 3072k",
		 (unsigned long long)base);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, line), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "efifb: mode is 1024x768x32, linelength=4096, pages=1"), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "fbcon: efifb: 128x48 text console"), 1);
	snprintf(line, sizeof(line), "fb%d: EFI VGA frame buffer device", node);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, line), 1);
	efifb_expect_entry(t, base, base + 3 * 1024 * 1024, "efifb");
	KTEST_EXPECT_TRUE(t, efifb_iomem_has(t, "efifb"));
	ktest_expect_no_alias(t);

	mark = ktest_log_mark();
	KTEST_ASSERT_TRUE(t, bochs_fb_attach(dev) == 0);
	snprintf(line, sizeof(line), "fb%d: switching to bochs-drm from EFI VGA",
		 node);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, line), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "fbcon: bochs: 128x48 text console"), 1);
	KTEST_EXPECT_TRUE(t, !efifb_test_find("EFI VGA"));
	info = registered_framebuffer(node);
	KTEST_ASSERT_TRUE(t, info != NULL);
	KTEST_EXPECT_TRUE(t, !strcmp(info->fix.id, "bochs-drmdrmfb"));
	KTEST_EXPECT_STREQ(t, efifb_sysfs_name(node), "bochs-drmdrmfb");
	/* the whole BAR is bochs's: the 3 MiB efifb entry and region are gone */
	efifb_expect_entry(t, base, base + len, "bochs");
	KTEST_EXPECT_FALSE(t, efifb_iomem_has(t, "efifb"));
	KTEST_EXPECT_TRUE(t, efifb_iomem_has(t, "bochs-drm"));
	ktest_expect_no_alias(t);
}

static struct ktest_case efifb_cases[] = {
	KTEST_CASE(efifb_test_bad_screen_info),
	KTEST_CASE(efifb_test_boot_type),
	KTEST_CASE(efifb_test_16bpp_unregister),
	KTEST_CASE(efifb_test_handover_to_bochs),
	{}
};
KTEST_SUITE(efifb, efifb_cases);
