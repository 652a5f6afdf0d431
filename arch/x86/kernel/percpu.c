// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU areas and each CPU's idle context ("swapper/N", as Linux
 * names the idle task in its messages).
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <asm/msr-index.h>
#include <asm/percpu.h>
#include <asm/special_insns.h>

struct pcpu pcpu_area[NR_CPUS];

BUILD_BUG_ON(offsetof(struct pcpu, top_of_stack) != PCPU_TOP_OF_STACK);
BUILD_BUG_ON(offsetof(struct pcpu, user_sp) != PCPU_USER_SP);

static struct task_struct idle_task[NR_CPUS];

/**
 * pcpu_setup() - make pcpu_area[@cpu] this CPU's per-CPU area
 * @cpu: logical CPU number
 *
 * Runs before anything on this CPU asks for current or its number, and
 * again after every load of GS (which may clear the base).
 */
void pcpu_setup(unsigned int cpu)
{
	struct pcpu *p = &pcpu_area[cpu];

	if (!p->self) {
		p->self = p;
		p->cpu = cpu;
		snprintf(idle_task[cpu].comm, sizeof(idle_task[cpu].comm),
			 "swapper/%u", cpu);
		idle_task[cpu].pid = 0;
		p->current_task = &idle_task[cpu];
	}
	wrmsr(MSR_GS_BASE, (u64)(unsigned long)p);
}
