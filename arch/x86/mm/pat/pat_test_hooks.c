// SPDX-License-Identifier: GPL-2.0
/*
 * Boot parameters for tests only (CONFIG_KTEST): they make IA32_PAT look
 * the way a hypervisor can leave it, so that the selftests reach the
 * paths pat.c takes for it under QEMU, whose TCG accepts every write.
 *
 *	pat.test_readback=HEX	the MSR reads back HEX after pat_write_msr(),
 *				as when a hypervisor ignores the write
 */
#include <linux/errno.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include "pat_test_hooks.h"

static u64 pat_fake_readback;
static bool pat_fake_readback_set;

static int parse_test_readback(char *arg)
{
	unsigned long long v;

	if (!arg || kstrtoull(arg, 16, &v) || !pat_value_valid(v))
		return -EINVAL;
	pat_fake_readback = v;
	pat_fake_readback_set = true;
	return 0;
}
early_param("pat.test_readback", parse_test_readback);

u64 pat_test_readback(u64 readback)
{
	return pat_fake_readback_set ? pat_fake_readback : readback;
}
