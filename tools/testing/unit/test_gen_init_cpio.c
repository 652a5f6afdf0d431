// SPDX-License-Identifier: GPL-2.0
/*
 * usr/gen_init_cpio (built here with the sanitizers) read back by
 * init/initramfs_parse.c and by the host's cpio(1); its refusals of bad
 * list lines; and the image "make initramfs" builds from busybox.
 */
#define _GNU_SOURCE	/* memmem() */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/initramfs.h>

#include "cpio_host.h"
#include "unit.h"

#ifndef GEN_INIT_CPIO
#error "the Makefile gives GEN_INIT_CPIO, the tool's path, and CPIO_TOP"
#endif

static char tmpdir[64];

/* a fresh directory with a list file of @text and a data file "f" */
static const char *write_list(const char *text)
{
	static char list[128];
	char cmd[256];
	FILE *f;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_gic.XXXXXX");
	if (!mkdtemp(tmpdir))
		ASSERT_FAIL("mkdtemp: %s", strerror(errno));
	snprintf(list, sizeof(list), "%s/list", tmpdir);
	f = fopen(list, "w");
	ASSERT_NOT_NULL(f);
	fputs(text, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "printf 'file data\\n' > %s/f", tmpdir);
	ASSERT_EQ(system(cmd), 0);
	return list;
}

static void cleanup(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	EXPECT_EQ(system(cmd), 0);
}

static const char every_type[] =
	"# every entry type\n"
	"\n"
	"dir /dev 0755 0 0\n"
	"nod /dev/console 0600 0 0 c 5 1\n"
	"nod /dev/sda 0660 0 6 b 8 0\n"
	"dir /root 0700 1000 100\n"
	"slink /init /bin/busybox 0777 0 0\n"
	"pipe /fifo 0644 1 1\n"
	"sock /sock 0755 2 2\n"
	"file /etc/motd ${TEST_GIC_DIR}/f 0644 3 4\n"
	"file /a ${TEST_GIC_DIR}/f 0755 0 0 /b c\n";

static void run_tool(const char *opts, const char *list, struct cpio_buf *b)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "TEST_GIC_DIR=%s %s %s %s", tmpdir,
		 GEN_INIT_CPIO, opts, list);
	ASSERT_EQ(cpio_run(cmd, b), 0);
}

UNIT_TEST(gen_init_cpio, every_type)
{
	const char *list = write_list(every_type);
	struct cpio_buf b = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_link slot[4];
	struct initramfs_links links = { slot, 4, 0 };
	struct initramfs_error err = { 0 };
	const struct cpio_rec *r;
	unsigned int i;

	run_tool("-t 1234567", list, &b);
	EXPECT_EQ(b.len % 512, 0);
	if (initramfs_parse(b.p, b.len, &links, cpio_collect, rs, &err))
		ASSERT_FAIL("refused: %s at %zu", err.reason, err.offset);
	ASSERT_EQ(rs->n, 11);
	for (i = 0; i < rs->n; i++)
		EXPECT_EQ(rs->r[i].e.mtime, 1234567);
	/* inode numbers count up in list order; links share theirs */
	for (i = 0; i < 9; i++)
		EXPECT_EQ(rs->r[i].e.ino, 721 + i);
	EXPECT_EQ(rs->r[9].e.ino, 729);
	EXPECT_EQ(rs->r[10].e.ino, 729);
	r = cpio_find(rs, "dev");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFDIR | 0755);
	r = cpio_find(rs, "dev/console");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFCHR | 0600);
	EXPECT_EQ(r->e.rdev_major, 5);
	EXPECT_EQ(r->e.rdev_minor, 1);
	r = cpio_find(rs, "dev/sda");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFBLK | 0660);
	EXPECT_EQ(r->e.gid, 6);
	EXPECT_EQ(r->e.rdev_major, 8);
	r = cpio_find(rs, "root");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.uid, 1000);
	EXPECT_EQ(r->e.gid, 100);
	r = cpio_find(rs, "init");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFLNK | 0777);
	ASSERT_EQ(r->e.size, 12);
	EXPECT_MEMEQ(r->e.data, "/bin/busybox", 12);
	r = cpio_find(rs, "fifo");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFIFO | 0644);
	r = cpio_find(rs, "sock");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFSOCK | 0755);
	EXPECT_EQ(r->e.uid, 2);
	r = cpio_find(rs, "etc/motd");
	ASSERT_NOT_NULL(r);
	EXPECT_EQ(r->e.mode, INITRAMFS_S_IFREG | 0644);
	EXPECT_EQ(r->e.uid, 3);
	EXPECT_EQ(r->e.gid, 4);
	EXPECT_EQ(r->e.nlink, 1);
	ASSERT_EQ(r->e.size, 10);
	EXPECT_MEMEQ(r->e.data, "file data\n", 10);
	/* Linux's way: nlink 3, the data on the last name only */
	EXPECT_STREQ(rs->r[8].name, "a");
	EXPECT_EQ(rs->r[8].e.nlink, 3);
	EXPECT_EQ(rs->r[8].e.size, 0);
	EXPECT_STREQ(rs->r[9].name, "b");
	EXPECT_STREQ(rs->r[9].link, "a");
	EXPECT_EQ(rs->r[9].e.size, 0);
	EXPECT_STREQ(rs->r[10].name, "c");
	EXPECT_STREQ(rs->r[10].link, "a");
	ASSERT_EQ(rs->r[10].e.size, 10);
	EXPECT_MEMEQ(rs->r[10].e.data, "file data\n", 10);
	cleanup();
}

/* the host's cpio(1) reads the same names, in the same order */
UNIT_TEST(gen_init_cpio, host_cpio_reads_it)
{
	const char *list;
	struct cpio_buf b = { 0 };
	char cmd[512];

	if (system("command -v cpio >/dev/null 2>&1"))
		unit_skip("no cpio(1) on this host (Debian package cpio)");
	list = write_list(every_type);
	snprintf(cmd, sizeof(cmd), "TEST_GIC_DIR=%s %s %s | cpio -it --quiet "
		 "| tr '\\n' ' '", tmpdir, GEN_INIT_CPIO, list);
	ASSERT_EQ(cpio_run(cmd, &b), 0);
	ASSERT_NOT_NULL(b.p = realloc(b.p, b.len + 1));
	b.p[b.len] = 0;
	EXPECT_STREQ((char *)b.p, "dev dev/console dev/sda root init fifo "
		     "sock etc/motd a b c ");
	cleanup();
}

UNIT_TEST(gen_init_cpio, checksums_and_determinism)
{
	const char *list = write_list(every_type);
	struct cpio_buf b1 = { 0 }, b2 = { 0 }, c = { 0 };
	struct cpio_recs *rs = calloc(1, sizeof(*rs));
	struct initramfs_error err = { 0 };
	unsigned char *data;

	run_tool("", list, &b1);
	run_tool("", list, &b2);
	ASSERT_EQ(b1.len, b2.len);
	EXPECT_MEMEQ(b1.p, b2.p, b1.len);
	EXPECT_MEMEQ(b1.p, "070701", 6);

	run_tool("-c", list, &c);
	EXPECT_MEMEQ(c.p, "070702", 6);
	ASSERT_EQ(initramfs_parse(c.p, c.len, NULL, cpio_collect, rs, &err),
		  0);
	/* one changed data byte of etc/motd breaks its checksum */
	ASSERT_NOT_NULL(cpio_find(rs, "etc/motd"));
	data = (unsigned char *)cpio_find(rs, "etc/motd")->e.data;
	data[0] ^= 1;
	rs->n = 0;
	EXPECT_EQ(initramfs_parse(c.p, c.len, NULL, cpio_collect, rs, &err),
		  -EINVAL);
	EXPECT_STREQ(err.reason, "checksum mismatch");
	cleanup();
}

/* each bad line: exit status 1 and the line's number on stderr */
UNIT_TEST(gen_init_cpio, bad_lines)
{
	static const char *const bad[] = {
		"frob /x 0755 0 0\n",
		"dir /x 0755 0\n",
		"dir /x 0x755 0 0\n",
		"dir /x 0755 -1 0\n",
		"dir /x 017755 0 0\n",
		"dir / 0755 0 0\n",
		"nod /x 0600 0 0 z 1 1\n",
		"nod /x 0600 0 0 c 1\n",
		"file /x /nonexistent/file 0644 0 0\n",
		"file /x ${TEST_GIC_UNSET_VARIABLE} 0644 0 0\n",
		"slink /x 0777 0 0\n",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cpio_buf out = { 0 };
		const char *list;
		char text[256], cmd[512];

		snprintf(text, sizeof(text), "# ok so far\ndir /d 0755 0 0\n%s",
			 bad[i]);
		list = write_list(text);
		snprintf(cmd, sizeof(cmd), "%s %s 2>&1 >/dev/null", GEN_INIT_CPIO,
			 list);
		if (cpio_run(cmd, &out) != 1)
			EXPECT_FAIL("\"%s\" was not refused with status 1",
				    bad[i]);
		ASSERT_NOT_NULL(out.p = realloc(out.p, out.len + 1));
		out.p[out.len] = 0;
		if (!strstr((char *)out.p, ":3: "))
			EXPECT_FAIL("\"%s\": no line number in \"%s\"", bad[i],
				    (char *)out.p);
		cpio_buf_free(&out);
		cleanup();
	}
}

struct image_check {
	int init, busybox, inittab, console, sh, proc;
};

static int image_actor(const struct initramfs_entry *e, void *arg)
{
	struct image_check *c = arg;
	u32 type = e->mode & INITRAMFS_S_IFMT;

	if (!strcmp(e->name, "init") && type == INITRAMFS_S_IFLNK &&
	    e->size == 12 && !memcmp(e->data, "/bin/busybox", 12))
		c->init++;
	if (!strcmp(e->name, "bin/busybox") && type == INITRAMFS_S_IFREG &&
	    (e->mode & 0111) && e->size > 4 &&
	    !memcmp(e->data, "\177ELF", 4))
		c->busybox++;
	if (!strcmp(e->name, "etc/inittab") && type == INITRAMFS_S_IFREG &&
	    memmem(e->data, e->size, "console::respawn:-/bin/sh", 25) &&
	    memmem(e->data, e->size, "-t devtmpfs", 11))
		c->inittab++;
	if (!strcmp(e->name, "dev/console") && type == INITRAMFS_S_IFCHR &&
	    e->rdev_major == 5 && e->rdev_minor == 1)
		c->console++;
	if (!strcmp(e->name, "bin/sh") && type == INITRAMFS_S_IFLNK)
		c->sh++;
	if (!strcmp(e->name, "proc") && type == INITRAMFS_S_IFDIR)
		c->proc++;
	return 0;
}

UNIT_TEST(gen_init_cpio, initramfs_image)
{
	struct cpio_buf b = { 0 }, log = { 0 };
	struct image_check c = { 0 };
	struct initramfs_error err = { 0 };
	unsigned char *exact;

	if (access("/bin/busybox", X_OK))
		unit_skip("no /bin/busybox (Debian package busybox-static)");
	if (cpio_run("make -s -C " CPIO_TOP " initramfs 2>&1", &log))
		ASSERT_FAIL("make initramfs failed: %.*s", (int)log.len,
			    (char *)log.p);
	ASSERT_EQ(cpio_run("gzip -dc " CPIO_TOP "/usr/initramfs.cpio.gz", &b),
		  0);
	exact = cpio_exact_copy(b.p, b.len);
	if (initramfs_parse(exact, b.len, NULL, image_actor, &c, &err))
		ASSERT_FAIL("image refused: %s at %zu", err.reason,
			    err.offset);
	EXPECT_EQ(c.init, 1);
	EXPECT_EQ(c.busybox, 1);
	EXPECT_EQ(c.inittab, 1);
	EXPECT_EQ(c.console, 1);
	EXPECT_EQ(c.sh, 1);
	EXPECT_EQ(c.proc, 1);
	free(exact);
	cpio_buf_free(&b);
}
