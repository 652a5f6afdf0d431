// SPDX-License-Identifier: GPL-2.0
/*
 * panic() and warnings.  A panic prints its reason and a backtrace, then
 * tries QEMU's isa-debug-exit port (so a scripted run ends at once with a
 * failure status instead of timing out) and halts.  The first CPU to
 * panic stops the others first; a second one just halts.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/smp.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/special_insns.h>
#include <asm/stacktrace.h>

#define ISA_DEBUG_EXIT_PORT	0xf4

/**
 * qemu_exit() - leave QEMU through isa-debug-exit, if the device exists
 * @code: QEMU exits with status (code << 1) | 1
 *
 * Without the device the write is ignored and the caller goes on.
 */
void qemu_exit(u8 code)
{
	outb(code, ISA_DEBUG_EXIT_PORT);
}

void panic(const char *fmt, ...)
{
	static char buf[512];
	static bool in_panic;
	va_list args;

	local_irq_disable();
	if (!__atomic_exchange_n(&in_panic, true, __ATOMIC_ACQ_REL)) {
		va_start(args, fmt);
		vscnprintf(buf, sizeof(buf), fmt, args);
		va_end(args);
		pr_emerg("Kernel panic - not syncing: %s\n", buf);
		dump_stack();
		/*
		 * After the message, as in Linux: it is out even if stopping
		 * the others goes wrong
		 */
		smp_send_stop();
		pr_emerg("---[ end Kernel panic - not syncing: %s ]---\n", buf);
	}
	qemu_exit(1);
	for (;;)
		halt();
}

static int crash_cpu = -1;
static int hang_cpu = -1;

static int parse_test_cpu(char *arg, int *cpu)
{
	unsigned int v;

	if (!arg || kstrtouint(arg, 10, &v) || v >= NR_CPUS)
		return -EINVAL;
	*cpu = v;
	return 0;
}

/* test only: "test.crash_cpu=N" makes CPU N oops once every CPU is up */
static int parse_crash_cpu(char *arg)
{
	return parse_test_cpu(arg, &crash_cpu);
}
core_param("test.crash_cpu", parse_crash_cpu);

/*
 * test only: "test.hang_cpu=N" locks CPU N up, interrupts off, just before
 * the crash, so that panic() must stop it with an NMI
 */
static int parse_hang_cpu(char *arg)
{
	return parse_test_cpu(arg, &hang_cpu);
}
core_param("test.hang_cpu", parse_hang_cpu);

static bool hung;

static void hang_here(void *unused)
{
	__atomic_store_n(&hung, true, __ATOMIC_RELEASE);
	for (;;)
		cpu_relax();
}

/* from the crashing CPU: its call slot is free, the caller's is not */
static void hang_test_cpu(void)
{
	if (hang_cpu < 0 || hang_cpu == (int)smp_processor_id())
		return;
	if (!cpu_online(hang_cpu)) {
		pr_err("test.hang_cpu: CPU%d is not online\n", hang_cpu);
		return;
	}
	pr_info("test.hang_cpu: CPU%d spins with interrupts off\n", hang_cpu);
	smp_call_function_many(1ULL << hang_cpu, hang_here, NULL, false);
	while (!__atomic_load_n(&hung, __ATOMIC_ACQUIRE))
		cpu_relax();
}

static void crash_here(void *unused)
{
	hang_test_cpu();
	*(volatile unsigned long *)0 = 0;
}

/**
 * crash_test_run() - oops on the CPU "test.crash_cpu=" names, if any
 *
 * Shows the oops and panic paths end to end: the message, the registers,
 * the backtrace, the other CPUs stopped (with "test.hang_cpu=", one of
 * them only by NMI), QEMU's exit status.
 */
void crash_test_run(void)
{
	if (crash_cpu < 0)
		return;
	pr_info("test.crash_cpu: CPU%d writes to address 0\n", crash_cpu);
	if (smp_call_function_single(crash_cpu, crash_here, NULL))
		pr_err("test.crash_cpu: CPU%d is not online\n", crash_cpu);
}

void warn_slowpath(const char *file, int line, void *caller)
{
	pr_warn("WARNING: at %s:%d %pS\n", file, line, caller);
	dump_stack();
}
