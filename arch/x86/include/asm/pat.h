/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_PAT_H
#define _ASM_X86_PAT_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>

extern bool pat_debug_enable;

void pat_bp_init(void);
int pat_cpu_init(void);
bool pat_enabled(void);
/* the layout the cache-mode tables follow: IA32_PAT's, or power-on */
u64 pat_get_msr_value(void);
bool pat_msr_recorded(u64 *value);
u64 pat_write_msr(u64 value);
void pat_debugfs_init(void);
/* pat_cpus.c: every CPU's IA32_PAT and MTRRs */
unsigned int cache_control_check(void);
/* the same check for one CPU against CPU 0: 0 or -EIO */
int cache_control_check_cpu(unsigned int cpu);
void pat_cpus_debugfs_init(void);
void memtype_init(void);
void memtype_debugfs_init(void);

int memtype_reserve(u64 start, u64 end, enum page_cache_mode req,
		    enum page_cache_mode *new_type);
int memtype_free(u64 start, u64 end);
enum page_cache_mode lookup_memtype(u64 paddr);
/* effective_map.c: the type the CPU uses for a kernel mapping, or -EFAULT */
int pat_kernel_effective(unsigned long va, u64 pa, u64 size,
			 enum page_cache_mode *pte, u8 *mtrr);

#endif /* _ASM_X86_PAT_H */
