// SPDX-License-Identifier: GPL-2.0
/*
 * The initramfs at boot: find what QEMU's -initrd handed over, gunzip it
 * if it is compressed, and read every member with initramfs_parse(),
 * with Linux's messages.  There is no RAM file system to unpack into yet
 * (Documentation/userspace/plan.rst), so the members are checked and
 * counted, the rdinit= program is looked for, and the boot goes on to the
 * built-in shell, saying so.  A bad image is reported and changes
 * nothing else.
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/inflate.h>
#include <linux/initramfs.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/bootparam.h>
#include <asm/page.h>

/* an ISIZE above this is taken for garbage, not a size to allocate */
#define INITRAMFS_MAX_UNPACKED	(256UL << 20)
#define INITRAMFS_MAX_LINKS	1024

static char rdinit[INITRAMFS_PATH_MAX] = "/init";

static int __init_param parse_rdinit(char *val)
{
	if (!val || val[0] != '/' || strlen(val) >= sizeof(rdinit))
		return -EINVAL;
	memcpy(rdinit, val, strlen(val) + 1);
	return 0;
}
core_param("rdinit", parse_rdinit);

struct initramfs_count {
	unsigned int entries, dirs, files, symlinks, nodes, other;
	size_t file_bytes;
	bool has_rdinit;
};

static int count_entry(const struct initramfs_entry *e, void *arg)
{
	struct initramfs_count *c = arg;

	c->entries++;
	switch (e->mode & INITRAMFS_S_IFMT) {
	case INITRAMFS_S_IFDIR:
		c->dirs++;
		break;
	case INITRAMFS_S_IFREG:
		c->files++;
		c->file_bytes += e->size;
		break;
	case INITRAMFS_S_IFLNK:
		c->symlinks++;
		break;
	case INITRAMFS_S_IFCHR:
	case INITRAMFS_S_IFBLK:
		c->nodes++;
		break;
	default:
		c->other++;
	}
	/* names come without the leading "/" */
	if (!strcmp(e->name, rdinit + 1))
		c->has_rdinit = true;
	return 0;
}

/* the size gzip records for its last member: the last four bytes */
static size_t gzip_isize(const u8 *p, size_t len)
{
	return len < 18 ? 0 : p[len - 4] | p[len - 3] << 8 |
			      p[len - 2] << 16 | (u32)p[len - 1] << 24;
}

/* a gzip image into a vmalloc()ed buffer: its length, or an error */
static ssize_t gunzip_image(const u8 *in, size_t len, void **out,
			    const char **reason)
{
	size_t size = gzip_isize(in, len), used;
	struct inflate_state *st;
	ssize_t n;

	if (!size || size > INITRAMFS_MAX_UNPACKED) {
		*reason = "gzip size field out of range";
		return -EINVAL;
	}
	st = kmalloc(sizeof(*st), GFP_KERNEL);
	*out = vmalloc(size);
	if (!st || !*out) {
		kfree(st);
		vfree(*out);
		*reason = "no memory for the unpacked image";
		return -ENOMEM;
	}
	n = gunzip_buf(st, in, len, &used, *out, size, reason);
	kfree(st);
	if (n < 0) {
		vfree(*out);
		*out = NULL;
	}
	return n;
}

static int parse_image(const void *buf, size_t len, struct initramfs_count *c,
		       const char **reason)
{
	struct initramfs_links links = { .max = INITRAMFS_MAX_LINKS };
	struct initramfs_error err = { 0 };
	int ret;

	links.slot = kmalloc(INITRAMFS_MAX_LINKS * sizeof(*links.slot),
			     GFP_KERNEL);
	if (!links.slot) {
		*reason = "no memory for the hard-link table";
		return -ENOMEM;
	}
	ret = initramfs_parse(buf, len, &links, count_entry, c, &err);
	kfree(links.slot);
	if (ret)
		*reason = err.reason;
	return ret;
}

/**
 * populate_rootfs() - read the initramfs QEMU handed over, if any
 *
 * Linux's "Trying to unpack rootfs image as initramfs..." and, for a bad
 * image, "Initramfs unpacking failed: <reason>"; then what it holds and
 * whether the rdinit= program is there.
 */
void populate_rootfs(void)
{
	const u8 *image = __va(boot_params.initrd_paddr);
	size_t len = boot_params.initrd_size;
	struct initramfs_count c = { 0 };
	const char *reason = "";
	void *unpacked = NULL;
	ssize_t n = len;
	int err;

	if (!boot_params.initrd_paddr) {
		pr_info("initramfs: none (no -initrd): starting the built-in shell\n");
		return;
	}
	pr_info("Trying to unpack rootfs image as initramfs...\n");
	if (len >= 2 && image[0] == 0x1f && image[1] == 0x8b) {
		n = gunzip_image(image, len, &unpacked, &reason);
		image = unpacked;
	}
	err = n < 0 ? n : parse_image(image, n, &c, &reason);
	vfree(unpacked);
	if (err) {
		pr_err("Initramfs unpacking failed: %s\n", reason);
		return;
	}
	pr_info("initramfs: %u entries: %u directories, %u files (%zu bytes), %u symlinks, %u device nodes, %u other\n",
		c.entries, c.dirs, c.files, c.file_bytes, c.symlinks, c.nodes,
		c.other);
	pr_info("initramfs: %s %s; no user space yet: starting the built-in shell\n",
		rdinit, c.has_rdinit ? "found" : "not found");
}
