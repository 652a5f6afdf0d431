// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/cpuinfo in Linux's format, so tools and tests written against
 * Linux read it unchanged: one block per CPU, each followed by a blank
 * line, for every online CPU.  The topology lines describe what cachet
 * assumes of QEMU's CPUs: one package, one thread per core.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/vfile.h>
#include <asm/processor.h>
#include <asm/tsc.h>

static void show_cpuinfo_one(struct seq_file *m, const struct cpuinfo_x86 *c,
			     unsigned int cpu)
{
	unsigned int bit;
	const char *name;

	seq_printf(m, "processor\t: %u\n", cpu);
	seq_printf(m, "vendor_id\t: %s\n",
		   c->x86_vendor_id[0] ? c->x86_vendor_id : "unknown");
	seq_printf(m, "cpu family\t: %u\n", c->x86);
	seq_printf(m, "model\t\t: %u\n", c->x86_model);
	seq_printf(m, "model name\t: %s\n",
		   c->x86_model_id[0] ? c->x86_model_id : "unknown");
	seq_printf(m, "stepping\t: %u\n", c->x86_stepping);
	if (tsc_khz)
		seq_printf(m, "cpu MHz\t\t: %lu.%03lu\n", tsc_khz / 1000,
			   tsc_khz % 1000);
	seq_printf(m, "physical id\t: 0\n");
	seq_printf(m, "siblings\t: %u\n", num_online_cpus());
	seq_printf(m, "core id\t\t: %u\n", cpu);
	seq_printf(m, "cpu cores\t: %u\n", num_online_cpus());
	seq_printf(m, "apicid\t\t: %u\n", c->apicid);
	seq_printf(m, "initial apicid\t: %u\n", c->apicid);
	seq_printf(m, "fpu\t\t: %s\n",
		   cpu_has(c, X86_FEATURE_FPU) ? "yes" : "no");
	seq_printf(m, "cpuid level\t: %u\n", c->cpuid_level);
	seq_printf(m, "wp\t\t: yes\n");
	seq_puts(m, "flags\t\t:");
	for (bit = 0; bit < NCAPINTS * 32; bit++) {
		name = x86_feature_name(bit);
		if (name && cpu_has(c, bit))
			seq_printf(m, " %s", name);
	}
	seq_putc(m, '\n');
	seq_printf(m, "clflush size\t: %u\n", c->x86_clflush_size);
	seq_printf(m, "cache_alignment\t: %u\n", c->x86_clflush_size);
	seq_printf(m, "address sizes\t: %u bits physical, %u bits virtual\n",
		   c->x86_phys_bits, c->x86_virt_bits);
	seq_puts(m, "power management:\n\n");
}

static int show_cpuinfo(struct seq_file *m, void *private)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		show_cpuinfo_one(m, cpu ? &cpu_data(cpu) : &boot_cpu_data,
				 cpu);
	return 0;
}

/**
 * cpuinfo_proc_init() - create /proc/cpuinfo
 */
void cpuinfo_proc_init(void)
{
	if (proc_create_single("cpuinfo", show_cpuinfo, NULL))
		pr_err("x86: cannot create /proc/cpuinfo\n");
}
