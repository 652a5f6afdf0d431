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
 * Write-combining matters here: the console writes the framebuffer in
 * long sequential runs and never reads it, the case WC exists for.  With
 * PAT off ioremap_wc() gives UC-, which is slower on hardware but draws
 * the same.
 */
#include <linux/fb.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <asm/io.h>

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

static struct fb_info bochs_fb = {
	.name = "bochs",
	.xres = BOCHS_XRES,
	.yres = BOCHS_YRES,
	.line_length = BOCHS_XRES * BOCHS_BPP / 8,
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
		return -ENOMEM;
	}
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
	return 0;

err_unmap:
	iounmap(bochs_fb.screen_base);
	bochs_fb.screen_base = NULL;
	return -EIO;
}

/**
 * bochs_fb_init() - find QEMU's standard VGA and start the text console
 *
 * Needs pci_init() and ioremap_wc().  Without the device, prints one line
 * and does nothing.  The framebuffer's memtype reservation is recorded for
 * the "bochs" driver.
 */
void bochs_fb_init(void)
{
	struct task_ident prev;
	struct pci_dev *dev;

	dev = pci_get_device(BOCHS_VENDOR, BOCHS_DEVICE, NULL);
	if (!dev) {
		pr_info("bochs: no QEMU standard VGA (%04x:%04x), no framebuffer console\n",
			BOCHS_VENDOR, BOCHS_DEVICE);
		return;
	}
	override_current_ident(NULL, "bochs", &prev);
	bochs_probe(dev);
	revert_current_ident(&prev);
}
