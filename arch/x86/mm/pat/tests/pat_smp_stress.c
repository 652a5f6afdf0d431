// SPDX-License-Identifier: GPL-2.0
/*
 * The pat_smp stress engine (pat_smp_stress.h): one kernel thread per
 * CPU online at the start, each bound to its CPU until that CPU goes
 * offline (then, as for any task, its affinity is broken and it runs
 * wherever the scheduler puts it), runs random ioremap*()/iounmap(),
 * set_memory_uc/wc/wt/wb() and memtype_reserve()/free()/lookup on MMIO
 * slots and RAM pages shared by all and private to each, holding up to
 * MAX_HELD of them at a time.  The worker started on CPU 0, which never
 * goes offline, also takes an alias-verifier snapshot (under the
 * page-table and memtype locks) every 200 ms.
 *
 * A run ends at its deadline, or when pat_stress_end() sets one, and
 * then only once the verifier has taken its minimum of snapshots (a
 * snapshot of a large direct map can take most of a second on a loaded
 * host); the verifier decides for everyone, and gives up a minute late.
 * Each worker releases all it holds before it reports done.  The
 * allocator counters and the memtype tree are compared before the
 * threads run and after every worker is done, while the threads still
 * exist, so their own stacks and task structures count in neither.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/vmalloc.h>
#include <linux/wait.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include "../memtype.h"
#include "pat_smp_stress.h"

#define SHARED_SLOTS	8
#define SLOT_SIZE	0x10000UL	/* 16 pages of MMIO per slot */
#define PRIV_SLOTS	4
#define SHARED_PAGES	16		/* of RAM, for set_memory_*() */
#define PRIV_PAGES	4
#define MAX_HELD	8
#define VERIFY_EVERY_NS	(200 * NSEC_PER_MSEC)
#define VERIFY_GRACE_NS	(60 * NSEC_PER_SEC)

enum op { OP_IOREMAP, OP_IOUNMAP, OP_RESERVE, OP_FREE, OP_LOOKUP,
	  OP_SET_MEMORY, OP_SET_WB, NR_OPS };

static const char *const op_names[NR_OPS] = {
	"ioremap", "iounmap", "reserve", "free", "lookup", "set_memory",
	"set_wb",
};

struct held {
	enum op kind;			/* OP_IOREMAP, OP_RESERVE, OP_SET_MEMORY */
	void __iomem *va;
	u64 start, end;
	unsigned long addr;
	int pages;
};

struct worker {
	unsigned int id;		/* the CPU it started on */
	u64 rng;
	unsigned long ops[NR_OPS], ok[NR_OPS];
	unsigned int nr_held;
	struct held held[MAX_HELD];
	unsigned long priv_ram;		/* PRIV_PAGES of this worker's RAM */
	bool verifier;			/* also takes verifier snapshots */
	bool moved;			/* ran on another CPU than id */
} __aligned(64);

static struct worker workers[NR_CPUS];
static struct task_struct *threads[NR_CPUS];
static unsigned long shared_ram;

static u64 next_rand(struct worker *w)
{
	/* xorshift64: cheap, and reproducible per CPU */
	w->rng ^= w->rng << 13;
	w->rng ^= w->rng >> 7;
	w->rng ^= w->rng << 17;
	return w->rng;
}

/* unused MMIO space above RAM, as the ioremap tests use */
static u64 mmio_base(void)
{
	return (1ULL << (boot_cpu_data.x86_phys_bits - 2)) + 0x40000000ULL;
}

/* a range of whole pages inside a shared slot or this worker's own slots */
static void pick_mmio(struct worker *w, u64 *start, u64 *end)
{
	u64 r = next_rand(w), base;
	unsigned int first = r % 16, n = 1 + (r >> 8) % (16 - first);

	if ((r >> 16) & 1)
		base = mmio_base() + ((r >> 20) % SHARED_SLOTS) * SLOT_SIZE;
	else
		base = mmio_base() + (SHARED_SLOTS + w->id * PRIV_SLOTS +
				      (r >> 20) % PRIV_SLOTS) * SLOT_SIZE;
	*start = base + first * PAGE_SIZE;
	*end = *start + n * PAGE_SIZE;
}

static void pick_ram(struct worker *w, unsigned long *addr, int *pages)
{
	u64 r = next_rand(w);
	unsigned int total = (r & 1) ? SHARED_PAGES : PRIV_PAGES;
	unsigned int first = (r >> 4) % total;

	*addr = ((r & 1) ? shared_ram : w->priv_ram) + first * PAGE_SIZE;
	*pages = 1 + (r >> 12) % (total - first);
}

static const enum page_cache_mode modes[] = {
	_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC, _PAGE_CACHE_MODE_WC,
	_PAGE_CACHE_MODE_WT, _PAGE_CACHE_MODE_WB,
};

static void do_ioremap(struct worker *w, struct held *h)
{
	static void __iomem *(*const map[])(resource_size_t, unsigned long) = {
		ioremap, ioremap_uc, ioremap_wc, ioremap_wt, ioremap_cache,
		ioremap_nocache,
	};
	u64 start, end;

	pick_mmio(w, &start, &end);
	h->va = map[next_rand(w) % ARRAY_SIZE(map)](start, end - start);
	if (!h->va)
		return;
	/* touch it: the translation must be live on this CPU */
	(void)readl(h->va);
	h->kind = OP_IOREMAP;
	w->nr_held++;
}

static void do_reserve(struct worker *w, struct held *h)
{
	enum page_cache_mode got;
	u64 start, end;
	bool strict = next_rand(w) & 1;
	enum page_cache_mode m = modes[next_rand(w) % ARRAY_SIZE(modes)];

	pick_mmio(w, &start, &end);
	if (memtype_reserve(start, end, m, strict ? NULL : &got))
		return;
	h->kind = OP_RESERVE;
	h->start = start;
	h->end = end;
	w->nr_held++;
}

static void do_set_memory(struct worker *w, struct held *h)
{
	static int (*const set[])(unsigned long, int) = {
		set_memory_uc, set_memory_wc, set_memory_wt,
	};
	unsigned long addr;
	int pages;

	pick_ram(w, &addr, &pages);
	if (set[next_rand(w) % ARRAY_SIZE(set)](addr, pages))
		return;
	h->kind = OP_SET_MEMORY;
	h->addr = addr;
	h->pages = pages;
	w->nr_held++;
}

static int release(struct held *h)
{
	switch (h->kind) {
	case OP_IOREMAP:
		iounmap(h->va);
		return 0;
	case OP_RESERVE:
		return memtype_free(h->start, h->end);
	default:
		return set_memory_wb(h->addr, h->pages);
	}
}

/* release a random held item of @kind; -ENOENT if none */
static int release_one(struct worker *w, enum op kind)
{
	unsigned int i, n = w->nr_held, from = next_rand(w) % (n ? n : 1);
	int err;

	for (i = 0; i < n; i++) {
		struct held *h = &w->held[(from + i) % n];

		if (h->kind != kind)
			continue;
		err = release(h);
		*h = w->held[--w->nr_held];
		return err;
	}
	return -ENOENT;
}

static bool run_one(struct worker *w)
{
	enum op op = next_rand(w) % NR_OPS;
	struct held *h = &w->held[w->nr_held];
	unsigned int before = w->nr_held;
	u64 start, end;
	int err = 0;

	if (w->nr_held == MAX_HELD && (op == OP_IOREMAP || op == OP_RESERVE ||
				       op == OP_SET_MEMORY))
		op = op == OP_IOREMAP ? OP_IOUNMAP :
		     op == OP_RESERVE ? OP_FREE : OP_SET_WB;
	switch (op) {
	case OP_IOREMAP:
		do_ioremap(w, h);
		break;
	case OP_RESERVE:
		do_reserve(w, h);
		break;
	case OP_SET_MEMORY:
		do_set_memory(w, h);
		break;
	case OP_LOOKUP:
		/* the tree and the RAM pages, both logged */
		if (next_rand(w) & 1) {
			unsigned long addr;
			int pages;

			pick_ram(w, &addr, &pages);
			start = __pa((void *)addr);
		} else {
			pick_mmio(w, &start, &end);
		}
		lookup_memtype(start);
		w->ok[op]++;
		break;
	case OP_IOUNMAP:
		err = release_one(w, OP_IOREMAP);
		break;
	case OP_FREE:
		err = release_one(w, OP_RESERVE);
		break;
	default:
		err = release_one(w, OP_SET_MEMORY);
		break;
	}
	w->ops[op]++;
	if (w->nr_held > before || (op != OP_LOOKUP && w->nr_held < before))
		w->ok[op]++;
	/* releasing what one holds must never fail */
	return !(err && err != -ENOENT);
}

static unsigned int release_failures;

/* snapshots taken during the run, and those that found a violation */
static unsigned long verify_runs, verify_bad;
static struct alias_verify_result verify_res;

static void verify_during_run(void)
{
	int err = pat_verify_aliases(&verify_res);

	verify_runs++;
	if (err == -EFAULT) {
		if (!verify_bad)
			pr_err("pat_smp: snapshot %lu: %s\n", verify_runs,
			       verify_res.report[0]);
		verify_bad++;
	}
}

static bool stress_stop;
static u64 stress_deadline;		/* local_clock(); U64_MAX: none yet */
static unsigned long stress_min_verify;
static unsigned int stress_running;	/* workers not done yet */
static DECLARE_WAIT_QUEUE_HEAD(stress_wq);

static bool stress_over(const struct worker *w)
{
	u64 now = local_clock(), deadline = READ_ONCE(stress_deadline);

	if (!w->verifier)
		return READ_ONCE(stress_stop);
	if (now >= deadline && (verify_runs >= stress_min_verify ||
				now - deadline >= VERIFY_GRACE_NS))
		WRITE_ONCE(stress_stop, true);
	return stress_stop;
}

static void stress_worker(struct worker *w)
{
	u64 next_verify = local_clock() + VERIFY_EVERY_NS;

	while (!stress_over(w)) {
		if (!run_one(w))
			__atomic_fetch_add(&release_failures, 1,
					   __ATOMIC_RELAXED);
		if (w->verifier && local_clock() >= next_verify) {
			verify_during_run();
			next_verify = local_clock() + VERIFY_EVERY_NS;
		}
		/* the test thread must run too: hotplug is done from it */
		cond_resched();
		if (smp_processor_id() != w->id)
			w->moved = true;
	}
	while (w->nr_held)
		if (release(&w->held[--w->nr_held]))
			__atomic_fetch_add(&release_failures, 1,
					   __ATOMIC_RELAXED);
}

static int stress_thread(void *arg)
{
	stress_worker(arg);
	if (!__atomic_sub_fetch(&stress_running, 1, __ATOMIC_ACQ_REL))
		wake_up_all(&stress_wq);
	/* kthread_stop() ends it once the counters are compared */
	wait_event(stress_wq, kthread_should_stop());
	return 0;
}

struct baseline {
	unsigned long pages;		/* free + page tables + slab pages */
	long objects;			/* kmalloc objects but the tree's */
	unsigned long vm_areas;
	unsigned long nr_tree;
	struct memtype_tree_entry tree[64];
};

static struct baseline before, after;

static int count_area(const struct vm_struct *a, void *arg)
{
	(*(unsigned long *)arg)++;
	return 0;
}

static void take_baseline(struct baseline *b)
{
	struct kmalloc_class_stats st;
	unsigned int i;

	memset(b, 0, sizeof(*b));
	b->pages = nr_free_pages() + pgtable_nr_buddy + slab_pages();
	for (i = 0; !kmalloc_class_stats(i, &st); i++)
		b->objects += st.objects;
	b->objects -= memtype_stats.tree_nodes;
	vm_area_for_each(count_area, &b->vm_areas);
	memtype_snapshot(b->tree, ARRAY_SIZE(b->tree), &b->nr_tree);
}

static void expect_baseline(struct ktest *t, const struct baseline *a,
			    const struct baseline *b)
{
	unsigned int i;

	KTEST_EXPECT_EQ(t, b->pages, a->pages);
	KTEST_EXPECT_EQ(t, b->objects, a->objects);
	KTEST_EXPECT_EQ(t, b->vm_areas, a->vm_areas);
	KTEST_EXPECT_EQ(t, b->nr_tree, a->nr_tree);
	for (i = 0; i < a->nr_tree && i < ARRAY_SIZE(a->tree); i++) {
		KTEST_EXPECT_EQ(t, b->tree[i].start, a->tree[i].start);
		KTEST_EXPECT_EQ(t, b->tree[i].end, a->tree[i].end);
		KTEST_EXPECT_EQ(t, b->tree[i].mode, a->tree[i].mode);
	}
}

static unsigned int stress_order(void)
{
	return get_order((SHARED_PAGES + NR_CPUS * PRIV_PAGES) * PAGE_SIZE);
}

static void stop_threads(void)
{
	unsigned int i;

	for (i = 0; i < NR_CPUS; i++) {
		if (threads[i])
			kthread_stop(threads[i]);
		threads[i] = NULL;
	}
}

/* a worker thread for @cpu, bound to it, not started */
static int make_worker(unsigned int cpu)
{
	struct worker *w = &workers[cpu];

	memset(w, 0, sizeof(*w));
	w->id = cpu;
	w->rng = 0x9e3779b97f4a7c15ULL * (cpu + 1);
	w->priv_ram = shared_ram + (SHARED_PAGES + cpu * PRIV_PAGES) *
				   PAGE_SIZE;
	w->verifier = cpu == 0;
	threads[cpu] = kthread_create(stress_thread, w, "pat_smp/%u", cpu);
	if (!threads[cpu])
		return -ENOMEM;
	kthread_bind(threads[cpu], cpu);
	return 0;
}

/**
 * pat_stress_start() - start a stress run on every online CPU
 * @deadline: local_clock() at which it ends, or U64_MAX to run until
 *            pat_stress_end()
 * @min_verify: verifier snapshots it must take before it may end
 *
 * Returns 0, or -ENOMEM with nothing started.  Call pat_stress_end()
 * after a 0, from the same thread.
 */
int pat_stress_start(u64 deadline, unsigned long min_verify)
{
	unsigned int cpu;

	shared_ram = __get_free_pages(GFP_KERNEL, stress_order());
	if (!shared_ram)
		return -ENOMEM;
	stress_stop = false;
	stress_deadline = deadline;
	stress_min_verify = min_verify;
	verify_runs = verify_bad = 0;
	release_failures = 0;
	stress_running = 0;
	memset(workers, 0, sizeof(workers));
	for_each_online_cpu(cpu) {
		if (make_worker(cpu)) {
			stop_threads();
			free_pages(shared_ram, stress_order());
			return -ENOMEM;
		}
		stress_running++;
	}
	take_baseline(&before);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (threads[cpu])
			wake_up_process(threads[cpu]);
	return 0;
}

/**
 * pat_stress_end() - end a run, wait for it and check what it left
 * @t: the test: the allocator counters and the memtype tree must be back
 *     to what they were before the run
 * @res: receives the run's figures
 */
void pat_stress_end(struct ktest *t, struct pat_stress_result *res)
{
	unsigned int cpu;

	if (READ_ONCE(stress_deadline) == U64_MAX)
		WRITE_ONCE(stress_deadline, local_clock());
	wait_event(stress_wq, !__atomic_load_n(&stress_running,
					       __ATOMIC_ACQUIRE));
	take_baseline(&after);
	expect_baseline(t, &before, &after);
	res->workers = 0;
	res->moved = 0;
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		res->workers += threads[cpu] != NULL;
		if (workers[cpu].moved)
			res->moved |= 1ULL << cpu;
	}
	stop_threads();
	free_pages(shared_ram, stress_order());
	res->verify_runs = verify_runs;
	res->verify_bad = verify_bad;
	res->release_failures = release_failures;
}

/**
 * pat_stress_report() - one line per worker of the last run
 * @t: where to print
 */
void pat_stress_report(struct ktest *t)
{
	unsigned int cpu, i;
	unsigned long total;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		const struct worker *w = &workers[cpu];
		char line[200];
		int n;

		for (total = 0, i = 0; i < NR_OPS; i++)
			total += w->ops[i];
		if (!total)
			continue;
		n = snprintf(line, sizeof(line), "worker%u: %lu ops:", cpu,
			     total);
		for (i = 0; i < NR_OPS && n < (int)sizeof(line); i++)
			n += snprintf(line + n, sizeof(line) - n, " %s %lu/%lu",
				      op_names[i], w->ok[i], w->ops[i]);
		ktest_printf(t, "%s", line);
	}
}

/**
 * pat_stress_expect_every_kind() - fail unless each kind of operation
 * succeeded on some worker in the last run
 * @t: the test
 *
 * A kernel that refused everything would pass every other check.
 */
void pat_stress_expect_every_kind(struct ktest *t)
{
	unsigned long ok[NR_OPS] = { 0 };
	unsigned int cpu, i;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		for (i = 0; i < NR_OPS; i++)
			ok[i] += workers[cpu].ok[i];
	for (i = 0; i < NR_OPS; i++)
		if (!ok[i])
			ktest_fail(t, __FILE__, __LINE__,
				   "no %s succeeded on any worker", op_names[i]);
}
