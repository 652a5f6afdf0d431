// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite for the virtual-file registry: creation rules, lookup,
 * listing and the bounded read buffer.  Everything lives under
 * /proc/ktest_vfile and is removed again by the suite's exit.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/string.h>
#include <linux/vfile.h>

static int show_hello(struct seq_file *m, void *private)
{
	seq_printf(m, "hello %s\n", (const char *)private);
	return 0;
}

static int show_long(struct seq_file *m, void *private)
{
	int i;

	for (i = 0; i < 10; i++)
		seq_puts(m, "0123456789");
	seq_putc(m, '\n');
	return 0;
}

static const char *const vfile_test_files[] = {
	"/proc/ktest_vfile/b", "/proc/ktest_vfile/a",
	"/proc/ktest_vfile/sub/c", "/proc/ktest_vfile/long",
	"/sys/kernel/debug/ktest_vfile/d",
};

static void vfile_test_exit(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vfile_test_files); i++)
		vfile_remove(vfile_test_files[i]);
}

static int vfile_test_init(void)
{
	vfile_test_exit();
	return proc_create_single("ktest_vfile/b", show_hello, "b") ||
	       proc_create_single("ktest_vfile/a", show_hello, "a") ||
	       proc_create_single("ktest_vfile/sub/c", show_hello, "c") ||
	       proc_create_single("ktest_vfile/long", show_long, NULL);
}

/* Linux's path walk over the real registry (the host tests cover more) */
static void test_path_rules(struct ktest *t)
{
	static char deep[300];

	KTEST_EXPECT_EQ(t, vfile_stat(""), -ENOENT);
	KTEST_EXPECT_EQ(t, vfile_stat("//proc/./ktest_vfile/../version"),
			VFILE_REG);
	KTEST_EXPECT_EQ(t, vfile_stat("../.."), VFILE_DIR);
	KTEST_EXPECT_EQ(t, vfile_stat("proc"), VFILE_DIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/nope/../version"), -ENOENT);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/a/"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/a/."), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/a/.."), -ENOTDIR);
	memset(deep, 'x', sizeof(deep) - 1);
	deep[0] = '/';
	KTEST_EXPECT_EQ(t, vfile_stat(deep), -ENAMETOOLONG);
}

static void test_create_rules(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, proc_create_single("ktest_vfile/a", show_hello,
					      NULL), -EEXIST);
	/* a name is a file or a directory, not both */
	KTEST_EXPECT_EQ(t, proc_create_single("ktest_vfile/a/x", show_hello,
					      NULL), -EEXIST);
	KTEST_EXPECT_EQ(t, proc_create_single("ktest_vfile/sub", show_hello,
					      NULL), -EEXIST);
	KTEST_EXPECT_EQ(t, proc_create_single("", show_hello, NULL), -EINVAL);
	KTEST_EXPECT_EQ(t, proc_create_single("/x", show_hello, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, proc_create_single("x//y", show_hello, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, proc_create_single("x/../y", show_hello, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, proc_create_single("x/", show_hello, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, proc_create_single("x y", show_hello, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, proc_create_single("x", NULL, NULL), -EINVAL);
}

static void test_lookup(struct ktest *t)
{
	char buf[64];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };

	KTEST_EXPECT_EQ(t, vfile_stat("/"), VFILE_DIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc"), VFILE_DIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/"), VFILE_DIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/sub"), VFILE_DIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/a"), VFILE_REG);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/zz"), -ENOENT);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/ktest_vfile/a/x"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfile_stat("/proc/version"), VFILE_REG);

	KTEST_ASSERT_TRUE(t, !vfile_show("proc//ktest_vfile/sub/c", &m));
	buf[m.count] = '\0';
	KTEST_EXPECT_STREQ(t, buf, "hello c\n");
	KTEST_EXPECT_FALSE(t, m.overflow);
	KTEST_EXPECT_EQ(t, vfile_show("/proc/ktest_vfile", &m), -EISDIR);
	KTEST_EXPECT_EQ(t, vfile_show("/proc/ktest_vfile/a/", &m), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfile_show("", &m), -ENOENT);
}

struct vfile_test_list {
	char names[128];
	int n;
};

static void vfile_test_fill(const char *name, bool is_dir, void *arg)
{
	struct vfile_test_list *l = arg;
	size_t len = strlen(l->names);

	snprintf(l->names + len, sizeof(l->names) - len, "%s%s ", name,
		 is_dir ? "/" : "");
	l->n++;
}

static void test_list(struct ktest *t)
{
	struct vfile_test_list l = { .names = "" };

	KTEST_EXPECT_EQ(t, vfile_list("/proc/ktest_vfile", vfile_test_fill,
				      &l), 4);
	KTEST_EXPECT_STREQ(t, l.names, "a b long sub/ ");
	KTEST_EXPECT_EQ(t, vfile_list("/proc/ktest_vfile/a", vfile_test_fill,
				      &l), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfile_list("", vfile_test_fill, &l), -ENOENT);
	l.names[0] = '\0';
	KTEST_EXPECT_TRUE(t, vfile_list("/", vfile_test_fill, &l) >= 1);
	KTEST_EXPECT_TRUE(t, !strncmp(l.names, "proc/ ", 6));
}

static void test_overflow(struct ktest *t)
{
	char buf[16];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };

	KTEST_EXPECT_EQ(t, vfile_show("/proc/ktest_vfile/long", &m), 0);
	KTEST_EXPECT_TRUE(t, m.overflow);
	KTEST_EXPECT_EQ(t, m.count, sizeof(buf) - 1);
	KTEST_EXPECT_TRUE(t, !strncmp(buf, "0123456789", 10));
}

static void test_debugfs(struct ktest *t)
{
#ifdef CONFIG_DEBUG_FS
	KTEST_EXPECT_EQ(t, debugfs_create_file("ktest_vfile/d", show_hello,
					       "d"), 0);
	KTEST_EXPECT_EQ(t, vfile_stat("/sys/kernel/debug/ktest_vfile/d"),
			VFILE_REG);
	KTEST_EXPECT_EQ(t, debugfs_remove("ktest_vfile/d"), 0);
	KTEST_EXPECT_EQ(t, vfile_stat("/sys/kernel/debug/ktest_vfile/d"),
			-ENOENT);
	KTEST_EXPECT_EQ(t, debugfs_remove("ktest_vfile/d"), -ENOENT);
#else
	KTEST_EXPECT_EQ(t, debugfs_create_file("ktest_vfile/d", show_hello,
					       "d"), 0);
	KTEST_EXPECT_EQ(t, vfile_stat("/sys/kernel/debug"), -ENOENT);
#endif
}

static struct ktest_case vfile_cases[] = {
	KTEST_CASE(test_path_rules),
	KTEST_CASE(test_create_rules),
	KTEST_CASE(test_lookup),
	KTEST_CASE(test_list),
	KTEST_CASE(test_overflow),
	KTEST_CASE(test_debugfs),
	{}
};
KTEST_SUITE_INIT(vfile, vfile_cases, vfile_test_init, vfile_test_exit);
