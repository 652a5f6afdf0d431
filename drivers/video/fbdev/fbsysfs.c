// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/class/graphics/fbN/: the read-only attributes of a registered
 * framebuffer in Linux 6.1's formats (fbsysfs.c there), for fbset-like
 * tools.  cachet's are directories, not links into /sys/devices.
 * name, bits_per_pixel, virtual_size, stride, modes (every size set
 * so far, newest first, "U:WxHp-0" as Linux prints a mode without
 * timings), pan, state and rotate.
 */
#include <linux/fb.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/vfile.h>

static int fb_name_show(struct seq_file *m, void *p)
{
	const struct fb_info *info = p;

	seq_printf(m, "%.16s\n", info->fix.id);
	return 0;
}

static int fb_bpp_show(struct seq_file *m, void *p)
{
	const struct fb_info *info = p;

	seq_printf(m, "%u\n", info->var.bits_per_pixel);
	return 0;
}

static int fb_virtual_show(struct seq_file *m, void *p)
{
	const struct fb_info *info = p;

	seq_printf(m, "%u,%u\n", info->var.xres_virtual, info->var.yres_virtual);
	return 0;
}

static int fb_stride_show(struct seq_file *m, void *p)
{
	const struct fb_info *info = p;

	seq_printf(m, "%u\n", info->fix.line_length);
	return 0;
}

static int fb_modes_show(struct seq_file *m, void *p)
{
	const struct fb_info *info = p;
	unsigned int i;

	for (i = 0; i < info->nr_modes; i++)
		seq_printf(m, "U:%ux%up-0\n", info->modes[i].xres,
			   info->modes[i].yres);
	return 0;
}

static int fb_pan_show(struct seq_file *m, void *p)
{
	const struct fb_info *info = p;

	seq_printf(m, "%u,%u\n", info->var.xoffset, info->var.yoffset);
	return 0;
}

static int fb_zero_show(struct seq_file *m, void *p)
{
	seq_puts(m, "0\n");	/* state: running; rotate: none */
	return 0;
}

static const struct {
	const char *name;
	vfile_show_t show;
} fb_attrs[] = {
	{ "name", fb_name_show },
	{ "bits_per_pixel", fb_bpp_show },
	{ "virtual_size", fb_virtual_show },
	{ "stride", fb_stride_show },
	{ "modes", fb_modes_show },
	{ "pan", fb_pan_show },
	{ "state", fb_zero_show },
	{ "rotate", fb_zero_show },
};

/**
 * fb_sysfs_add() - create /sys/class/graphics/fbN for @info
 * @info: registered (its node set)
 */
void fb_sysfs_add(struct fb_info *info)
{
	char path[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fb_attrs); i++) {
		snprintf(path, sizeof(path), "class/graphics/fb%d/%s",
			 info->node, fb_attrs[i].name);
		if (sysfs_create_single(path, fb_attrs[i].show, info))
			pr_err("fbmem: cannot create /sys/%s\n", path);
	}
}

/**
 * fb_sysfs_remove() - remove the files of /sys/class/graphics/fbN
 * @info: still carrying the node it was registered with
 */
void fb_sysfs_remove(struct fb_info *info)
{
	char path[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fb_attrs); i++) {
		snprintf(path, sizeof(path), "/sys/class/graphics/fb%d/%s",
			 info->node, fb_attrs[i].name);
		vfile_remove(path);
	}
}
