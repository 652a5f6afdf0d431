// SPDX-License-Identifier: GPL-2.0
/*
 * Boot parameters for tests only (CONFIG_KTEST): they make IA32_PAT look
 * the way a hypervisor, firmware or a previous kernel can leave it, so
 * that the selftests reach the paths pat.c takes for it under QEMU, whose
 * firmware never programs PAT and whose TCG accepts every write.
 *
 *	pat.test_readback=HEX	IA32_PAT keeps HEX whatever pat_write_msr()
 *				writes, as under a hypervisor that ignores
 *				the write: every later read returns HEX
 *	pat.test_preset=HEX	every CPU writes HEX into its MSR (SDM
 *				sequence) before PAT is set up, as a kernel
 *				that kexec'd this one would have left it
 *
 * Both refuse, with a message, a value that is not a valid PAT or has no
 * WB in entry 0, and then change nothing.
 */
#define pr_fmt(fmt) "x86/PAT: " fmt

#include <linux/errno.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include "pat_test_hooks.h"

static u64 pat_hv_value;
static bool pat_hv_value_set;

/*
 * A layout the hooks may put in the MSR: valid, and WB in entry 0.  Every
 * page table the kernel builds before PAT is set up (the direct map, the
 * kernel image) selects entry 0 for write-back, as Linux's do, and no
 * real firmware or hypervisor leaves anything else there; a layout that
 * does would make the kernel run on memory of another type from its first
 * instruction, a machine these hooks are not meant to fake.
 */
static int parse_layout(const char *name, char *arg, u64 *value)
{
	unsigned long long v;
	char layout[48];

	if (!arg || kstrtoull(arg, 16, &v) || !pat_value_valid(v))
		return -EINVAL;
	if ((v & 0xff) != PAT_WB) {
		pat_format_layout(v, layout, sizeof(layout));
		pr_err("%s=%s refused: entry 0 must be WB, the type the kernel's own page tables select (layout %s)\n",
		       name, arg, layout);
		return -EINVAL;
	}
	*value = v;
	return 0;
}

static int parse_test_readback(char *arg)
{
	int ret = parse_layout("pat.test_readback", arg, &pat_hv_value);

	if (!ret)
		pat_hv_value_set = true;
	return ret;
}
early_param("pat.test_readback", parse_test_readback);

u64 pat_test_msr_takes(u64 value)
{
	return pat_hv_value_set ? pat_hv_value : value;
}

static u64 pat_preset;
static bool pat_preset_set;

/* a valid layout only: writing a reserved encoding faults on hardware */
static int parse_test_preset(char *arg)
{
	int ret = parse_layout("pat.test_preset", arg, &pat_preset);

	if (!ret)
		pat_preset_set = true;
	return ret;
}
early_param("pat.test_preset", parse_test_preset);

void pat_test_preset(void)
{
	/* no PAT in CPUID: there is no MSR a previous kernel could write */
	if (pat_preset_set && boot_cpu_has(X86_FEATURE_PAT))
		pat_write_msr(pat_preset);
}
