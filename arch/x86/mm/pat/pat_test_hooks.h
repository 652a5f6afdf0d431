/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test hooks of the PAT set-up: boot parameters that put IA32_PAT in
 * states a real machine reaches only through a hypervisor, firmware or a
 * previous kernel.  Built only with CONFIG_KTEST (pat_test_hooks.c); without it
 * the parameters do not exist and the hooks below change nothing.
 */
#ifndef _X86_MM_PAT_TEST_HOOKS_H
#define _X86_MM_PAT_TEST_HOOKS_H

#include <linux/types.h>

#ifdef CONFIG_KTEST
/* pat.test_readback=HEX: the value IA32_PAT takes when @value is written */
u64 pat_test_msr_takes(u64 value);
/* pat.test_preset=HEX: write HEX into this CPU's IA32_PAT, before PAT set-up */
void pat_test_preset(void);
#else
static inline u64 pat_test_msr_takes(u64 value)
{
	return value;
}

static inline void pat_test_preset(void)
{
}
#endif

#endif /* _X86_MM_PAT_TEST_HOOKS_H */
