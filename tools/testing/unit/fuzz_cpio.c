// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for init/initramfs_parse.c.  The input is copied into a
 * buffer of exactly its size (ASan reports any read past it), parsed with
 * a small link table, and every entry handed over must keep the reader's
 * promises: pointers inside the buffer, a NUL-terminated relative name
 * without ".." components, data only on regular files and symlinks, links
 * only on multiply-linked regular files that name an earlier entry.  A
 * refusal must come with a reason and an offset inside the buffer.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/errno.h>
#include <linux/initramfs.h>

struct fuzz_state {
	const unsigned char *buf;
	size_t len;
	unsigned int entries;
};

static void fuzz_check_name(const struct initramfs_entry *e)
{
	const char *c = e->name;

	if (strlen(e->name) != e->name_len || e->name[0] == '/')
		abort();
	for (;;) {
		if (c[0] == '.' && c[1] == '.' && (c[2] == '/' || !c[2]))
			abort();
		c = strchr(c, '/');
		if (!c)
			break;
		c++;
	}
}

static int fuzz_actor(const struct initramfs_entry *e, void *arg)
{
	struct fuzz_state *s = arg;
	const unsigned char *name = (const unsigned char *)e->name;
	const unsigned char *data = e->data;
	unsigned int type = e->mode & INITRAMFS_S_IFMT;

	if (name < s->buf || name + e->name_len >= s->buf + s->len)
		abort();
	fuzz_check_name(e);
	if (e->size && (data < s->buf || e->size > s->len ||
			data + e->size > s->buf + s->len))
		abort();
	if (e->size && type != INITRAMFS_S_IFREG && type != INITRAMFS_S_IFLNK)
		abort();
	if (e->offset % 4 || e->offset >= s->len)
		abort();
	if (e->link && (type != INITRAMFS_S_IFREG || e->nlink < 2 ||
			(const unsigned char *)e->link < s->buf ||
			(const unsigned char *)e->link >= name))
		abort();
	s->entries++;
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1);
	struct initramfs_link slot[4];
	struct initramfs_links links = { slot, 4, 0 };
	struct initramfs_error err = { 0, NULL, 0 };
	struct fuzz_state s = { copy, size, 0 };
	int ret;

	if (!copy)
		return 0;
	if (size)
		memcpy(copy, data, size);
	ret = initramfs_parse(copy, size, &links, fuzz_actor, &s, &err);
	if (ret > 0)
		abort();
	if (ret < 0 && (err.err != ret || !err.reason || err.offset > size))
		abort();
	if (ret < 0 && ret != -EINVAL && ret != -ENAMETOOLONG &&
	    ret != -ENOSPC)
		abort();
	/* the input is never written */
	if (size && memcmp(copy, data, size))
		abort();
	free(copy);
	return 0;
}
