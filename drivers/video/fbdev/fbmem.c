// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/fbN (major 29): the framebuffers drivers registered, for user
 * programs, with Linux 6.1's fbdev semantics (drivers/video/fbdev/core/
 * fbmem.c there):
 *
 * - FBIOGET_FSCREENINFO and FBIOGET_VSCREENINFO copy out fix and var;
 * - FBIOPUT_VSCREENINFO lets the driver check (and adjust) a new var,
 *   refuses a virtual size below the visible one, stops there for
 *   FB_ACTIVATE_TEST, else makes it current and adds its size to the
 *   mode list (newest first, as /sys/class/graphics/fbN/modes shows);
 *   the result is copied back; a refused var changes nothing;
 * - FBIOPAN_DISPLAY checks the offsets against the pan steps and the
 *   virtual size before the driver pans;
 * - other ioctls are ENOTTY;
 * - read and write move bytes of the frame buffer (fix.smem_len of it)
 *   at the file position, a page at a time through a kernel buffer:
 *   reads stop at the end; a write starting past the end is EFBIG, one
 *   longer than the buffer is cut (EFBIG if nothing moved), one reaching
 *   the end is cut (ENOSPC if nothing moved).
 *
 * - mmap maps the frame buffer from offset 0, or the registers at the
 *   page after its end (refused with EINVAL while var.accel_flags is
 *   set), Linux's fb_mmap() with vm_iomap_memory(): the range must fit
 *   (EINVAL).  It asks UC- (x86's fb_pgprotect()), and the driver's
 *   ioremap_wc() reservation turns that into write-combining.
 *
 * One lock serialises the ioctls and
 * transfers of all framebuffers, as Linux's lock_fb_info() does per
 * device.
 *
 * A framebuffer can go away: unregister_framebuffer() (a firmware
 * framebuffer replaced by the real device's driver, through
 * remove_conflicting_framebuffers()).  Every file operation holds the
 * fb_info for its duration (Linux's get_fb_info()), and the driver's
 * fb_destroy, which unmaps the memory, runs only once none does; later
 * operations on a file opened before find no framebuffer (ENODEV).
 */
#include <linux/devtmpfs.h>
#include <linux/errno.h>
#include <linux/fb.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stat.h>
#include <linux/string.h>
#include <linux/uio.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pfnmap.h>
#include <asm/uaccess.h>

static struct fb_info *registered_fb[FB_MAX];
static DEFINE_SPINLOCK(fb_lock);
static bool fbmem_ready;

/* the framebuffer behind @file, held until fb_put(); NULL if gone */
static struct fb_info *fb_get(struct file *file)
{
	unsigned int idx = MINOR(file_inode(file)->i_rdev);
	struct fb_info *info = NULL;

	spin_lock(&fb_lock);
	if (idx < FB_MAX && registered_fb[idx]) {
		info = registered_fb[idx];
		info->users++;
	}
	spin_unlock(&fb_lock);
	return info;
}

static void fb_put(struct fb_info *info)
{
	spin_lock(&fb_lock);
	info->users--;
	spin_unlock(&fb_lock);
}

static int fb_open(struct inode *inode, struct file *file)
{
	struct fb_info *info = fb_get(file);

	if (!info)
		return -ENODEV;
	fb_put(info);
	return 0;
}

/* the bytes of the frame buffer user space may read and write */
static unsigned long fb_total_size(const struct fb_info *info)
{
	return info->fix.smem_len;
}

static ssize_t fb_do_read(struct fb_info *info, struct iov_iter *to,
			  loff_t *ppos)
{
	unsigned long p = *ppos, total = fb_total_size(info);
	size_t count = iov_iter_count(to);
	ssize_t done = 0;
	u8 *buf;

	if (p >= total)
		return 0;
	count = min_t(size_t, count, total - p);
	buf = kmalloc(min_t(size_t, count, PAGE_SIZE), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	while (count) {
		size_t c = min_t(size_t, count, PAGE_SIZE);

		memcpy_fromio(buf, info->screen_base + p, c);
		if (copy_to_iter(buf, c, to) != c)
			break;
		p += c;
		done += c;
		count -= c;
	}
	kfree(buf);
	*ppos += done;
	return done ? done : -EFAULT;
}

static ssize_t fb_read(struct file *file, struct iov_iter *to, loff_t *ppos)
{
	struct fb_info *info = fb_get(file);
	ssize_t ret;

	if (!info)
		return -ENODEV;
	ret = fb_do_read(info, to, ppos);
	fb_put(info);
	return ret;
}

static ssize_t fb_do_write(struct fb_info *info, struct iov_iter *from,
			   loff_t *ppos)
{
	unsigned long p = *ppos, total = fb_total_size(info);
	size_t count = iov_iter_count(from);
	ssize_t done = 0;
	int err = 0;
	u8 *buf;

	if (p > total)
		return -EFBIG;
	if (count > total) {
		err = -EFBIG;
		count = total;
	}
	if (count + p > total) {
		if (!err)
			err = -ENOSPC;
		count = total - p;
	}
	buf = kmalloc(min_t(size_t, max_t(size_t, count, 1), PAGE_SIZE),
		      GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	while (count) {
		size_t c = min_t(size_t, count, PAGE_SIZE);
		size_t got = copy_from_iter(buf, c, from);

		memcpy_toio(info->screen_base + p, buf, got);
		p += got;
		done += got;
		if (got != c) {
			err = -EFAULT;
			break;
		}
		count -= c;
	}
	kfree(buf);
	*ppos += done;
	return done ? done : err;
}

static ssize_t fb_write(struct file *file, struct iov_iter *from,
			loff_t *ppos)
{
	struct fb_info *info = fb_get(file);
	ssize_t ret;

	if (!info)
		return -ENODEV;
	ret = fb_do_write(info, from, ppos);
	fb_put(info);
	return ret;
}

/* put @var's size first in the mode list unless it is there already */
static void fb_add_mode(struct fb_info *info,
			const struct fb_var_screeninfo *var)
{
	unsigned int i, n = info->nr_modes;

	for (i = 0; i < n; i++)
		if (info->modes[i].xres == var->xres &&
		    info->modes[i].yres == var->yres)
			return;
	if (n == FB_MAX_MODES)
		n--;
	memmove(&info->modes[1], &info->modes[0], n * sizeof(info->modes[0]));
	info->modes[0].xres = var->xres;
	info->modes[0].yres = var->yres;
	info->nr_modes = n + 1;
}

/* Linux's fb_set_var(): check, refuse what cannot be shown, then apply */
static int fb_set_var(struct fb_info *info, struct fb_var_screeninfo *var)
{
	int ret;

	if (!info->fbops || !info->fbops->fb_check_var) {
		*var = info->var;
		return 0;
	}
	ret = info->fbops->fb_check_var(var, info);
	if (ret)
		return ret;
	if (var->xres_virtual < var->xres || var->yres_virtual < var->yres)
		return -EINVAL;
	if ((var->activate & FB_ACTIVATE_MASK) != FB_ACTIVATE_NOW)
		return 0;
	info->var = *var;
	fb_add_mode(info, var);
	return 0;
}

/* Linux's fb_pan_display(): offsets on a step and inside the virtual size */
static int fb_pan_display(struct fb_info *info, struct fb_var_screeninfo *var)
{
	const struct fb_fix_screeninfo *fix = &info->fix;
	int ret;

	if (var->yoffset && (!fix->ypanstep || var->yoffset % fix->ypanstep))
		return -EINVAL;
	if (var->xoffset && (!fix->xpanstep || var->xoffset % fix->xpanstep))
		return -EINVAL;
	if (!info->fbops || !info->fbops->fb_pan_display ||
	    var->yoffset > info->var.yres_virtual - info->var.yres ||
	    var->xoffset > info->var.xres_virtual - info->var.xres)
		return -EINVAL;
	ret = info->fbops->fb_pan_display(var, info);
	if (ret)
		return ret;
	info->var.xoffset = var->xoffset;
	info->var.yoffset = var->yoffset;
	return 0;
}

static long fb_do_ioctl(struct fb_info *info, unsigned int cmd,
			unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	struct fb_var_screeninfo var;
	struct fb_fix_screeninfo fix;
	long ret = 0;

	switch (cmd) {
	case FBIOGET_VSCREENINFO:
		spin_lock(&fb_lock);
		var = info->var;
		spin_unlock(&fb_lock);
		return copy_to_user(argp, &var, sizeof(var)) ? -EFAULT : 0;
	case FBIOGET_FSCREENINFO:
		spin_lock(&fb_lock);
		fix = info->fix;
		spin_unlock(&fb_lock);
		return copy_to_user(argp, &fix, sizeof(fix)) ? -EFAULT : 0;
	case FBIOPUT_VSCREENINFO:
	case FBIOPAN_DISPLAY:
		if (copy_from_user(&var, argp, sizeof(var)))
			return -EFAULT;
		spin_lock(&fb_lock);
		if (cmd == FBIOPUT_VSCREENINFO)
			ret = fb_set_var(info, &var);
		else
			ret = fb_pan_display(info, &var);
		spin_unlock(&fb_lock);
		if (!ret && cmd == FBIOPUT_VSCREENINFO &&
		    copy_to_user(argp, &var, sizeof(var)))
			ret = -EFAULT;
		return ret;
	default:
		return -ENOTTY;
	}
}

static long fb_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct fb_info *info = fb_get(file);
	long ret;

	if (!info)
		return -ENODEV;
	ret = fb_do_ioctl(info, cmd, arg);
	fb_put(info);
	return ret;
}

static const struct vm_operations_struct fb_vm_ops = {
	.open = filemap_vma_open,
	.close = filemap_vma_close,
};

/*
 * Linux's vm_iomap_memory(): map [start, start + len) from @vma's
 * vm_pgoff pages in; the whole VMA must fit.  A start inside a page maps
 * from that page, as Linux allows for small I/O ranges.
 */
static int vm_iomap_memory(struct vm_area_struct *vma, phys_addr_t start,
			   unsigned long len)
{
	unsigned long vm_len = vma->vm_end - vma->vm_start;
	unsigned long pfn, pages;

	if (start + len < start)
		return -EINVAL;
	len += start & ~PAGE_MASK;
	pfn = start >> PAGE_SHIFT;
	pages = (len + ~PAGE_MASK) >> PAGE_SHIFT;
	if (pfn + pages < pfn || vma->vm_pgoff > pages)
		return -EINVAL;
	pfn += vma->vm_pgoff;
	pages -= vma->vm_pgoff;
	if (vm_len >> PAGE_SHIFT > pages)
		return -EINVAL;
	return io_remap_pfn_range(vma, vma->vm_start, pfn, vm_len,
				  vma->vm_page_prot);
}

/*
 * x86's fb_pgprotect() asks UC- (every CPU since the 486): a driver that
 * mapped its frame buffer write-combining holds a WC reservation, which
 * the non-strict reservation behind the mapping adopts.
 */
static void fb_pgprotect(struct vm_area_struct *vma)
{
	vma->vm_page_prot = pgprot_noncached(vma->vm_page_prot);
}

/* Linux 6.1's fb_mmap() for a driver without its own fb_mmap */
static int fb_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct fb_info *info = fb_get(file);
	unsigned long start, mmio_pgoff;
	int ret;
	u32 len;

	if (!info)
		return -ENODEV;
	spin_lock(&fb_lock);
	start = info->fix.smem_start;
	len = info->fix.smem_len;
	mmio_pgoff = PAGE_ALIGN((start & ~PAGE_MASK) + len) >> PAGE_SHIFT;
	if (vma->vm_pgoff >= mmio_pgoff) {
		if (info->var.accel_flags) {
			spin_unlock(&fb_lock);
			fb_put(info);
			return -EINVAL;
		}
		vma->vm_pgoff -= mmio_pgoff;
		start = info->fix.mmio_start;
		len = info->fix.mmio_len;
	}
	spin_unlock(&fb_lock);
	vma->vm_page_prot = vm_get_page_prot(vma->vm_flags);
	fb_pgprotect(vma);
	vma->vm_ops = &fb_vm_ops;
	/* the mapping's own reservation keeps the type once @info is gone */
	ret = vm_iomap_memory(vma, start, len);
	fb_put(info);
	return ret;
}

static const struct file_operations fb_fops = {
	.llseek = generic_file_llseek,
	.read_iter = fb_read,
	.write_iter = fb_write,
	.unlocked_ioctl = fb_ioctl,
	.mmap = fb_mmap,
	.open = fb_open,
};

static void fb_add_node(struct fb_info *info)
{
	char name[8];
	int err;

	snprintf(name, sizeof(name), "fb%d", info->node);
	err = devtmpfs_add_node(name, S_IFCHR | 0600, MKDEV(FB_MAJOR, info->node));
	/* a framebuffer unregistered before left the node: it names us now */
	if (err && err != -EEXIST)
		pr_err("fbmem: cannot create /dev/%s\n", name);
}

/**
 * register_framebuffer() - give @info a /dev/fbN
 * @info: fix and var filled, screen_base mapped; must stay valid
 *
 * The node appears once fbmem_init() ran (at once if it has).  Returns
 * 0, or -ENXIO when all FB_MAX numbers are taken.
 */
int register_framebuffer(struct fb_info *info)
{
	int i;

	spin_lock(&fb_lock);
	for (i = 0; i < FB_MAX && registered_fb[i]; i++)
		;
	if (i == FB_MAX) {
		spin_unlock(&fb_lock);
		return -ENXIO;
	}
	info->node = i;
	info->users = 0;
	fb_add_mode(info, &info->var);
	registered_fb[i] = info;
	spin_unlock(&fb_lock);
	fb_sysfs_add(info);
	if (fbmem_ready)
		fb_add_node(info);
	return 0;
}

/**
 * unregister_framebuffer() - take @info's /dev/fbN away and destroy it
 * @info: registered with register_framebuffer()
 *
 * In this order, so that nothing writes through the driver's mapping
 * when fb_destroy unmaps it: the console leaves @info, the number is
 * freed (new file operations get ENODEV), the operations in progress
 * finish, the sysfs files go, then the driver's fb_destroy runs.  May
 * sleep.  Returns 0, or -EINVAL if @info is not registered.
 */
int unregister_framebuffer(struct fb_info *info)
{
	int node = info->node;

	spin_lock(&fb_lock);
	if (node < 0 || node >= FB_MAX || registered_fb[node] != info) {
		spin_unlock(&fb_lock);
		return -EINVAL;
	}
	spin_unlock(&fb_lock);
	fbcon_exit(info);
	spin_lock(&fb_lock);
	if (registered_fb[node] != info) {	/* someone else was faster */
		spin_unlock(&fb_lock);
		return -EINVAL;
	}
	registered_fb[node] = NULL;
	while (info->users) {
		spin_unlock(&fb_lock);
		schedule();
		spin_lock(&fb_lock);
	}
	spin_unlock(&fb_lock);
	fb_sysfs_remove(info);
	info->node = -1;
	info->nr_modes = 0;
	if (info->fbops && info->fbops->fb_destroy)
		info->fbops->fb_destroy(info);
	return 0;
}

/**
 * registered_framebuffer() - the framebuffer behind /dev/fb@node
 * @node: 0 to FB_MAX - 1
 *
 * Returns it, or NULL.  For tests and messages: the result may be
 * unregistered at any time after.
 */
struct fb_info *registered_framebuffer(int node)
{
	struct fb_info *info = NULL;

	spin_lock(&fb_lock);
	if (node >= 0 && node < FB_MAX)
		info = registered_fb[node];
	spin_unlock(&fb_lock);
	return info;
}

static bool fb_aperture_overlaps(const struct fb_info *info, phys_addr_t base,
				 u64 size)
{
	return info->aperture_size && size &&
	       info->aperture_base < base + size &&
	       base < info->aperture_base + info->aperture_size;
}

/**
 * remove_conflicting_framebuffers() - make way for a device's own driver
 * @base: start of the range the driver is about to claim
 * @size: its length in bytes
 * @name: the driver, for the message
 *
 * Unregisters every firmware framebuffer whose aperture overlaps the
 * range, with Linux 6.1's "fbN: switching to NAME from ID" line, so that
 * its memory region and mapping are gone before the caller claims them.
 * May sleep.  Returns the number removed.
 */
int remove_conflicting_framebuffers(phys_addr_t base, u64 size,
				    const char *name)
{
	struct fb_info *info;
	int i, removed = 0;

	for (i = 0; i < FB_MAX; i++) {
		info = registered_framebuffer(i);
		if (!info || !info->firmware ||
		    !fb_aperture_overlaps(info, base, size))
			continue;
		pr_info("fb%d: switching to %s from %.16s\n", i, name,
			info->fix.id);
		if (!unregister_framebuffer(info))
			removed++;
	}
	return removed;
}

/**
 * fbmem_init() - register major 29 and the nodes of the framebuffers so far
 *
 * Needs devtmpfs (vfs_caches_init()).
 */
void fbmem_init(void)
{
	int i;

	if (register_chrdev(FB_MAJOR, "fb", &fb_fops)) {
		pr_err("unable to get major %d for fb devs\n", FB_MAJOR);
		return;
	}
	fbmem_ready = true;
	for (i = 0; i < FB_MAX; i++)
		if (registered_fb[i])
			fb_add_node(registered_fb[i]);
}
