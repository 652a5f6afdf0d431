// SPDX-License-Identifier: GPL-2.0
/*
 * Do all CPUs agree on cache control?  One PAT entry or MTRR meaning two
 * things on two CPUs is the same corruption as two mappings of a page with
 * different types.  cache_control_check() asks every online CPU for its
 * IA32_PAT and MTRRs (the CPU itself reads them, by a cross-CPU call) and
 * says at boot whether they agree with each other and with the IA32_PAT
 * value pat.c recorded (the one pat_policy shows); /sys/kernel/debug/x86/pat_cpus shows
 * the same, live, one line per CPU ("cpuN: offline" for a CPU taken
 * offline).  A CPU brought back online is checked the same way against
 * CPU 0 (cache_control_check_cpu()) before any task may run there.
 */
#define pr_fmt(fmt) "x86/PAT: " fmt

#include <linux/cpu.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/vfile.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include <asm/special_insns.h>

struct cache_ctl {
	unsigned long long pat;
	unsigned long long def_type;
	unsigned long long digest;
	u32 apicid;
	bool have_mtrr;
	bool valid;
};

static struct cache_ctl cache_ctl[NR_CPUS];

/* CPUID itself: the MSR exists, and is shown, whatever cachet decided */
static bool cpu_has_pat_msr(void)
{
	u32 a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	return d & (1U << (X86_FEATURE_PAT % 32));
}

static void read_cache_ctl(void *arg)
{
	struct cache_ctl *out = arg;
	struct cache_ctl *c = &out[smp_processor_id()];
	struct mtrr_state s;

	c->pat = cpu_has_pat_msr() ? rdmsr(MSR_IA32_CR_PAT) : 0;
	mtrr_read_state(&s);
	c->have_mtrr = s.have_mtrr;
	c->def_type = s.def_type_msr;
	c->digest = s.have_mtrr ? mtrr_state_digest(&s) : 0;
	c->apicid = this_pcpu()->apicid;
	c->valid = true;
}

static void snapshot(struct cache_ctl *out)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		out[cpu].valid = false;
	on_each_cpu(read_cache_ctl, out);
}

static bool same(const struct cache_ctl *a, const struct cache_ctl *b)
{
	return a->pat == b->pat && a->def_type == b->def_type &&
	       a->digest == b->digest;
}

/*
 * The boot CPU against pat.c's record of IA32_PAT, so that the boot line
 * and pat_policy state one value: a boot CPU that holds something else
 * was changed behind the kernel's back, and the tables, built from what
 * it read, may no longer describe it.
 */
static unsigned int check_boot_cpu_pat(bool *have_msr, u64 *want)
{
	*have_msr = pat_msr_recorded(want);
	if (!*have_msr || cache_ctl[0].pat == *want)
		return 0;
	pr_err("CPU0 holds PAT %#018llx, but it read %#018llx when PAT was set up (see pat_policy)\n",
	       cache_ctl[0].pat, (unsigned long long)*want);
	return 1;
}

/* 1 (and the message) if @cpu does not hold what CPU 0 holds in @c */
static unsigned int report_differs(const struct cache_ctl *c, unsigned int cpu)
{
	if (!c[cpu].valid || same(&c[cpu], &c[0]))
		return 0;
	pr_err("CPU%u holds PAT %#018llx MTRRdefType %#llx MTRRs %016llx, CPU0 PAT %#018llx MTRRdefType %#llx MTRRs %016llx\n",
	       cpu, c[cpu].pat, c[cpu].def_type, c[cpu].digest, c[0].pat,
	       c[0].def_type, c[0].digest);
	return 1;
}

/**
 * cache_control_check_cpu() - the boot check for one CPU, against CPU 0
 * @cpu: an online CPU
 *
 * For a CPU brought online after boot (arch/x86/kernel/hotplug.c), with
 * the hotplug write side held.  Each of the two reads its own MSRs.
 * Returns 0, or -EIO with the boot check's message.
 */
int cache_control_check_cpu(unsigned int cpu)
{
	static struct cache_ctl c[NR_CPUS];

	if (cpu >= NR_CPUS)
		return -EIO;
	c[0].valid = false;
	c[cpu].valid = false;
	if (smp_call_function_single(0, read_cache_ctl, c) ||
	    smp_call_function_single(cpu, read_cache_ctl, c) ||
	    !c[0].valid || !c[cpu].valid)
		return -EIO;
	return report_differs(c, cpu) ? -EIO : 0;
}

/**
 * cache_control_check() - check that every online CPU holds the IA32_PAT
 * the kernel set up (the value pat_policy reports) and the boot CPU's MTRRs
 *
 * Returns the number of CPUs that do not.
 */
unsigned int cache_control_check(void)
{
	unsigned int cpu, n, bad;
	bool have_msr;
	u64 want;

	cpus_read_lock();
	n = num_online_cpus();
	snapshot(cache_ctl);
	bad = check_boot_cpu_pat(&have_msr, &want);
	for_each_online_cpu(cpu)
		bad += report_differs(cache_ctl, cpu);
	cpus_read_unlock();
	if (bad)
		return bad;
	if (have_msr)
		pr_info("PAT %#018llx and MTRRs identical on %u CPU%s\n",
			(unsigned long long)want, n, n > 1 ? "s" : "");
	else
		pr_info("no PAT MSR (power-on layout); MTRRs identical on %u CPU%s\n",
			n, n > 1 ? "s" : "");
	return 0;
}

static int pat_cpus_show(struct seq_file *m, void *priv)
{
	static struct cache_ctl now[NR_CPUS];
	unsigned int cpu;

	cpus_read_lock();
	snapshot(now);
	for (cpu = 0; cpu < num_possible_cpus(); cpu++) {
		const struct cache_ctl *c = &now[cpu];

		if (!cpu_online(cpu)) {
			seq_printf(m, "cpu%u: offline\n", cpu);
			continue;
		}
		if (!c->valid)
			continue;
		seq_printf(m, "cpu%u: PAT=0x%016llx MTRRdefType=0x%llx MTRRs=",
			   cpu, c->pat, c->def_type);
		if (c->have_mtrr)
			seq_printf(m, "%016llx", c->digest);
		else
			seq_puts(m, "none");
		seq_printf(m, " apicid=%u%s\n", c->apicid,
			   same(c, &now[0]) ? "" : " differs-from-cpu0");
	}
	cpus_read_unlock();
	return 0;
}

void pat_cpus_debugfs_init(void)
{
	debugfs_create_file("x86/pat_cpus", pat_cpus_show, NULL);
}
