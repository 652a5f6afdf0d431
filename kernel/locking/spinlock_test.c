// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite spinlock: the ticket lock that memtype_lock and the page-table
 * lock are built on, with every online CPU at once.
 *
 *  - exclusion: each CPU adds to a plain counter under the lock, reading
 *    and writing it with a window in between; a lost update shows as a
 *    short total (TCG runs each virtual CPU on its own host thread, so
 *    without the lock updates really are lost);
 *  - FIFO: with the lock held, CPUs take their tickets one after another
 *    and must get the lock in that order;
 *  - trylock: fails on another CPU while the lock is held, succeeds once
 *    it is free, and leaves a free lock taken and a taken one unchanged;
 *  - a device interrupt sent to a CPU halted in spin_lock_irqsave()'s
 *    wait runs only once that CPU's irqs-off section is over, never inside
 *    the halt, where its handler's locks could deadlock against the
 *    section's (arch/x86/kernel/smp.c, halt_irqs_off()).
 *
 * With one CPU (or CONFIG_SMP=n) the cases run on that CPU alone, and the
 * FIFO case, which needs two waiters, is skipped.
 */
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/apic.h>
#include <asm/percpu.h>
#include <asm/special_insns.h>

#define ROUNDS		3000

static DEFINE_SPINLOCK(test_lock);
static unsigned long counter;		/* plain on purpose: test_lock guards it */

static void add_rounds(void *arg)
{
	unsigned long flags, v;
	unsigned int i, j;

	for (i = 0; i < ROUNDS; i++) {
		spin_lock_irqsave(&test_lock, flags);
		v = READ_ONCE(counter);
		for (j = 0; j < 4; j++)
			cpu_relax();
		WRITE_ONCE(counter, v + 1);
		spin_unlock_irqrestore(&test_lock, flags);
	}
}

/* run @fn on every online CPU at once, this one included */
static unsigned int run_everywhere(void (*fn)(void *), void *arg)
{
	unsigned int cpu, me = smp_processor_id(), n = 1;

	for_each_online_cpu(cpu)
		if (cpu != me && !smp_run_async(cpu, fn, arg))
			n++;
	fn(arg);
	for_each_online_cpu(cpu)
		if (cpu != me)
			smp_wait_async(cpu);
	return n;
}

static void test_exclusion(struct ktest *t)
{
	unsigned int n;

	counter = 0;
	n = run_everywhere(add_rounds, NULL);
	KTEST_EXPECT_EQ(t, n, num_online_cpus());
	KTEST_EXPECT_EQ(t, counter, (unsigned long)n * ROUNDS);
	KTEST_EXPECT_FALSE(t, spin_is_locked(&test_lock));
	ktest_printf(t, "%u CPUs, %lu increments", n, counter);
}

static unsigned int order[NR_CPUS], nr_done;

static void take_in_turn(void *arg)
{
	spin_lock(&test_lock);
	order[nr_done++] = smp_processor_id();
	spin_unlock(&test_lock);
}

/* the ticket the next locker draws: how many are already in line */
static u16 next_ticket(void)
{
	return __atomic_load_n(&test_lock.next, __ATOMIC_ACQUIRE);
}

static void test_fifo(struct ktest *t)
{
	unsigned int queued[NR_CPUS], cpu, n = 0, i;
	unsigned int me = smp_processor_id();
	u16 ticket;

	if (num_online_cpus() < 3) {
		ktest_skip(t, "needs 3 CPUs: one holder, two waiters");
		return;
	}
	nr_done = 0;
	spin_lock(&test_lock);
	for_each_online_cpu(cpu) {
		if (cpu == me)
			continue;
		ticket = next_ticket();
		if (smp_run_async(cpu, take_in_turn, NULL))
			continue;
		/* its ticket drawn before the next CPU starts */
		while (next_ticket() == ticket)
			cpu_relax();
		queued[n++] = cpu;
	}
	spin_unlock(&test_lock);
	for (i = 0; i < n; i++)
		smp_wait_async(queued[i]);
	KTEST_EXPECT_EQ(t, nr_done, n);
	for (i = 0; i < n && i < nr_done; i++)
		KTEST_EXPECT_EQ(t, order[i], queued[i]);
	ktest_printf(t, "%u waiters served in the order they queued", n);
}

static bool try_result;

static void try_here(void *arg)
{
	try_result = spin_trylock(&test_lock);
	if (try_result)
		spin_unlock(&test_lock);
}

static void test_trylock(struct ktest *t)
{
	unsigned int other = smp_processor_id(), cpu;
	spinlock_t before;

	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			other = cpu;
	KTEST_EXPECT_TRUE(t, spin_trylock(&test_lock));
	before = test_lock;
	KTEST_EXPECT_FALSE(t, spin_trylock(&test_lock));
	KTEST_EXPECT_EQ(t, test_lock.next, before.next);
	KTEST_EXPECT_EQ(t, test_lock.owner, before.owner);
	if (other != smp_processor_id()) {
		smp_call_function_single(other, try_here, NULL);
		KTEST_EXPECT_FALSE(t, try_result);
	}
	spin_unlock(&test_lock);
	KTEST_EXPECT_FALSE(t, spin_is_locked(&test_lock));
	if (other != smp_processor_id()) {
		smp_call_function_single(other, try_here, NULL);
		KTEST_EXPECT_TRUE(t, try_result);
	}
	KTEST_EXPECT_FALSE(t, spin_is_locked(&test_lock));
}

/* a device-class vector nothing else uses */
#define TEST_DEVICE_VECTOR	0x4e

static unsigned int dev_irq_runs, dev_irq_in_halt;

static void test_device_irq(unsigned int vector, void *data)
{
	__atomic_fetch_add(&dev_irq_runs, 1, __ATOMIC_RELAXED);
	if (this_pcpu()->irqs_off_halt)
		__atomic_fetch_add(&dev_irq_in_halt, 1, __ATOMIC_RELAXED);
}

static void wait_irqs_off(void *arg)
{
	unsigned long flags;

	spin_lock_irqsave(&test_lock, flags);
	spin_unlock_irqrestore(&test_lock, flags);
}

/* until @cpu has registered as a halting waiter on test_lock, or 5 s */
static bool waiter_halting(unsigned int cpu)
{
	u64 t0 = local_clock();

	while (__atomic_load_n(&per_cpu_ptr(cpu)->wait_lock,
			       __ATOMIC_ACQUIRE) != &test_lock)
		if (local_clock() - t0 > 5 * NSEC_PER_SEC)
			return false;
	return true;
}

static void test_device_irq_waits_for_section(struct ktest *t)
{
	unsigned int other = smp_processor_id(), cpu, before;
	unsigned long leaks = irqs_off_halt_leaks;
	u64 t0;

	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			other = cpu;
	if (other == smp_processor_id() || !apic_usable()) {
		ktest_skip(t, "needs 2 CPUs with local APICs");
		return;
	}
	dev_irq_runs = dev_irq_in_halt = 0;
	KTEST_ASSERT_TRUE(t, request_irq_vector(TEST_DEVICE_VECTOR,
						test_device_irq, NULL) == 0);
	spin_lock(&test_lock);
	KTEST_EXPECT_EQ(t, smp_run_async(other, wait_irqs_off, NULL), 0);
	KTEST_EXPECT_TRUE(t, waiter_halting(other));
	apic_send_ipi(per_cpu_ptr(other)->apicid, TEST_DEVICE_VECTOR);
	/* time enough to take it, were it let in */
	mdelay(50);
	before = __atomic_load_n(&dev_irq_runs, __ATOMIC_ACQUIRE);
	spin_unlock(&test_lock);
	smp_wait_async(other);
	t0 = local_clock();
	while (!__atomic_load_n(&dev_irq_runs, __ATOMIC_ACQUIRE) &&
	       local_clock() - t0 < 5 * NSEC_PER_SEC)
		cpu_relax();
	free_irq_vector(TEST_DEVICE_VECTOR);
	KTEST_EXPECT_EQ(t, before, 0);
	KTEST_EXPECT_EQ(t, dev_irq_runs, 1);
	KTEST_EXPECT_EQ(t, dev_irq_in_halt, 0);
	KTEST_EXPECT_EQ(t, irqs_off_halt_leaks, leaks);
}

static struct ktest_case spinlock_cases[] = {
	KTEST_CASE(test_exclusion),
	KTEST_CASE(test_fifo),
	KTEST_CASE(test_trylock),
	KTEST_CASE(test_device_irq_waits_for_section),
	{}
};
KTEST_SUITE(spinlock, spinlock_cases);
