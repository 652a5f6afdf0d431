// SPDX-License-Identifier: GPL-2.0
/*
 * init/initramfs_parse.c: archives from this file's own writer and from
 * the host's cpio(1) read back entry for entry; each malformed case gives
 * its reason and offset; every truncation and random corruption of a
 * valid archive gives an error, in a buffer of exactly its size so that
 * ASan reports any read past it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/initramfs.h>

#include "cpio_host.h"
#include "unit.h"

#define REG(m)	(INITRAMFS_S_IFREG | (m))
#define DIR(m)	(INITRAMFS_S_IFDIR | (m))
#define LNK	(INITRAMFS_S_IFLNK | 0777)

static int parse(const struct cpio_buf *b, struct cpio_recs *rs,
		 struct initramfs_links *links, struct initramfs_error *err)
{
	unsigned char *c = cpio_exact_copy(b->p, b->len);
	int ret;

	rs->n = 0;
	ret = initramfs_parse(c, b->len, links, cpio_collect, rs, err);
	/* the records point into c: keep it for the caller's checks */
	return ret;
}

/* a small archive of every type, with fields that differ from each other */
static void build_all_types(struct cpio_buf *b)
{
	static const char hello[] = "hello, world\n";
	struct cpio_spec s[] = {
		{ .ino = 1, .mode = DIR(0755), .nlink = 2, .mtime = 7,
		  .name = "." },
		{ .ino = 2, .mode = DIR(0700), .uid = 1000, .gid = 100,
		  .nlink = 2, .mtime = 0x5f000000, .name = "/root" },
		{ .ino = 3, .mode = REG(0644), .uid = 1, .gid = 2, .nlink = 1,
		  .mtime = 0xffffffff, .name = "./etc/motd", .data = hello,
		  .size = sizeof(hello) - 1, .devmajor = 8, .devminor = 1 },
		{ .ino = 4, .mode = LNK, .nlink = 1, .name = "bin/sh",
		  .data = "busybox", .size = 7 },
		{ .ino = 5, .mode = INITRAMFS_S_IFCHR | 0600, .nlink = 1,
		  .name = "dev/console", .rdevmajor = 5, .rdevminor = 1 },
		{ .ino = 6, .mode = INITRAMFS_S_IFBLK | 0660, .nlink = 1,
		  .name = "dev/sda", .rdevmajor = 8, .rdevminor = 0 },
		{ .ino = 7, .mode = INITRAMFS_S_IFIFO | 0644, .nlink = 1,
		  .name = "run/fifo" },
		{ .ino = 8, .mode = INITRAMFS_S_IFSOCK | 0755, .nlink = 1,
		  .name = "//run/sock" },
	};
	size_t i;

	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		s[i].namesize = -1;
		cpio_put(b, &s[i]);
	}
	cpio_put_trailer(b);
}

UNIT_TEST(cpio, all_types)
{
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_error err = { 0 };
	const struct cpio_rec *r;

	build_all_types(&b);
	ASSERT_EQ(parse(&b, rs, NULL, &err), 0);
	ASSERT_EQ(rs->n, 8);
	r = cpio_find(rs, "");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, DIR(0755));
	EXPECT_EQ(r->e.mtime, 7);
	EXPECT_EQ(r->e.offset, 0);
	r = cpio_find(rs, "root");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.uid, 1000);
	EXPECT_EQ(r->e.gid, 100);
	EXPECT_EQ(r->e.nlink, 2);
	EXPECT_EQ(r->e.mtime, 0x5f000000);
	r = cpio_find(rs, "etc/motd");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, REG(0644));
	EXPECT_EQ(r->e.mtime, 0xffffffffu);
	EXPECT_EQ(r->e.size, 13);
	EXPECT_EQ(r->e.name_len, 8);
	EXPECT_EQ(r->e.dev_major, 8);
	EXPECT_EQ(r->e.dev_minor, 1);
	EXPECT_EQ(r->e.ino, 3);
	EXPECT_MEMEQ(r->e.data, "hello, world\n", 13);
	r = cpio_find(rs, "bin/sh");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, LNK);
	EXPECT_EQ(r->e.size, 7);
	EXPECT_MEMEQ(r->e.data, "busybox", 7);
	r = cpio_find(rs, "dev/console");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.rdev_major, 5);
	EXPECT_EQ(r->e.rdev_minor, 1);
	EXPECT_NULL(r->e.data);
	r = cpio_find(rs, "dev/sda");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFBLK | 0660);
	EXPECT_EQ(r->e.rdev_major, 8);
	EXPECT_TRUE(cpio_find(rs, "run/fifo") != NULL);
	r = cpio_find(rs, "run/sock");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFSOCK | 0755);
}

/* lowercase hex and the "crc" magic with right checksums are accepted */
UNIT_TEST(cpio, crc_and_lowercase)
{
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct cpio_spec s = { .magic = "070702", .ino = 0xabcdef,
			       .mode = REG(0755), .nlink = 1, .name = "x",
			       .data = "\xff\xff\x01", .size = 3,
			       .check = 0x1ff, .namesize = -1 };
	size_t i;

	cpio_put(&b, &s);
	cpio_put_trailer(&b);
	for (i = 6; i < 110; i++)
		if (b.p[i] >= 'A' && b.p[i] <= 'F')
			b.p[i] += 'a' - 'A';
	ASSERT_EQ(parse(&b, rs, NULL, NULL), 0);
	ASSERT_EQ(rs->n, 1);
	EXPECT_EQ(rs->r[0].e.ino, 0xabcdef);
	EXPECT_EQ(rs->r[0].e.size, 3);
}

/* two archives with NUL padding between them, the second at an offset
 * that is a multiple of 4 but not of 512 */
UNIT_TEST(cpio, concatenated)
{
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_error err = { 0 };
	struct cpio_spec s = { .mode = REG(0644), .nlink = 1, .name = "a",
			       .data = "1", .size = 1, .namesize = -1 };
	size_t second;

	cpio_put(&b, &s);
	cpio_put_trailer(&b);
	cpio_put_zeros(&b, 512 - b.len % 512 + 12);
	second = b.len;
	s.name = "b";
	cpio_put(&b, &s);
	cpio_put_trailer(&b);
	cpio_put_zeros(&b, 7);
	ASSERT_EQ(parse(&b, rs, NULL, &err), 0);
	ASSERT_EQ(rs->n, 2);
	EXPECT_STREQ(rs->r[0].name, "a");
	EXPECT_EQ(rs->r[0].e.archive, 0);
	EXPECT_STREQ(rs->r[1].name, "b");
	EXPECT_EQ(rs->r[1].e.archive, 1);
	EXPECT_EQ(rs->r[1].e.offset, second);

	/* the same second archive one byte later is not at a 4-byte offset */
	memmove(b.p + second + 1, b.p + second, b.len - second - 1);
	b.p[second] = 0;
	EXPECT_EQ(parse(&b, rs, NULL, &err), -EINVAL);
	EXPECT_EQ(err.offset, second + 1);
	EXPECT_STREQ(err.reason, "archive does not start at a 4-byte offset");
}

UNIT_TEST(cpio, empty_and_zeros)
{
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));

	EXPECT_EQ(parse(&b, rs, NULL, NULL), 0);
	cpio_put_zeros(&b, 1024);
	EXPECT_EQ(parse(&b, rs, NULL, NULL), 0);
	EXPECT_EQ(rs->n, 0);
}

/* GNU cpio's way: nlink 3, data on the last link only */
UNIT_TEST(cpio, hard_links)
{
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_link slot[2];
	struct initramfs_links links = { slot, 2, 0 };
	struct initramfs_error err = { 0 };
	struct cpio_spec s = { .ino = 9, .mode = REG(0644), .nlink = 3,
			       .devmajor = 1, .namesize = -1 };

	s.name = "a";
	cpio_put(&b, &s);
	s.name = "b";
	cpio_put(&b, &s);
	/* same ino on another device: another file */
	s.name = "other";
	s.devminor = 1;
	cpio_put(&b, &s);
	s.devminor = 0;
	s.name = "c";
	s.data = "data";
	s.size = 4;
	cpio_put(&b, &s);
	cpio_put_trailer(&b);
	/* a second archive: links are forgotten at the trailer */
	s.name = "d";
	cpio_put(&b, &s);
	cpio_put_trailer(&b);

	ASSERT_EQ(parse(&b, rs, &links, &err), 0);
	ASSERT_EQ(rs->n, 5);
	EXPECT_STREQ(rs->r[0].link, "");
	EXPECT_STREQ(rs->r[1].link, "a");
	EXPECT_STREQ(rs->r[2].link, "");
	EXPECT_STREQ(rs->r[3].link, "a");
	EXPECT_EQ(rs->r[3].e.size, 4);
	EXPECT_STREQ(rs->r[4].link, "");

	/* without a table, no links */
	ASSERT_EQ(parse(&b, rs, NULL, &err), 0);
	EXPECT_STREQ(rs->r[1].link, "");

	/* a table of one slot cannot hold "a" and "other" */
	links.max = 1;
	EXPECT_EQ(parse(&b, rs, &links, &err), -ENOSPC);
	EXPECT_EQ(err.offset, rs->r[1].e.offset + (rs->r[1].e.offset -
						  rs->r[0].e.offset));
}

UNIT_TEST(cpio, dotdot_is_a_component_only)
{
	static const char *const ok[] = { "..a", "a..", "a/..b/c", "a/b..",
					   "...", "a/./b" };
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct cpio_spec s = { .mode = DIR(0755), .nlink = 2,
				       .name = ok[i], .namesize = -1 };

		cpio_put(&b, &s);
	}
	cpio_put_trailer(&b);
	ASSERT_EQ(parse(&b, rs, NULL, NULL), 0);
	EXPECT_EQ(rs->n, 6);
	EXPECT_STREQ(rs->r[5].name, "a/./b");
}

static int cpio_stop(const struct initramfs_entry *e, void *arg)
{
	return -EIO;
}

UNIT_TEST(cpio, actor_stops_the_walk)
{
	struct cpio_buf b = { 0 };
	struct initramfs_error err = { 0 };
	unsigned char *c;

	build_all_types(&b);
	c = cpio_exact_copy(b.p, b.len);
	EXPECT_EQ(initramfs_parse(c, b.len, NULL,
				  cpio_stop, NULL,
				  &err), -EIO);
	EXPECT_STREQ(err.reason, "stopped by the caller");
	EXPECT_EQ(err.offset, 0);
	free(c);
}

/* one entry "x" from @s (fields defaulted), a trailer unless @no_trailer */
static void build_one(struct cpio_buf *b, struct cpio_spec s,
		      bool no_trailer)
{
	if (!s.name)
		s.name = "x";
	if (!s.mode)
		s.mode = REG(0644);
	if (!s.namesize)
		s.namesize = -1;
	cpio_put(b, &s);
	if (!no_trailer)
		cpio_put_trailer(b);
}

static void expect_refused(const char *what, struct cpio_buf *b, int want,
			   const char *reason, size_t offset)
{
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_error err = { 0 };
	int ret = parse(b, rs, NULL, &err);

	if (ret != want || err.err != want || !err.reason ||
	    strcmp(err.reason, reason) || err.offset != offset)
		EXPECT_FAIL("%s: got %d (%s at %zu), want %d (%s at %zu)",
			    what, ret, err.reason ? err.reason : "no reason",
			    err.offset, want, reason, offset);
	EXPECT_EQ(rs->n, 0);
	free(rs);
	cpio_buf_free(b);
}

#define F(i)	(6 + 8 * (i))	/* offset of header field i */

UNIT_TEST(cpio, malformed)
{
	static char long_name[INITRAMFS_PATH_MAX + 1];
	static char long_target[INITRAMFS_PATH_MAX + 1];
	static const char *const dotdot[] = { "..", "../x", "/..", "a/../b",
					      "./a/..", "a/b/../../.." };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_error err = { 0 };
	struct cpio_buf b = { 0 };
	size_t i;

	build_one(&b, (struct cpio_spec){ .magic = "070703" }, false);
	expect_refused("bad magic", &b, -EINVAL, "bad magic", 0);
	build_one(&b, (struct cpio_spec){ .magic = "070707" }, false);
	expect_refused("odc magic", &b, -EINVAL,
		       "old portable (odc) cpio format, not newc", 0);
	build_one(&b, (struct cpio_spec){ 0 }, false);
	b.p[0] = 'X';
	expect_refused("junk", &b, -EINVAL, "bad magic", 0);

	build_one(&b, (struct cpio_spec){ .namesize = -2 }, false);
	b.p[F(11) + 7] = '0';	/* rewrite namesize as 0 */
	expect_refused("name size 0", &b, -EINVAL, "name size 0", 0);
	build_one(&b, (struct cpio_spec){ .name = "abc", .namesize = 3 },
		  false);
	expect_refused("no NUL", &b, -EINVAL, "name is not NUL-terminated",
		       112);
	build_one(&b, (struct cpio_spec){ .name = "ab", .namesize = 5 },
		  false);
	expect_refused("NUL inside", &b, -EINVAL, "NUL inside the name", 112);
	build_one(&b, (struct cpio_spec){ .name = "" }, false);
	expect_refused("empty name", &b, -EINVAL, "empty name", 110);
	memset(long_name, 'a', INITRAMFS_PATH_MAX);
	build_one(&b, (struct cpio_spec){ .name = long_name }, false);
	expect_refused("long name", &b, -ENAMETOOLONG,
		       "name longer than PATH_MAX", 0);
	build_one(&b, (struct cpio_spec){ .namesize = 200 }, true);
	b.len = 120;
	expect_refused("name past end", &b, -EINVAL, "name runs past the end",
		       110);
	build_one(&b, (struct cpio_spec){ .name = "abc" }, true);
	b.len = 114 + 1;	/* the name ends at 114, its padding at 116 */
	expect_refused("name padding", &b, -EINVAL,
		       "name padding runs past the end", 114);
	build_one(&b, (struct cpio_spec){ .data = "abcde", .size = 5 }, true);
	b.len = 112 + 4;
	expect_refused("data past end", &b, -EINVAL, "data runs past the end",
		       112);
	build_one(&b, (struct cpio_spec){ .data = "abcde", .size = 5 }, true);
	b.len = 112 + 6;
	expect_refused("data padding", &b, -EINVAL,
		       "data padding runs past the end", 117);
	build_one(&b, (struct cpio_spec){ 0 }, true);
	cpio_put(&b, &(struct cpio_spec){ .mode = DIR(0755), .name = "y",
					  .namesize = -1 });
	ASSERT_EQ(parse(&b, rs, NULL, &err), -EINVAL);
	EXPECT_STREQ(err.reason, "archive ends without TRAILER!!!");
	EXPECT_EQ(err.offset, 224);
	EXPECT_EQ(rs->n, 2);	/* both entries were whole */
	cpio_buf_free(&b);

	for (i = 0; i < sizeof(dotdot) / sizeof(dotdot[0]); i++) {
		build_one(&b, (struct cpio_spec){ .name = dotdot[i],
						  .mode = DIR(0755) }, false);
		expect_refused(dotdot[i], &b, -EINVAL,
			       "name has a \"..\" component", 110);
	}
	build_one(&b, (struct cpio_spec){ .mode = 0644 }, false);
	expect_refused("no type", &b, -EINVAL, "unknown file type", F(1));
	build_one(&b, (struct cpio_spec){ .mode = 0170644 }, false);
	expect_refused("type 017", &b, -EINVAL, "unknown file type", F(1));
	build_one(&b, (struct cpio_spec){ .mode = 0300644 }, false);
	expect_refused("high mode bits", &b, -EINVAL,
		       "mode has bits beyond type and permissions", F(1));
	build_one(&b, (struct cpio_spec){ .mode = DIR(0755), .data = "d",
					  .size = 1 }, false);
	expect_refused("data on dir", &b, -EINVAL,
		       "data on a file type that has none", F(6));
	build_one(&b, (struct cpio_spec){ .mode = INITRAMFS_S_IFCHR | 0600,
					  .data = "d", .size = 1 }, false);
	expect_refused("data on chr", &b, -EINVAL,
		       "data on a file type that has none", F(6));
	build_one(&b, (struct cpio_spec){ .mode = LNK }, false);
	expect_refused("empty target", &b, -EINVAL, "empty symlink target", 0);
	memset(long_target, 'a', INITRAMFS_PATH_MAX + 1);
	build_one(&b, (struct cpio_spec){ .mode = LNK, .data = long_target,
					  .size = INITRAMFS_PATH_MAX + 1 },
		  false);
	expect_refused("long target", &b, -ENAMETOOLONG,
		       "symlink target longer than PATH_MAX", 0);
	build_one(&b, (struct cpio_spec){ .mode = LNK, .data = "a\0b",
					  .size = 3 }, false);
	expect_refused("NUL in target", &b, -EINVAL, "NUL in symlink target",
		       113);
	build_one(&b, (struct cpio_spec){ .name = "." }, false);
	expect_refused("root file", &b, -EINVAL, "the root is not a directory",
		       110);
	build_one(&b, (struct cpio_spec){ .name = "/", .mode = LNK,
					  .data = "x", .size = 1 }, false);
	expect_refused("root link", &b, -EINVAL, "the root is not a directory",
		       110);
	build_one(&b, (struct cpio_spec){ .magic = "070702", .data = "ab",
					  .size = 2, .check = 'a' + 'b' + 1 },
		  false);
	expect_refused("checksum", &b, -EINVAL, "checksum mismatch", F(12));
}

/* every byte position of every field: 'g', ' ', '+', 'x' and NUL */
UNIT_TEST(cpio, non_hex_fields)
{
	static const char bad[] = "g +x";
	size_t field, pos, k;

	for (field = 0; field < 13; field++) {
		for (pos = 0; pos < 8; pos++) {
			for (k = 0; k < sizeof(bad); k++) {
				struct cpio_buf b = { 0 };
				char what[64];

				build_one(&b, (struct cpio_spec){ 0 }, false);
				b.p[F(field) + pos] = bad[k];
				snprintf(what, sizeof(what),
					 "field %zu byte %zu = %#x", field,
					 pos, bad[k]);
				expect_refused(what, &b, -EINVAL,
					       "header field is not 8 hex "
					       "digits", F(field));
			}
		}
	}
}

/* what an accepted entry must satisfy whatever the input */
static void check_sane(const struct cpio_recs *rs, const unsigned char *c,
		       size_t n)
{
	unsigned int i;

	for (i = 0; i < rs->n; i++) {
		const struct initramfs_entry *e = &rs->r[i].e;
		const unsigned char *name = (const unsigned char *)e->name;

		ASSERT_TRUE(name >= c && name + e->name_len < c + n);
		ASSERT_EQ(strlen(e->name), e->name_len);
		ASSERT_TRUE(e->name[0] != '/');
		ASSERT_TRUE(strcmp(e->name, "..") &&
			    strncmp(e->name, "../", 3) &&
			    !strstr(e->name, "/../"));
		if (e->size) {
			const unsigned char *d = e->data;

			ASSERT_TRUE(d >= c && d + e->size <= c + n);
		}
	}
}

/* two archives; returns where the first one, with its padding, ends */
static size_t build_mixed(struct cpio_buf *b)
{
	struct cpio_spec s = { .magic = "070702", .ino = 5,
			       .mode = REG(0600), .nlink = 2, .name = "h1",
			       .namesize = -1 };

	size_t first;

	build_all_types(b);
	cpio_put_zeros(b, 8);
	first = b->len;
	cpio_put(b, &s);
	s.name = "h2";
	s.data = "xyz";
	s.size = 3;
	s.check = 'x' + 'y' + 'z';
	cpio_put(b, &s);
	cpio_put_trailer(b);
	return first;
}

UNIT_TEST(cpio, every_truncation_fails)
{
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_link slot[4];
	struct initramfs_links links = { slot, 4, 0 };
	struct initramfs_error err;
	size_t n, first;

	first = build_mixed(&b);
	for (n = 1; n < b.len; n++) {
		unsigned char *c = cpio_exact_copy(b.p, n);
		int ret;

		rs->n = 0;
		err.reason = NULL;
		ret = initramfs_parse(c, n, &links, cpio_collect, rs, &err);
		if (n >= first - 8 && n <= first) {
			/* the first archive whole, and some of its padding */
			EXPECT_EQ(ret, 0);
			EXPECT_EQ(rs->n, 8);
		} else if (ret >= 0 || !err.reason || err.offset > n)
			ASSERT_FAIL("truncated to %zu of %zu: %d", n, b.len,
				    ret);
		check_sane(rs, c, n);
		free(c);
	}
	rs->n = 0;
	ASSERT_EQ(parse(&b, rs, &links, NULL), 0);
	EXPECT_EQ(rs->n, 10);
	EXPECT_STREQ(rs->r[9].link, "h1");
}

UNIT_TEST(cpio, random_corruption)
{
	unsigned long long st = unit_seed();
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_link slot[2];
	struct initramfs_links links = { slot, 2, 0 };
	struct initramfs_error err;
	static const char pick[] = "0123456789abcdef/.";
	int round, k, rejected = 0;

	build_mixed(&b);
	for (round = 0; round < 20000; round++) {
		unsigned char *c = cpio_exact_copy(b.p, b.len);
		size_t n = b.len;
		int ret;

		for (k = unit_rand(&st) % 4; k >= 0; k--) {
			size_t at = unit_rand(&st) % n;

			if (unit_rand(&st) & 1)
				c[at] = (unsigned char)unit_rand(&st);
			else
				c[at] = pick[unit_rand(&st) % 19];
		}
		if (unit_rand(&st) & 1)
			n -= unit_rand(&st) % n;
		rs->n = 0;
		err.reason = NULL;
		ret = initramfs_parse(c, n, &links, cpio_collect, rs, &err);
		if (ret < 0) {
			rejected++;
			ASSERT_TRUE(err.reason != NULL && err.err == ret &&
				    err.offset <= n);
		}
		check_sane(rs, c, n);
		free(c);
	}
	unit_note("%d of 20000 corrupted archives refused", rejected);
	EXPECT_TRUE(rejected > 5000);
}

/* a tree with every type cpio(1) archives, in a fresh directory */
static int make_tree(char *dir)
{
	char cmd[1024];

	if (!mkdtemp(dir))
		return -1;
	snprintf(cmd, sizeof(cmd),
		 "cd %s && mkdir -p sub/deep && chmod 0711 sub && "
		 "printf 'some data\\n' > sub/file && : > empty && "
		 "head -c 5000 /dev/urandom > big && chmod 0600 big && "
		 "ln -s sub/file link && ln big hard && mkfifo fifo && "
		 "touch -d @1234567890 sub/file", dir);
	return system(cmd) ? -1 : 0;
}

static bool same_file(const char *dir, const struct cpio_rec *r)
{
	struct cpio_buf want = { 0 };
	char cmd[1024];
	bool same;

	snprintf(cmd, sizeof(cmd), "cat '%s/%s'", dir, r->name);
	if (cpio_run(cmd, &want))
		return false;
	same = want.len == r->e.size &&
	       (!want.len || !memcmp(want.p, r->e.data, want.len));
	cpio_buf_free(&want);
	return same;
}

/* lstat() the entry's file and compare what newc carries */
static void check_against_disk(const char *dir, const struct cpio_rec *r)
{
	char path[512], target[512];
	struct stat st;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, r->name);
	ASSERT_EQ(lstat(path, &st), 0);
	EXPECT_EQ(r->e.mode, st.st_mode);
	EXPECT_EQ(r->e.uid, st.st_uid);
	EXPECT_EQ(r->e.gid, st.st_gid);
	EXPECT_EQ(r->e.mtime, (unsigned int)st.st_mtime);
	EXPECT_EQ(r->e.ino, (unsigned int)st.st_ino);
	EXPECT_EQ(r->e.dev_major, major(st.st_dev));
	EXPECT_EQ(r->e.dev_minor, minor(st.st_dev));
	if (!S_ISDIR(st.st_mode))
		EXPECT_EQ(r->e.nlink, st.st_nlink);
	if (S_ISLNK(st.st_mode)) {
		n = readlink(path, target, sizeof(target));
		ASSERT_EQ(n, r->e.size);
		EXPECT_MEMEQ(r->e.data, target, n);
	} else if (S_ISREG(st.st_mode) && st.st_nlink == 1) {
		EXPECT_TRUE(same_file(dir, r));
	}
}

static void host_cpio(const char *format, unsigned int nr_expected)
{
	char dir[] = "/tmp/test_cpio.XXXXXX", cmd[1024];
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_link slot[8];
	struct initramfs_links links = { slot, 8, 0 };
	struct initramfs_error err = { 0 };
	const struct cpio_rec *big, *hard, *data_on, *link_to;
	unsigned int i;

	if (system("command -v cpio >/dev/null 2>&1"))
		unit_skip("no cpio(1) on this host (Debian package cpio)");
	ASSERT_EQ(make_tree(dir), 0);
	snprintf(cmd, sizeof(cmd), "cd %s && find . | LC_ALL=C sort | "
		 "cpio -o -H %s --quiet", dir, format);
	ASSERT_EQ(cpio_run(cmd, &b), 0);
	if (parse(&b, rs, &links, &err))
		ASSERT_FAIL("%s archive refused: %s at %zu", format,
			    err.reason, err.offset);
	ASSERT_EQ(rs->n, nr_expected);
	for (i = 0; i < rs->n; i++)
		check_against_disk(dir, &rs->r[i]);
	EXPECT_TRUE(cpio_find(rs, "") != NULL);
	/* GNU cpio writes the data on the last link, as Linux expects */
	big = cpio_find(rs, "big");
	hard = cpio_find(rs, "hard");
	ASSERT_TRUE(big && hard);
	data_on = big->e.size ? big : hard;
	link_to = big < hard ? hard : big;
	EXPECT_EQ(data_on->e.size, 5000);
	EXPECT_EQ((big->e.size ? hard : big)->e.size, 0);
	EXPECT_STREQ(link_to->link, big < hard ? "big" : "hard");
	EXPECT_TRUE(same_file(dir, data_on));
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	EXPECT_EQ(system(cmd), 0);
	cpio_buf_free(&b);
	free(rs);
}

UNIT_TEST(cpio, host_cpio_newc)
{
	host_cpio("newc", 9);
}

UNIT_TEST(cpio, host_cpio_crc)
{
	host_cpio("crc", 9);
}

UNIT_TEST(cpio, host_cpio_odc_refused)
{
	char dir[] = "/tmp/test_cpio.XXXXXX", cmd[1024];
	struct cpio_buf b = { 0 };

	if (system("command -v cpio >/dev/null 2>&1"))
		unit_skip("no cpio(1) on this host (Debian package cpio)");
	ASSERT_EQ(make_tree(dir), 0);
	snprintf(cmd, sizeof(cmd), "cd %s && find . | cpio -o -H odc --quiet; "
		 "rm -rf %s", dir, dir);
	ASSERT_EQ(cpio_run(cmd, &b), 0);
	expect_refused("cpio -H odc", &b, -EINVAL,
		       "old portable (odc) cpio format, not newc", 0);
}
