// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite pat_smp: the PAT guarantees with every CPU running at once.
 *
 *  - every online CPU answers a cross-CPU call, runs on its own IDT, GDT,
 *    stack and per-CPU area, and holds the boot CPU's IA32_PAT and MTRRs;
 *  - after set_memory_ro() returns, no CPU can write through a translation
 *    it cached before (TCG keeps a software TLB per CPU that only INVLPG
 *    or a CR3/CR4 flush empties, so a missed shootdown shows);
 *  - the stress test: all CPUs at once run random ioremap*()/iounmap(),
 *    set_memory_*() and memtype_reserve()/free()/lookup on shared and
 *    private ranges for "pat_smp.seconds" (default 2), while the boot CPU
 *    also takes an alias-verifier snapshot (under the page-table and
 *    memtype locks) every 200 ms, each of which must be clean; then every
 *    kind of operation must have succeeded somewhere, the verifier finds
 *    nothing, the memtype list is back to its boot contents, the
 *    allocator counters are back to their baseline, and the operation log
 *    (memtype_log.c: the tree and the RAM path) is printed for the host to
 *    replay (tools/testing/pat/memtype-logcheck).
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/vmalloc.h>
#include <asm/extable.h>
#include <asm/io.h>
#include <asm/msr-index.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/special_insns.h>
#include <asm/tlbflush.h>
#include "../memtype.h"
#include "../memtype_log.h"

static unsigned int stress_seconds = 2;

static int parse_seconds(char *arg)
{
	unsigned int v;

	if (!arg || kstrtouint(arg, 10, &v) || v < 1 || v > 600)
		return -EINVAL;
	stress_seconds = v;
	return 0;
}
core_param("pat_smp.seconds", parse_seconds);

/* --- every CPU answers, and agrees on cache control ------------------ */

static unsigned int answered[NR_CPUS];

static void answer_call(void *arg)
{
	answered[smp_processor_id()]++;
}

static void test_calls_reach_every_cpu(struct ktest *t)
{
	unsigned int cpu;

	memset(answered, 0, sizeof(answered));
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, smp_call_function_single(cpu, answer_call,
							    NULL), 0);
	on_each_cpu(answer_call, NULL);
	for_each_online_cpu(cpu)
		KTEST_EXPECT_EQ(t, answered[cpu], 2);
	KTEST_EXPECT_EQ(t, smp_call_function_single(NR_CPUS, answer_call,
						    NULL), -ENXIO);
	ktest_printf(t, "%u CPUs online", num_online_cpus());
}

struct cpu_tables {
	unsigned long idt, gdt, gs, sp;
	unsigned int cpu;
};

static struct cpu_tables tables[NR_CPUS];

static void read_tables(void *arg)
{
	struct cpu_tables *c = &tables[smp_processor_id()];
	struct __packed { u16 limit; unsigned long base; } idtr, gdtr;
	unsigned long sp;

	__asm__ __volatile__("sidt %0; sgdt %1" : "=m"(idtr), "=m"(gdtr));
	__asm__ __volatile__("mov %%rsp, %0" : "=r"(sp));
	c->idt = idtr.base;
	c->gdt = gdtr.base;
	c->gs = rdmsr(MSR_GS_BASE);
	c->sp = sp & ~(THREAD_SIZE - 1);
	c->cpu = this_pcpu()->cpu;
}

/* each CPU runs on its own IDT, GDT, stack and per-CPU area */
static void test_descriptors_per_cpu(struct ktest *t)
{
	unsigned int a, b;

	memset(tables, 0, sizeof(tables));
	on_each_cpu(read_tables, NULL);
	for_each_online_cpu(a) {
		KTEST_EXPECT_EQ(t, tables[a].cpu, a);
		KTEST_EXPECT_EQ(t, tables[a].gs, (unsigned long)per_cpu_ptr(a));
		for_each_online_cpu(b) {
			if (b <= a)
				continue;
			KTEST_EXPECT_NE(t, tables[a].idt, tables[b].idt);
			KTEST_EXPECT_NE(t, tables[a].gdt, tables[b].gdt);
			KTEST_EXPECT_NE(t, tables[a].sp, tables[b].sp);
		}
	}
}

static void test_same_pat_and_mtrrs(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, cache_control_check(), 0);
}

/* --- shootdown: no CPU writes through a stale RW translation --------- */

struct probe {
	volatile u8 *p;
	int result[NR_CPUS];
};

static void probe_write(void *arg)
{
	struct probe *pr = arg;

	pr->result[smp_processor_id()] = probe_write_u8(pr->p, 0x5a);
}

static unsigned int count_writable(struct probe *pr)
{
	unsigned int cpu, n = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		pr->result[cpu] = -1;
	on_each_cpu(probe_write, pr);
	for_each_online_cpu(cpu)
		n += pr->result[cpu] == 0;
	return n;
}

static void test_shootdown_ro(struct ktest *t)
{
	unsigned long va = get_zeroed_page(GFP_KERNEL);
	unsigned long remote = tlb_stats.ipis;
	struct probe pr;

	KTEST_ASSERT_TRUE(t, va);
	pr.p = (volatile u8 *)va;
	/* every CPU caches a writable translation */
	KTEST_EXPECT_EQ(t, count_writable(&pr), num_online_cpus());
	KTEST_EXPECT_EQ(t, set_memory_ro(va, 1), 0);
	KTEST_EXPECT_EQ(t, count_writable(&pr), 0);
	KTEST_EXPECT_EQ(t, set_memory_rw(va, 1), 0);
	KTEST_EXPECT_EQ(t, count_writable(&pr), num_online_cpus());
	if (num_online_cpus() > 1)
		KTEST_EXPECT_TRUE(t, tlb_stats.ipis > remote);
	free_page(va);
}

/* --- the stress test ------------------------------------------------- */

#define SHARED_SLOTS	8
#define SLOT_SIZE	0x10000UL	/* 16 pages of MMIO per slot */
#define PRIV_SLOTS	4
#define SHARED_PAGES	16		/* of RAM, for set_memory_*() */
#define PRIV_PAGES	4
#define MAX_HELD	8
#define LOG_CAP		250000
#define VERIFY_EVERY_NS	(200 * NSEC_PER_MSEC)

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
	unsigned int cpu;
	u64 rng;
	u64 deadline;
	unsigned long ops[NR_OPS], ok[NR_OPS];
	unsigned int nr_held;
	struct held held[MAX_HELD];
	unsigned long priv_ram;		/* PRIV_PAGES of this CPU's RAM */
	bool verifier;			/* also takes verifier snapshots */
} __aligned(64);

static struct worker workers[NR_CPUS];
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

/* a range of whole pages inside a shared slot or this CPU's own slots */
static void pick_mmio(struct worker *w, u64 *start, u64 *end)
{
	u64 r = next_rand(w), base;
	unsigned int first = r % 16, n = 1 + (r >> 8) % (16 - first);

	if ((r >> 16) & 1)
		base = mmio_base() + ((r >> 20) % SHARED_SLOTS) * SLOT_SIZE;
	else
		base = mmio_base() + (SHARED_SLOTS + w->cpu * PRIV_SLOTS +
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

/*
 * The run lasts stress_seconds, and on past that until the verifier has
 * taken two snapshots a second (on a loaded host a snapshot of a large
 * direct map can take most of a second); the verifier's CPU decides, for
 * everyone, and gives up a minute late.
 */
static bool stress_stop;

static bool stress_over(const struct worker *w)
{
	u64 now = local_clock();

	if (!w->verifier)
		return READ_ONCE(stress_stop);
	if (now >= w->deadline &&
	    (verify_runs >= stress_seconds * 2 ||
	     now >= w->deadline + 60 * NSEC_PER_SEC))
		WRITE_ONCE(stress_stop, true);
	return stress_stop;
}

static void stress_worker(void *arg)
{
	struct worker *w = arg;
	u64 next_verify = local_clock() + VERIFY_EVERY_NS;

	while (!stress_over(w)) {
		if (!run_one(w))
			__atomic_fetch_add(&release_failures, 1,
					   __ATOMIC_RELAXED);
		if (w->verifier && local_clock() >= next_verify) {
			verify_during_run();
			next_verify = local_clock() + VERIFY_EVERY_NS;
		}
	}
	while (w->nr_held)
		if (release(&w->held[--w->nr_held]))
			__atomic_fetch_add(&release_failures, 1,
					   __ATOMIC_RELAXED);
}

struct baseline {
	unsigned long pages;		/* free + page tables + slab pages */
	long objects;			/* kmalloc objects but the tree's */
	unsigned long vm_areas;
	unsigned long nr_tree;
	struct memtype_tree_entry tree[64];
};

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

static void report(struct ktest *t)
{
	unsigned int cpu, i;
	unsigned long total;

	for_each_online_cpu(cpu) {
		const struct worker *w = &workers[cpu];
		char line[200];
		int n;

		total = 0;
		for (i = 0; i < NR_OPS; i++)
			total += w->ops[i];
		n = snprintf(line, sizeof(line), "cpu%u: %lu ops:", cpu, total);
		for (i = 0; i < NR_OPS && n < (int)sizeof(line); i++)
			n += snprintf(line + n, sizeof(line) - n, " %s %lu/%lu",
				      op_names[i], w->ok[i], w->ops[i]);
		ktest_printf(t, "%s", line);
	}
}

/*
 * A kernel that refused everything would pass every other check: each
 * kind of operation must have succeeded on some CPU.
 */
static void expect_every_kind_succeeded(struct ktest *t)
{
	unsigned long ok[NR_OPS] = { 0 };
	unsigned int cpu, i;

	for_each_online_cpu(cpu)
		for (i = 0; i < NR_OPS; i++)
			ok[i] += workers[cpu].ok[i];
	for (i = 0; i < NR_OPS; i++)
		if (!ok[i])
			ktest_fail(t, __FILE__, __LINE__,
				   "no %s succeeded on any CPU", op_names[i]);
}

static void run_stress(void)
{
	unsigned int cpu, me = smp_processor_id();
	u64 deadline = local_clock() + stress_seconds * NSEC_PER_SEC;

	stress_stop = false;
	for_each_online_cpu(cpu) {
		struct worker *w = &workers[cpu];

		memset(w, 0, sizeof(*w));
		w->cpu = cpu;
		w->rng = 0x9e3779b97f4a7c15ULL * (cpu + 1);
		w->deadline = deadline;
		w->priv_ram = shared_ram + (SHARED_PAGES + cpu * PRIV_PAGES) *
					   PAGE_SIZE;
		w->verifier = cpu == me;
		if (cpu != me)
			smp_run_async(cpu, stress_worker, w);
	}
	stress_worker(&workers[me]);
	for_each_online_cpu(cpu)
		if (cpu != me)
			smp_wait_async(cpu);
}

static void test_stress(struct ktest *t)
{
	unsigned int order = get_order((SHARED_PAGES + NR_CPUS * PRIV_PAGES) *
				       PAGE_SIZE);
	static struct baseline before, after;
	struct memtype_log_entry *log;
	int saved_loglevel = console_loglevel;

	shared_ram = __get_free_pages(GFP_KERNEL, order);
	log = vmalloc(LOG_CAP * sizeof(*log));
	KTEST_ASSERT_TRUE(t, shared_ram && log);
	release_failures = 0;
	verify_runs = verify_bad = 0;
	take_baseline(&before);
	memtype_log_open(log, LOG_CAP);
	/* conflicts are the point here: keep their messages off the console */
	console_loglevel = 1;
	run_stress();
	console_loglevel = saved_loglevel;
	memtype_log_close();
	take_baseline(&after);

	report(t);
	expect_every_kind_succeeded(t);
	ktest_printf(t, "%lu verifier snapshots during the run, %lu with a violation",
		     verify_runs, verify_bad);
	KTEST_EXPECT_TRUE(t, verify_runs >= stress_seconds * 2);
	/* with PAT off nothing is tracked: requests of two modes both win */
	if (pat_enabled())
		KTEST_EXPECT_EQ(t, verify_bad, 0);
	KTEST_EXPECT_EQ(t, release_failures, 0);
	ktest_expect_no_alias(t);
	expect_baseline(t, &before, &after);
	ktest_printf(t, "memtype log: %lu operations%s", memtype_log.nr,
		     memtype_log.overflow ? " (full: the rest not logged)" : "");
	memtype_log_print();
	vfree(log);
	free_pages(shared_ram, order);
}

static struct ktest_case pat_smp_cases[] = {
	KTEST_CASE(test_calls_reach_every_cpu),
	KTEST_CASE(test_descriptors_per_cpu),
	KTEST_CASE(test_same_pat_and_mtrrs),
	KTEST_CASE(test_shootdown_ro),
	KTEST_CASE(test_stress),
	{}
};
KTEST_SUITE(pat_smp, pat_smp_cases);
