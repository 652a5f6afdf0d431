// SPDX-License-Identifier: GPL-2.0
/*
 * CONFIG_SMP=n: one CPU, so a "cross-CPU" call is a local one and there
 * is nobody to bring up.  The callers stay the same.
 */
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/mtrr.h>
#include <asm/pat.h>

#ifndef CONFIG_SMP

u64 cpu_online_mask = 1;
u64 cpu_active_mask = 1;

int smp_call_function_single(unsigned int cpu, smp_call_func_t func,
			     void *info)
{
	unsigned long flags;

	if (cpu != 0)
		return -ENXIO;
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
	return 0;
}

void on_each_cpu(smp_call_func_t func, void *info)
{
	smp_call_function_single(0, func, info);
}

void stop_machine_all(smp_call_func_t func, void *info)
{
	smp_call_function_single(0, func, info);
}

void smp_init(void)
{
	pr_info("smp: CONFIG_SMP is not set: running on the boot CPU only\n");
	/* no IPIs, but the local APIC still gives the tick (tick_init()) */
	legacy_pic_mask_all();
	lapic_setup_cpu();
	mtrr_aps_sync();
	cache_control_check();
}

#endif /* !CONFIG_SMP */
