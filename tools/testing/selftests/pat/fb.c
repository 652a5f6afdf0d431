// SPDX-License-Identifier: GPL-2.0
/*
 * fb - /dev/fb0 for QEMU's standard VGA as Linux 6.1's bochs-drm shows
 * it through its fbdev emulation (Documentation/fb/fbdev.rst): the node,
 * FBIOGET_FSCREENINFO/FBIOGET_VSCREENINFO (id, XRGB8888 true colour,
 * line length, one visible screen), FBIOPUT_VSCREENINFO (nothing larger
 * than the mode set, depth rounded up to 32 bits, the virtual size
 * always the mode's, a smaller visible size recorded and added to the
 * mode list, other formats refused; a refused var changes nothing),
 * FBIOPAN_DISPLAY, ENOTTY for other ioctls, read/write at file offsets
 * with fbdev's end-of-buffer rules, and /sys/class/graphics/fb0.
 *
 * On Linux the image carries bochs-drm and its helpers in
 * /lib/modules/fb/ (see the Makefile); this program loads them when
 * there is no /dev/fb0 yet.  Without them Linux has no framebuffer and
 * the program skips; cachet always has one.  mmap of /dev/fb0 is a later
 * program.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include "../user/ut.h"
#include "../../../../include/uapi/linux/fb.h"

#define FB_DEV		"/dev/fb0"
#define FB_SYS		"/sys/class/graphics/fb0/"
#define MODULE_DIR	"/lib/modules/fb/"
/* bochs-drm and what it needs, in load order */
static const char *const fb_modules[] = {
	"drm", "drm_kms_helper", "ttm", "drm_ttm_helper", "drm_vram_helper",
	"bochs",
};

/* Linux without a framebuffer yet: load bochs-drm from the image */
static void load_fb_driver(void)
{
	char path[128];
	unsigned int i, tries;
	struct stat st;

	if (!stat(FB_DEV, &st) || stat("/proc/modules", &st))
		return;
	for (i = 0; i < UT_ARRAY_SIZE(fb_modules); i++) {
		int fd;

		snprintf(path, sizeof(path), MODULE_DIR "%s.ko", fb_modules[i]);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			return;
		if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)
			ksft_print_msg("finit_module(%s): %s\n", path,
				       strerror(errno));
		close(fd);
	}
	/* devtmpfs creates the node from a work item */
	for (tries = 0; tries < 50 && stat(FB_DEV, &st); tries++)
		usleep(100000);
}

static int fb_fd = -1;
static struct fb_fix_screeninfo fix0;
static struct fb_var_screeninfo var0;

/* open /dev/fb0 and read the state every case starts from */
static int fb_setup(void)
{
	struct stat st;

	if (fb_fd >= 0)
		return 0;
	if (stat(FB_DEV, &st)) {
		/* only a kernel with modules may lack the driver */
		if (!stat("/proc/modules", &st))
			UT_SKIP("no %s (no bochs-drm in the image)", FB_DEV);
		UT_EXPECT(0, "no %s", FB_DEV);
		return KSFT_FAIL;
	}
	fb_fd = open(FB_DEV, O_RDWR);
	UT_EXPECT(fb_fd >= 0, "open: %s", strerror(errno));
	UT_OK(ioctl(fb_fd, FBIOGET_FSCREENINFO, &fix0));
	UT_OK(ioctl(fb_fd, FBIOGET_VSCREENINFO, &var0));
	return fb_fd < 0 ? KSFT_FAIL : 0;
}

#define FB_SETUP()					\
	do {						\
		int __rc = fb_setup();			\
		if (__rc)				\
			return __rc;			\
	} while (0)

static int node(void)
{
	struct stat st;

	FB_SETUP();
	UT_OK(stat(FB_DEV, &st));
	UT_EXPECT(S_ISCHR(st.st_mode), "not a character device");
	UT_EQ(major(st.st_rdev), 29);
	UT_EQ(minor(st.st_rdev), 0);
	UT_EQ(st.st_mode & 07777, 0600);
	return UT_DONE;
}

/* the bytes of the VGA's BAR 0, from sysfs: [start, end] */
static int vga_bar0(uint64_t *start, uint64_t *end)
{
	FILE *f = fopen("/sys/bus/pci/devices/0000:00:01.0/resource", "r");
	unsigned long s, e, fl;
	int ok;

	if (!f)
		return 0;
	ok = fscanf(f, "0x%lx 0x%lx 0x%lx", &s, &e, &fl) == 3;
	fclose(f);
	*start = s;
	*end = e;
	return ok;
}

static int fix_screeninfo(void)
{
	uint64_t start = 0, end = 0;

	FB_SETUP();
	UT_EXPECT(!strncmp(fix0.id, "bochs-drmdrmfb", sizeof(fix0.id)),
		  "id %.16s", fix0.id);
	UT_EQ(fix0.type, FB_TYPE_PACKED_PIXELS);
	UT_EQ(fix0.visual, FB_VISUAL_TRUECOLOR);
	UT_EQ(fix0.xpanstep, 1);
	UT_EQ(fix0.ypanstep, 1);
	UT_EQ(fix0.ywrapstep, 0);
	UT_EQ(fix0.line_length, var0.xres_virtual * 4);
	UT_EQ(fix0.smem_len, fix0.line_length * var0.yres_virtual);
	UT_EQ(fix0.mmio_start, 0);
	UT_EQ(fix0.mmio_len, 0);
	UT_EQ(fix0.accel, FB_ACCEL_NONE);
	/*
	 * Linux's DRM hides the physical address (0) unless built with
	 * DRM_FBDEV_LEAK_PHYS_SMEM; cachet gives it, as plain fbdev
	 * drivers do: the start of the VGA's BAR 0.
	 */
	UT_EXPECT(vga_bar0(&start, &end), "no VGA at 0000:00:01.0");
	UT_EXPECT(fix0.smem_start == 0 || fix0.smem_start == start,
		  "smem_start %#lx, BAR 0 at %#llx", fix0.smem_start,
		  (unsigned long long)start);
	UT_EXPECT(fix0.smem_len <= end - start + 1, "smem_len past BAR 0");
	return UT_DONE;
}

static int var_screeninfo(void)
{
	FB_SETUP();
	UT_EQ(var0.bits_per_pixel, 32);
	UT_EQ(var0.xres_virtual, var0.xres);
	UT_EQ(var0.yres_virtual, var0.yres);
	UT_EXPECT(var0.xres >= 640 && var0.yres >= 480, "%ux%u", var0.xres,
		  var0.yres);
	UT_EQ(var0.xoffset | var0.yoffset, 0);
	UT_EQ(var0.red.offset, 16);
	UT_EQ(var0.green.offset, 8);
	UT_EQ(var0.blue.offset, 0);
	UT_EQ(var0.red.length | var0.green.length | var0.blue.length, 8);
	UT_EQ(var0.transp.length, 0);
	UT_EQ(var0.grayscale, 0);
	UT_EQ(var0.nonstd, 0);
	UT_EQ(var0.pixclock, 0);
	UT_EQ(var0.accel_flags, FB_ACCELF_TEXT);
	return UT_DONE;
}

static int var_unchanged(void)
{
	struct fb_var_screeninfo now;

	UT_OK(ioctl(fb_fd, FBIOGET_VSCREENINFO, &now));
	return !memcmp(&now, &var0, sizeof(now));
}

static int put_var(void)
{
	struct fb_var_screeninfo v;

	FB_SETUP();
	/* the current var back: accepted as is */
	v = var0;
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_EXPECT(!memcmp(&v, &var0, sizeof(v)), "var rewritten");
	UT_EXPECT(var_unchanged(), "var changed");
	/* larger than the mode set: EINVAL, nothing changes */
	v = var0;
	v.xres = v.xres_virtual = var0.xres + 8;
	UT_ERRNO(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v), EINVAL);
	v = var0;
	v.yres_virtual = var0.yres * 2;
	UT_ERRNO(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v), EINVAL);
	v = var0;
	v.bits_per_pixel = 64;
	UT_ERRNO(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v), EINVAL);
	/* another pixel format: refused */
	v = var0;
	v.red.offset = 0;
	v.blue.offset = 16;
	UT_ERRNO(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v), EINVAL);
	UT_EXPECT(var_unchanged(), "a refused var changed the state");
	/* fewer bits per pixel: rounded up to 32 */
	v = var0;
	v.bits_per_pixel = 16;
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_EQ(v.bits_per_pixel, 32);
	/* an unset pixel format is filled in (SDL 1.2) */
	v = var0;
	memset(&v.red, 0, 4 * sizeof(v.red));
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_EQ(v.red.offset, 16);
	UT_EXPECT(var_unchanged(), "filling the format changed the state");
	/* only testing a var changes nothing */
	v = var0;
	v.xres = 640;
	v.yres = 480;
	v.activate = FB_ACTIVATE_TEST;
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_EXPECT(var_unchanged(), "FB_ACTIVATE_TEST changed the state");
	/* a smaller visible size is recorded (the mode stays) */
	v.activate = FB_ACTIVATE_NOW;
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_OK(ioctl(fb_fd, FBIOGET_VSCREENINFO, &v));
	UT_EQ(v.xres, 640);
	UT_EQ(v.yres, 480);
	UT_EQ(v.xres_virtual, var0.xres_virtual);
	/* the virtual size is the mode's, whatever was asked */
	v.xres_virtual = 320;
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_EQ(v.xres_virtual, var0.xres_virtual);
	UT_EQ(v.yres_virtual, var0.yres_virtual);
	v = var0;
	UT_OK(ioctl(fb_fd, FBIOPUT_VSCREENINFO, &v));
	UT_EXPECT(var_unchanged(), "the original var did not come back");
	UT_ERRNO(ioctl(fb_fd, FBIOPUT_VSCREENINFO, NULL), EFAULT);
	return UT_DONE;
}

static int pan_display(void)
{
	struct fb_var_screeninfo v;

	FB_SETUP();
	v = var0;
	UT_OK(ioctl(fb_fd, FBIOPAN_DISPLAY, &v));
	/* one visible screen: no room to pan into */
	v.yoffset = 1;
	UT_ERRNO(ioctl(fb_fd, FBIOPAN_DISPLAY, &v), EINVAL);
	v = var0;
	v.xoffset = 1;
	UT_ERRNO(ioctl(fb_fd, FBIOPAN_DISPLAY, &v), EINVAL);
	UT_EXPECT(var_unchanged(), "a refused pan changed the state");
	return UT_DONE;
}

static int other_ioctls(void)
{
	int x = 0;

	FB_SETUP();
	UT_ERRNO(ioctl(fb_fd, 0x4699, &x), ENOTTY);
	UT_ERRNO(ioctl(fb_fd, FBIOGET_FSCREENINFO, NULL), EFAULT);
	UT_ERRNO(ioctl(fb_fd, FBIOGET_VSCREENINFO, (void *)8), EFAULT);
	return UT_DONE;
}

static int read_write(void)
{
	static unsigned char pat[8192], old[8192], got[8192];
	unsigned long end, row;
	unsigned int i;

	FB_SETUP();
	end = fix0.smem_len;
	row = 100UL * fix0.line_length;
	for (i = 0; i < sizeof(pat); i++)
		pat[i] = (unsigned char)(i * 7 + 3);
	UT_EQ(pread(fb_fd, old, sizeof(old), row), sizeof(old));
	UT_EQ(pwrite(fb_fd, pat, sizeof(pat), row), sizeof(pat));
	UT_EQ(pread(fb_fd, got, sizeof(got), row), sizeof(got));
	UT_EXPECT(!memcmp(got, pat, sizeof(pat)), "the frame buffer lost it");
	UT_EQ(pwrite(fb_fd, old, sizeof(old), row), sizeof(old));
	/* the file position moves */
	UT_EQ(lseek(fb_fd, row, SEEK_SET), row);
	UT_EQ(read(fb_fd, got, 16), 16);
	UT_EQ(lseek(fb_fd, 0, SEEK_CUR), row + 16);
	/* the end of the frame buffer */
	UT_EQ(pread(fb_fd, got, 16, end), 0);
	UT_EQ(pread(fb_fd, got, 16, end + 4096), 0);
	UT_EQ(pread(fb_fd, got, 16, end - 8), 8);
	UT_EQ(pwrite(fb_fd, got, 8, end - 8), 8);
	UT_EQ(pwrite(fb_fd, got, 16, end - 8), 8);
	UT_ERRNO(pwrite(fb_fd, got, 16, end), ENOSPC);
	UT_ERRNO(pwrite(fb_fd, got, 16, end + 8), EFBIG);
	UT_ERRNO(pread(fb_fd, got, 16, -1), EINVAL);
	UT_ERRNO(pread(fb_fd, NULL, 16, 0), EFAULT);
	UT_ERRNO(pwrite(fb_fd, NULL, 16, 0), EFAULT);
	/* a character device: SEEK_END counts from 0 */
	UT_EQ(lseek(fb_fd, 0, SEEK_END), 0);
	return UT_DONE;
}

/* line @n (from 1) of /sys/class/graphics/fb0/@name, without its newline */
static int read_sys_line(const char *name, int n, char *buf, size_t size)
{
	char path[128];
	FILE *f;
	int ok = 0;

	snprintf(path, sizeof(path), FB_SYS "%s", name);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (n-- > 0 && (ok = fgets(buf, size, f) != NULL))
		;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

static int read_sys(const char *name, char *buf, size_t size)
{
	return read_sys_line(name, 1, buf, size);
}

static int sysfs_files(void)
{
	char buf[64], want[64];

	FB_SETUP();
	UT_EXPECT(read_sys("name", buf, sizeof(buf)) &&
		  !strncmp(buf, fix0.id, sizeof(fix0.id)), "name %s", buf);
	UT_EXPECT(read_sys("bits_per_pixel", buf, sizeof(buf)) &&
		  !strcmp(buf, "32"), "bits_per_pixel %s", buf);
	snprintf(want, sizeof(want), "%u,%u", var0.xres_virtual,
		 var0.yres_virtual);
	UT_EXPECT(read_sys("virtual_size", buf, sizeof(buf)) &&
		  !strcmp(buf, want), "virtual_size %s, want %s", buf, want);
	snprintf(want, sizeof(want), "%u", fix0.line_length);
	UT_EXPECT(read_sys("stride", buf, sizeof(buf)) && !strcmp(buf, want),
		  "stride %s, want %s", buf, want);
	/* every mode set so far, newest first: put_var's, then the boot's */
	UT_EXPECT(read_sys("modes", buf, sizeof(buf)) &&
		  !strcmp(buf, "U:640x480p-0"), "modes %s, want U:640x480p-0",
		  buf);
	snprintf(want, sizeof(want), "U:%ux%up-0", var0.xres, var0.yres);
	UT_EXPECT(read_sys_line("modes", 2, buf, sizeof(buf)) &&
		  !strcmp(buf, want), "modes line 2 %s, want %s", buf, want);
	UT_EXPECT(read_sys("pan", buf, sizeof(buf)) && !strcmp(buf, "0,0"),
		  "pan %s", buf);
	UT_EXPECT(read_sys("state", buf, sizeof(buf)) && !strcmp(buf, "0"),
		  "state %s", buf);
	return UT_DONE;
}

int main(void)
{
	static const struct ut_case cases[] = {
		UT_CASE(node),
		UT_CASE(fix_screeninfo),
		UT_CASE(var_screeninfo),
		UT_CASE(put_var),
		UT_CASE(pan_display),
		UT_CASE(other_ioctls),
		UT_CASE(read_write),
		UT_CASE(sysfs_files),
	};

	load_fb_driver();
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
