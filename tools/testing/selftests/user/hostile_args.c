// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_args - huge lengths and counts, and negative or out-of-range
 * descriptors: each call gets Linux's errno or a bounded result, writes
 * nothing past the buffer it was given, and the process lives on.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "ut.h"

static int huge_lengths(void)
{
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = open("/tmp/ut_args", O_RDWR | O_CREAT | O_TRUNC, 0644);
	struct iovec iov[2];

	UT_EXPECT(page != MAP_FAILED && fd >= 0, "setup");
	/* one page readable, the next one gone: a guard */
	UT_OK(munmap(page + 4096, 4096));
	UT_EQ(write(fd, "abc", 3), 3);
	/*
	 * Linux checks the whole range first (EFAULT when it leaves user
	 * space), then caps the count at MAX_RW_COUNT: a huge count on a
	 * small file reads what is there.
	 */
	UT_EQ(pread(fd, page, 1UL << 30, 0), 3);
	UT_ERRNO(pread(fd, page, SIZE_MAX / 2, 0), EFAULT);
	UT_ERRNO(syscall(SYS_read, fd, page, SIZE_MAX), EFAULT);
	UT_ERRNO(syscall(SYS_write, fd, page, (size_t)SSIZE_MAX + 1), EFAULT);
	/* vectors: too many, or lengths that overflow together */
	UT_ERRNO(readv(fd, iov, 1025), EINVAL);
	iov[0].iov_base = page;
	iov[0].iov_len = SSIZE_MAX;
	iov[1].iov_base = page;
	iov[1].iov_len = SSIZE_MAX;
	UT_ERRNO(writev(fd, iov, 2), EFAULT);
	/* mappings larger than the address space */
	UT_ERRNO(mmap(NULL, SIZE_MAX & ~4095UL, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
		 ENOMEM);
	UT_ERRNO(mmap(NULL, 1UL << 47, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), ENOMEM);
	UT_ERRNO(mremap(page, 4096, 1UL << 47, MREMAP_MAYMOVE), ENOMEM);
	UT_ERRNO(mprotect(page, SIZE_MAX & ~4095UL, PROT_READ), ENOMEM);
	/* brk cannot reach the top: the old break stays */
	{
		long cur = syscall(SYS_brk, 0);

		UT_EQ(syscall(SYS_brk, 0x7fffffffe000UL), cur);
	}
	UT_ERRNO(syscall(SYS_getcwd, page, 0), ERANGE);
	/* the kernel writes only the path, whatever size it is told */
	UT_OK(chdir("/"));
	UT_EQ(syscall(SYS_getcwd, page, SIZE_MAX), 2);
	UT_EXPECT(!strcmp(page, "/"), "cwd \"%s\"", page);
	UT_ERRNO(poll((struct pollfd *)page, 1UL << 31, 0), EINVAL);
	UT_ERRNO(select(-1, NULL, NULL, NULL, NULL), EINVAL);
	/* the guard page is still a guard: nothing was mapped behind it */
	UT_ERRNO(msync(page + 4096, 4096, MS_ASYNC), ENOMEM);
	close(fd);
	unlink("/tmp/ut_args");
	return UT_DONE;
}

static int negative_fds(void)
{
	static const int fds[] = { -1, -2, INT_MIN, 1 << 20, INT_MAX };
	char buf[8];
	unsigned int i;

	for (i = 0; i < UT_ARRAY_SIZE(fds); i++) {
		int fd = fds[i];

		UT_ERRNO(read(fd, buf, 1), EBADF);
		UT_ERRNO(write(fd, "x", 1), EBADF);
		UT_ERRNO(pread(fd, buf, 1, 0), EBADF);
		UT_ERRNO(close(fd), EBADF);
		UT_ERRNO(lseek(fd, 0, SEEK_SET), EBADF);
		UT_ERRNO(syscall(SYS_fstat, fd, buf), EBADF);
		UT_ERRNO(dup(fd), EBADF);
		UT_ERRNO(dup2(fd, 10), EBADF);
		UT_ERRNO(fcntl(fd, F_GETFD), EBADF);
		UT_ERRNO(syscall(SYS_ioctl, fd, 0x5401, buf), EBADF);
		UT_ERRNO(syscall(SYS_getdents64, fd, buf, sizeof(buf)), EBADF);
		UT_ERRNO(fchdir(fd), EBADF);
		UT_ERRNO(openat(fd, "tmp", O_RDONLY), EBADF);
		UT_ERRNO(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0), EBADF);
	}
	/* a target past RLIMIT_NOFILE */
	UT_ERRNO(dup2(0, INT_MAX), EBADF);
	UT_ERRNO(dup2(0, -1), EBADF);
	/* poll skips negative descriptors */
	{
		struct pollfd pf = { .fd = -1, .events = POLLIN, .revents = 7 };

		UT_EQ(poll(&pf, 1, 0), 0);
		UT_EQ(pf.revents, 0);
	}
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(huge_lengths),
	UT_CASE(negative_fds),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
