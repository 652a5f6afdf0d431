// SPDX-License-Identifier: GPL-2.0
/*
 * QEMU's standard VGA (PCI 1234:1111, "-vga std") as a framebuffer: set
 * 1024x768 at 32 bpp through the Bochs DISPI interface, map the linear
 * framebuffer (BAR 0) write-combining and hand it to the text console.
 *
 * DISPI is an index/data register pair at I/O ports 0x1CE/0x1CF (the
 * same registers also sit in BAR 2 at 0x500; ports need no mapping).
 * Register numbers and bits are Bochs' vbe.h, which QEMU implements in
 * hw/display/vga.c.
 *
 * User programs get it as /dev/fb0 (drivers/video/fbdev/fbmem.c), with
 * the values and rules of Linux 6.1's bochs-drm through its fbdev
 * emulation, the driver Debian's kernel binds to this device: id
 * "bochs-drmdrmfb", true colour XRGB, one visible screen (no virtual
 * area to pan into), and FBIOPUT_VSCREENINFO accepting only what fits
 * the mode already set (Documentation/fb/fbdev.rst).
 *
 * When the firmware's framebuffer (efifb) shows through BAR 0, as under
 * UEFI, bochs takes over as Linux's bochs-drm does: the firmware
 * framebuffer is removed first (aperture_remove_conflicting_pci_devices()),
 * then the BARs are claimed.  "nomodeset" keeps bochs away.
 *
 * Write-combining matters here: the console writes the framebuffer in
 * long sequential runs and never reads it, the case WC exists for.  With
 * PAT off ioremap_wc() gives UC-, and the driver asks for a WC MTRR over
 * the BAR with arch_phys_wc_add(), as Linux's drivers do; an MTRR of UC
 * over the BAR (SeaBIOS's 0xc0000000-0xffffffff) still wins, so the
 * probe logs the type the CPU really uses (pat_kernel_effective()).
 */
#include <linux/aperture.h>
#include <linux/fb.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <asm/io.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <video/nomodeset.h>

#define BOCHS_VENDOR		0x1234
#define BOCHS_DEVICE		0x1111

#define VBE_DISPI_IOPORT_INDEX	0x01ce
#define VBE_DISPI_IOPORT_DATA	0x01cf
#define VBE_DISPI_INDEX_ID		0x0
#define VBE_DISPI_INDEX_XRES		0x1
#define VBE_DISPI_INDEX_YRES		0x2
#define VBE_DISPI_INDEX_BPP		0x3
#define VBE_DISPI_INDEX_ENABLE		0x4
#define VBE_DISPI_INDEX_BANK		0x5
#define VBE_DISPI_INDEX_VIRT_WIDTH	0x6
#define VBE_DISPI_INDEX_VIRT_HEIGHT	0x7
#define VBE_DISPI_INDEX_X_OFFSET	0x8
#define VBE_DISPI_INDEX_Y_OFFSET	0x9
/* ID values: 0xB0C0 + interface revision; 32 bpp arrived with 0xB0C2 */
#define VBE_DISPI_ID_MIN		0xb0c2
#define VBE_DISPI_ID_MAX		0xb0cf
#define VBE_DISPI_DISABLED		0x00
#define VBE_DISPI_ENABLED		0x01
#define VBE_DISPI_LFB_ENABLED		0x40

/* VGA attribute controller: index port, and the status port that resets it */
#define VGA_ATT_W		0x3c0
#define VGA_IS1_RC		0x3da
#define VGA_AR_ENABLE_DISPLAY	0x20	/* palette address source */

#define BOCHS_XRES		1024
#define BOCHS_YRES		768
#define BOCHS_BPP		32

static int bochs_fb_check_var(struct fb_var_screeninfo *var,
			      struct fb_info *info);
static int bochs_fb_pan_display(struct fb_var_screeninfo *var,
				struct fb_info *info);

static const struct fb_ops bochs_fb_ops = {
	.fb_check_var = bochs_fb_check_var,
	.fb_pan_display = bochs_fb_pan_display,
};

static struct fb_info bochs_fb = {
	.name = "bochs",
	.xres = BOCHS_XRES,
	.yres = BOCHS_YRES,
	.line_length = BOCHS_XRES * BOCHS_BPP / 8,
	.fbops = &bochs_fb_ops,
	.node = -1,
};

static void bochs_dispi_write(u16 reg, u16 val)
{
	outw(reg, VBE_DISPI_IOPORT_INDEX);
	outw(val, VBE_DISPI_IOPORT_DATA);
}

static u16 bochs_dispi_read(u16 reg)
{
	outw(reg, VBE_DISPI_IOPORT_INDEX);
	return inw(VBE_DISPI_IOPORT_DATA);
}

/* XRGB8888, the only format: as drm_fb_helper fills it */
static void bochs_fill_pixel_format(struct fb_var_screeninfo *var)
{
	var->bits_per_pixel = BOCHS_BPP;
	var->red = (struct fb_bitfield){ .offset = 16, .length = 8 };
	var->green = (struct fb_bitfield){ .offset = 8, .length = 8 };
	var->blue = (struct fb_bitfield){ .offset = 0, .length = 8 };
	var->transp = (struct fb_bitfield){ 0 };
}

static bool bochs_same_format(const struct fb_var_screeninfo *a,
			      const struct fb_var_screeninfo *b)
{
	return !memcmp(&a->red, &b->red, sizeof(a->red)) &&
	       !memcmp(&a->green, &b->green, sizeof(a->green)) &&
	       !memcmp(&a->blue, &b->blue, sizeof(a->blue)) &&
	       !memcmp(&a->transp, &b->transp, sizeof(a->transp)) &&
	       a->grayscale == b->grayscale && a->nonstd == b->nonstd;
}

static bool bochs_bitfields_unset(const struct fb_var_screeninfo *var)
{
	static const struct fb_bitfield zero;

	return !memcmp(&var->red, &zero, sizeof(zero)) &&
	       !memcmp(&var->green, &zero, sizeof(zero)) &&
	       !memcmp(&var->blue, &zero, sizeof(zero)) &&
	       !memcmp(&var->transp, &zero, sizeof(zero));
}

/*
 * Linux 6.1's drm_fb_helper_check_var() for bochs-drm: the mode set at
 * probe cannot change, so nothing larger than it and no deeper pixel
 * than 32 bits; a smaller size is recorded (and shown by var), the
 * virtual size is always the mode's, a shallower depth is rounded up to
 * 32 bits; an unset pixel format (SDL 1.2 sends zeros) is filled in; any
 * other format is refused.
 */
static int bochs_fb_check_var(struct fb_var_screeninfo *var,
			      struct fb_info *info)
{
	var->pixclock = 0;
	if (var->bits_per_pixel > BOCHS_BPP || var->xres > info->xres ||
	    var->yres > info->yres || var->xres_virtual > info->xres ||
	    var->yres_virtual > info->yres)
		return -EINVAL;
	var->xres_virtual = info->xres;
	var->yres_virtual = info->yres;
	if (bochs_bitfields_unset(var))
		bochs_fill_pixel_format(var);
	var->bits_per_pixel = BOCHS_BPP;
	return bochs_same_format(var, &info->var) ? 0 : -EINVAL;
}

/* the visible window's origin in video memory: DISPI's offsets */
static int bochs_fb_pan_display(struct fb_var_screeninfo *var,
				struct fb_info *info)
{
	bochs_dispi_write(VBE_DISPI_INDEX_X_OFFSET, var->xoffset);
	bochs_dispi_write(VBE_DISPI_INDEX_Y_OFFSET, var->yoffset);
	return 0;
}

/* /dev/fb0's view of the mode set, with bochs-drm's fbdev values */
static void bochs_fill_screeninfo(struct fb_info *info)
{
	struct fb_fix_screeninfo *fix = &info->fix;
	struct fb_var_screeninfo *var = &info->var;

	memset(fix, 0, sizeof(*fix));
	strscpy(fix->id, "bochs-drmdrmfb", sizeof(fix->id));
	fix->smem_start = info->phys;
	fix->smem_len = info->line_length * info->yres;
	fix->type = FB_TYPE_PACKED_PIXELS;
	fix->visual = FB_VISUAL_TRUECOLOR;
	fix->xpanstep = 1;
	fix->ypanstep = 1;
	fix->line_length = info->line_length;
	fix->accel = FB_ACCEL_NONE;

	memset(var, 0, sizeof(*var));
	var->xres = var->xres_virtual = info->xres;
	var->yres = var->yres_virtual = info->yres;
	bochs_fill_pixel_format(var);
	var->activate = FB_ACTIVATE_NOW;
	var->height = var->width = ~0U;		/* no EDID read: unknown */
	var->accel_flags = FB_ACCELF_TEXT;
}

/* program the mode; 0, or -EIO if the device did not take it */
static int bochs_set_mode(void)
{
	/* geometry may only change while the interface is off */
	bochs_dispi_write(VBE_DISPI_INDEX_ENABLE, VBE_DISPI_DISABLED);
	bochs_dispi_write(VBE_DISPI_INDEX_BPP, BOCHS_BPP);
	bochs_dispi_write(VBE_DISPI_INDEX_XRES, BOCHS_XRES);
	bochs_dispi_write(VBE_DISPI_INDEX_YRES, BOCHS_YRES);
	bochs_dispi_write(VBE_DISPI_INDEX_BANK, 0);
	bochs_dispi_write(VBE_DISPI_INDEX_VIRT_WIDTH, BOCHS_XRES);
	bochs_dispi_write(VBE_DISPI_INDEX_VIRT_HEIGHT, BOCHS_YRES);
	bochs_dispi_write(VBE_DISPI_INDEX_X_OFFSET, 0);
	bochs_dispi_write(VBE_DISPI_INDEX_Y_OFFSET, 0);
	/* without NOCLEARMEM, enabling clears video memory to black */
	bochs_dispi_write(VBE_DISPI_INDEX_ENABLE,
			  VBE_DISPI_ENABLED | VBE_DISPI_LFB_ENABLED);

	/*
	 * The VGA core blanks the screen while the attribute controller's
	 * palette address source bit is clear; firmware may leave it so.
	 * Reading input status 1 puts port 0x3c0 back in index mode.
	 */
	inb(VGA_IS1_RC);
	outb(VGA_AR_ENABLE_DISPLAY, VGA_ATT_W);

	if (bochs_dispi_read(VBE_DISPI_INDEX_XRES) != BOCHS_XRES ||
	    bochs_dispi_read(VBE_DISPI_INDEX_YRES) != BOCHS_YRES ||
	    bochs_dispi_read(VBE_DISPI_INDEX_BPP) != BOCHS_BPP)
		return -EIO;
	return 0;
}

/* arch_phys_wc_add()'s handle for the BAR, for arch_phys_wc_del() */
static int bochs_wc_handle;

/* the mapping's page-table type, the MTRRs' and what the CPU makes of both */
static void bochs_report_type(u64 start, u64 len)
{
	enum page_cache_mode pte;
	int eff;
	u8 mtrr;

	eff = pat_kernel_effective((unsigned long)bochs_fb.screen_base, start,
				   len, &pte, &mtrr);
	if (eff < 0)
		return;
	pr_info("bochs: framebuffer [mem %#018llx-%#018llx] mapped %s, MTRR %s: effective %s\n",
		(unsigned long long)start, (unsigned long long)(start + len - 1),
		cattr_name(pte),
		mtrr == MTRR_TYPE_INVALID ? "none" : mtrr_attrib_to_str(mtrr),
		cattr_name(eff));
}

static void bochs_release_regions(struct pci_dev *dev)
{
	int i;

	for (i = 0; i < PCI_STD_NUM_BARS; i++)
		pci_release_region(dev, i);
}

static int bochs_probe(struct pci_dev *dev)
{
	u64 start = pci_resource_start(dev, 0), len = pci_resource_len(dev, 0);
	unsigned int flags = pci_resource_flags(dev, 0);
	unsigned long need = (unsigned long)bochs_fb.line_length * BOCHS_YRES;
	u16 id;

	if (!(flags & PCI_BAR_MEM) || flags & PCI_BAR_UNASSIGNED || len < need) {
		pr_warn("bochs: BAR 0 is not a usable framebuffer (%#llx, %llu bytes)\n",
			(unsigned long long)start, (unsigned long long)len);
		return -ENODEV;
	}
	id = bochs_dispi_read(VBE_DISPI_INDEX_ID);
	if (id < VBE_DISPI_ID_MIN || id > VBE_DISPI_ID_MAX) {
		pr_warn("bochs: DISPI interface 0x%04x cannot do %d bpp\n", id,
			BOCHS_BPP);
		return -ENODEV;
	}
	/*
	 * The firmware framebuffer (efifb) shows through BAR 0: it goes
	 * first, console, mapping and region, so that the claim below can
	 * succeed and nothing draws through its mapping any more.
	 */
	aperture_remove_conflicting_pci_devices(dev, "bochs-drm");
	/* Linux's bochs-drm claims every BAR: user space may not map them */
	if (pci_request_regions(dev, "bochs-drm")) {
		pr_err("bochs: BARs claimed by another driver\n");
		return -EBUSY;
	}
	pci_enable_device_mem(dev);

	/* the whole BAR, so the memtype tree shows who owns all of it */
	bochs_fb.screen_base = ioremap_wc(start, len);
	if (!bochs_fb.screen_base) {
		pr_err("bochs: ioremap_wc(%#llx, %llu) failed, no framebuffer console\n",
			(unsigned long long)start, (unsigned long long)len);
		bochs_release_regions(dev);
		return -ENOMEM;
	}
	bochs_wc_handle = arch_phys_wc_add(start, len);
	bochs_report_type(start, len);
	bochs_fb.phys = start;
	bochs_fb.size = len;
	if (bochs_set_mode()) {
		pr_err("bochs: the device refused %ux%ux%u\n", BOCHS_XRES,
		       BOCHS_YRES, BOCHS_BPP);
		goto err_unmap;
	}
	pr_info("bochs: %ux%ux%u framebuffer at %#llx (%llu MiB VRAM), DISPI 0x%04x\n",
		BOCHS_XRES, BOCHS_YRES, BOCHS_BPP, (unsigned long long)start,
		(unsigned long long)(len >> 20), id);
	if (fbcon_init(&bochs_fb)) {
		pr_err("bochs: framebuffer console refused the geometry\n");
		goto err_unmap;
	}
	bochs_fill_screeninfo(&bochs_fb);
	if (register_framebuffer(&bochs_fb))
		pr_err("bochs: no /dev/fb number left\n");
	return 0;

err_unmap:
	arch_phys_wc_del(bochs_wc_handle);
	bochs_wc_handle = 0;
	iounmap(bochs_fb.screen_base);
	bochs_fb.screen_base = NULL;
	bochs_release_regions(dev);
	return -EIO;
}

/**
 * bochs_fb_attach() - drive @dev, taking over from the firmware framebuffer
 * @dev: a QEMU standard VGA (1234:1111)
 *
 * Needs ioremap_wc(); may sleep (the hand-over).  The framebuffer's
 * memtype reservation is recorded for the "bochs" driver.  Returns 0,
 * -EBUSY when bochs drives a device already, or the probe's error.
 */
int bochs_fb_attach(struct pci_dev *dev)
{
	struct task_ident prev;
	int ret;

	if (bochs_fb.screen_base)
		return -EBUSY;
	override_current_ident(NULL, "bochs", &prev);
	ret = bochs_probe(dev);
	revert_current_ident(&prev);
	return ret;
}

/**
 * bochs_fb_bound() - whether bochs drives a device
 */
bool bochs_fb_bound(void)
{
	return bochs_fb.screen_base != NULL;
}

/**
 * bochs_fb_init() - find QEMU's standard VGA and start the text console
 *
 * Needs pci_init() and ioremap_wc(); after efifb_init(), whose
 * framebuffer it replaces.  Without the device, or with "nomodeset",
 * prints one line and does nothing.
 */
void bochs_fb_init(void)
{
	struct pci_dev *dev;

	dev = pci_get_device(BOCHS_VENDOR, BOCHS_DEVICE, NULL);
	if (!dev) {
		pr_info("bochs: no QEMU standard VGA (%04x:%04x), no framebuffer console\n",
			BOCHS_VENDOR, BOCHS_DEVICE);
		return;
	}
	if (video_firmware_drivers_only()) {
		pr_info("bochs: nomodeset: %s left to the firmware framebuffer\n",
			dev->name);
		return;
	}
	bochs_fb_attach(dev);
}

/**
 * bochs_fb_resume() - set the mode again and redraw after suspend to RAM
 *
 * The wake resets the device to VGA text mode and its video memory may
 * have been cleared; the PCI layer has restored its BARs by now.  With
 * interrupts off, before anything draws on the console.
 */
void bochs_fb_resume(void)
{
	if (!bochs_fb.screen_base)
		return;
	if (bochs_set_mode()) {
		pr_err("bochs: the device refused %ux%ux%u after resume\n",
		       BOCHS_XRES, BOCHS_YRES, BOCHS_BPP);
		return;
	}
	fbcon_redraw();
}
