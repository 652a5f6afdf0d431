// SPDX-License-Identifier: GPL-2.0
/*
 * Bringing up the secondary CPUs the MADT lists, one at a time: INIT,
 * STARTUP, STARTUP at the real-mode image below 1 MiB (arch/x86/realmode/),
 * then start_secondary() on the CPU's own stack, GDT, TSS and per-CPU
 * area.
 *
 * What a new CPU does before it counts as online, in this order: load its
 * descriptors (so per-CPU data works), program IA32_PAT with the boot
 * CPU's value by the SDM sequence (before it can use a mapping that needs
 * a PAT entry other than 0), identify itself, switch on its local APIC.
 * Once all are up, every CPU takes the boot CPU's MTRRs in one rendezvous
 * (mtrr_aps_sync(): each runs the SDM sequence and rewrites what firmware
 * left different), and the boot CPU checks that every CPU holds the same
 * IA32_PAT and MTRRs.
 *
 * A CPU brought back online later (kernel/cpu.c, arch_cpu_up()) takes the
 * same path with the same stack, and takes the MTRRs in force (mtrr_state)
 * itself before it counts as online: mtrr_ap_init().
 */
#define pr_fmt(fmt) "smpboot: " fmt

#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/processor.h>
#include <asm/realmode.h>
#include <asm/smp.h>
#include <asm/smp_cpus.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>
#include <asm/traps.h>

void start_secondary(void);

/* read by secondary_startup_64 and start_secondary of the CPU booting */
extern unsigned long smp_initial_stack;
unsigned long smp_initial_stack;
static unsigned int smp_booting_cpu;
/* a CPU is between STARTUP and its first flush online: see below */
static bool smp_booting;
/* set for a bring-up after boot: the CPU takes the MTRRs itself */
static bool smp_hotplugging;
/* each CPU's idle stack, kept for when it comes back online */
static void *idle_stack[NR_CPUS];

/**
 * smp_cpu_booting() - is a secondary CPU being brought up right now?
 *
 * Such a CPU already runs on the kernel's page tables but is not yet in
 * the TLB shootdowns, so no kernel page-table page may be freed
 * meanwhile: a kernel page-table transaction that unlinked tables waits
 * (pt_txn_commit()) until the CPU is online and has flushed, which ends
 * this state.  At boot nobody else runs kernel code then; after boot
 * (CPU hotplug) other CPUs do.
 */
bool smp_cpu_booting(void)
{
	return __atomic_load_n(&smp_booting, __ATOMIC_ACQUIRE);
}

static unsigned int nr_cpus_limit = SMP_CPUS_MAX;
static unsigned int maxcpus_limit = SMP_CPUS_MAX;
static unsigned int boot_timeout_ms = 3000;
static unsigned int init_udelay = UINT_MAX;	/* UINT_MAX: by CPU model */
static unsigned int test_deaf_cpu;		/* 0: none */
static unsigned int test_slow_cpu;		/* 0: none */
static u32 test_extra_lapic[4];
static unsigned int nr_test_extra_lapic;

static struct smp_cpu_map cpu_map;
static int pat_ap_err[NR_CPUS];

/* @what: what the number counts, for the message that refuses it */
static int parse_number(const char *name, const char *what, char *arg,
			unsigned int min, unsigned int max, unsigned int *out)
{
	int err = arg ? smp_parse_cpu_count(arg, min, max, out) : -EINVAL;

	if (err)
		pr_err("%s=%s refused: expected %s from %u to %u\n",
		       name, arg ? arg : "", what, min, max);
	return err;
}

static int parse_count(const char *name, char *arg, unsigned int min,
		       unsigned int max, unsigned int *out)
{
	return parse_number(name, "a number of CPUs", arg, min, max, out);
}

static int parse_nr_cpus(char *arg)
{
	return parse_count("nr_cpus", arg, 1, SMP_CPUS_MAX, &nr_cpus_limit);
}
early_param("nr_cpus", parse_nr_cpus);

static int parse_maxcpus(char *arg)
{
	return parse_count("maxcpus", arg, 0, SMP_CPUS_MAX, &maxcpus_limit);
}
early_param("maxcpus", parse_maxcpus);

static int parse_timeout(char *arg)
{
	return parse_number("smpboot.timeout_ms", "milliseconds", arg, 1000,
			    60000, &boot_timeout_ms);
}
early_param("smpboot.timeout_ms", parse_timeout);

/* Linux's name and meaning: the wait between INIT and STARTUP */
static int parse_init_udelay(char *arg)
{
	return parse_number("cpu_init_udelay", "microseconds", arg, 0,
			    SMP_INIT_UDELAY_MAX, &init_udelay);
}
early_param("cpu_init_udelay", parse_init_udelay);

/* test only: logical CPU N gets a trampoline that halts in real mode */
static int parse_test_deaf(char *arg)
{
	return parse_number("smpboot.test_deaf", "a logical CPU number", arg, 1,
			    SMP_CPUS_MAX - 1, &test_deaf_cpu);
}
early_param("smpboot.test_deaf", parse_test_deaf);

/*
 * Test only: logical CPU N, once online, waits past the time-out before
 * its first flush ends the bring-up, as a CPU the host stops running
 * just there would
 */
static int parse_test_slow(char *arg)
{
	return parse_number("smpboot.test_slow", "a logical CPU number", arg, 1,
			    SMP_CPUS_MAX - 1, &test_slow_cpu);
}
early_param("smpboot.test_slow", parse_test_slow);

/*
 * The bring-up's point of no return (do_boot_cpu()): the new CPU joins
 * before its online bit, and the boot CPU gives it up only before that.
 * Either the CPU joins, and the boot CPU waits for it however long it
 * takes (a call may already count on it), or the boot CPU gives up
 * first, and the CPU never sets a bit any other CPU reads.
 */
enum { AP_STARTING, AP_JOINED, AP_GIVEN_UP };
static int ap_state;

static bool ap_state_move(int from, int to)
{
	return __atomic_compare_exchange_n(&ap_state, &from, to, false,
					   __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);
}

/* a CPU given up halts, interrupts off, until the INIT on its way */
static void __noreturn ap_given_up(void)
{
	for (;;)
		__asm__ __volatile__("cli; hlt" : : : "memory");
}

/*
 * Test only: LAPIC entries appended to the MADT's, as if firmware had
 * listed them: "smpboot.test_extra_lapic=0x40,1" adds an APIC ID no CPU
 * has and a duplicate of APIC ID 1.
 */
static int parse_test_extra(char *arg)
{
	unsigned int n = 0;
	unsigned long long v;
	u32 ids[ARRAY_SIZE(test_extra_lapic)];
	char *p = arg, *comma;

	while (p && *p) {
		comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (n == ARRAY_SIZE(ids) || kstrtoull(p, 0, &v) || v > 0xff) {
			pr_err("smpboot.test_extra_lapic: bad list, ignored\n");
			return -EINVAL;
		}
		ids[n++] = v;
		p = comma ? comma + 1 : NULL;
	}
	memcpy(test_extra_lapic, ids, sizeof(ids));
	nr_test_extra_lapic = n;
	return 0;
}
early_param("smpboot.test_extra_lapic", parse_test_extra);

/**
 * start_secondary() - C entry of a secondary CPU (from head.S)
 */
void start_secondary(void)
{
	unsigned int cpu = __atomic_load_n(&smp_booting_cpu,
					   __ATOMIC_ACQUIRE);
	/* the boot CPU waits for us before it sets up the next CPU */
	void *stack = (void *)(smp_initial_stack - THREAD_SIZE);

	cpu_desc_load(cpu);
	pat_ap_err[cpu] = pat_cpu_init();
	cpu_init_secondary(&cpu_data(cpu));
	/* at boot the rendezvous after all are up does it (mtrr_aps_sync()) */
	if (__atomic_load_n(&smp_hotplugging, __ATOMIC_ACQUIRE))
		mtrr_ap_init();
	lapic_setup_cpu();
	this_pcpu()->apicid = apic_read_id();
	/*
	 * From now on this CPU takes part in every shootdown.  Until now it
	 * took part in none, but no kernel page-table page was freed
	 * meanwhile (smp_cpu_booting()).  The flush comes after the online
	 * bit: a change whose shootdown missed the bit was written before
	 * it, so the flush drops what this CPU cached of the old entries; it
	 * also records the unlink generation this CPU is up to.
	 */
	if (!ap_state_move(AP_STARTING, AP_JOINED))
		ap_given_up();
	__atomic_fetch_or(&init_mm.cpu_mask, 1ULL << cpu, __ATOMIC_SEQ_CST);
	__atomic_fetch_or(&cpu_online_mask, 1ULL << cpu, __ATOMIC_SEQ_CST);
	if (cpu == test_slow_cpu)
		udelay((boot_timeout_ms + 500) * 1000UL);
	__flush_tlb_all();
	__atomic_store_n(&smp_booting, false, __ATOMIC_RELEASE);
	sched_init_secondary(cpu, stack);
	tick_setup_secondary();
	cpu_startup_entry();
}

static void no_op(void *info)
{
}

/**
 * smp_run_async() - have idle CPU @cpu run @fn(@arg) with interrupts on
 *
 * For long work (the SMP stress tests): a cross-CPU call runs with
 * interrupts off.  Returns 0, -ENXIO (offline or this CPU) or -EBUSY.
 */
int smp_run_async(unsigned int cpu, void (*fn)(void *), void *arg)
{
	struct pcpu *p = per_cpu_ptr(cpu);

	int err = 0;

	/* a CPU going offline waits for posted work (arch_cpu_down()) */
	cpus_read_lock();
	if (!cpu_active(cpu) || cpu == smp_processor_id())
		err = -ENXIO;
	else if (__atomic_load_n(&p->work_fn, __ATOMIC_ACQUIRE))
		err = -EBUSY;
	if (!err) {
		p->work_arg = arg;
		p->work_from = smp_processor_id();
		__atomic_store_n(&p->work_fn, fn, __ATOMIC_RELEASE);
		smp_call_function_many(1ULL << cpu, no_op, NULL, false);
	}
	cpus_read_unlock();
	return err;
}

/* wait until @cpu has finished what smp_run_async() gave it */
void smp_wait_async(unsigned int cpu)
{
	struct pcpu *p = per_cpu_ptr(cpu);

	/* the CPU wakes us when done (its idle task, kernel/sched/idle.c) */
	smp_halt_until((const unsigned long *)&p->work_fn, 0);
}

/*
 * Online, and flushed once there (start_secondary()).  Past the time-out
 * the CPU is given up unless it has joined; one that has is waited for.
 */
static bool wait_online(unsigned int cpu, u64 t0)
{
	while (!cpu_online(cpu) || smp_cpu_booting()) {
		if (local_clock() - t0 > boot_timeout_ms * NSEC_PER_MSEC &&
		    ap_state_move(AP_STARTING, AP_GIVEN_UP))
			return false;
		cpu_relax();
	}
	return true;
}

/*
 * What a CPU left in its per-CPU area when it parked (arch_cpu_down())
 * means nothing once INIT has reset it: it starts as at boot, its idle
 * task's preemption count included.  INIT also empties its TLBs and
 * paging-structure caches before it runs again, so it can reach no page
 * table unlinked before now: it counts as flushed up to the current
 * unlink generation, and the moment between its online bit and its
 * first flush makes no page-table page look unsafe to reuse.
 */
static void pcpu_reset(struct pcpu *p, u32 apicid)
{
	p->apicid = apicid;
	p->preempt_count = 0;
	p->need_resched = 0;
	p->irqs_off_halt = false;
	p->call_pending = 0;
	p->hotplug_die = false;
	p->hotplug_left = false;
	p->hotplug_dead = false;
	p->tlb_seen_gen = __atomic_load_n(&pt_unlink_gen, __ATOMIC_ACQUIRE);
}

static int do_boot_cpu(unsigned int cpu, u64 *ns)
{
	u32 apicid = cpu_map.apicid[cpu];
	unsigned int page = realmode_startup_page(cpu == test_deaf_cpu);
	void *stack;
	u64 t0;
	int err;

	err = cpu_desc_alloc(cpu);
	stack = err ? NULL : idle_stack[cpu] ?: kmalloc(THREAD_SIZE, GFP_KERNEL);
	if (!stack) {
		pr_err("CPU%u: no memory for its stack and tables, skipped\n",
		       cpu);
		return -ENOMEM;
	}
	pcpu_reset(per_cpu_ptr(cpu), apicid);
	smp_initial_stack = (unsigned long)stack + THREAD_SIZE;
	__atomic_store_n(&smp_booting_cpu, cpu, __ATOMIC_RELEASE);
	realmode_ap_alive_clear();
	realmode_sync_kernel_half();
	t0 = local_clock();
	__atomic_store_n(&ap_state, AP_STARTING, __ATOMIC_RELEASE);
	__atomic_store_n(&smp_booting, true, __ATOMIC_RELEASE);
	err = apic_send_init_sipi(apicid, page, init_udelay);
	/* a STARTUP may have gone out all the same: is it too late? */
	if (err && !ap_state_move(AP_STARTING, AP_GIVEN_UP))
		err = 0;
	if (!err && !wait_online(cpu, t0))
		err = -ETIMEDOUT;
	*ns = local_clock() - t0;
	if (!err) {
		idle_stack[cpu] = stack;
		return 0;
	}
	pr_err("CPU%u (APIC ID %#x) did not come online in %u ms (%s), skipped\n",
	       cpu, apicid, boot_timeout_ms,
	       realmode_ap_alive() ? "it reached the trampoline" :
	       "it never reached the trampoline");
	/*
	 * Park it in wait-for-STARTUP with INIT alone, so that a late start
	 * cannot use the stack freed below; a STARTUP now would send it off
	 * to run whatever lies at the page it names.  Given up before it
	 * joined, it set neither its online nor its init_mm bit.
	 */
	apic_send_init(apicid);
	__atomic_store_n(&smp_booting, false, __ATOMIC_RELEASE);
	if (stack != idle_stack[cpu])
		kfree(stack);
	return err;
}

/**
 * smp_boot_cpu() - bring @cpu back online after boot, as at boot
 * @cpu: an offline CPU the boot found (below num_possible_cpus())
 *
 * For kernel/cpu.c, with the hotplug write side held.  The CPU restarts
 * at the trampoline, takes the PAT and the MTRRs in force and comes
 * online; it is not yet active (no task goes there).  Returns 0, or the
 * bring-up's error (the CPU is then left in wait-for-STARTUP), or -EIO
 * if it could not take the boot CPU's IA32_PAT.
 */
int smp_boot_cpu(unsigned int cpu)
{
	u64 ns;
	int err;

	if (cpu >= num_possible_cpus() || realmode_init())
		return -EINVAL;
	pr_info("Booting Node 0 Processor %u APIC %#x\n", cpu,
		cpu_map.apicid[cpu]);
	/*
	 * Kernel page-table commits wait with interrupts off while the CPU
	 * is booting (smp_cpu_booting()): were this task preempted in
	 * there, one of them could hold the CPU it needs to run again.
	 */
	preempt_disable();
	__atomic_store_n(&smp_hotplugging, true, __ATOMIC_RELEASE);
	err = do_boot_cpu(cpu, &ns);
	__atomic_store_n(&smp_hotplugging, false, __ATOMIC_RELEASE);
	preempt_enable();
	if (!err && pat_ap_err[cpu]) {
		pr_err("CPU%u does not hold the boot CPU's IA32_PAT\n", cpu);
		err = -EIO;
	}
	return err;
}

/* where the CPU list came from, for messages */
static const char *cpu_source(void)
{
	return apic.cpu_source ? apic.cpu_source : "MADT";
}

static void report_madt(const enum smp_cpu_verdict *v, unsigned int n,
			const struct smp_cpu_entry *e)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (v[i] == SMP_CPU_DUPLICATE || v[i] == SMP_CPU_BAD_ID ||
		    v[i] == SMP_CPU_OVER_LIMIT)
			pr_warn("%s LAPIC entry %u (APIC ID %#x, ACPI ID %#x): %s, ignored\n",
				cpu_source(), i, e[i].apic_id, e[i].acpi_id,
				smp_cpu_verdict_name(v[i]));
	if (!cpu_map.boot_cpu_listed)
		pr_warn("the %s does not list the boot CPU (APIC ID %#x)\n",
			cpu_source(), cpu_map.apicid[0]);
}

static unsigned int build_cpu_map(void)
{
	static struct smp_cpu_entry e[MAX_MADT_CPUS + 4];
	static enum smp_cpu_verdict v[MAX_MADT_CPUS + 4];
	unsigned int n = apic.nr_cpu_entries, i;

	memcpy(e, apic.cpu_entries, n * sizeof(e[0]));
	for (i = 0; i < nr_test_extra_lapic; i++, n++)
		e[n] = (struct smp_cpu_entry){ .apic_id = test_extra_lapic[i],
					       .acpi_id = 0xff,
					       .enabled = true };
	smp_cpus_build(e, n, this_pcpu()->apicid,
		       nr_cpus_limit < NR_CPUS ? nr_cpus_limit : NR_CPUS,
		       &cpu_map, v);
	report_madt(v, n, e);
	return cpu_map.nr_possible;
}

unsigned int num_possible_cpus(void)
{
	return cpu_map.nr_possible ?: 1;
}

static void boot_secondaries(unsigned int nr)
{
	static u64 ns[NR_CPUS];
	unsigned int cpu, ok = 0;
	char line[8 + NR_CPUS * 4];
	u64 total = 0;
	int n = 0;

	printk(KERN_INFO "x86: Booting SMP configuration:\n");
	for (cpu = 1; cpu < nr; cpu++) {
		if (do_boot_cpu(cpu, &ns[cpu]))
			continue;
		ok++;
		total += ns[cpu];
		n += scnprintf(line + n, sizeof(line) - n, " #%u", cpu);
	}
	if (!ok)
		return;
	printk(KERN_INFO ".... node  #0, CPUs:    %s\n", line);
	for (cpu = 1; cpu < nr; cpu++)
		if (cpu_online(cpu))
			pr_info("CPU%u (APIC ID %#x) online in %llu us\n", cpu,
				cpu_map.apicid[cpu],
				(unsigned long long)(ns[cpu] / NSEC_PER_USEC));
	pr_info("bring-up took %llu us per CPU on average (INIT wait %u us)\n",
		(unsigned long long)(total / ok / NSEC_PER_USEC), init_udelay);
}

static void check_pat_results(void)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (pat_ap_err[cpu])
			pr_err("CPU%u does not hold the boot CPU's IA32_PAT\n",
			       cpu);
}

/**
 * smp_init() - bring up the CPUs the MADT lists
 *
 * Needs apic_init() (the MADT and the local APIC mapping) and memory
 * management.  Ends with interrupts on, so every CPU takes IPIs.
 */
void smp_init(void)
{
	unsigned int nr, cpu;

	smp_prepare_boot_cpu();
	nr = apic_usable() ? build_cpu_map() : 1;
	if (nr > maxcpus_limit)
		nr = maxcpus_limit ? maxcpus_limit : 1;
	pr_info("Allowing %u CPUs, 0 hotplug CPUs\n", cpu_map.nr_possible ?: 1);
	printk(KERN_INFO "smp: Bringing up secondary CPUs ...\n");
	/* also for CPUs maxcpus= leaves out: add_cpu() may start them later */
	if (num_possible_cpus() > 1 && realmode_init()) {
		pr_err("no RAM below 640 KiB for the trampoline: one CPU only\n");
		nr = 1;
	} else if (num_possible_cpus() > 1 && init_udelay == UINT_MAX) {
		init_udelay = smp_init_udelay(boot_cpu_data.x86_vendor,
					      boot_cpu_data.x86);
	}
	if (nr > 1)
		boot_secondaries(nr);
	printk(KERN_INFO "smp: Brought up 1 node, %u CPU%s\n",
	       num_online_cpus(), num_online_cpus() > 1 ? "s" : "");
	mtrr_aps_sync();
	check_pat_results();
	cache_control_check();
	/* tasks may go to the secondary CPUs only now, as after a hotplug */
	for_each_online_cpu(cpu)
		sched_cpu_activate(cpu);
	pr_info("Total of %u processors activated\n", num_online_cpus());
	local_irq_enable();
}
