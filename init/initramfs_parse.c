// SPDX-License-Identifier: GPL-2.0
/*
 * A reader of the initramfs format: cpio "newc" (070701) and "crc"
 * (070702) archives, concatenated with NUL padding between them, as
 * Linux's init/initramfs.c accepts them (facts from cpio(5) and Linux's
 * Documentation/driver-api/early-userspace/buffer-format.rst).
 *
 * Each entry is a 110-byte header of a 6-byte magic and 13 fields of 8
 * hex digits, the NUL-terminated name padded so that header plus name is
 * a multiple of 4, then the data padded to 4.  The name "TRAILER!!!" ends
 * an archive.  Headers sit at 4-byte offsets from the start of the buffer.
 *
 * Pure: the caller's buffer is only read, every length is checked against
 * what is left before it is used, and the result is a call per entry with
 * pointers into the buffer.  Linux skips what it cannot use; this reader
 * refuses it, with a reason and an offset, so that a bad image is found
 * at build or boot time rather than as a missing file later.  The rules
 * are listed in Documentation/filesystems/initramfs.rst.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/initramfs.h>

#define CPIO_HDR_LEN	110
#define CPIO_MAGIC_LEN	6
#define CPIO_FIELD_LEN	8

/* the header's fields after the magic, in archive order */
enum cpio_field {
	F_INO, F_MODE, F_UID, F_GID, F_NLINK, F_MTIME, F_FILESIZE,
	F_DEVMAJOR, F_DEVMINOR, F_RDEVMAJOR, F_RDEVMINOR, F_NAMESIZE,
	F_CHECK, NR_CPIO_FIELDS
};

BUILD_BUG_ON(CPIO_MAGIC_LEN + NR_CPIO_FIELDS * CPIO_FIELD_LEN !=
	     CPIO_HDR_LEN);

struct cpio_reader {
	const u8 *buf;
	size_t len;
	size_t pos;		/* next header, or padding between archives */
	unsigned int archive;
	struct initramfs_links *links;
	struct initramfs_error *error;
};

static int cpio_fail(struct cpio_reader *r, int err, const char *reason,
		     size_t offset)
{
	if (r->error) {
		r->error->err = err;
		r->error->reason = reason;
		r->error->offset = offset;
	}
	return err;
}

static bool cpio_same(const u8 *p, const char *s, size_t n)
{
	while (n--)
		if (*p++ != (u8)*s++)
			return false;
	return true;
}

static size_t cpio_align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

/* 8 hex digits, either case, nothing else: Linux's simple_strtoul() would
 * stop at the first other character and take a shorter number */
static bool cpio_hex(const u8 *p, u32 *val)
{
	u32 v = 0;
	int i, d;

	for (i = 0; i < CPIO_FIELD_LEN; i++) {
		if (p[i] >= '0' && p[i] <= '9')
			d = p[i] - '0';
		else if (p[i] >= 'a' && p[i] <= 'f')
			d = p[i] - 'a' + 10;
		else if (p[i] >= 'A' && p[i] <= 'F')
			d = p[i] - 'A' + 10;
		else
			return false;
		v = v << 4 | d;
	}
	*val = v;
	return true;
}

/* the magic and the 13 fields of the header at @start; sets *crc for 070702 */
static int cpio_header(struct cpio_reader *r, size_t start,
		       u32 f[NR_CPIO_FIELDS], bool *crc)
{
	const u8 *h = r->buf + start;
	int i;

	if (r->len - start < CPIO_HDR_LEN)
		return cpio_fail(r, -EINVAL, "header runs past the end", start);
	if (cpio_same(h, "070707", CPIO_MAGIC_LEN))
		return cpio_fail(r, -EINVAL,
				 "old portable (odc) cpio format, not newc",
				 start);
	if (cpio_same(h, "070701", CPIO_MAGIC_LEN))
		*crc = false;
	else if (cpio_same(h, "070702", CPIO_MAGIC_LEN))
		*crc = true;
	else
		return cpio_fail(r, -EINVAL, "bad magic", start);
	for (i = 0; i < NR_CPIO_FIELDS; i++) {
		size_t at = CPIO_MAGIC_LEN + i * CPIO_FIELD_LEN;

		if (!cpio_hex(h + at, &f[i]))
			return cpio_fail(r, -EINVAL,
					 "header field is not 8 hex digits",
					 start + at);
	}
	return 0;
}

static bool cpio_known_type(u32 mode)
{
	switch (mode & INITRAMFS_S_IFMT) {
	case INITRAMFS_S_IFREG:
	case INITRAMFS_S_IFDIR:
	case INITRAMFS_S_IFLNK:
	case INITRAMFS_S_IFCHR:
	case INITRAMFS_S_IFBLK:
	case INITRAMFS_S_IFIFO:
	case INITRAMFS_S_IFSOCK:
		return true;
	}
	return false;
}

/* Linux resolves names relative to the root it unpacks into, so "/bin",
 * "./bin" and "bin" are one file: drop leading "/" and "./" */
static const char *cpio_skip_root(const char *name)
{
	for (;;) {
		if (name[0] == '/')
			name++;
		else if (name[0] == '.' && (name[1] == '/' || !name[1]))
			name++;
		else
			return name;
	}
}

/* a ".." component would let an archive write outside the root */
static bool cpio_has_dotdot(const char *name)
{
	const char *c = name;

	for (;;) {
		if (c[0] == '.' && c[1] == '.' && (c[2] == '/' || !c[2]))
			return true;
		while (*c && *c != '/')
			c++;
		if (!*c)
			return false;
		c++;
	}
}

/* the check of a "crc" archive: the sum of the data bytes, modulo 2^32 */
static u32 cpio_sum(const u8 *p, size_t n)
{
	u32 sum = 0;

	while (n--)
		sum += *p++;
	return sum;
}

/* Linux's find_link(): the first regular file of this archive with the
 * same inode, device and nlink >= 2 is created, later ones link to it */
static int cpio_link(struct cpio_reader *r, struct initramfs_entry *e)
{
	struct initramfs_links *l = r->links;
	struct initramfs_link *s;
	unsigned int i;

	if (!l || e->nlink < 2 ||
	    (e->mode & INITRAMFS_S_IFMT) != INITRAMFS_S_IFREG)
		return 0;
	for (i = 0; i < l->nr; i++) {
		s = &l->slot[i];
		if (s->ino == e->ino && s->dev_major == e->dev_major &&
		    s->dev_minor == e->dev_minor) {
			e->link = s->name;
			return 0;
		}
	}
	if (l->nr >= l->max)
		return cpio_fail(r, -ENOSPC, "more hard-linked files than the "
				 "link table holds", e->offset);
	s = &l->slot[l->nr++];
	s->ino = e->ino;
	s->dev_major = e->dev_major;
	s->dev_minor = e->dev_minor;
	s->name = e->name;
	return 0;
}

/* name, type and data rules of one entry whose bytes all lie in the buffer */
static int cpio_check_entry(struct cpio_reader *r, struct initramfs_entry *e,
			    const u32 f[NR_CPIO_FIELDS], bool crc)
{
	u32 type = e->mode & INITRAMFS_S_IFMT;
	size_t i;

	if (e->mode & ~(u32)(INITRAMFS_S_IFMT | 07777))
		return cpio_fail(r, -EINVAL, "mode has bits beyond type and "
				 "permissions", e->offset + CPIO_MAGIC_LEN +
				 F_MODE * CPIO_FIELD_LEN);
	if (!cpio_known_type(e->mode))
		return cpio_fail(r, -EINVAL, "unknown file type", e->offset +
				 CPIO_MAGIC_LEN + F_MODE * CPIO_FIELD_LEN);
	if (cpio_has_dotdot(e->name))
		return cpio_fail(r, -EINVAL, "name has a \"..\" component",
				 e->offset + CPIO_HDR_LEN);
	if (!e->name_len && type != INITRAMFS_S_IFDIR)
		return cpio_fail(r, -EINVAL, "the root is not a directory",
				 e->offset + CPIO_HDR_LEN);
	if (e->size && type != INITRAMFS_S_IFREG && type != INITRAMFS_S_IFLNK)
		return cpio_fail(r, -EINVAL, "data on a file type that has "
				 "none", e->offset + CPIO_MAGIC_LEN +
				 F_FILESIZE * CPIO_FIELD_LEN);
	if (type == INITRAMFS_S_IFLNK) {
		if (!e->size)
			return cpio_fail(r, -EINVAL, "empty symlink target",
					 e->offset);
		if (e->size > INITRAMFS_PATH_MAX)
			return cpio_fail(r, -ENAMETOOLONG, "symlink target "
					 "longer than PATH_MAX", e->offset);
		for (i = 0; i < e->size; i++)
			if (!((const u8 *)e->data)[i])
				return cpio_fail(r, -EINVAL, "NUL in symlink "
						 "target", (size_t)((const u8 *)
						 e->data - r->buf) + i);
	}
	if (crc && type == INITRAMFS_S_IFREG &&
	    cpio_sum(e->data, e->size) != f[F_CHECK])
		return cpio_fail(r, -EINVAL, "checksum mismatch",
				 e->offset + CPIO_MAGIC_LEN +
				 F_CHECK * CPIO_FIELD_LEN);
	return 0;
}

/* the bounds of the entry at r->pos: name, data and both paddings */
static int cpio_bounds(struct cpio_reader *r, const u32 f[NR_CPIO_FIELDS],
		       size_t *data_off, size_t *next)
{
	size_t start = r->pos, name_off = start + CPIO_HDR_LEN;
	const u8 *name = r->buf + name_off;
	size_t namesize = f[F_NAMESIZE], i;

	if (!namesize)
		return cpio_fail(r, -EINVAL, "name size 0", start);
	if (namesize > INITRAMFS_PATH_MAX)
		return cpio_fail(r, -ENAMETOOLONG, "name longer than PATH_MAX",
				 start);
	if (namesize > r->len - name_off)
		return cpio_fail(r, -EINVAL, "name runs past the end",
				 name_off);
	if (name[namesize - 1])
		return cpio_fail(r, -EINVAL, "name is not NUL-terminated",
				 name_off + namesize - 1);
	for (i = 0; i < namesize - 1; i++)
		if (!name[i])
			return cpio_fail(r, -EINVAL, "NUL inside the name",
					 name_off + i);
	if (namesize == 1)
		return cpio_fail(r, -EINVAL, "empty name", name_off);
	*data_off = start + cpio_align4(CPIO_HDR_LEN + namesize);
	if (*data_off > r->len)
		return cpio_fail(r, -EINVAL, "name padding runs past the end",
				 name_off + namesize);
	if (f[F_FILESIZE] > r->len - *data_off)
		return cpio_fail(r, -EINVAL, "data runs past the end",
				 *data_off);
	*next = cpio_align4(*data_off + f[F_FILESIZE]);
	if (*next > r->len)
		return cpio_fail(r, -EINVAL, "data padding runs past the end",
				 *data_off + f[F_FILESIZE]);
	return 0;
}

/* one entry at r->pos; 1 when it was the trailer, else 0 or -errno */
static int cpio_entry(struct cpio_reader *r, initramfs_actor_t actor,
		      void *arg)
{
	struct initramfs_entry e = { .offset = r->pos, .archive = r->archive };
	u32 f[NR_CPIO_FIELDS];
	size_t data_off, next;
	bool crc;
	int ret;

	ret = cpio_header(r, r->pos, f, &crc);
	if (!ret)
		ret = cpio_bounds(r, f, &data_off, &next);
	if (ret)
		return ret;
	e.name = (const char *)r->buf + r->pos + CPIO_HDR_LEN;
	if (f[F_NAMESIZE] == sizeof("TRAILER!!!") &&
	    cpio_same((const u8 *)e.name, "TRAILER!!!", f[F_NAMESIZE])) {
		r->pos = next;
		r->archive++;
		if (r->links)
			r->links->nr = 0;
		return 1;
	}
	e.name = cpio_skip_root(e.name);
	e.name_len = f[F_NAMESIZE] - 1 -
		     (size_t)(e.name - (const char *)r->buf - r->pos -
			      CPIO_HDR_LEN);
	e.mode = f[F_MODE];
	e.uid = f[F_UID];
	e.gid = f[F_GID];
	e.mtime = f[F_MTIME];
	e.nlink = f[F_NLINK];
	e.ino = f[F_INO];
	e.dev_major = f[F_DEVMAJOR];
	e.dev_minor = f[F_DEVMINOR];
	e.rdev_major = f[F_RDEVMAJOR];
	e.rdev_minor = f[F_RDEVMINOR];
	e.size = f[F_FILESIZE];
	e.data = e.size ? r->buf + data_off : NULL;
	ret = cpio_check_entry(r, &e, f, crc);
	if (!ret)
		ret = cpio_link(r, &e);
	if (ret)
		return ret;
	ret = actor(&e, arg);
	if (ret)
		return cpio_fail(r, ret < 0 ? ret : -EINVAL,
				 "stopped by the caller", e.offset);
	r->pos = next;
	return 0;
}

/**
 * initramfs_parse() - walk the cpio archives in a buffer, entry by entry
 * @buf: the uncompressed image: archives with NUL bytes between them
 * @len: its size
 * @links: storage for hard-link lookup, or NULL to leave entry->link NULL
 * @actor: called for each entry but the trailers, in archive order; it
 *	returns 0 to go on or a negative errno to stop the walk with it
 * @arg: passed to @actor
 * @error: where the reason and offset of a failure go, or NULL
 *
 * Entries before a malformed one have been handed to @actor already: a
 * caller that must not act on a bad image walks it twice, first with an
 * actor that does nothing.
 *
 * Return: 0 when every archive ended with its trailer, else a negative
 * errno (-EINVAL for a malformed archive, -ENAMETOOLONG, -ENOSPC for a
 * full @links table, or @actor's value) described in *@error.
 */
int initramfs_parse(const void *buf, size_t len,
		    struct initramfs_links *links, initramfs_actor_t actor,
		    void *arg, struct initramfs_error *error)
{
	struct cpio_reader r = {
		.buf = buf, .len = len, .links = links, .error = error,
	};
	bool in_archive = false;
	int ret;

	if (links)
		links->nr = 0;
	while (r.pos < len) {
		if (!in_archive) {
			/* Linux skips NULs between archives, then wants a
			 * header at a 4-byte offset */
			if (!r.buf[r.pos]) {
				r.pos++;
				continue;
			}
			if (r.pos & 3)
				return cpio_fail(&r, -EINVAL, "archive does "
						 "not start at a 4-byte "
						 "offset", r.pos);
			in_archive = true;
		}
		ret = cpio_entry(&r, actor, arg);
		if (ret < 0)
			return ret;
		if (ret)
			in_archive = false;
	}
	if (in_archive)
		return cpio_fail(&r, -EINVAL, "archive ends without "
				 "TRAILER!!!", len);
	return 0;
}
