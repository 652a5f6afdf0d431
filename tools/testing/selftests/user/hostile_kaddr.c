// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_kaddr - user code cannot map or touch the kernel half: mmap,
 * munmap, mprotect and mremap of kernel addresses are refused with
 * Linux's errno, a hint there is ignored, and reads, writes and jumps
 * raise SIGSEGV (SEGV_MAPERR at the address; a non-canonical address is
 * a #GP, which Linux reports as SI_KERNEL with address 0).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "ut.h"
#include "ut_fault.h"

#define DIRECT_MAP	0xffff888000000000UL
#define KERNEL_TEXT	0xffffffff81000000UL
#define NONCANONICAL	0x0000800000000000UL	/* first past user space */
#define TASK_SIZE_MAX	0x00007ffffffff000UL

static const unsigned long kaddrs[] = { DIRECT_MAP, KERNEL_TEXT, NONCANONICAL };

static int map_refused(void)
{
	unsigned int i;
	void *p;

	for (i = 0; i < UT_ARRAY_SIZE(kaddrs); i++) {
		void *k = (void *)kaddrs[i];

		UT_ERRNO(mmap(k, 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), ENOMEM);
		UT_ERRNO(mmap(k, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
			      MAP_FIXED_NOREPLACE, -1, 0), ENOMEM);
		/* a hint is only a hint: the mapping lands in user space */
		p = mmap(k, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		UT_EXPECT(p != MAP_FAILED && (uintptr_t)p < TASK_SIZE_MAX,
			  "hint %p gave %p", k, p);
		if (p != MAP_FAILED)
			munmap(p, 4096);
		UT_ERRNO(munmap(k, 4096), EINVAL);
		UT_ERRNO(mprotect(k, 4096, PROT_READ), ENOMEM);
		UT_ERRNO(madvise(k, 4096, MADV_DONTNEED), ENOMEM);
	}
	/* a user mapping that would straddle the top of user space */
	UT_ERRNO(mmap((void *)(TASK_SIZE_MAX - 4096), 8192, PROT_READ,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), ENOMEM);
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	UT_ERRNO(mremap(p, 4096, 4096, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)DIRECT_MAP),
		 EINVAL);
	munmap(p, 4096);
	return UT_DONE;
}

static int touch_faults(void)
{
	struct ut_fault f;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		UT_SEGV(kaddrs[i], 'r', SEGV_MAPERR);
		UT_SEGV(kaddrs[i], 'w', SEGV_MAPERR);
		UT_SEGV(kaddrs[i], 'x', SEGV_MAPERR);
	}
	/* non-canonical: #GP, not a page fault */
	f = ut_touch((void *)0x8000000000000000UL, 'r');
	UT_EXPECT(f.sig == SIGSEGV && f.code == SI_KERNEL && f.addr == NULL,
		  "non-canonical read: sig %d code %d addr %p", f.sig, f.code, f.addr);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(map_refused),
	UT_CASE(touch_faults),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
