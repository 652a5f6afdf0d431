// SPDX-License-Identifier: GPL-2.0
/*
 * memory - anonymous mappings private and shared, partial munmap,
 * mprotect and the SIGSEGV it leads to (si_code SEGV_ACCERR, si_addr the
 * byte touched), SEGV_MAPERR where nothing is mapped, brk, mremap,
 * madvise(MADV_DONTNEED), copy-on-write after fork, and NX on the heap.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "ut.h"
#include "ut_fault.h"

#define PG 4096UL

static char *map(size_t len, int prot, int flags)
{
	char *p = mmap(NULL, len, prot, flags | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static int anon_private(void)
{
	char *p = map(4 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	size_t i, nonzero = 0;

	UT_EXPECT(p != NULL, "mmap: %s", strerror(errno));
	if (!p)
		return UT_DONE;
	UT_EQ((uintptr_t)p % PG, 0);
	for (i = 0; i < 4 * PG; i++)
		nonzero += p[i] != 0;
	UT_EQ(nonzero, 0);
	memset(p, 0x5a, 4 * PG);
	UT_EQ(p[4 * PG - 1], 0x5a);
	UT_OK(munmap(p, 4 * PG));
	UT_ERRNO(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), EINVAL);
	UT_ERRNO(mmap(NULL, PG, PROT_READ, MAP_ANONYMOUS, -1, 0), EINVAL);
	UT_ERRNO(munmap(p + 1, PG), EINVAL);
	return UT_DONE;
}

static int anon_shared(void)
{
	volatile char *p = map(PG, PROT_READ | PROT_WRITE, MAP_SHARED);
	pid_t pid;

	UT_EXPECT(p != NULL, "mmap: %s", strerror(errno));
	if (!p)
		return UT_DONE;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		p[100] = 'c';
		_exit(0);
	}
	UT_EQ(ut_wait(pid), 0);
	UT_EQ(p[100], 'c');
	munmap((void *)p, PG);
	return UT_DONE;
}

static int munmap_partial(void)
{
	char *p = map(3 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);

	if (!p)
		UT_SKIP("mmap: %s", strerror(errno));
	memset(p, 1, 3 * PG);
	UT_OK(munmap(p + PG, PG));
	UT_EQ(p[0], 1);
	UT_EQ(p[2 * PG], 1);
	UT_SEGV(p + PG + 8, 'r', SEGV_MAPERR);
	UT_SEGV(p + PG, 'w', SEGV_MAPERR);
	/* unmapping a hole again is not an error */
	UT_OK(munmap(p, 3 * PG));
	UT_SEGV(p, 'r', SEGV_MAPERR);
	UT_SEGV(NULL, 'r', SEGV_MAPERR);
	return UT_DONE;
}

static int mprotect_accerr(void)
{
	char *p = map(2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);

	if (!p)
		UT_SKIP("mmap: %s", strerror(errno));
	p[PG + 5] = 7;
	UT_OK(mprotect(p + PG, PG, PROT_READ));
	UT_EQ(p[PG + 5], 7);
	UT_SEGV(p + PG + 5, 'w', SEGV_ACCERR);
	/* the other page keeps its rights */
	UT_EQ(ut_touch(p, 'w').sig, 0);
	UT_OK(mprotect(p + PG, PG, PROT_NONE));
	UT_SEGV(p + PG + 9, 'r', SEGV_ACCERR);
	UT_OK(mprotect(p + PG, PG, PROT_READ | PROT_WRITE));
	UT_EQ(ut_touch(p + PG, 'w').sig, 0);
	/* raw: musl rounds the start down itself */
	UT_ERRNO(syscall(SYS_mprotect, p + 1, PG, PROT_READ), EINVAL);
	UT_OK(munmap(p, 2 * PG));
	UT_ERRNO(mprotect(p, PG, PROT_READ), ENOMEM);
	return UT_DONE;
}

static int brk_grows_and_shrinks(void)
{
	char *cur = (char *)syscall(SYS_brk, 0), *top;

	UT_EXPECT(cur != NULL, "brk(0) gave NULL");
	top = (char *)syscall(SYS_brk, cur + 3 * PG);
	UT_EXPECT(top == cur + 3 * PG, "brk grow: %p, want %p", top, cur + 3 * PG);
	if (top == cur + 3 * PG) {
		memset(cur, 3, 3 * PG);
		UT_EQ(cur[3 * PG - 1], 3);
	}
	UT_EQ(syscall(SYS_brk, cur), (uintptr_t)cur);
	UT_EQ(syscall(SYS_brk, 0), (uintptr_t)cur);
	/* a break below the start of the heap is refused: the old one stays */
	UT_EQ(syscall(SYS_brk, 4096), (uintptr_t)cur);
	return UT_DONE;
}

static int mremap_moves_contents(void)
{
	char *p = map(PG, PROT_READ | PROT_WRITE, MAP_PRIVATE), *q;

	if (!p)
		UT_SKIP("mmap: %s", strerror(errno));
	strcpy(p, "kept");
	q = mremap(p, PG, 8 * PG, MREMAP_MAYMOVE);
	UT_EXPECT(q != MAP_FAILED, "mremap grow: %s", strerror(errno));
	if (q == MAP_FAILED)
		return UT_DONE;
	UT_EXPECT(!strcmp(q, "kept"), "contents \"%.8s\"", q);
	q[8 * PG - 1] = 1;
	p = mremap(q, 8 * PG, PG, 0);
	UT_EXPECT(p == q, "shrink in place: %p, want %p", p, q);
	UT_SEGV(q + 2 * PG, 'r', SEGV_MAPERR);
	UT_ERRNO(mremap(q, PG, 2 * PG, 0x100), EINVAL);
	munmap(q, PG);
	return UT_DONE;
}

static int madvise_dontneed_zero_fills(void)
{
	char *p = map(2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);

	if (!p)
		UT_SKIP("mmap: %s", strerror(errno));
	memset(p, 0xee, 2 * PG);
	UT_OK(madvise(p, 2 * PG, MADV_DONTNEED));
	UT_EQ(p[0], 0);
	UT_EQ(p[2 * PG - 1], 0);
	UT_ERRNO(madvise(p + 1, PG, MADV_DONTNEED), EINVAL);
	munmap(p, 2 * PG);
	return UT_DONE;
}

static int cow_after_fork(void)
{
	char *p = map(PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	static volatile int data_var = 11;
	pid_t pid;

	if (!p)
		UT_SKIP("mmap: %s", strerror(errno));
	p[0] = 'P';
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int ok = p[0] == 'P' && data_var == 11;

		p[0] = 'C';
		data_var = 22;
		_exit(ok && p[0] == 'C' && data_var == 22 ? 0 : 1);
	}
	UT_EQ(ut_wait(pid), 0);
	UT_EQ(p[0], 'P');
	UT_EQ(data_var, 11);
	/* and the parent's own write after the fork stays its own */
	p[0] = 'Q';
	UT_EQ(p[0], 'Q');
	munmap(p, PG);
	return UT_DONE;
}

static int nx_heap(void)
{
	char *heap = malloc(4 * PG), *anon;
	char *code;

	UT_EXPECT(heap != NULL, "malloc");
	if (!heap)
		return UT_DONE;
	code = (char *)(((uintptr_t)heap + PG) & ~(PG - 1));
	code[0] = (char)0xc3;	/* ret */
	UT_SEGV(code, 'x', SEGV_ACCERR);
	free(heap);
	anon = map(PG, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	if (!anon)
		return UT_DONE;
	anon[0] = (char)0xc3;
	UT_SEGV(anon, 'x', SEGV_ACCERR);
	/* the same byte runs once the page is made executable */
	UT_OK(mprotect(anon, PG, PROT_READ | PROT_EXEC));
	UT_EQ(ut_touch(anon, 'x').sig, 0);
	munmap(anon, PG);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(anon_private),
	UT_CASE(anon_shared),
	UT_CASE(munmap_partial),
	UT_CASE(mprotect_accerr),
	UT_CASE(brk_grows_and_shrinks),
	UT_CASE(mremap_moves_contents),
	UT_CASE(madvise_dontneed_zero_fills),
	UT_CASE(cow_after_fork),
	UT_CASE(nx_heap),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
