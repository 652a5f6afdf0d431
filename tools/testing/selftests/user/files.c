// SPDX-License-Identifier: GPL-2.0
/*
 * files - the file system calls busybox and libc use, on the RAM root's
 * /tmp: open/openat flags and errors, read/write and their positional
 * and vector forms, lseek, getdents64, the stat family, directory and
 * name operations, umask, fcntl, dup/dup2/dup3, pipes, poll and select.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "ut.h"

#define D "/tmp/ut_files"

static int setup(void)
{
	if (mkdir(D, 0755) && errno != EEXIST)
		return -1;
	return chdir(D);
}

static int open_flags_and_errors(void)
{
	int fd, dfd;

	UT_OK(setup());
	fd = open(D "/a", O_RDWR | O_CREAT | O_EXCL, 0640);
	UT_EXPECT(fd >= 0, "create: %s", strerror(errno));
	/* the lowest free descriptor */
	UT_EQ(fd, 3);
	UT_ERRNO(open(D "/a", O_RDWR | O_CREAT | O_EXCL, 0640), EEXIST);
	UT_EQ(write(fd, "hello", 5), 5);
	close(fd);
	fd = open(D "/a", O_WRONLY | O_APPEND);
	UT_EQ(write(fd, "!", 1), 1);
	close(fd);
	fd = open(D "/a", O_RDWR | O_TRUNC);
	UT_EQ(lseek(fd, 0, SEEK_END), 0);
	close(fd);
	UT_ERRNO(open(D "/missing", O_RDONLY), ENOENT);
	UT_ERRNO(open(D "/a/b", O_RDONLY), ENOTDIR);
	UT_ERRNO(open(D, O_WRONLY), EISDIR);
	UT_ERRNO(open(D "/a", O_RDONLY | O_DIRECTORY), ENOTDIR);
	UT_ERRNO(open("", O_RDONLY), ENOENT);
	dfd = open(D, O_RDONLY | O_DIRECTORY);
	UT_EXPECT(dfd >= 0, "open dir: %s", strerror(errno));
	fd = openat(dfd, "a", O_RDONLY | O_CLOEXEC);
	UT_EXPECT(fd >= 0, "openat: %s", strerror(errno));
	UT_EQ(fcntl(fd, F_GETFD), FD_CLOEXEC);
	close(fd);
	fd = openat(AT_FDCWD, "a", O_RDONLY);
	UT_EXPECT(fd >= 0, "openat AT_FDCWD: %s", strerror(errno));
	close(fd);
	UT_ERRNO(openat(fd, "a", O_RDONLY), EBADF);
	UT_ERRNO(read(dfd, &fd, 1), EISDIR);
	close(dfd);
	UT_OK(unlink(D "/a"));
	return UT_DONE;
}

static int read_write_forms(void)
{
	char buf[16] = "";
	struct iovec iov[2];
	int fd;

	UT_OK(setup());
	fd = open("rw", O_RDWR | O_CREAT | O_TRUNC, 0644);
	UT_EQ(write(fd, "0123456789", 10), 10);
	UT_EQ(pwrite(fd, "AB", 2, 4), 2);
	/* pwrite does not move the offset */
	UT_EQ(lseek(fd, 0, SEEK_CUR), 10);
	UT_EQ(pread(fd, buf, 4, 3), 4);
	UT_EXPECT(!memcmp(buf, "3AB6", 4), "pread \"%.4s\"", buf);
	UT_EQ(lseek(fd, 0, SEEK_SET), 0);
	iov[0].iov_base = buf;
	iov[0].iov_len = 3;
	iov[1].iov_base = buf + 8;
	iov[1].iov_len = 2;
	UT_EQ(readv(fd, iov, 2), 5);
	UT_EXPECT(!memcmp(buf, "012", 3) && !memcmp(buf + 8, "3A", 2), "readv");
	iov[0].iov_base = "xy";
	iov[0].iov_len = 2;
	iov[1].iov_base = "z";
	iov[1].iov_len = 1;
	UT_EQ(writev(fd, iov, 2), 3);
	UT_EQ(pread(fd, buf, 16, 0), 10);
	UT_EXPECT(!memcmp(buf, "0123Axyz89", 10), "after writev \"%.10s\"", buf);
	/* at the end: 0, not an error */
	UT_EQ(read(fd, buf, 16), 2);
	UT_EQ(read(fd, buf, 16), 0);
	UT_ERRNO(pread(fd, buf, 1, -1), EINVAL);
	UT_ERRNO(writev(fd, iov, -1), EINVAL);
	close(fd);
	fd = open("rw", O_RDONLY);
	UT_ERRNO(write(fd, "x", 1), EBADF);
	close(fd);
	unlink("rw");
	return UT_DONE;
}

static int lseek_whence(void)
{
	int fd;

	UT_OK(setup());
	fd = open("seek", O_RDWR | O_CREAT | O_TRUNC, 0644);
	UT_EQ(write(fd, "abcdef", 6), 6);
	UT_EQ(lseek(fd, 2, SEEK_SET), 2);
	UT_EQ(lseek(fd, 1, SEEK_CUR), 3);
	UT_EQ(lseek(fd, -1, SEEK_END), 5);
	/* past the end is allowed, and a write there leaves a hole of zeros */
	UT_EQ(lseek(fd, 100, SEEK_SET), 100);
	UT_EQ(write(fd, "z", 1), 1);
	{
		char c = 1;

		UT_EQ(pread(fd, &c, 1, 50), 1);
		UT_EQ(c, 0);
	}
	UT_ERRNO(lseek(fd, -1, SEEK_SET), EINVAL);
	UT_ERRNO(lseek(fd, 0, 42), EINVAL);
	close(fd);
	unlink("seek");
	return UT_DONE;
}

struct ut_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static int getdents64_lists(void)
{
	char buf[1024];
	int fd, seen = 0, n, off;

	UT_OK(setup());
	UT_OK(mkdir("dents", 0755));
	close(open("dents/file", O_CREAT | O_WRONLY, 0644));
	UT_OK(mkdir("dents/sub", 0755));
	fd = open("dents", O_RDONLY | O_DIRECTORY);
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n;) {
			struct ut_dirent64 *d = (void *)(buf + off);

			UT_EXPECT(d->d_reclen % 8 == 0, "reclen %u", d->d_reclen);
			int bit = !strcmp(d->d_name, ".") ? 1 :
				  !strcmp(d->d_name, "..") ? 2 :
				  !strcmp(d->d_name, "file") ? 4 :
				  !strcmp(d->d_name, "sub") ? 8 : 0;

			UT_EXPECT(bit, "unexpected entry \"%s\"", d->d_name);
			UT_EQ(d->d_type, bit == 4 ? DT_REG : DT_DIR);
			seen |= bit;
			off += d->d_reclen;
		}
	}
	UT_EQ(n, 0);
	UT_EQ(seen, 15);
	/* a buffer too small for one entry */
	UT_OK(lseek(fd, 0, SEEK_SET));
	UT_ERRNO(syscall(SYS_getdents64, fd, buf, 8), EINVAL);
	close(fd);
	fd = open("dents/file", O_RDONLY);
	UT_ERRNO(syscall(SYS_getdents64, fd, buf, sizeof(buf)), ENOTDIR);
	close(fd);
	unlink("dents/file");
	rmdir("dents/sub");
	rmdir("dents");
	return UT_DONE;
}

static int stat_family(void)
{
	struct stat st, lst, fst;
	int fd;

	UT_OK(setup());
	fd = open("st", O_RDWR | O_CREAT | O_TRUNC, 0600);
	UT_EQ(write(fd, "12345", 5), 5);
	UT_OK(fstat(fd, &fst));
	UT_EQ(fst.st_size, 5);
	UT_EXPECT(S_ISREG(fst.st_mode), "mode %o", fst.st_mode);
	UT_EQ(fst.st_mode & 07777, 0600 & ~0);
	UT_EQ(fst.st_nlink, 1);
	UT_OK(symlink("st", "st.link"));
	UT_OK(stat("st.link", &st));
	UT_EQ(st.st_ino, fst.st_ino);
	UT_OK(lstat("st.link", &lst));
	UT_EXPECT(S_ISLNK(lst.st_mode), "lstat mode %o", lst.st_mode);
	UT_EQ(lst.st_size, 2);	/* a link's size is its target's length */
	UT_OK(fstatat(AT_FDCWD, "st.link", &lst, AT_SYMLINK_NOFOLLOW));
	UT_EXPECT(S_ISLNK(lst.st_mode), "fstatat nofollow mode %o", lst.st_mode);
	UT_OK(fstatat(AT_FDCWD, "st", &st, 0));
	UT_EQ(st.st_ino, fst.st_ino);
	UT_OK(stat("/dev/null", &st));
	UT_EXPECT(S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3), "/dev/null");
	UT_OK(stat(D, &st));
	UT_EXPECT(S_ISDIR(st.st_mode), "dir mode %o", st.st_mode);
	UT_ERRNO(stat("nope", &st), ENOENT);
	UT_ERRNO(fstat(-1, &st), EBADF);
	close(fd);
	unlink("st.link");
	unlink("st");
	return UT_DONE;
}

static int names_and_dirs(void)
{
	char buf[PATH_MAX];

	UT_OK(setup());
	UT_OK(mkdir("d", 0755));
	UT_ERRNO(mkdir("d", 0755), EEXIST);
	UT_OK(mkdirat(AT_FDCWD, "d/e", 0700));
	UT_ERRNO(rmdir("d"), ENOTEMPTY);
	UT_OK(chdir("d/e"));
	UT_EXPECT(getcwd(buf, sizeof(buf)) && !strcmp(buf, D "/d/e"), "cwd %s", buf);
	UT_OK(chdir(".."));
	UT_EXPECT(getcwd(buf, sizeof(buf)) && !strcmp(buf, D "/d"), "cwd %s", buf);
	UT_ERRNO(syscall(SYS_getcwd, buf, 2), ERANGE);
	UT_OK(chdir(D));
	close(open("f", O_CREAT | O_WRONLY, 0644));
	UT_OK(rename("f", "d/g"));
	UT_ERRNO(access("f", F_OK), ENOENT);
	UT_OK(access("d/g", R_OK | W_OK));
	UT_ERRNO(access("d/g", X_OK), EACCES);
	UT_OK(symlink("d/g", "l"));
	UT_EQ(readlink("l", buf, sizeof(buf)), 3);
	UT_EXPECT(!memcmp(buf, "d/g", 3), "readlink \"%.3s\"", buf);
	UT_EQ(readlinkat(AT_FDCWD, "l", buf, 2), 2);
	UT_ERRNO(readlink("d", buf, sizeof(buf)), EINVAL);
	UT_ERRNO(rmdir("l"), ENOTDIR);
	UT_ERRNO(unlink("d"), EISDIR);
	UT_OK(unlink("l"));
	UT_OK(unlinkat(AT_FDCWD, "d/g", 0));
	UT_OK(unlinkat(AT_FDCWD, "d/e", AT_REMOVEDIR));
	UT_OK(rmdir("d"));
	UT_ERRNO(chdir("d"), ENOENT);
	return UT_DONE;
}

static int umask_applies(void)
{
	struct stat st;
	mode_t old;

	UT_OK(setup());
	old = umask(027);
	UT_EQ(umask(027), 027);
	close(open("um", O_CREAT | O_WRONLY, 0666));
	UT_OK(stat("um", &st));
	UT_EQ(st.st_mode & 0777, 0640);
	UT_OK(mkdir("umd", 0777));
	UT_OK(stat("umd", &st));
	UT_EQ(st.st_mode & 0777, 0750);
	umask(old);
	unlink("um");
	rmdir("umd");
	return UT_DONE;
}

static int fcntl_and_dup(void)
{
	int fd, d, fl;

	UT_OK(setup());
	fd = open("fc", O_RDWR | O_CREAT | O_TRUNC, 0644);
	fl = fcntl(fd, F_GETFL);
	UT_EQ(fl & O_ACCMODE, O_RDWR);
	UT_OK(fcntl(fd, F_SETFL, fl | O_APPEND));
	UT_EXPECT(fcntl(fd, F_GETFL) & O_APPEND, "O_APPEND not set");
	UT_EQ(fcntl(fd, F_GETFD), 0);
	UT_OK(fcntl(fd, F_SETFD, FD_CLOEXEC));
	UT_EQ(fcntl(fd, F_GETFD), FD_CLOEXEC);
	d = fcntl(fd, F_DUPFD, 20);
	UT_EQ(d, 20);
	/* a duplicate shares the offset but not the close-on-exec flag */
	UT_EQ(fcntl(d, F_GETFD), 0);
	UT_EQ(write(fd, "abc", 3), 3);
	UT_EQ(lseek(d, 0, SEEK_CUR), 3);
	UT_EQ(fcntl(fd, F_DUPFD_CLOEXEC, 0), 4);
	UT_EQ(fcntl(4, F_GETFD), FD_CLOEXEC);
	close(4);
	UT_EQ(dup(fd), 4);
	close(4);
	UT_EQ(dup2(fd, 30), 30);
	UT_EQ(dup2(30, 30), 30);
	UT_EQ(dup3(fd, 31, O_CLOEXEC), 31);
	UT_EQ(fcntl(31, F_GETFD), FD_CLOEXEC);
	UT_ERRNO(dup3(fd, fd, 0), EINVAL);
	UT_ERRNO(syscall(SYS_dup3, fd, 32, O_APPEND), EINVAL);
	UT_ERRNO(dup(-1), EBADF);
	UT_ERRNO(fcntl(fd, 1000), EINVAL);
	UT_ERRNO(fcntl(99, F_GETFD), EBADF);
	close(30);
	close(31);
	close(d);
	close(fd);
	unlink("fc");
	return UT_DONE;
}

static int pipes(void)
{
	int p[2], q[2];
	char buf[8];

	UT_OK(pipe(p));
	UT_EQ(write(p[1], "ab", 2), 2);
	UT_EQ(read(p[0], buf, sizeof(buf)), 2);
	UT_OK(pipe2(q, O_CLOEXEC | O_NONBLOCK));
	UT_EQ(fcntl(q[0], F_GETFD), FD_CLOEXEC);
	UT_ERRNO(read(q[0], buf, 1), EAGAIN);
	close(q[1]);
	/* no writer left: end of file */
	UT_EQ(read(q[0], buf, 1), 0);
	close(q[0]);
	/* no reader left: EPIPE, with SIGPIPE ignored */
	signal(SIGPIPE, SIG_IGN);
	close(p[0]);
	UT_ERRNO(write(p[1], "x", 1), EPIPE);
	signal(SIGPIPE, SIG_DFL);
	close(p[1]);
	UT_ERRNO(pipe2(p, O_APPEND), EINVAL);
	return UT_DONE;
}

static int poll_and_select(void)
{
	struct pollfd pf[2];
	struct timeval tv = { 0, 0 };
	fd_set rd;
	int p[2];

	UT_OK(pipe(p));
	pf[0].fd = p[0];
	pf[0].events = POLLIN;
	pf[1].fd = p[1];
	pf[1].events = POLLOUT;
	UT_EQ(poll(pf, 2, 0), 1);
	UT_EQ(pf[0].revents, 0);
	UT_EQ(pf[1].revents, POLLOUT);
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	UT_EQ(select(p[0] + 1, &rd, NULL, NULL, &tv), 0);
	UT_EQ(write(p[1], "x", 1), 1);
	UT_EQ(poll(pf, 1, 1000), 1);
	UT_EQ(pf[0].revents, POLLIN);
	FD_SET(p[0], &rd);
	tv.tv_sec = 1;
	UT_EQ(select(p[0] + 1, &rd, NULL, NULL, &tv), 1);
	UT_EXPECT(FD_ISSET(p[0], &rd), "not readable");
	close(p[1]);
	{
		char c;

		UT_EQ(read(p[0], &c, 1), 1);
	}
	UT_EQ(poll(pf, 1, 0), 1);
	UT_EQ(pf[0].revents, POLLHUP);
	/* a closed descriptor in poll: POLLNVAL, not an error */
	pf[0].fd = 77;
	UT_EQ(poll(pf, 1, 0), 1);
	UT_EQ(pf[0].revents, POLLNVAL);
	close(p[0]);
	/* nothing ready: the timeout passes */
	UT_EQ(poll(NULL, 0, 20), 0);
	/*
	 * a closed descriptor in select: EBADF.  Linux ignores bits past its
	 * descriptor table (64 slots to start with), so stay below that.
	 */
	FD_ZERO(&rd);
	FD_SET(60, &rd);
	tv.tv_sec = 0;
	UT_ERRNO(select(61, &rd, NULL, NULL, &tv), EBADF);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(open_flags_and_errors),
	UT_CASE(read_write_forms),
	UT_CASE(lseek_whence),
	UT_CASE(getdents64_lists),
	UT_CASE(stat_family),
	UT_CASE(names_and_dirs),
	UT_CASE(umask_applies),
	UT_CASE(fcntl_and_dup),
	UT_CASE(pipes),
	UT_CASE(poll_and_select),
};

int main(void)
{
	int rc = ut_main(cases, UT_ARRAY_SIZE(cases));

	return rc;
}
