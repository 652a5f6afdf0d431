// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_namei: path lookup's rules (fs/namei.c) and the errno
 * of every directory call, through the same do_*() bodies the system
 * calls use.  Each case works under its own directory and removes it.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "vfs_helpers.h"

static void test_dot_and_dotdot(struct ktest *t)
{
	struct kstat a, b, root;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tn", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tn/d", 0755), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tn/d/.", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tn/d", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	KTEST_EXPECT_EQ(t, t_stat("/tn/d/..", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tn", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	/* ".." never goes above the root */
	KTEST_EXPECT_EQ(t, t_stat("/", &root), 0);
	KTEST_EXPECT_EQ(t, t_stat("/../../..", &a), 0);
	KTEST_EXPECT_EQ(t, a.ino, root.ino);
	KTEST_EXPECT_EQ(t, t_stat("/tn/d/../../../tn", &a), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	/* "//" is "/" and repeated slashes are one */
	KTEST_EXPECT_EQ(t, t_stat("//tn///d//", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tn/d", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	t_rm_rf("/tn");
}

static void test_relative_to_cwd(struct ktest *t)
{
	char buf[64];
	struct kstat a, b;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tc", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tc/sub", 0755), 0);
	KTEST_EXPECT_EQ(t, t_chdir("/tc"), 0);
	KTEST_EXPECT_EQ(t, t_stat("sub", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tc/sub", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	/* Linux's getcwd returns the length with the NUL */
	KTEST_EXPECT_EQ(t, vfs_getcwd(buf, sizeof(buf)), 4);
	KTEST_EXPECT_STREQ(t, buf, "/tc");
	KTEST_EXPECT_EQ(t, vfs_getcwd(buf, 3), -ERANGE);
	KTEST_EXPECT_EQ(t, t_chdir("sub/.."), 0);
	KTEST_EXPECT_EQ(t, vfs_getcwd(buf, sizeof(buf)), 4);
	KTEST_EXPECT_EQ(t, t_chdir("/tc/nope"), -ENOENT);
	KTEST_EXPECT_EQ(t, t_put_file("/tc/f", "x"), 0);
	KTEST_EXPECT_EQ(t, t_chdir("/tc/f"), -ENOTDIR);
	/* a removed working directory: getcwd says ENOENT, creating too */
	KTEST_EXPECT_EQ(t, t_chdir("/tc/sub"), 0);
	KTEST_EXPECT_EQ(t, t_rmdir("/tc/sub"), 0);
	KTEST_EXPECT_EQ(t, vfs_getcwd(buf, sizeof(buf)), -ENOENT);
	KTEST_EXPECT_EQ(t, t_mkdir("x", 0755), -ENOENT);
	KTEST_EXPECT_EQ(t, t_chdir("/"), 0);
	KTEST_EXPECT_EQ(t, vfs_getcwd(buf, sizeof(buf)), 2);
	KTEST_EXPECT_STREQ(t, buf, "/");
	t_rm_rf("/tc");
}

static void test_symlinks(struct ktest *t)
{
	char buf[32] = { 0 };
	struct kstat a, b;
	long fd;

	KTEST_ASSERT_TRUE(t, t_mkdir("/ts", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_put_file("/ts/file", "data"), 0);
	KTEST_EXPECT_EQ(t, t_symlink("file", "/ts/l1"), 0);
	KTEST_EXPECT_EQ(t, t_symlink("l1", "/ts/l2"), 0);
	KTEST_EXPECT_EQ(t, t_symlink("/ts", "/ts/dirlink"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/ts/l2", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/ts/file", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	KTEST_EXPECT_TRUE(t, S_ISREG(a.mode));
	/* lstat names the link itself; its size is the target's length */
	KTEST_EXPECT_EQ(t, t_lstat("/ts/l2", &a), 0);
	KTEST_EXPECT_TRUE(t, S_ISLNK(a.mode));
	KTEST_EXPECT_EQ(t, a.size, 2);
	KTEST_EXPECT_EQ(t, t_readlink("/ts/l2", buf, sizeof(buf)), 2);
	KTEST_EXPECT_STREQ(t, buf, "l1");
	KTEST_EXPECT_EQ(t, t_readlink("/ts/l2", buf, 1), 1);
	KTEST_EXPECT_EQ(t, t_readlink("/ts/file", buf, sizeof(buf)), -EINVAL);
	/* in the middle of a path a link is always followed */
	KTEST_EXPECT_EQ(t, t_stat("/ts/dirlink/dirlink/file", &a), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	/* O_NOFOLLOW on a final link: ELOOP; a trailing "/" on a file link */
	fd = t_open("/ts/l1", O_RDONLY | O_NOFOLLOW, 0);
	KTEST_EXPECT_EQ(t, fd, -ELOOP);
	KTEST_EXPECT_EQ(t, t_stat("/ts/l1/", &a), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_lstat("/ts/dirlink/", &a), 0);
	KTEST_EXPECT_TRUE(t, S_ISDIR(a.mode));
	/* a dangling link, an empty target */
	KTEST_EXPECT_EQ(t, t_symlink("nowhere", "/ts/dangling"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/ts/dangling", &a), -ENOENT);
	KTEST_EXPECT_EQ(t, t_lstat("/ts/dangling", &a), 0);
	KTEST_EXPECT_EQ(t, t_symlink("", "/ts/empty"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/ts/empty", &a), -ENOENT);
	t_rm_rf("/ts");
}

static void test_symlink_limit(struct ktest *t)
{
	char name[32], target[32];
	struct kstat a;
	int i;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tl", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tl/f", ""), 0);
	/* l0 -> f, l(i) -> l(i-1): opening l(n) follows n + 1 links */
	for (i = 0; i <= 40; i++) {
		snprintf(name, sizeof(name), "/tl/l%d", i);
		if (i)
			snprintf(target, sizeof(target), "l%d", i - 1);
		else
			strscpy(target, "f", sizeof(target));
		KTEST_EXPECT_EQ(t, t_symlink(target, name), 0);
	}
	KTEST_EXPECT_EQ(t, t_stat("/tl/l39", &a), 0);	/* 40 links */
	KTEST_EXPECT_EQ(t, t_stat("/tl/l40", &a), -ELOOP);	/* 41 */
	/* a loop */
	KTEST_EXPECT_EQ(t, t_symlink("b", "/tl/a"), 0);
	KTEST_EXPECT_EQ(t, t_symlink("a", "/tl/b"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tl/a", &a), -ELOOP);
	KTEST_EXPECT_EQ(t, t_open("/tl/a/x", O_RDONLY, 0), -ELOOP);
	KTEST_EXPECT_EQ(t, t_lstat("/tl/a", &a), 0);
	t_rm_rf("/tl");
}

static void test_name_limits(struct ktest *t)
{
	char *p = kmalloc(PATH_MAX + 8, GFP_KERNEL);
	struct kstat a;
	int i;

	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_ASSERT_TRUE(t, t_mkdir("/tm", 0755) == 0);
	/* NAME_MAX bytes are a name; one more is ENAMETOOLONG */
	strscpy(p, "/tm/", PATH_MAX);
	memset(p + 4, 'n', NAME_MAX);
	p[4 + NAME_MAX] = '\0';
	KTEST_EXPECT_EQ(t, t_put_file(p, ""), 0);
	KTEST_EXPECT_EQ(t, t_stat(p, &a), 0);
	p[4 + NAME_MAX] = 'n';
	p[5 + NAME_MAX] = '\0';
	KTEST_EXPECT_EQ(t, t_stat(p, &a), -ENAMETOOLONG);
	KTEST_EXPECT_EQ(t, t_mkdir(p, 0755), -ENAMETOOLONG);
	/* PATH_MAX bytes with the NUL is too long, one less is a path */
	for (i = 0; i < PATH_MAX - 1; i += 2)
		memcpy(p + i, "./", 2);
	p[PATH_MAX - 1] = '\0';
	p[PATH_MAX - 2] = '.';
	KTEST_EXPECT_EQ(t, t_stat(p, &a), 0);
	p[PATH_MAX - 1] = '/';
	p[PATH_MAX] = '\0';
	KTEST_EXPECT_EQ(t, t_stat(p, &a), -ENAMETOOLONG);
	KTEST_EXPECT_EQ(t, t_stat("", &a), -ENOENT);
	kfree(p);
	t_rm_rf("/tm");
}

static void test_errnos(struct ktest *t)
{
	struct kstat a;

	KTEST_ASSERT_TRUE(t, t_mkdir("/te", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_put_file("/te/f", "x"), 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/te/d", 0755), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/te/d/g", "y"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/te/none", &a), -ENOENT);
	KTEST_EXPECT_EQ(t, t_stat("/te/none/x", &a), -ENOENT);
	KTEST_EXPECT_EQ(t, t_stat("/te/f/x", &a), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_stat("/te/f/", &a), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_mkdir("/te/d", 0755), -EEXIST);
	KTEST_EXPECT_EQ(t, t_mkdir("/te/f", 0755), -EEXIST);
	KTEST_EXPECT_EQ(t, t_mkdir("/", 0755), -EEXIST);
	KTEST_EXPECT_EQ(t, t_open("/te/f", O_CREAT | O_EXCL | O_RDWR, 0644),
			-EEXIST);
	KTEST_EXPECT_EQ(t, t_rmdir("/te/d"), -ENOTEMPTY);
	KTEST_EXPECT_EQ(t, t_rmdir("/te/f"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_rmdir("/te/d/."), -EINVAL);
	KTEST_EXPECT_EQ(t, t_rmdir("/te/d/.."), -ENOTEMPTY);
	KTEST_EXPECT_EQ(t, t_rmdir("/"), -EBUSY);
	KTEST_EXPECT_EQ(t, t_unlink("/te/d"), -EISDIR);
	KTEST_EXPECT_EQ(t, t_unlink("/te/f/"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_unlink("/te/none"), -ENOENT);
	KTEST_EXPECT_EQ(t, t_open("/te/d", O_WRONLY, 0), -EISDIR);
	KTEST_EXPECT_EQ(t, t_open("/te/d", O_RDWR, 0), -EISDIR);
	KTEST_EXPECT_EQ(t, t_open("/te/d", O_CREAT | O_RDONLY, 0644), -EISDIR);
	KTEST_EXPECT_EQ(t, t_open("/te/new/", O_CREAT | O_RDWR, 0644), -EISDIR);
	KTEST_EXPECT_EQ(t, t_open("/te/f/", O_CREAT | O_RDWR, 0644), -EISDIR);
	KTEST_EXPECT_EQ(t, t_open("/te/f", O_RDONLY | O_DIRECTORY, 0),
			-ENOTDIR);
	KTEST_EXPECT_EQ(t, t_rename("/te/d", "/te/d/g/x"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_mkdir("/te/d/sub", 0755), 0);
	KTEST_EXPECT_EQ(t, t_rename("/te/d", "/te/d/sub/x"), -EINVAL);
	KTEST_EXPECT_EQ(t, t_rename("/te/f", "/te/d"), -EISDIR);
	KTEST_EXPECT_EQ(t, t_rename("/te/d/sub", "/te/f"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, t_rename("/te/d/sub", "/te/d"), -ENOTEMPTY);
	KTEST_EXPECT_EQ(t, t_rename("/te/none", "/te/x"), -ENOENT);
	KTEST_EXPECT_EQ(t, t_rename("/te/.", "/te/x"), -EBUSY);
	KTEST_EXPECT_EQ(t, t_link("/te/d", "/te/dl"), -EPERM);
	KTEST_EXPECT_EQ(t, t_link("/te/f", "/te/d/g"), -EEXIST);
	KTEST_EXPECT_EQ(t, t_mknod("/te/dir", S_IFDIR | 0755, 0), -EPERM);
	t_rm_rf("/te");
}

/* run as another user: the boot context's fsuid/fsgid changed and back */
static void as_user(u32 uid, u32 gid)
{
	current_fs()->fsuid = uid;
	current_fs()->fsgid = gid;
}

static void test_permissions(struct ktest *t)
{
	struct kstat a;
	long fd, old_umask;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tp", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tp/private", 0700), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tp/private/f", "s"), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tp/ro", "r"), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tp/noexec", "n"), 0);
	old_umask = ksys_umask(0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tp/open", 0777), 0);
	ksys_umask(old_umask);

	as_user(1000, 1000);
	/* search permission on a directory on the way */
	KTEST_EXPECT_EQ(t, t_stat("/tp/private/f", &a), -EACCES);
	KTEST_EXPECT_EQ(t, t_open("/tp/private/f", O_RDONLY, 0), -EACCES);
	/* a 0644 file of root's: readable, not writable */
	fd = t_open("/tp/ro", O_RDONLY, 0);
	KTEST_EXPECT_TRUE(t, fd >= 0);
	if (fd >= 0)
		close_fd(fd);
	KTEST_EXPECT_EQ(t, t_open("/tp/ro", O_WRONLY, 0), -EACCES);
	KTEST_EXPECT_EQ(t, t_access("/tp/ro", R_OK), 0);
	KTEST_EXPECT_EQ(t, t_access("/tp/ro", W_OK), -EACCES);
	/* creating needs write on the directory */
	KTEST_EXPECT_EQ(t, t_put_file("/tp/new", ""), -EACCES);
	KTEST_EXPECT_EQ(t, t_unlink("/tp/ro"), -EACCES);
	KTEST_EXPECT_EQ(t, t_put_file("/tp/open/mine", "m"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tp/open/mine", &a), 0);
	KTEST_EXPECT_EQ(t, a.uid, 1000);
	KTEST_EXPECT_EQ(t, a.gid, 1000);
	as_user(0, 0);

	/* root: anything but executing a file without any x bit */
	KTEST_EXPECT_EQ(t, t_stat("/tp/private/f", &a), 0);
	KTEST_EXPECT_EQ(t, t_access("/tp/noexec", X_OK), -EACCES);
	KTEST_EXPECT_EQ(t, t_access("/tp/noexec", R_OK | W_OK), 0);
	KTEST_EXPECT_EQ(t, t_access("/tp/private", X_OK), 0);
	KTEST_EXPECT_EQ(t, t_access("/tp/none", F_OK), -ENOENT);
	KTEST_EXPECT_EQ(t, t_access("/tp/ro", 8), -EINVAL);
	t_rm_rf("/tp");
}

static void test_open_exec(struct ktest *t)
{
	struct file *f;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tx", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tx/prog", "\x7f" "ELF"), 0);
	KTEST_EXPECT_EQ(t, do_fchmodat(AT_FDCWD, getname_kernel("/tx/prog"),
				       0755), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tx/data", "d"), 0);
	KTEST_EXPECT_EQ(t, t_symlink("prog", "/tx/link"), 0);
	f = open_exec("/tx/link");
	KTEST_EXPECT_FALSE(t, IS_ERR(f));
	if (!IS_ERR(f)) {
		KTEST_EXPECT_TRUE(t, f->f_mode & FMODE_READ);
		fput(f);
	}
	/* no x bit at all: not even root; a directory; nothing there */
	KTEST_EXPECT_EQ(t, PTR_ERR(open_exec("/tx/data")), -EACCES);
	KTEST_EXPECT_EQ(t, PTR_ERR(open_exec("/tx")), -EACCES);
	KTEST_EXPECT_EQ(t, PTR_ERR(open_exec("/tx/none")), -ENOENT);
	/* another user: the others' bits decide (root owns the file) */
	KTEST_EXPECT_EQ(t, do_fchmodat(AT_FDCWD, getname_kernel("/tx/prog"),
				       0645), 0);
	as_user(1000, 1000);
	f = open_exec("/tx/prog");
	KTEST_EXPECT_FALSE(t, IS_ERR(f));
	if (!IS_ERR(f))
		fput(f);
	as_user(0, 0);
	KTEST_EXPECT_EQ(t, do_fchmodat(AT_FDCWD, getname_kernel("/tx/prog"),
				       0754), 0);
	as_user(1000, 1000);
	KTEST_EXPECT_EQ(t, PTR_ERR(open_exec("/tx/prog")), -EACCES);
	as_user(0, 0);
	t_rm_rf("/tx");
}

static void test_umask(struct ktest *t)
{
	struct kstat a;
	long old = ksys_umask(027);

	KTEST_EXPECT_EQ(t, t_mkdir("/tu", 0777), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tu", &a), 0);
	KTEST_EXPECT_EQ(t, a.mode, S_IFDIR | 0750);
	KTEST_EXPECT_EQ(t, t_put_file("/tu/f", ""), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tu/f", &a), 0);
	KTEST_EXPECT_EQ(t, a.mode, S_IFREG | 0640);
	KTEST_EXPECT_EQ(t, ksys_umask(old), 027);
	t_rm_rf("/tu");
}

static void test_mount_crossing(struct ktest *t)
{
	struct kstat root, mp, inside, up;
	long fd;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tmnt", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_stat("/", &root), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tmnt", &mp), 0);
	KTEST_EXPECT_EQ(t, t_mount("ramfs", "/tmnt"), 0);
	/* downwards: the mounted root, another device */
	KTEST_EXPECT_EQ(t, t_stat("/tmnt", &inside), 0);
	KTEST_EXPECT_NE(t, inside.dev, mp.dev);
	KTEST_EXPECT_EQ(t, t_put_file("/tmnt/f", "in"), 0);
	/* upwards: ".." of the mounted root is the mount point's parent */
	KTEST_EXPECT_EQ(t, t_stat("/tmnt/..", &up), 0);
	KTEST_EXPECT_EQ(t, up.ino, root.ino);
	KTEST_EXPECT_EQ(t, up.dev, root.dev);
	/* across file systems: EXDEV */
	KTEST_EXPECT_EQ(t, t_rename("/tmnt/f", "/tmnt-f"), -EXDEV);
	KTEST_EXPECT_EQ(t, t_link("/tmnt/f", "/tmnt-f"), -EXDEV);
	/* in use: EBUSY; a directory that is no mount: EINVAL */
	fd = t_open("/tmnt/f", O_RDONLY, 0);
	KTEST_EXPECT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_umount("/tmnt"), -EBUSY);
	if (fd >= 0)
		close_fd(fd);
	KTEST_EXPECT_EQ(t, t_rmdir("/tmnt"), -EBUSY);
	KTEST_EXPECT_EQ(t, t_umount("/"), -EINVAL);
	KTEST_EXPECT_EQ(t, t_mount("nosuchfs", "/tmnt"), -ENODEV);
	KTEST_EXPECT_EQ(t, t_umount("/tmnt"), 0);
	/* the mount point again, with the mounted files gone with it */
	KTEST_EXPECT_EQ(t, t_stat("/tmnt", &inside), 0);
	KTEST_EXPECT_EQ(t, inside.ino, mp.ino);
	KTEST_EXPECT_EQ(t, t_stat("/tmnt/f", &inside), -ENOENT);
	KTEST_EXPECT_EQ(t, t_umount("/tmnt"), -EINVAL);
	t_rm_rf("/tmnt");
}

static struct ktest_case fs_namei_cases[] = {
	KTEST_CASE(test_dot_and_dotdot),
	KTEST_CASE(test_relative_to_cwd),
	KTEST_CASE(test_symlinks),
	KTEST_CASE(test_symlink_limit),
	KTEST_CASE(test_name_limits),
	KTEST_CASE(test_errnos),
	KTEST_CASE(test_permissions),
	KTEST_CASE(test_open_exec),
	KTEST_CASE(test_umask),
	KTEST_CASE(test_mount_crossing),
	{}
};
KTEST_SUITE(fs_namei, fs_namei_cases);
