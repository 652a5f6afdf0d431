// SPDX-License-Identifier: GPL-2.0
/*
 * The framebuffer the firmware set up, as the boot loader describes it in
 * boot_params.screen_info: a UEFI GOP mode (VIDEO_TYPE_EFI) or a VESA
 * linear mode GRUB set through the VBE BIOS (VIDEO_TYPE_VLFB).  Linux 6.1
 * drives both with efifb (sysfb hands it either kind), so this is efifb,
 * with its names and messages: fix.id "EFI VGA", the "efifb" memory
 * region, "efifb: ..." lines.
 *
 * Nothing is programmed: the mode is the firmware's, the driver only maps
 * the memory write-combining (ioremap_wc(), so pat_memtype_list shows
 * the range as write-combining) and registers /dev/fbN, with the text
 * console on it when the pixels are 32 bits.  The real device's driver
 * takes over later (remove_conflicting_framebuffers()), which
 * unregisters it; efifb_destroy() then unmaps the memory and gives the
 * region back.
 *
 * A screen_info this cannot drive (no address, a depth without a colour
 * layout, rows shorter than their pixels, a size that overflows or
 * leaves the PCI memory BAR it starts in) gets one message naming the
 * problem, and no framebuffer.
 */
#define pr_fmt(fmt) "efifb: " fmt

#include <linux/errno.h>
#include <linux/fb.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/io.h>
#include <asm/page.h>

#define EFIFB_ID	"EFI VGA"

static void efifb_destroy(struct fb_info *info);

static const struct fb_ops efifb_ops = {
	.fb_destroy = efifb_destroy,
};

static struct fb_info efifb_info = {
	.name = "efifb",
	.fbops = &efifb_ops,
	.node = -1,
	.firmware = true,
};
static bool efifb_region_claimed;
static bool efifb_busy;		/* probed and not yet destroyed */

/* the sizes Linux's efifb works out from screen_info */
struct efifb_layout {
	u64 size_vmode;		/* the visible rows */
	u64 size_total;		/* what the firmware says there is */
	u64 size_remap;		/* what is mapped: two screens at most */
};

/* 16 or 24 bpp need the colour fields; 32 bpp without them is XRGB */
static bool efifb_colours_usable(const struct screen_info *si)
{
	unsigned int d = si->lfb_depth;

	if (!si->red_size && !si->green_size && !si->blue_size)
		return d == 32;
	return si->red_size && si->green_size && si->blue_size &&
	       si->red_pos + si->red_size <= d &&
	       si->green_pos + si->green_size <= d &&
	       si->blue_pos + si->blue_size <= d &&
	       si->rsvd_pos + si->rsvd_size <= d;
}

/* a memory BAR holding all of [base, base + size), or NULL */
static struct pci_dev *efifb_find_bar(u64 base, u64 size)
{
	struct pci_dev *dev = NULL;
	int bar;

	while ((dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, dev))) {
		for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
			u64 start = pci_resource_start(dev, bar);
			u64 len = pci_resource_len(dev, bar);
			unsigned int flags = pci_resource_flags(dev, bar);

			if (!(flags & PCI_BAR_MEM) || flags & PCI_BAR_UNASSIGNED)
				continue;
			if (base >= start && base - start < len &&
			    size <= len - (base - start))
				return dev;
		}
	}
	return NULL;
}

/* 0, or -EINVAL with the reason printed; fills @l */
static int efifb_check(const struct screen_info *si, struct efifb_layout *l)
{
	unsigned int bpp = si->lfb_depth;
	u64 row;

	if (!si->lfb_width || !si->lfb_height) {
		pr_err("mode %ux%u has no pixels, not used\n", si->lfb_width,
		       si->lfb_height);
		return -EINVAL;
	}
	if ((bpp != 16 && bpp != 24 && bpp != 32) || !efifb_colours_usable(si)) {
		pr_err("cannot drive %u bpp (colour sizes %u:%u:%u), not used\n",
		       bpp, si->red_size, si->green_size, si->blue_size);
		return -EINVAL;
	}
	row = (u64)si->lfb_width * (bpp / 8);
	if (si->lfb_linelength < row) {
		pr_err("linelength=%u is shorter than %u pixels of %u bits, not used\n",
		       si->lfb_linelength, si->lfb_width, bpp);
		return -EINVAL;
	}
	l->size_vmode = (u64)si->lfb_height * si->lfb_linelength;
	l->size_total = max(si->lfb_size, l->size_vmode);
	l->size_remap = min(l->size_vmode * 2, l->size_total);
	if (l->size_remap > U32_MAX - PAGE_SIZE ||
	    si->lfb_base + l->size_total < si->lfb_base) {
		pr_err("framebuffer at %#llx of %llu bytes overflows, not used\n",
		       (unsigned long long)si->lfb_base,
		       (unsigned long long)l->size_total);
		return -EINVAL;
	}
	l->size_remap = PAGE_ALIGN(l->size_remap);
	if (!efifb_find_bar(si->lfb_base, l->size_remap)) {
		pr_err("framebuffer [mem %#010llx-%#010llx] is not inside a PCI memory BAR, not used\n",
		       (unsigned long long)si->lfb_base,
		       (unsigned long long)(si->lfb_base + l->size_remap - 1));
		return -EINVAL;
	}
	return 0;
}

/* fix and var as Linux's efifb fills them from screen_info */
static void efifb_fill_screeninfo(struct fb_info *info,
				  const struct screen_info *si,
				  const struct efifb_layout *l)
{
	struct fb_fix_screeninfo *fix = &info->fix;
	struct fb_var_screeninfo *var = &info->var;

	memset(fix, 0, sizeof(*fix));
	strscpy(fix->id, EFIFB_ID, sizeof(fix->id));
	fix->smem_start = si->lfb_base;
	fix->smem_len = l->size_remap;
	fix->type = FB_TYPE_PACKED_PIXELS;
	fix->visual = FB_VISUAL_TRUECOLOR;
	fix->line_length = si->lfb_linelength;
	fix->accel = FB_ACCEL_NONE;

	memset(var, 0, sizeof(*var));
	var->xres = var->xres_virtual = si->lfb_width;
	var->yres = var->yres_virtual = si->lfb_height;
	var->bits_per_pixel = si->lfb_depth;
	if (si->red_size) {
		var->red = (struct fb_bitfield){ si->red_pos, si->red_size, 0 };
		var->green = (struct fb_bitfield){ si->green_pos, si->green_size, 0 };
		var->blue = (struct fb_bitfield){ si->blue_pos, si->blue_size, 0 };
		var->transp = (struct fb_bitfield){ si->rsvd_pos, si->rsvd_size, 0 };
	} else {
		var->red = (struct fb_bitfield){ 16, 8, 0 };
		var->green = (struct fb_bitfield){ 8, 8, 0 };
		var->blue = (struct fb_bitfield){ 0, 8, 0 };
	}
	var->activate = FB_ACTIVATE_NOW;
	var->height = var->width = ~0U;		/* unknown */
	/* Linux's made-up timings for a mode it did not set */
	var->pixclock = 10000000 / var->xres * 1000 / var->yres;
	var->left_margin = (var->xres / 8) & 0xf8;
	var->hsync_len = var->left_margin;
	var->right_margin = 32;
	var->upper_margin = 16;
	var->lower_margin = 4;
	var->vsync_len = 4;
}

/* Linux's lines: where, how much, the mode and the colour layout */
static void efifb_report(const struct fb_info *info,
			 const struct efifb_layout *l)
{
	const struct fb_var_screeninfo *var = &info->var;

	pr_info("framebuffer at %#lx, using %uk, total %lluk\n",
		info->fix.smem_start, info->fix.smem_len / 1024,
		(unsigned long long)(l->size_total / 1024));
	pr_info("mode is %ux%ux%u, linelength=%u, pages=1\n", var->xres,
		var->yres, var->bits_per_pixel, info->fix.line_length);
	pr_info("scrolling: redraw\n");
	pr_info("Truecolor: size=%u:%u:%u:%u, shift=%u:%u:%u:%u\n",
		var->transp.length, var->red.length, var->green.length,
		var->blue.length, var->transp.offset, var->red.offset,
		var->green.offset, var->blue.offset);
}

static int efifb_map(struct fb_info *info, const struct screen_info *si,
		     const struct efifb_layout *l)
{
	struct task_ident prev;

	efifb_region_claimed = request_mem_region(si->lfb_base, l->size_remap,
						  "efifb") != NULL;
	/* not fatal, as in Linux: the range may be one nobody described */
	if (!efifb_region_claimed)
		pr_warn("cannot reserve video memory at %#llx\n",
			(unsigned long long)si->lfb_base);
	override_current_ident(NULL, "efifb", &prev);
	info->screen_base = ioremap_wc(si->lfb_base, l->size_remap);
	revert_current_ident(&prev);
	if (!info->screen_base) {
		pr_err("abort, cannot remap video memory 0x%llx @ 0x%llx\n",
		       (unsigned long long)l->size_remap,
		       (unsigned long long)si->lfb_base);
		if (efifb_region_claimed)
			release_mem_region(si->lfb_base, l->size_remap);
		return -EIO;
	}
	info->phys = si->lfb_base;
	info->size = l->size_remap;
	info->aperture_base = si->lfb_base;
	info->aperture_size = l->size_remap;
	return 0;
}

/* after unregister_framebuffer(): nothing uses the mapping any more */
static void efifb_destroy(struct fb_info *info)
{
	iounmap(info->screen_base);
	info->screen_base = NULL;
	if (efifb_region_claimed)
		release_mem_region(info->phys, info->size);
	efifb_region_claimed = false;
	efifb_busy = false;
}

/* the console wants 32-bit pixels on a black screen */
static void efifb_start_console(struct fb_info *info)
{
	if (info->var.bits_per_pixel != 32)
		return;
	memset_io(info->screen_base, 0,
		  (unsigned long)info->line_length * info->yres);
	if (fbcon_init(info))
		pr_warn("no text console on %ux%u\n", info->xres, info->yres);
}

/**
 * efifb_probe() - drive the framebuffer @si describes
 * @si: a linear framebuffer (boot_params.screen_info, or a test's)
 *
 * Maps it write-combining, registers it (fix.id "EFI VGA") and runs the
 * text console on it.  Returns 0; -EINVAL for a screen_info it cannot
 * drive, -EBUSY while a firmware framebuffer is registered already, or
 * -EIO/-ENXIO when mapping or registering failed.  On error nothing is
 * left claimed or mapped.
 */
int efifb_probe(const struct screen_info *si)
{
	struct fb_info *info = &efifb_info;
	struct efifb_layout l;
	int ret;

	if (!si->lfb_base) {
		pr_err("invalid framebuffer address\n");
		return -EINVAL;
	}
	if (efifb_busy)
		return -EBUSY;
	pr_info("probing for efifb\n");
	ret = efifb_check(si, &l);
	if (ret)
		return ret;
	ret = efifb_map(info, si, &l);
	if (ret)
		return ret;
	efifb_busy = true;
	info->xres = si->lfb_width;
	info->yres = si->lfb_height;
	info->line_length = si->lfb_linelength;
	info->nr_modes = 0;
	efifb_fill_screeninfo(info, si, &l);
	efifb_report(info, &l);
	efifb_start_console(info);
	ret = register_framebuffer(info);
	if (ret) {
		pr_err("cannot register framebuffer\n");
		fbcon_exit(info);
		efifb_destroy(info);
		return ret;
	}
	printk(KERN_INFO "fb%d: %s frame buffer device\n", info->node,
	       info->fix.id);
	return 0;
}

/**
 * efifb_init() - drive the framebuffer the boot loader handed over
 *
 * Reads boot_params.screen_info; nothing when there is none (PVH).  Needs
 * pci_init() (the BAR check) and ioremap_wc(); runs before the device
 * drivers that may take the framebuffer over.
 */
void efifb_init(void)
{
	const struct screen_info *si = &boot_params.screen_info;

	switch (si->orig_video_isVGA) {
	case 0:
		return;
	case VIDEO_TYPE_EFI:
	case VIDEO_TYPE_VLFB:
		efifb_probe(si);
		return;
	default:
		pr_err("screen_info type %#x is not a linear framebuffer, not used\n",
		       si->orig_video_isVGA);
	}
}
