/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host helpers for the cpio tests: an archive writer of their own (so the
 * parser is checked against an independent encoder), an actor that copies
 * each entry out, and running host tools into a buffer.
 */
#ifndef _CPIO_HOST_H
#define _CPIO_HOST_H

#include <stddef.h>
#include <linux/initramfs.h>

struct cpio_buf {
	unsigned char *p;
	size_t len, cap;
};

/* one header's fields; name and data as they go in the archive */
struct cpio_spec {
	const char *magic;		/* NULL: "070701" */
	unsigned int ino, mode, uid, gid, nlink, mtime;
	unsigned int devmajor, devminor, rdevmajor, rdevminor;
	const char *name;
	const void *data;
	size_t size;
	unsigned int check;
	long namesize;			/* -1: strlen(name) + 1 */
};

void cpio_put(struct cpio_buf *b, const struct cpio_spec *s);
void cpio_put_trailer(struct cpio_buf *b);
void cpio_put_zeros(struct cpio_buf *b, size_t n);
void cpio_buf_free(struct cpio_buf *b);
/* a malloc'd copy of exactly @n bytes, so ASan sees any read past it */
unsigned char *cpio_exact_copy(const void *p, size_t n);

/* what the collecting actor keeps of an entry */
struct cpio_rec {
	struct initramfs_entry e;	/* pointers into the parsed buffer */
	char name[256];
	char link[256];
};

struct cpio_recs {
	struct cpio_rec r[512];
	unsigned int n;
};

int cpio_collect(const struct initramfs_entry *e, void *arg);
int cpio_nop(const struct initramfs_entry *e, void *arg);
/* the record named @name, or NULL */
const struct cpio_rec *cpio_find(const struct cpio_recs *rs, const char *name);

/* stdout of "sh -c @cmd" into @b; the exit status, -1 if it did not run */
int cpio_run(const char *cmd, struct cpio_buf *b);

#endif /* _CPIO_HOST_H */
