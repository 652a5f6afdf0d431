// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite fork: every failure point of kernel_clone(), reached by
 * injected allocation failures (failslab for kmalloc(), the page
 * countdown for pages, vmalloc and tables) and by the process limit,
 * returns Linux's errno and gives back everything it took: free pages,
 * kmalloc objects, tasks and processes are where they were.
 *
 * The test's kernel thread stands in for a process: it gets an address
 * space with pages in two distant places (so dup_mm() copies several
 * tables), signal actions and an FPU buffer, and the process limit is set
 * to the processes there are, so even a clone that allocates everything
 * fails at the last step (-EAGAIN) and no child ever runs.
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/uaccess.h>

#define FAR_ADDR	0x200000000UL
/* failure points to try at most, per countdown */
#define MAX_STEPS	256

struct fork_ctx {
	struct mm_struct *mm, *saved_mm, *saved_active;
	struct sighand_struct *saved_sighand;
	struct fpu *saved_fpu;
	unsigned int saved_limit;
};

/* what a failed clone must leave as it was */
struct fork_counts {
	unsigned long free_pages, objects;
	unsigned int tasks, processes;
};

static void counts(struct fork_counts *c)
{
	struct kmalloc_class_stats st;
	unsigned int i;

	c->objects = 0;
	for (i = 0; !kmalloc_class_stats(i, &st); i++)
		c->objects += st.objects;
	c->free_pages = nr_free_pages();
	c->tasks = nr_tasks();
	c->processes = nr_processes_now();
}

static void expect_same(struct ktest *t, const struct fork_counts *a,
			const struct fork_counts *b)
{
	KTEST_EXPECT_EQ(t, b->free_pages, a->free_pages);
	KTEST_EXPECT_EQ(t, b->objects, a->objects);
	KTEST_EXPECT_EQ(t, b->tasks, a->tasks);
	KTEST_EXPECT_EQ(t, b->processes, a->processes);
}

static void load_mm(struct mm_struct *mm)
{
	struct mm_struct *from = current->active_mm ?: &init_mm;
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(from, mm);
	current->active_mm = mm;
	current->mm = mm == &init_mm ? NULL : mm;
	local_irq_restore(flags);
}

static unsigned long map_anon(struct mm_struct *mm, unsigned long addr)
{
	return do_mmap(mm, NULL, addr, PAGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | (addr ? MAP_FIXED : 0), 0);
}

/* current becomes a process: memory, signal actions, FPU; at the limit */
static bool ctx_begin(struct ktest *t, struct fork_ctx *c)
{
	struct task_struct *cur = current;
	struct sighand_struct *sh = sighand_alloc();
	struct fpu *fpu = fpu_alloc();
	unsigned long a;

	c->mm = mm_alloc();
	if (!sh || !fpu || !c->mm) {
		ktest_fail(t, __FILE__, __LINE__, "no memory for the context");
		sighand_free(sh);
		fpu_free(fpu);
		if (c->mm)
			mmput(c->mm);
		return false;
	}
	fpu_init_state(fpu);
	c->saved_mm = cur->mm;
	c->saved_active = cur->active_mm;
	c->saved_sighand = cur->sighand;
	c->saved_fpu = cur->fpu;
	cur->sighand = sh;
	cur->fpu = fpu;
	load_mm(c->mm);
	a = map_anon(c->mm, 0);
	KTEST_EXPECT_EQ(t, put_user(1UL, (unsigned long __user *)a), 0);
	KTEST_EXPECT_EQ(t, map_anon(c->mm, FAR_ADDR), FAR_ADDR);
	KTEST_EXPECT_EQ(t, put_user(2UL, (unsigned long __user *)FAR_ADDR),
			0);
	c->saved_limit = set_max_threads(nr_processes_now());
	return true;
}

static void ctx_end(struct fork_ctx *c)
{
	struct task_struct *cur = current;
	struct sighand_struct *sh = cur->sighand;
	struct fpu *fpu = cur->fpu;
	unsigned long flags;

	set_max_threads(c->saved_limit);
	local_irq_save(flags);
	switch_mm_irqs_off(cur->active_mm, &init_mm);
	cur->mm = c->saved_mm;
	cur->active_mm = c->saved_active;
	cur->sighand = c->saved_sighand;
	cur->fpu = c->saved_fpu;
	local_irq_restore(flags);
	mmput(c->mm);
	sighand_free(sh);
	fpu_free(fpu);
}

/*
 * Clone with the countdown @arm set to 0, 1, 2, ... successes: each
 * injected failure must be -ENOMEM and leave no trace, and once nothing
 * fails the process limit answers -EAGAIN, also without a trace.
 * Returns the failure points seen.
 */
static unsigned int clone_failures(struct ktest *t,
				   const struct kernel_clone_args *args,
				   void (*arm)(long),
				   unsigned long (*injected)(void))
{
	struct fork_counts before, after;
	unsigned int points = 0;
	unsigned long inj;
	long err = 0, i;

	for (i = 0; i < MAX_STEPS; i++) {
		counts(&before);
		inj = injected();
		arm(i);
		err = kernel_clone(args);
		arm(-1);
		counts(&after);
		expect_same(t, &before, &after);
		if (injected() == inj)
			break;
		KTEST_EXPECT_EQ(t, err, -ENOMEM);
		points++;
	}
	KTEST_EXPECT_EQ(t, err, -EAGAIN);
	return points;
}

static void page_arm(long n)
{
	fail_page_alloc_after(n);
}

static void slab_arm(long n)
{
	fail_slab_alloc_after(n);
}

static const struct kernel_clone_args fork_args = { .exit_signal = SIGCHLD };
static const struct kernel_clone_args vfork_args = {
	.flags = CLONE_VM | CLONE_VFORK,
	.exit_signal = SIGCHLD,
};

static void test_fork_kmalloc_failures(struct ktest *t)
{
	struct fork_ctx c;

	if (!ctx_begin(t, &c))
		return;
	/* task, its stack's area, mm, VMAs, files, fs, sighand, FPU */
	KTEST_EXPECT_TRUE(t, clone_failures(t, &fork_args, slab_arm,
					    fail_slab_injected) >= 8);
	ctx_end(&c);
}

static void test_fork_page_failures(struct ktest *t)
{
	struct fork_ctx c;

	if (!ctx_begin(t, &c))
		return;
	/* the stack's pages, the pgd, the tables of two distant places */
	KTEST_EXPECT_TRUE(t, clone_failures(t, &fork_args, page_arm,
					    fail_page_alloc_injected) >= 6);
	ctx_end(&c);
}

static void test_vfork_failures(struct ktest *t)
{
	struct fork_ctx c;
	int users;

	if (!ctx_begin(t, &c))
		return;
	users = c.mm->users;
	/* no mm to copy: the task, files, fs, sighand, FPU */
	KTEST_EXPECT_TRUE(t, clone_failures(t, &vfork_args, slab_arm,
					    fail_slab_injected) >= 5);
	clone_failures(t, &vfork_args, page_arm, fail_page_alloc_injected);
	/* every failed vfork gave its reference on the mm back */
	KTEST_EXPECT_EQ(t, c.mm->users, users);
	ctx_end(&c);
}

/* the limit alone: -EAGAIN, and nothing changes */
static void test_process_limit(struct ktest *t)
{
	struct fork_counts before, after;
	struct fork_ctx c;

	if (!ctx_begin(t, &c))
		return;
	counts(&before);
	KTEST_EXPECT_EQ(t, kernel_clone(&fork_args), -EAGAIN);
	KTEST_EXPECT_EQ(t, kernel_clone(&vfork_args), -EAGAIN);
	counts(&after);
	expect_same(t, &before, &after);
	ctx_end(&c);
}

static struct ktest_case fork_cases[] = {
	KTEST_CASE(test_process_limit),
	KTEST_CASE(test_fork_kmalloc_failures),
	KTEST_CASE(test_fork_page_failures),
	KTEST_CASE(test_vfork_failures),
	{}
};
KTEST_SUITE(fork, fork_cases);
