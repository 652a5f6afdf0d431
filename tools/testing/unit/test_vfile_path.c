// SPDX-License-Identifier: GPL-2.0
/*
 * fs/vfile_path.c against a made-up tree: /proc (dir) with meminfo and
 * version (files) and sys/kernel (dirs).  The expected results are what
 * Linux's path walk gives for the same tree (ls and cat on a real system).
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/vfile.h>

#include "unit.h"

static const char *const tree_dirs[] = { "/", "/proc", "/proc/sys",
					  "/proc/sys/kernel" };
static const char *const tree_files[] = { "/proc/meminfo", "/proc/version" };
static unsigned int lookups;

static int tree_lookup(const char *path, void *arg)
{
	unsigned int i;

	lookups++;
	for (i = 0; i < sizeof(tree_dirs) / sizeof(tree_dirs[0]); i++)
		if (!strcmp(path, tree_dirs[i]))
			return VFILE_DIR;
	for (i = 0; i < sizeof(tree_files) / sizeof(tree_files[0]); i++)
		if (!strcmp(path, tree_files[i]))
			return VFILE_REG;
	return -ENOENT;
}

static int walk(const char *path, char *out, size_t size)
{
	lookups = 0;
	return vfile_path_walk(path, out, size, tree_lookup, NULL);
}

UNIT_TEST(vfile_path, empty_path_is_enoent)
{
	char out[64] = "unchanged";

	EXPECT_EQ(walk("", out, sizeof(out)), -ENOENT);
	EXPECT_EQ(lookups, 0U);
}

UNIT_TEST(vfile_path, resolves_files_and_dirs)
{
	char out[64];

	EXPECT_EQ(walk("/", out, sizeof(out)), VFILE_DIR);
	EXPECT_STREQ(out, "/");
	EXPECT_EQ(walk("///", out, sizeof(out)), VFILE_DIR);
	EXPECT_STREQ(out, "/");
	EXPECT_EQ(walk("/proc/meminfo", out, sizeof(out)), VFILE_REG);
	EXPECT_STREQ(out, "/proc/meminfo");
	EXPECT_EQ(walk("proc//sys/", out, sizeof(out)), VFILE_DIR);
	EXPECT_STREQ(out, "/proc/sys");
	EXPECT_EQ(walk("/proc/./sys/kernel/../../version", out, sizeof(out)),
		  VFILE_REG);
	EXPECT_STREQ(out, "/proc/version");
	EXPECT_EQ(walk("../../proc/..", out, sizeof(out)), VFILE_DIR);
	EXPECT_STREQ(out, "/");
	EXPECT_EQ(walk(".", out, sizeof(out)), VFILE_DIR);
	EXPECT_STREQ(out, "/");
}

UNIT_TEST(vfile_path, trailing_slash_on_a_file_is_enotdir)
{
	char out[64];

	EXPECT_EQ(walk("/proc/meminfo/", out, sizeof(out)), -ENOTDIR);
	EXPECT_EQ(walk("/proc/meminfo//", out, sizeof(out)), -ENOTDIR);
	EXPECT_EQ(walk("/proc/meminfo/.", out, sizeof(out)), -ENOTDIR);
	EXPECT_EQ(walk("/proc/meminfo/..", out, sizeof(out)), -ENOTDIR);
	EXPECT_EQ(walk("/proc/meminfo/x", out, sizeof(out)), -ENOTDIR);
	EXPECT_EQ(walk("/proc/sys/", out, sizeof(out)), VFILE_DIR);
}

/* each step is looked up: ".." does not step back out of nothing */
UNIT_TEST(vfile_path, missing_component_is_enoent)
{
	char out[64];

	EXPECT_EQ(walk("/nope", out, sizeof(out)), -ENOENT);
	EXPECT_EQ(walk("/nope/", out, sizeof(out)), -ENOENT);
	EXPECT_EQ(walk("/nope/../proc", out, sizeof(out)), -ENOENT);
	EXPECT_EQ(lookups, 1U);
	EXPECT_EQ(walk("/proc/nope/meminfo", out, sizeof(out)), -ENOENT);
}

UNIT_TEST(vfile_path, too_long_is_enametoolong)
{
	char out[64];

	EXPECT_EQ(walk("/proc/meminfo", out, 14), VFILE_REG);
	EXPECT_STREQ(out, "/proc/meminfo");
	EXPECT_EQ(walk("/proc/meminfo", out, 13), -ENAMETOOLONG);
	EXPECT_EQ(walk("/", out, 1), -ENAMETOOLONG);
	EXPECT_EQ(walk("/", out, 2), VFILE_DIR);
}
