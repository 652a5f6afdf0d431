// SPDX-License-Identifier: GPL-2.0
/* Host helpers for test_cpio.c: see cpio_host.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cpio_host.h"

static void cpio_grow(struct cpio_buf *b, size_t n)
{
	if (b->len + n <= b->cap)
		return;
	b->cap = (b->len + n) * 2 + 64;
	b->p = realloc(b->p, b->cap);
	if (!b->p)
		abort();
}

static void cpio_append(struct cpio_buf *b, const void *p, size_t n)
{
	cpio_grow(b, n);
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

void cpio_put_zeros(struct cpio_buf *b, size_t n)
{
	cpio_grow(b, n);
	memset(b->p + b->len, 0, n);
	b->len += n;
}

static void cpio_pad4(struct cpio_buf *b)
{
	cpio_put_zeros(b, (4 - b->len % 4) % 4);
}

void cpio_put(struct cpio_buf *b, const struct cpio_spec *s)
{
	size_t namesize = s->namesize >= 0 ? (size_t)s->namesize :
			  strlen(s->name) + 1;
	char h[160];

	snprintf(h, sizeof(h),
		 "%.6s%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 s->magic ? s->magic : "070701", s->ino, s->mode, s->uid,
		 s->gid, s->nlink, s->mtime, (unsigned int)s->size, s->devmajor,
		 s->devminor, s->rdevmajor, s->rdevminor, (unsigned int)namesize, s->check);
	cpio_append(b, h, 110);
	/* the name as given, padded or cut to namesize */
	if (namesize <= strlen(s->name) + 1) {
		cpio_append(b, s->name, namesize);
	} else {
		cpio_append(b, s->name, strlen(s->name) + 1);
		cpio_put_zeros(b, namesize - strlen(s->name) - 1);
	}
	cpio_pad4(b);
	if (s->size)
		cpio_append(b, s->data, s->size);
	cpio_pad4(b);
}

void cpio_put_trailer(struct cpio_buf *b)
{
	struct cpio_spec t = { .name = "TRAILER!!!", .nlink = 1,
			       .namesize = -1 };

	cpio_put(b, &t);
}

void cpio_buf_free(struct cpio_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

unsigned char *cpio_exact_copy(const void *p, size_t n)
{
	unsigned char *c = malloc(n ? n : 1);

	if (!c)
		abort();
	if (n)
		memcpy(c, p, n);
	return c;
}

int cpio_collect(const struct initramfs_entry *e, void *arg)
{
	struct cpio_recs *rs = arg;
	struct cpio_rec *r;

	if (rs->n >= sizeof(rs->r) / sizeof(rs->r[0]))
		return -ENOSPC;	/* the test's own table is full */
	r = &rs->r[rs->n++];
	r->e = *e;
	snprintf(r->name, sizeof(r->name), "%s", e->name);
	snprintf(r->link, sizeof(r->link), "%s", e->link ? e->link : "");
	return 0;
}

int cpio_nop(const struct initramfs_entry *e, void *arg)
{
	return 0;
}

const struct cpio_rec *cpio_find(const struct cpio_recs *rs, const char *name)
{
	unsigned int i;

	for (i = 0; i < rs->n; i++)
		if (!strcmp(rs->r[i].name, name))
			return &rs->r[i];
	return NULL;
}

int cpio_run(const char *cmd, struct cpio_buf *b)
{
	char chunk[65536];
	FILE *f = popen(cmd, "r");
	size_t n;
	int st;

	if (!f)
		return -1;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		cpio_append(b, chunk, n);
	st = pclose(f);
	if (st < 0 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}
