// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite tty_signal: the tty's hooks into the real process table,
 * as tty_dev_init() set them.  A process group of one stand-in process
 * (a task on the process list with its own signal state, never run)
 * takes the tty as its session's; ^C and ^\ typed on the tty (injected
 * as the UART's interrupt would) leave SIGINT and SIGQUIT pending for
 * it, TIOCSPGRP is checked against the groups that exist, and the
 * session leader's end hangs the group up.  A reader sleeps until input
 * wakes it, and a pending signal ends its wait.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/ktest.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tty.h>

static struct tty_struct sig_tty;

static void sig_tty_write(struct tty_struct *tty, const unsigned char *s,
			  size_t n)
{
}

static const struct tty_operations sig_tty_ops = {
	.write = sig_tty_write,
};

/* a pid no process has, for the stand-in's pid, group and session */
static int unused_pid(void)
{
	unsigned long flags;
	int pid;

	spin_lock_irqsave(&tasklist_lock, flags);
	for (pid = 32000; pid < 32768; pid++) {
		struct task_struct *p;
		bool used = false;

		for_each_process(p)
			used |= p->pid == pid || p->pgid == pid ||
				p->sid == pid;
		if (!used)
			break;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return pid;
}

static struct task_struct *standin_add(int pid)
{
	struct task_struct *p = kzalloc(sizeof(*p), GFP_KERNEL);
	unsigned long flags;

	if (!p)
		return NULL;
	p->sighand = sighand_alloc();
	if (!p->sighand) {
		kfree(p);
		return NULL;
	}
	spin_lock_init(&p->pi_lock);
	p->state = TASK_RUNNING;	/* no wake-up queues it anywhere */
	INIT_LIST_HEAD(&p->pending.list);
	p->pid = p->pgid = p->sid = pid;
	spin_lock_irqsave(&tasklist_lock, flags);
	list_add_tail(&p->tasks, &process_list);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return p;
}

static void standin_remove(struct task_struct *p)
{
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	list_del(&p->tasks);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	flush_signals(p);
	sighand_free(p->sighand);
	kfree(p);
}

static bool pending(struct task_struct *p, int sig)
{
	return sigismember(&p->pending.signal, sig);
}

static void test_intr_reaches_process_group(struct ktest *t)
{
	int pid = unused_pid(), v;
	struct tty_caller me = { .pid = pid, .pgid = pid, .sid = pid };
	struct task_struct *p, *other;

	KTEST_ASSERT_TRUE(t, tty_kill_pgrp && tty_pgrp_session);
	p = standin_add(pid);
	KTEST_ASSERT_TRUE(t, p != NULL);
	other = standin_add(unused_pid());	/* its own session */
	if (!other)
		standin_remove(p);
	KTEST_ASSERT_TRUE(t, other != NULL);
	tty_init(&sig_tty, "ttysig", &sig_tty_ops, NULL);
	KTEST_EXPECT_EQ(t, tty_open(&sig_tty, &me, false), 0);
	KTEST_EXPECT_EQ(t, sig_tty.session, pid);
	v = pid;
	KTEST_EXPECT_EQ(t, tty_ioctl(&sig_tty, &me, TIOCSPGRP,
				     (unsigned long)&v), 0);
	/* a group of another session, and a group nobody is in */
	v = other->pgid;
	KTEST_EXPECT_EQ(t, tty_ioctl(&sig_tty, &me, TIOCSPGRP,
				     (unsigned long)&v), -EPERM);
	v = unused_pid();
	KTEST_EXPECT_EQ(t, tty_ioctl(&sig_tty, &me, TIOCSPGRP,
				     (unsigned long)&v), -ESRCH);
	KTEST_EXPECT_EQ(t, sig_tty.pgrp, pid);
	KTEST_EXPECT_FALSE(t, pending(p, SIGINT));
	tty_receive(&sig_tty, (const unsigned char *)"x\003", 2);
	KTEST_EXPECT_TRUE(t, pending(p, SIGINT));
	KTEST_EXPECT_FALSE(t, pending(p, SIGQUIT));
	tty_receive(&sig_tty, (const unsigned char *)"\034", 1);
	KTEST_EXPECT_TRUE(t, pending(p, SIGQUIT));
	KTEST_EXPECT_FALSE(t, pending(other, SIGINT));
	/* the leader's exit: SIGHUP to the group, the tty is free */
	KTEST_EXPECT_FALSE(t, pending(p, SIGHUP));
	tty_end_session(&sig_tty, pid);
	KTEST_EXPECT_TRUE(t, pending(p, SIGHUP));
	KTEST_EXPECT_EQ(t, sig_tty.session, 0);
	KTEST_EXPECT_EQ(t, sig_tty.pgrp, 0);
	tty_release(&sig_tty);
	standin_remove(other);
	standin_remove(p);
}

/* with no process in the foreground group, ^C is lost and harms nothing */
static void test_intr_with_no_group(struct ktest *t)
{
	int pid = unused_pid();
	struct tty_caller me = { .pid = pid, .pgid = pid, .sid = pid };
	char buf[4];

	tty_init(&sig_tty, "ttysig", &sig_tty_ops, NULL);
	KTEST_EXPECT_EQ(t, tty_open(&sig_tty, &me, false), 0);
	tty_receive(&sig_tty, (const unsigned char *)"\003ok\r", 4);
	KTEST_EXPECT_EQ(t, tty_read(&sig_tty, buf, sizeof(buf), true), 3);
	tty_release(&sig_tty);
}

/* the "interrupt": input once the reader (@data) is asleep, or after 5 s */
static int late_input(void *data)
{
	const struct task_struct *reader = data;
	unsigned int ms;

	for (ms = 0; ms < 5000 && !task_is_asleep(reader); ms++)
		msleep(1);
	tty_receive(&sig_tty, (const unsigned char *)"hi\r", 3);
	return 0;
}

/* no poll, an interrupt instead: the reader sleeps and is woken */
static void test_sleeping_reader_is_woken(struct ktest *t)
{
	struct task_struct *k;
	unsigned long slept = current->nvcsw;
	char buf[8];

	tty_init(&sig_tty, "ttysig", &sig_tty_ops, NULL);
	tty_set_rx_interrupt(&sig_tty, true);
	k = kthread_run(late_input, current, "tty_input");
	KTEST_ASSERT_TRUE(t, k != NULL);
	memset(buf, 0, sizeof(buf));
	KTEST_EXPECT_EQ(t, tty_read(&sig_tty, buf, sizeof(buf), false), 3);
	KTEST_EXPECT_STREQ(t, buf, "hi\n");
	KTEST_EXPECT_TRUE(t, current->nvcsw > slept);
	KTEST_EXPECT_TRUE(t, sig_tty.read_wait.wakeups >= 1);
	kthread_stop(k);
}

/* a signal pending for the reader: -ERESTARTSYS, the input stays */
static void test_signal_ends_wait(struct ktest *t)
{
	struct task_struct *me = current;
	sigset_t blocked = me->blocked;
	char buf[8];

	tty_init(&sig_tty, "ttysig", &sig_tty_ops, NULL);
	tty_set_rx_interrupt(&sig_tty, true);
	memset(&me->blocked, 0, sizeof(me->blocked));
	__atomic_fetch_or(&me->pending.signal.sig[0], sigmask(SIGUSR1),
			  __ATOMIC_RELAXED);
	KTEST_EXPECT_EQ(t, tty_read(&sig_tty, buf, sizeof(buf), false),
			-ERESTARTSYS);
	tty_receive(&sig_tty, (const unsigned char *)"a", 1);
	KTEST_EXPECT_EQ(t, tty_read(&sig_tty, buf, sizeof(buf), false),
			-ERESTARTSYS);	/* canonical: no line yet */
	__atomic_fetch_and(&me->pending.signal.sig[0], ~sigmask(SIGUSR1),
			   __ATOMIC_RELAXED);
	me->blocked = blocked;
	tty_receive(&sig_tty, (const unsigned char *)"\r", 1);
	KTEST_EXPECT_EQ(t, tty_read(&sig_tty, buf, sizeof(buf), true), 2);
}

static struct ktest_case tty_signal_cases[] = {
	KTEST_CASE(test_sleeping_reader_is_woken),
	KTEST_CASE(test_signal_ends_wait),
	KTEST_CASE(test_intr_reaches_process_group),
	KTEST_CASE(test_intr_with_no_group),
	{}
};
KTEST_SUITE(tty_signal, tty_signal_cases);
