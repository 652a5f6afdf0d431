// SPDX-License-Identifier: GPL-2.0
/*
 * filemap - mmap() of files: MAP_SHARED writes that read() sees and
 * write()s the mapping sees, MAP_PRIVATE copy-on-write, holes, SIGBUS
 * (BUS_ADRERR at the byte) past the last page of the file and after a
 * truncation, the mapping outliving close() and unlink(), fork sharing
 * MAP_SHARED pages, read() and write() whose buffer maps the same file,
 * Linux's errno values for files opened the wrong way and for files
 * that cannot be mapped, and /dev/zero's private and shared mappings.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "ut.h"
#include "ut_fault.h"

#define PG 4096UL
#define PATH "/tmp/ut_filemap"

static int on_cachet(void)
{
	struct utsname u;

	return !uname(&u) && strstr(u.release, "cachet");
}

/* a new file of @len bytes, each byte its offset's low 7 bits plus 1 */
static int make_file(size_t len)
{
	int fd = open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644);
	char *buf = malloc(len);
	size_t i;

	if (fd < 0 || !buf) {
		ksft_print_msg("open %s: %s\n", PATH, strerror(errno));
		free(buf);
		return -1;
	}
	for (i = 0; i < len; i++)
		buf[i] = (char)(i % 127 + 1);
	if (write(fd, buf, len) != (ssize_t)len) {
		ksft_print_msg("write %s: %s\n", PATH, strerror(errno));
		close(fd);
		fd = -1;
	}
	free(buf);
	return fd;
}

static char *map_fd(int fd, size_t len, int prot, int flags, off_t off)
{
	char *p = mmap(NULL, len, prot, flags, fd, off);

	UT_EXPECT(p != MAP_FAILED, "mmap(%zu, %d, %#x, off %ld): %s", len,
		  prot, flags, (long)off, strerror(errno));
	return p == MAP_FAILED ? NULL : p;
}

/* one access that must raise SIGBUS, BUS_ADRERR, at exactly @addr */
#define UT_SIGBUS(where, how)						\
	do {								\
		struct ut_fault __f = ut_touch((void *)(where), how);	\
		UT_EXPECT(__f.sig == SIGBUS && __f.code == BUS_ADRERR &&	\
			  __f.addr == (void *)(where),			\
			  "'%c' at %p: signal %d code %d addr %p, want "	\
			  "SIGBUS BUS_ADRERR", how, (void *)(where),	\
			  __f.sig, __f.code, __f.addr);			\
	} while (0)

static int shared_is_the_file(void)
{
	int fd = make_file(2 * PG);
	char *p, buf[4];

	if (fd < 0)
		return UT_DONE;
	p = map_fd(fd, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	if (p) {
		UT_EQ(p[0], 1);
		UT_EQ(p[PG + 5], (PG + 5) % 127 + 1);
		memcpy(p + PG - 2, "wxyz", 4);
		UT_EQ(pread(fd, buf, 4, PG - 2), 4);
		UT_OK(memcmp(buf, "wxyz", 4) ? -1 : 0);
		UT_EQ(pwrite(fd, "ABCD", 4, 100), 4);
		UT_OK(memcmp(p + 100, "ABCD", 4) ? -1 : 0);
		UT_OK(msync(p, 2 * PG, MS_SYNC));
		UT_OK(munmap(p, 2 * PG));
	}
	/* what the mapping wrote stays in the file after it is gone */
	UT_EQ(pread(fd, buf, 4, PG - 2), 4);
	UT_OK(memcmp(buf, "wxyz", 4) ? -1 : 0);
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

static int private_copies(void)
{
	int fd = make_file(PG);
	char *p, *s, buf[2];

	if (fd < 0)
		return UT_DONE;
	p = map_fd(fd, PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, 0);
	s = map_fd(fd, PG, PROT_READ, MAP_SHARED, 0);
	if (p && s) {
		/* not written yet: the private mapping reads the file */
		UT_EQ(pwrite(fd, "Q", 1, 7), 1);
		UT_EQ(p[7], 'Q');
		p[8] = 'P';
		UT_EQ(pread(fd, buf, 1, 8), 1);
		UT_EQ(buf[0], 9);
		UT_EQ(s[8], 9);
		/* written: the copy is the process's own */
		UT_EQ(pwrite(fd, "R", 1, 7), 1);
		UT_EQ(p[7], 'Q');
		UT_EQ(s[7], 'R');
	}
	if (p)
		munmap(p, PG);
	if (s)
		munmap(s, PG);
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

static int sigbus_past_end(void)
{
	int fd = make_file(100);
	char *p;

	if (fd < 0)
		return UT_DONE;
	p = map_fd(fd, 3 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	if (p) {
		/* the rest of the last page reads zeros and may be written */
		UT_EQ(p[99], 99 % 127 + 1);
		UT_EQ(p[100] | p[PG - 1], 0);
		p[PG - 1] = 'x';
		UT_SIGBUS(p + PG, 'r');
		UT_SIGBUS(p + 2 * PG + 17, 'w');
		/* writing in the last page did not make the file longer */
		UT_EQ(lseek(fd, 0, SEEK_END), 100);
		/* growing the file makes the page there */
		UT_OK(ftruncate(fd, PG + 1));
		UT_EQ(p[PG], 0);
		UT_SIGBUS(p + 2 * PG, 'r');
		munmap(p, 3 * PG);
	}
	/* a mapping wholly past the end is made; its pages are SIGBUS */
	p = map_fd(fd, PG, PROT_READ, MAP_PRIVATE, 4 * PG);
	if (p) {
		UT_SIGBUS(p, 'r');
		munmap(p, PG);
	}
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

static int holes_read_zero(void)
{
	int fd = open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644);
	char *p, c = 0;

	UT_OK(fd);
	UT_OK(ftruncate(fd, 3 * PG));
	p = map_fd(fd, 3 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	if (p) {
		UT_EQ(p[0] | p[PG + 1] | p[3 * PG - 1], 0);
		p[PG + 1] = 'h';
		UT_EQ(pread(fd, &c, 1, PG + 1), 1);
		UT_EQ(c, 'h');
		munmap(p, 3 * PG);
	}
	/* a private write to a hole is not the file's */
	p = map_fd(fd, 3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, 0);
	if (p) {
		p[2 * PG] = 'v';
		UT_EQ(pread(fd, &c, 1, 2 * PG), 1);
		UT_EQ(c, 0);
		munmap(p, 3 * PG);
	}
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

static int outlives_close_and_unlink(void)
{
	int fd = make_file(2 * PG);
	char *p;

	if (fd < 0)
		return UT_DONE;
	p = map_fd(fd, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	close(fd);
	UT_OK(unlink(PATH));
	if (p) {
		UT_EQ(p[10], 11);
		p[10] = 'c';
		UT_EQ(p[10], 'c');
		/* a split leaves two mappings of the file, each working */
		UT_OK(mprotect(p + PG, PG, PROT_READ));
		UT_EQ(p[PG + 10], (PG + 10) % 127 + 1);
		p[11] = 'd';
		UT_EQ(p[11], 'd');
		UT_OK(munmap(p, PG));
		UT_EQ(p[PG + 11], (PG + 11) % 127 + 1);
		UT_OK(munmap(p + PG, PG));
	}
	return UT_DONE;
}

static int child_writes(long addr)
{
	*(volatile char *)addr = 'k';
	return 0;
}

static int fork_shares_shared(void)
{
	int fd = make_file(2 * PG);
	char *s, *p;

	if (fd < 0)
		return UT_DONE;
	s = map_fd(fd, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	p = map_fd(fd, 2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, 0);
	if (s && p) {
		/* one page touched before the fork, one after */
		UT_EQ(s[0], 1);
		UT_EQ(ut_in_child(child_writes, (long)s), 0);
		UT_EQ(ut_in_child(child_writes, (long)(s + PG)), 0);
		UT_EQ(s[0], 'k');
		UT_EQ(s[PG], 'k');
		p[1] = 'p';
		UT_EQ(ut_in_child(child_writes, (long)(p + 1)), 0);
		UT_EQ(ut_in_child(child_writes, (long)(p + PG + 1)), 0);
		UT_EQ(p[1], 'p');
		UT_EQ(p[PG + 1], (PG + 1) % 127 + 1);
	}
	if (s)
		munmap(s, 2 * PG);
	if (p)
		munmap(p, 2 * PG);
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

/* the copy's page fault comes while the file is being read or written */
static int io_into_own_mapping(void)
{
	int fd = make_file(4 * PG);
	char *p, *q;

	if (fd < 0)
		return UT_DONE;
	p = map_fd(fd, 4 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	q = map_fd(fd, 4 * PG, PROT_READ, MAP_SHARED, 0);
	if (p && q) {
		/* pages 0 and 1 into pages 2 and 3, the targets untouched */
		UT_EQ(pread(fd, p + 2 * PG, 2 * PG, 0), 2 * PG);
		UT_EQ(p[2 * PG + 9], 10);
		UT_EQ(p[3 * PG + 9], (PG + 9) % 127 + 1);
		/* page 2 into page 1, from a source not touched yet */
		UT_EQ(pwrite(fd, q + 2 * PG, PG, PG), PG);
		UT_EQ(p[PG + 9], 10);
		/* from a page past the end: SIGBUS in the copy, -EFAULT */
		UT_OK(ftruncate(fd, PG));
		UT_ERRNO(write(fd, q + 3 * PG, 16), EFAULT);
		UT_EQ(lseek(fd, 0, SEEK_END), PG);
	}
	if (p)
		munmap(p, 4 * PG);
	if (q)
		munmap(q, 4 * PG);
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

static int truncation(void)
{
	int fd = make_file(3 * PG);
	char *p;

	if (fd < 0)
		return UT_DONE;
	p = map_fd(fd, 3 * PG, PROT_READ, MAP_SHARED, 0);
	if (p) {
		UT_EQ(p[PG], PG % 127 + 1);
		UT_OK(ftruncate(fd, PG / 2));
		/* the tail of the last page is zeroed, in the mapping too */
		UT_EQ(p[PG / 2 - 1], (PG / 2 - 1) % 127 + 1);
		UT_EQ(p[PG / 2], 0);
		/* never touched: SIGBUS on both kernels */
		UT_SIGBUS(p + 2 * PG, 'r');
		if (on_cachet()) {
			/*
			 * cachet leaves a page that was already mapped where
			 * it is, no longer the file's (fs/ramfs/file.c);
			 * Linux unmaps it and the access is SIGBUS.
			 */
			UT_EQ(p[PG], PG % 127 + 1);
		} else {
			UT_SIGBUS(p + PG, 'r');
		}
		munmap(p, 3 * PG);
	}
	close(fd);
	unlink(PATH);
	return UT_DONE;
}

static int errors(void)
{
	int fd = make_file(PG), wr, pfd[2], dir, null;

	if (fd < 0)
		return UT_DONE;
	close(fd);
	wr = open(PATH, O_WRONLY);
	UT_OK(wr);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, wr, 0), EACCES);
	UT_ERRNO(mmap(NULL, PG, PROT_WRITE, MAP_SHARED, wr, 0), EACCES);
	close(wr);
	fd = open(PATH, O_RDONLY);
	UT_ERRNO(mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
		 EACCES);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_SHARED, fd, 100), EINVAL);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_PRIVATE | MAP_GROWSDOWN, fd,
		      0), EINVAL);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_SHARED, -1, 0), EBADF);
	close(fd);
	UT_OK(pipe(pfd));
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, pfd[0], 0), ENODEV);
	close(pfd[0]);
	close(pfd[1]);
	dir = open("/tmp", O_RDONLY | O_DIRECTORY);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, dir, 0), ENODEV);
	close(dir);
	null = open("/dev/null", O_RDWR);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_SHARED, null, 0), ENODEV);
	close(null);
	unlink(PATH);
	return UT_DONE;
}

static int dev_zero(void)
{
	int fd = open("/dev/zero", O_RDWR), ro = open("/dev/zero", O_RDONLY);
	char *p, *s, *r;

	UT_OK(fd);
	UT_OK(ro);
	p = map_fd(fd, 2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE, 0);
	s = map_fd(fd, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	/* shared and writable needs a descriptor open for writing */
	UT_ERRNO(mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0),
		 EACCES);
	r = map_fd(ro, PG, PROT_READ, MAP_SHARED, 0);
	close(fd);
	close(ro);
	if (p && s && r) {
		UT_EQ(p[0] | p[2 * PG - 1] | s[0] | s[2 * PG - 1] | r[5], 0);
		p[3] = 'z';
		UT_EQ(p[3], 'z');
		UT_EQ(ut_in_child(child_writes, (long)(p + PG)), 0);
		UT_EQ(p[PG], 0);
		UT_EQ(ut_in_child(child_writes, (long)(s + PG)), 0);
		UT_EQ(s[PG], 'k');
		/* the read-only one can never become writable */
		UT_ERRNO(mprotect(r, PG, PROT_READ | PROT_WRITE), EACCES);
	}
	if (p)
		munmap(p, 2 * PG);
	if (s)
		munmap(s, 2 * PG);
	if (r)
		munmap(r, PG);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(shared_is_the_file),
	UT_CASE(private_copies),
	UT_CASE(sigbus_past_end),
	UT_CASE(holes_read_zero),
	UT_CASE(outlives_close_and_unlink),
	UT_CASE(fork_shares_shared),
	UT_CASE(io_into_own_mapping),
	UT_CASE(truncation),
	UT_CASE(errors),
	UT_CASE(dev_zero),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
