// SPDX-License-Identifier: GPL-2.0
/*
 * memtype-replay: replay a memtype trace (shared/bench/TRACE-FORMAT.md)
 * against arch/x86/mm/pat/memtype_tree.c, built from the very same source
 * as the kernel's.
 *
 * The trace is parsed first; then it is replayed RUNS times, each from an
 * empty tree that is destroyed afterwards, and only the replay is timed.
 * Inside the timed loop the tree gets its memory through the allocator
 * interface, as the kernel's glue passes kmalloc: here malloc/free, with
 * every block counted at its kmalloc class.  Each answer is kept as one
 * byte; the result lines and their digest are made after the clock stops.
 *
 * Every reservation carries an owner, as in the kernel: `r` lines are
 * owned by an ioremap-like caller, `s` lines by a strict one.
 *
 * usage: memtype-replay [-n RUNS] [-o RESULTS] [--check] [--reference] TRACE
 *   --check      run memtype_tree_check() after every operation (slow)
 *   --reference  replay against the naive reference model instead (slow)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace.h"
#include "ref_model.h"
#include <linux/compiler.h>

static void *replay_alloc(size_t size, void *ctx)
{
	(void)ctx;
	return malloc(size);
}

static void replay_free(void *p, size_t size, void *ctx)
{
	(void)size;
	(void)ctx;
	free(p);
}

static const struct memtype_tree_alloc_ops replay_ops = {
	.alloc = replay_alloc,
	.free = replay_free,
};

/* Stand-ins for the two kinds of callers the kernel records. */
static const struct memtype_owner replay_owner[2] = {
	{ .caller = 0xffffffff81234560UL, .driver = "ioremap" },
	{ .caller = 0xffffffff81345670UL, .driver = "strict" },
};

struct replay_stats {
	size_t live, peak;
	unsigned long peak_bytes;
};

static unsigned char code_of_reserve(int err, const struct trace_op *op,
				     enum page_cache_mode mode)
{
	if (err == -EBUSY)
		return TRACE_EBUSY;
	if (err) {
		fprintf(stderr, "memtype-replay: reserve failed: %d\n", err);
		exit(1);
	}
	return op->kind == TRACE_R ? (unsigned char)mode : TRACE_OK;
}

/* noinline: keeps "replay" a symbol that profilers can report. */
static noinline void replay(struct memtype_tree *tree,
			    const struct trace_op *ops, size_t n,
			    unsigned char *res, struct replay_stats *st,
			    int check)
{
	size_t i, live = 0, peak = 0;
	unsigned long peak_bytes = 0;
	int err;

	for (i = 0; i < n; i++) {
		const struct trace_op *op = &ops[i];
		enum page_cache_mode mode = op->mode;

		switch (op->kind) {
		case TRACE_R:
		case TRACE_S:
			err = memtype_tree_reserve(tree, op->a, op->b, mode,
						   op->kind == TRACE_R ? &mode : NULL,
						   &replay_owner[op->kind], NULL);
			res[i] = code_of_reserve(err, op, mode);
			if (!err && ++live > peak) {
				peak = live;
				peak_bytes = memtype_tree_bytes(tree);
			}
			break;
		case TRACE_F:
			err = memtype_tree_free(tree, op->a, op->b, NULL);
			if (err == 0)
				live--;
			res[i] = err < 0 ? TRACE_EINVAL : TRACE_OK;
			break;
		default:
			err = memtype_tree_lookup(tree, op->a);
			res[i] = err < 0 ? TRACE_NONE : (unsigned char)err;
			break;
		}
		err = check ? memtype_tree_check(tree) : 0;
		if (err) {
			fprintf(stderr, "memtype-replay: op %zu: broken tree: %s\n",
				i + 1, memtype_tree_check_name(err));
			exit(1);
		}
	}
	st->live = live;
	st->peak = peak;
	st->peak_bytes = peak_bytes;
}

static void replay_reference(const struct trace_op *ops, size_t n,
			     unsigned char *res, struct replay_stats *st)
{
	struct ref_model m;
	size_t i, live = 0, peak = 0;
	int err;

	ref_init(&m);
	for (i = 0; i < n; i++) {
		const struct trace_op *op = &ops[i];
		enum page_cache_mode mode = op->mode;

		switch (op->kind) {
		case TRACE_R:
		case TRACE_S:
			err = ref_reserve(&m, op->a, op->b, mode,
					  op->kind == TRACE_R ? &mode : NULL,
					  &replay_owner[op->kind], NULL);
			res[i] = code_of_reserve(err, op, mode);
			if (!err && ++live > peak)
				peak = live;
			break;
		case TRACE_F:
			err = ref_free(&m, op->a, op->b, NULL);
			if (err == 0)
				live--;
			res[i] = err < 0 ? TRACE_EINVAL : TRACE_OK;
			break;
		default:
			err = ref_lookup(&m, op->a);
			res[i] = err < 0 ? TRACE_NONE : (unsigned char)err;
			break;
		}
	}
	ref_destroy(&m);
	st->live = live;
	st->peak = peak;
	st->peak_bytes = 0;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void __noreturn usage(void)
{
	fprintf(stderr,
		"usage: memtype-replay [-n RUNS] [-o RESULTS] [--check] [--reference] TRACE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *path = NULL, *results = NULL;
	int runs = 5, check = 0, reference = 0, r, i;
	struct replay_stats st = { 0, 0, 0 }, s;
	unsigned char *res, *res0;
	struct memtype_tree tree;
	double best = 0;
	struct trace_op *ops;
	size_t n;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			runs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			results = argv[++i];
		else if (!strcmp(argv[i], "--check"))
			check = 1;
		else if (!strcmp(argv[i], "--reference"))
			reference = 1;
		else if (argv[i][0] == '-' || path)
			usage();
		else
			path = argv[i];
	}
	if (!path || runs < 1)
		usage();

	ops = trace_parse(path, &n);
	res0 = malloc(n + 1);
	res = malloc(n + 1);
	if (!res0 || !res) {
		perror("malloc");
		return 1;
	}
	if (reference)
		runs = 1;
	memtype_tree_init(&tree, &replay_ops, NULL);
	for (r = 0; r < runs; r++) {
		double t0 = now_ns(), t;

		if (reference)
			replay_reference(ops, n, res0, &s);
		else
			replay(&tree, ops, n, r ? res : res0, &s, check);
		t = now_ns() - t0;
		if (!r || t < best)
			best = t;
		if (r && (memcmp(res, res0, n) || s.peak != st.peak)) {
			fprintf(stderr, "memtype-replay: run %d differs from run 1\n",
				r + 1);
			return 1;
		}
		if (!reference && memtype_tree_count(&tree) != s.live) {
			fprintf(stderr, "memtype-replay: tree holds %lu entries, expected %zu\n",
				memtype_tree_count(&tree), s.live);
			return 1;
		}
		st = s;
		memtype_tree_destroy(&tree);
		if (memtype_tree_bytes(&tree)) {
			fprintf(stderr, "memtype-replay: %lu bytes left after destroy\n",
				memtype_tree_bytes(&tree));
			return 1;
		}
	}

	if (results) {
		FILE *f = fopen(results, "w");
		char buf[16];
		size_t k;

		if (!f) {
			perror(results);
			return 2;
		}
		for (k = 0; k < n; k++)
			fprintf(f, "%s\n", trace_result_line(&ops[k], res0[k], buf));
		if (fclose(f)) {
			perror(results);
			return 2;
		}
	}
	printf("ops %zu\n", n);
	printf("digest %016llx\n", (unsigned long long)trace_digest(ops, res0, n));
	printf("ns_per_op %.2f\n", n ? best / (double)n : 0.0);
	printf("peak_entries %zu\n", st.peak);
	printf("bytes_per_entry %.2f\n",
	       st.peak ? (double)st.peak_bytes / (double)st.peak : 0.0);
	free(res);
	free(res0);
	free(ops);
	return 0;
}
