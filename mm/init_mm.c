// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's address space.  paging_init() fills it in when it loads
 * the kernel's page tables on the boot CPU; every CPU runs on it until
 * it first runs a user task.  It has no VMAs: its user half stays empty.
 */
#include <linux/mm_types.h>

struct mm_struct init_mm = {
	.users = 1,
	.mmap_lock_cpu = -1,
	.mmap = LIST_HEAD_INIT(init_mm.mmap),
};
