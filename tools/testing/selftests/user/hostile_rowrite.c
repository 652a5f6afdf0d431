// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_rowrite - writes to read-only memory: a PROT_READ mapping, the
 * program's own code and read-only data, a read-only file mapping, and a
 * read-only page written by the kernel on the program's behalf.  Each
 * user write raises SIGSEGV with SEGV_ACCERR at the byte; each kernel
 * write fails with EFAULT; upgrading a read-only shared file mapping to
 * writable is EACCES; none of it survives a fork.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>

#include "ut.h"
#include "ut_fault.h"

static const char rodata[64] = "read-only";

static int user_writes(void)
{
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	UT_EXPECT(ro != MAP_FAILED, "mmap");
	UT_SEGV(ro + 100, 'w', SEGV_ACCERR);
	UT_SEGV((char *)(uintptr_t)user_writes, 'w', SEGV_ACCERR);
	UT_SEGV((char *)rodata + 3, 'w', SEGV_ACCERR);
	UT_EQ(rodata[3], 'd');
	munmap(ro, 4096);
	return UT_DONE;
}

static int file_mappings(void)
{
	int fd = open("/tmp/ut_rowrite", O_RDWR | O_CREAT | O_TRUNC, 0644);
	char *p, *q;

	UT_EQ(write(fd, "file contents", 13), 13);
	close(fd);
	fd = open("/tmp/ut_rowrite", O_RDONLY);
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	q = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	UT_EXPECT(p != MAP_FAILED && q != MAP_FAILED, "mmap: %s", strerror(errno));
	if (p == MAP_FAILED || q == MAP_FAILED)
		return UT_DONE;
	UT_SEGV(p, 'w', SEGV_ACCERR);
	UT_SEGV(q + 1, 'w', SEGV_ACCERR);
	/* a shared mapping of a read-only descriptor never becomes writable */
	UT_ERRNO(mprotect(p, 4096, PROT_READ | PROT_WRITE), EACCES);
	UT_ERRNO(mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), EACCES);
	/* a private one may: the copy is the process's own */
	UT_OK(mprotect(q, 4096, PROT_READ | PROT_WRITE));
	q[0] = 'F';
	UT_EQ(p[0], 'f');
	munmap(p, 4096);
	munmap(q, 4096);
	close(fd);
	unlink("/tmp/ut_rowrite");
	return UT_DONE;
}

static int kernel_writes(void)
{
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd = open("/dev/zero", O_RDONLY), p[2];

	UT_ERRNO(read(fd, ro, 16), EFAULT);
	UT_ERRNO(read(fd, (char *)rodata, 16), EFAULT);
	UT_ERRNO(pipe((int *)ro), EFAULT);
	UT_OK(pipe(p));
	UT_EQ(write(p[1], "abcd", 4), 4);
	UT_ERRNO(read(p[0], ro, 4), EFAULT);
	UT_EQ(ro[0] | ro[3], 0);
	UT_EQ(rodata[0], 'r');
	close(p[0]);
	close(p[1]);
	close(fd);
	munmap(ro, 4096);
	return UT_DONE;
}

static int child_write(long addr)
{
	*(volatile char *)addr = 1;
	return 0;
}

static int still_read_only_after_fork(void)
{
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	/* copy-on-write must not make a read-only page writable */
	UT_EQ(ut_in_child(child_write, (long)ro), SIGSEGV);
	UT_EQ(ut_in_child(child_write, (long)rodata), SIGSEGV);
	munmap(ro, 4096);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(user_writes),
	UT_CASE(file_mappings),
	UT_CASE(kernel_writes),
	UT_CASE(still_read_only_after_fork),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
