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
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/inflate.h>
#include <linux/initramfs.h>
#include <linux/initramfs_unpack.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/namei.h>
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

/* the first pass: only check the archive */
static int check_entry(const struct initramfs_entry *e, void *arg)
{
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

/* one pass over the archive with @actor; 0 or -errno with *@reason */
static int parse_image(const void *buf, size_t len, initramfs_actor_t actor,
		       void *arg, const char **reason)
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
	ret = initramfs_parse(buf, len, &links, actor, arg, &err);
	kfree(links.slot);
	if (ret)
		*reason = err.reason;
	return ret;
}

/* check the whole image, then create its members and date its directories */
static int unpack_image(const void *buf, size_t len,
			struct initramfs_unpack *u, const char **reason)
{
	int err = parse_image(buf, len, check_entry, NULL, reason);

	if (!err)
		err = parse_image(buf, len, initramfs_unpack_entry, u, reason);
	if (!err)
		err = parse_image(buf, len, initramfs_dir_times, NULL, reason);
	return err;
}

/* is the rdinit= program there, and could it be executed? */
static bool report_rdinit(void)
{
	struct path p;
	struct inode *inode;
	int err = kern_path(rdinit, LOOKUP_FOLLOW, &p);

	if (err) {
		pr_info("initramfs: %s not found (error %d)\n", rdinit, err);
		return false;
	}
	inode = p.dentry->d_inode;
	err = S_ISREG(inode->i_mode) ? inode_permission(inode, MAY_EXEC) :
				       -EACCES;
	if (err)
		pr_info("initramfs: %s found, not executable (error %d)\n",
			rdinit, err);
	else
		pr_info("initramfs: %s found, executable (%lld bytes)\n",
			rdinit, inode->i_size);
	path_put(&p);
	return !err;
}

/**
 * populate_rootfs() - unpack the initramfs QEMU handed over, if any
 *
 * Linux's "Trying to unpack rootfs image as initramfs..." and, for a bad
 * image, "Initramfs unpacking failed: <reason>"; then what was created
 * in the root, and whether the rdinit= program is there.  The root file
 * system must be mounted (vfs_caches_init()).
 *
 * Returns the rdinit= program's path when it is there to be run, else
 * NULL (no image, a bad one, or no such program: Linux then looks for
 * init elsewhere).
 */
const char *populate_rootfs(void)
{
	const u8 *image = __va(boot_params.initrd_paddr);
	size_t len = boot_params.initrd_size;
	struct initramfs_unpack u = { 0 };
	const char *reason = "";
	void *unpacked = NULL;
	ssize_t n = len;
	int err;

	if (!boot_params.initrd_paddr) {
		pr_info("initramfs: none (no -initrd): starting the built-in shell\n");
		return NULL;
	}
	pr_info("Trying to unpack rootfs image as initramfs...\n");
	if (len >= 2 && image[0] == 0x1f && image[1] == 0x8b) {
		n = gunzip_image(image, len, &unpacked, &reason);
		image = unpacked;
	}
	err = n < 0 ? n : unpack_image(image, n, &u, &reason);
	vfree(unpacked);
	if (err) {
		pr_err("Initramfs unpacking failed: %s\n", reason);
		return NULL;
	}
	pr_info("initramfs: %u entries: %u directories, %u files (%zu bytes), %u symlinks, %u device nodes, %u other\n",
		u.entries, u.dirs, u.files, u.file_bytes, u.symlinks, u.nodes,
		u.other);
	if (u.failed)
		pr_err("initramfs: %u entries could not be created\n",
		       u.failed);
	return report_rdinit() ? rdinit : NULL;
}
