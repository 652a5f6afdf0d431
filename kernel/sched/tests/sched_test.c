// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite sched: kernel threads that ping-pong through wait queues
 * across CPUs, a spinning thread preempted by the tick, every CPU running
 * something, msleep() against jiffies, the kthread API, a thread pinned
 * to each CPU in turn, and create/exit rounds that give every page
 * back.  Waits are bounded by counts of jiffies, so a broken scheduler
 * fails a case instead of hanging the run; nothing compares with
 * wall-clock time.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tick.h>
#include <linux/wait.h>
#include <asm/irqflags.h>

#define GIVE_UP		(20 * HZ)	/* jiffies before a case gives up */

static DECLARE_WAIT_QUEUE_HEAD(test_wq);

static unsigned int load(const unsigned int *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store(unsigned int *p, unsigned int v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/*
 * kthread_stop() returns once @k said it exited; its CPU drops its last
 * reference only after switching away from it (finish_task_switch()),
 * which a descheduled vCPU may do much later.  Hold a reference across
 * that and drop it here, so that @k is freed before this returns and
 * no case leaves a dying thread behind to skew the next one's counts.
 * A reference still held after a second is a leak: counted, and the
 * task is left to it.
 */
static unsigned int reap_timeouts;

static int stop_and_reap(struct task_struct *k)
{
	u64 start;
	int ret;

	get_task_struct(k);
	ret = kthread_stop(k);
	start = get_jiffies_64();
	while (__atomic_load_n(&k->usage, __ATOMIC_ACQUIRE) > 1) {
		if (get_jiffies_64() - start > HZ) {
			reap_timeouts++;
			break;
		}
		msleep(1);
	}
	put_task_struct(k);
	return ret;
}

static unsigned int last_online_cpu(void)
{
	unsigned int cpu, last = 0;

	for_each_online_cpu(cpu)
		last = cpu;
	return last;
}

/* --- ping-pong ----------------------------------------------------- */

#define PING_ROUNDS	500

struct pingpong {
	unsigned int turn;		/* 0 or 1: whose move */
	unsigned int moves[2];
	u64 cpus[2];			/* CPUs each side ran on */
	unsigned int done;
};

static struct pingpong pp;

static int pingpong_fn(void *arg)
{
	unsigned int me = (unsigned long)arg;
	long left;
	int i;

	for (i = 0; i < PING_ROUNDS; i++) {
		left = wait_event_timeout(test_wq, load(&pp.turn) == me,
					  GIVE_UP);
		if (!left)
			break;
		pp.cpus[me] |= 1ULL << smp_processor_id();
		pp.moves[me]++;
		store(&pp.turn, !me);
		wake_up_all(&test_wq);
	}
	__atomic_fetch_add(&pp.done, 1, __ATOMIC_ACQ_REL);
	wake_up_all(&test_wq);
	return i;
}

static void test_pingpong_across_cpus(struct ktest *t)
{
	unsigned int other = last_online_cpu();
	struct task_struct *a, *b;

	memset(&pp, 0, sizeof(pp));
	a = kthread_create(pingpong_fn, (void *)0UL, "ping");
	b = kthread_create(pingpong_fn, (void *)1UL, "pong");
	KTEST_ASSERT_TRUE(t, a && b);
	kthread_bind(a, 0);
	kthread_bind(b, other);
	wake_up_process(a);
	wake_up_process(b);
	wait_event_timeout(test_wq, load(&pp.done) == 2, 2 * GIVE_UP);
	KTEST_EXPECT_EQ(t, stop_and_reap(a), PING_ROUNDS);
	KTEST_EXPECT_EQ(t, stop_and_reap(b), PING_ROUNDS);
	KTEST_EXPECT_EQ(t, pp.moves[0], PING_ROUNDS);
	KTEST_EXPECT_EQ(t, pp.moves[1], PING_ROUNDS);
	KTEST_EXPECT_EQ(t, pp.cpus[0], 1ULL);
	KTEST_EXPECT_EQ(t, pp.cpus[1], 1ULL << other);
	ktest_printf(t, "%u moves each, on CPU0 and CPU%u\n", PING_ROUNDS,
		     other);
}

/* --- preemption ---------------------------------------------------- */

struct preempt_test {
	unsigned int spinning;		/* the spinner is on its CPU */
	unsigned int other_ran;		/* set by the thread that must get in */
	unsigned int seen_by_spinner;	/* the spinner saw it while spinning */
	unsigned int spinner_cpu, other_cpu;
	unsigned int finished;
};

static struct preempt_test pt;

/* spins with interrupts on, never sleeping, until the other one ran */
static int spinner_fn(void *arg)
{
	u64 start = get_jiffies_64();

	pt.spinner_cpu = smp_processor_id();
	store(&pt.spinning, 1);
	wake_up_all(&test_wq);
	while (get_jiffies_64() - start < GIVE_UP) {
		if (load(&pt.other_ran)) {
			store(&pt.seen_by_spinner, 1);
			break;
		}
		cpu_relax();
	}
	__atomic_fetch_add(&pt.finished, 1, __ATOMIC_ACQ_REL);
	wake_up_all(&test_wq);
	return 0;
}

static int other_fn(void *arg)
{
	pt.other_cpu = smp_processor_id();
	store(&pt.other_ran, 1);
	__atomic_fetch_add(&pt.finished, 1, __ATOMIC_ACQ_REL);
	wake_up_all(&test_wq);
	return 0;
}

static void test_busy_thread_is_preempted(struct ktest *t)
{
	unsigned int cpu = last_online_cpu();
	struct task_struct *spin, *other;
	unsigned long preempted;

	if (!tick_running()) {
		ktest_skip(t, "no tick on this machine");
		return;
	}
	memset(&pt, 0, sizeof(pt));
	spin = kthread_create(spinner_fn, NULL, "spinner");
	other = kthread_create(other_fn, NULL, "other");
	KTEST_ASSERT_TRUE(t, spin && other);
	kthread_bind(spin, cpu);
	kthread_bind(other, cpu);
	wake_up_process(spin);
	/*
	 * Spinning before the other one is queued behind it.  A fixed sleep
	 * would bet on the host: a vCPU that gets no host time for it lets
	 * the other one run first, and then no preemption is needed.
	 */
	wait_event_timeout(test_wq, load(&pt.spinning), GIVE_UP);
	KTEST_EXPECT_EQ(t, load(&pt.spinning), 1);
	wake_up_process(other);
	wait_event_timeout(test_wq, load(&pt.finished) == 2, 2 * GIVE_UP);
	preempted = spin->nivcsw;
	stop_and_reap(spin);
	stop_and_reap(other);
	KTEST_EXPECT_EQ(t, pt.seen_by_spinner, 1);
	KTEST_EXPECT_EQ(t, pt.spinner_cpu, cpu);
	KTEST_EXPECT_EQ(t, pt.other_cpu, cpu);
	KTEST_EXPECT_TRUE(t, preempted >= 1);
}

/* --- every CPU ----------------------------------------------------- */

static unsigned int started;
static u64 ran_on;

/* stay busy until every sibling has started, so none can share a CPU */
static int busy_fn(void *arg)
{
	unsigned int n = (unsigned long)arg;
	u64 start = get_jiffies_64();

	__atomic_fetch_or(&ran_on, 1ULL << smp_processor_id(),
			  __ATOMIC_ACQ_REL);
	__atomic_fetch_add(&started, 1, __ATOMIC_ACQ_REL);
	while (load(&started) < n && get_jiffies_64() - start < GIVE_UP)
		cpu_relax();
	wake_up_all(&test_wq);
	return 0;
}

static void test_every_cpu_runs_something(struct ktest *t)
{
	struct task_struct *k[NR_CPUS];
	unsigned int n = num_online_cpus(), i;

	started = 0;
	ran_on = 0;
	for (i = 0; i < n; i++) {
		k[i] = kthread_run(busy_fn, (void *)(unsigned long)n, "busy/%u",
				   i);
		KTEST_ASSERT_TRUE(t, k[i] != NULL);
	}
	/* kthread_stop() before a thread ran would keep it from running */
	wait_event_timeout(test_wq, load(&started) == n, 2 * GIVE_UP);
	for (i = 0; i < n; i++)
		stop_and_reap(k[i]);
	KTEST_EXPECT_EQ(t, started, n);
	KTEST_EXPECT_EQ(t, ran_on, cpu_online_mask);
	ktest_printf(t, "%u threads ran on CPUs %#llx\n", n,
		     (unsigned long long)ran_on);
}

/* --- time ---------------------------------------------------------- */

static void test_msleep_lasts(struct ktest *t)
{
	static const unsigned int ms[] = { 1, 4, 10, 50 };
	unsigned int i;
	u64 j0, j;

	for (i = 0; i < ARRAY_SIZE(ms); i++) {
		j0 = get_jiffies_64();
		msleep(ms[i]);
		j = get_jiffies_64() - j0;
		if (j < msecs_to_jiffies(ms[i]) || j * 1000 < (u64)ms[i] * HZ)
			ktest_fail(t, __FILE__, __LINE__,
				   "msleep(%u) returned after %llu jiffies",
				   ms[i], (unsigned long long)j);
	}
}

static void test_wait_event_timeout_expires(struct ktest *t)
{
	unsigned int never = 0;
	u64 j0 = get_jiffies_64();
	long left;

	left = wait_event_timeout(test_wq, load(&never), 5);
	KTEST_EXPECT_EQ(t, left, 0);
	KTEST_EXPECT_TRUE(t, get_jiffies_64() - j0 >= 5);
	/* a true condition returns at once with what is left, at least 1 */
	left = wait_event_timeout(test_wq, 1, 7);
	KTEST_EXPECT_EQ(t, left, 7);
}

/* --- the kthread API and task identity ----------------------------- */

static unsigned int never_ran;

static int record_fn(void *arg)
{
	store(&never_ran, 1);
	return 5;
}

static void test_kthread_stop_before_it_ran(struct ktest *t)
{
	struct task_struct *k;

	never_ran = 0;
	k = kthread_create(record_fn, NULL, "never");
	KTEST_ASSERT_TRUE(t, k != NULL);
	KTEST_EXPECT_EQ(t, k->state, TASK_UNINTERRUPTIBLE);
	KTEST_EXPECT_EQ(t, stop_and_reap(k), -EINTR);
	KTEST_EXPECT_EQ(t, never_ran, 0);
}

static unsigned int running;

static int wait_stop_fn(void *arg)
{
	__atomic_fetch_add(&running, 1, __ATOMIC_ACQ_REL);
	wake_up_all(&test_wq);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 7;
}

static void test_kthread_identity(struct ktest *t)
{
	char comm[TASK_COMM_LEN];
	struct task_struct *a, *b;

	running = 0;
	a = kthread_run(wait_stop_fn, NULL, "a-name-longer-than-fifteen");
	b = kthread_run(wait_stop_fn, NULL, "b");
	KTEST_ASSERT_TRUE(t, a && b);
	wait_event_timeout(test_wq, load(&running) == 2, GIVE_UP);
	KTEST_EXPECT_STREQ(t, get_task_comm(comm, a), "a-name-longer-t");
	KTEST_EXPECT_TRUE(t, a->pid > 1 && b->pid > 1 && a->pid != b->pid);
	KTEST_EXPECT_EQ(t, stop_and_reap(a), 7);
	KTEST_EXPECT_EQ(t, stop_and_reap(b), 7);
	/* the suite runs in pid 1, named as Linux names it before exec */
	KTEST_EXPECT_EQ(t, current->pid, 1);
	KTEST_EXPECT_STREQ(t, current->comm, "swapper/0");
}

static unsigned int flag_set;

static int set_flag_fn(void *arg)
{
	store(&flag_set, 1);
	return 0;
}

/*
 * What the return to user mode will do, run from a kernel thread: with
 * interrupts off from the wake-up on, the thread queued behind us on our
 * CPU can only have run through exit_to_user_mode_prepare()'s switch.
 * We are pinned to that CPU for it: once switched out we wait in its
 * queue, and an idle CPU could otherwise take us and run us while the
 * thread had only begun (seen once at -smp 2: the flag read as 0).
 */
static void test_exit_to_user_mode_switches(struct ktest *t)
{
	u64 allowed = current->cpus_allowed;
	struct task_struct *k;
	unsigned int ran, cpu;

	flag_set = 0;
	k = kthread_create(set_flag_fn, NULL, "flag");
	KTEST_ASSERT_TRUE(t, k != NULL);
	local_irq_disable();
	cpu = smp_processor_id();
	local_irq_enable();
	set_cpus_allowed(current, 1ULL << cpu);
	local_irq_disable();
	KTEST_EXPECT_EQ(t, smp_processor_id(), cpu);
	kthread_bind(k, cpu);
	wake_up_process(k);
	this_pcpu()->need_resched = 1;
	exit_to_user_mode_prepare();
	ran = load(&flag_set);
	KTEST_EXPECT_TRUE(t, irqs_disabled());
	KTEST_EXPECT_FALSE(t, need_resched());
	KTEST_EXPECT_EQ(t, smp_processor_id(), cpu);
	local_irq_enable();
	set_cpus_allowed(current, allowed);
	KTEST_EXPECT_EQ(t, ran, 1);
	KTEST_EXPECT_EQ(t, preempt_count(), 0);
	stop_and_reap(k);
}

/* --- affinity ------------------------------------------------------ */

static u64 hop_cpus_seen;
static unsigned int hop_done;

/* pin ourselves to each online CPU in turn: we must be there at once */
static int hop_fn(void *arg)
{
	unsigned int cpu;
	u64 seen = 0;

	for_each_online_cpu(cpu) {
		set_cpus_allowed(current, 1ULL << cpu);
		if (smp_processor_id() == cpu)
			seen |= 1ULL << cpu;
	}
	__atomic_store_n(&hop_cpus_seen, seen, __ATOMIC_RELEASE);
	store(&hop_done, 1);
	wake_up_all(&test_wq);
	return 0;
}

/*
 * set_cpus_allowed() on current moves it before it returns, also when
 * nothing else is runnable on its old CPU (no switch partner there).
 * On one CPU: pinned to it, current goes on running there.
 */
static void test_set_cpus_allowed_moves_current(struct ktest *t)
{
	struct task_struct *k;

	hop_cpus_seen = 0;
	hop_done = 0;
	k = kthread_run(hop_fn, NULL, "hop");
	KTEST_ASSERT_TRUE(t, k != NULL);
	/* kthread_stop() of a thread that has not run yet would not run it */
	wait_event_timeout(test_wq, load(&hop_done), GIVE_UP);
	KTEST_EXPECT_EQ(t, stop_and_reap(k), 0);
	KTEST_EXPECT_EQ(t, __atomic_load_n(&hop_cpus_seen, __ATOMIC_ACQUIRE),
			cpu_online_mask);
}

/* --- memory -------------------------------------------------------- */

#define CREATE_ROUNDS	200

static unsigned int rounds_ran;

/* ends by itself: kthread_stop() then only collects the result */
static int return_arg(void *arg)
{
	__atomic_fetch_add(&rounds_ran, 1, __ATOMIC_ACQ_REL);
	wake_up_all(&test_wq);
	return (long)arg;
}

static int create_exit_round(unsigned int i)
{
	unsigned int before = load(&rounds_ran);
	struct task_struct *k = kthread_run(return_arg,
					    (void *)(unsigned long)i, "r%u", i);

	if (!k)
		return -ENOMEM;
	wait_event_timeout(test_wq, load(&rounds_ran) != before, GIVE_UP);
	return stop_and_reap(k) == (int)i ? 0 : -EINVAL;
}

static void test_create_exit_gives_memory_back(struct ktest *t)
{
	unsigned long free0, tasks0;
	unsigned int i, bad = 0;

	reap_timeouts = 0;
	/* first rounds: slab pages and vmalloc page tables to stay */
	for (i = 0; i < 4; i++)
		create_exit_round(i);
	free0 = nr_free_pages();
	tasks0 = nr_tasks();
	/* a leaked reference stops the rounds: each costs a second */
	for (i = 0; i < CREATE_ROUNDS && !reap_timeouts; i++)
		bad += create_exit_round(i) != 0;
	KTEST_EXPECT_EQ(t, bad, 0);
	KTEST_EXPECT_EQ(t, reap_timeouts, 0);
	/* every thread was freed in stop_and_reap() */
	KTEST_EXPECT_EQ(t, nr_tasks(), tasks0);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free0);
}

static struct ktest_case sched_cases[] = {
	KTEST_CASE(test_pingpong_across_cpus),
	KTEST_CASE(test_busy_thread_is_preempted),
	KTEST_CASE(test_every_cpu_runs_something),
	KTEST_CASE(test_msleep_lasts),
	KTEST_CASE(test_wait_event_timeout_expires),
	KTEST_CASE(test_kthread_stop_before_it_ran),
	KTEST_CASE(test_kthread_identity),
	KTEST_CASE(test_exit_to_user_mode_switches),
	KTEST_CASE(test_set_cpus_allowed_moves_current),
	KTEST_CASE(test_create_exit_gives_memory_back),
	{}
};
KTEST_SUITE(sched, sched_cases);
