/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The initramfs archive format: cpio "newc" (magic 070701) and its
 * checksummed variant "crc" (070702), several archives possibly
 * concatenated, as Linux unpacks them at boot.  The rules accepted and
 * refused are in Documentation/filesystems/initramfs.rst.
 *
 * initramfs_parse() only reads: it hands each entry to a caller's actor
 * with pointers into the caller's buffer, and allocates, prints and
 * writes nothing but the caller's link table and error record.
 */
#ifndef _CACHET_LINUX_INITRAMFS_H
#define _CACHET_LINUX_INITRAMFS_H

#include <linux/types.h>

/* the file type bits of a cpio mode: Linux's S_IFMT values */
#define INITRAMFS_S_IFMT	0170000
#define INITRAMFS_S_IFSOCK	0140000
#define INITRAMFS_S_IFLNK	0120000
#define INITRAMFS_S_IFREG	0100000
#define INITRAMFS_S_IFBLK	0060000
#define INITRAMFS_S_IFDIR	0040000
#define INITRAMFS_S_IFCHR	0020000
#define INITRAMFS_S_IFIFO	0010000

/* Linux's limit on a name and on a symlink target, NUL included */
#define INITRAMFS_PATH_MAX	4096

/**
 * struct initramfs_entry - one member of an archive, as the actor sees it
 * @mode: type (INITRAMFS_S_IF*) and permission bits, as archived
 * @uid: owner
 * @gid: group
 * @mtime: modification time, seconds since the epoch
 * @nlink: link count, as archived
 * @ino: inode number, as archived (only hard links give it a meaning)
 * @dev_major: major of the device the file was on (part of the link key)
 * @dev_minor: minor of that device
 * @rdev_major: for a character or block device node, its major
 * @rdev_minor: and its minor
 * @name: path from the root, with any leading "/" and "./" removed, so
 *	"" is the root itself; NUL-terminated, no ".." component
 * @name_len: strlen(@name)
 * @data: a regular file's contents or a symlink's target (not
 *	NUL-terminated); NULL when @size is 0
 * @size: bytes at @data
 * @link: for a regular file with @nlink >= 2 whose inode an earlier entry
 *	of the same archive created, that entry's @name: make this entry a
 *	hard link to it and write @data into the shared file without
 *	truncating it (Linux's rule).  NULL otherwise, or when the caller
 *	passed no link table
 * @offset: byte offset of the entry's header in the buffer
 * @archive: which of the concatenated archives holds it, from 0
 */
struct initramfs_entry {
	u32 mode;
	u32 uid;
	u32 gid;
	u32 mtime;
	u32 nlink;
	u32 ino;
	u32 dev_major;
	u32 dev_minor;
	u32 rdev_major;
	u32 rdev_minor;
	const char *name;
	size_t name_len;
	const void *data;
	size_t size;
	const char *link;
	size_t offset;
	unsigned int archive;
};

/* a regular file seen with nlink >= 2: the key Linux's find_link() uses */
struct initramfs_link {
	u32 ino;
	u32 dev_major;
	u32 dev_minor;
	const char *name;
};

/**
 * struct initramfs_links - caller-provided storage for hard-link lookup
 * @slot: an array of @max entries
 * @max: its size; an archive with more multiply-linked regular files than
 *	this fails with -ENOSPC
 * @nr: slots in use; the parser empties the table at each trailer
 */
struct initramfs_links {
	struct initramfs_link *slot;
	unsigned int max;
	unsigned int nr;
};

/**
 * struct initramfs_error - why and where initramfs_parse() stopped
 * @err: the negative errno it returned
 * @reason: a constant English sentence fragment, e.g. "bad magic"
 * @offset: byte offset in the buffer of the offending field or byte
 */
struct initramfs_error {
	int err;
	const char *reason;
	size_t offset;
};

typedef int (*initramfs_actor_t)(const struct initramfs_entry *e, void *arg);

int initramfs_parse(const void *buf, size_t len,
		    struct initramfs_links *links, initramfs_actor_t actor,
		    void *arg, struct initramfs_error *error);

/* the boot's reader of the -initrd image (init/initramfs.c) */
const char *populate_rootfs(void);
/* init/init_process.c: pid 1 runs init; returns only if none ran */
void run_init(const char *rdinit);

#endif /* _CACHET_LINUX_INITRAMFS_H */
