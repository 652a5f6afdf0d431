// SPDX-License-Identifier: GPL-2.0
/*
 * umap_pfnmap - what becomes of a user mapping of device memory and its
 * reservation through madvise, munmap, mremap, fork and exit: the cases
 * of Linux 6.16's tools/testing/selftests/mm/pfnmap.c, written afresh
 * for the ivshmem BARs, plus a randomized map/fork/mremap/munmap/exit
 * sequence checked against a model of the reservations, and
 * pat_memtype_list back to what it was when every mapping is gone.
 *
 * cachet counts reservations as Linux 6.16 does (Documentation/x86/
 * pat.rst "User mappings"): one pat_memtype_list line per original
 * mapping, whatever became of it, until its last part is unmapped.
 * Linux 6.1 frees per VMA: a split munmap logs "freeing invalid memtype"
 * and leaks the entry, and fork adds a second entry.  The cases whose
 * expectation rests on that difference say so and skip their
 * reservation checks on Linux 6.1.
 *
 * The randomized steps: "umap_rounds=N" on the kernel command line
 * (make check FULL=1 gives 100000), else DEFAULT_ROUNDS.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "../user/ut.h"
#include "umap.h"

#ifndef MADV_COLD
#define MADV_COLD		20
#define MADV_PAGEOUT		21
#endif
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ	22
#define MADV_POPULATE_WRITE	23
#endif
#ifndef MADV_DONTNEED_LOCKED
#define MADV_DONTNEED_LOCKED	24
#endif

#define NPAGES		4
#define LEN		(NPAGES * PAGE)
#define DEFAULT_ROUNDS	2000

static struct bar b0, b2;
/* pat_memtype_list as run_all found it at boot */
#define BOOT_LIST	"/run/pat_memtype_list.boot"
static char boot_list[8192];

/* the whole of @path into @buf; its length, or -1 */
static int read_file(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n;
}

/* the whole pat_memtype_list into @buf; its length, or -1 */
static int read_list(char *buf, size_t size)
{
	return read_file(PAT_MEMTYPE_LIST, buf, size);
}

static void *map_wc(size_t len)
{
	return umap(ivshmem_file("resource2_wc"), O_RDWR, 0, len);
}

static int setup(void)
{
	return ivshmem_bar(0, &b0) && ivshmem_bar(2, &b2);
}

static int madvise_refused(void)
{
	static const int adv[] = {
		MADV_DONTNEED, MADV_DONTNEED_LOCKED, MADV_FREE,
		MADV_WIPEONFORK, MADV_COLD, MADV_PAGEOUT,
		MADV_POPULATE_READ, MADV_POPULATE_WRITE,
	};
	unsigned int i;
	char *p;

	if (!setup())
		UT_SKIP("no ivshmem-plain device");
	p = map_wc(LEN);
	UT_EXPECT(p != MAP_FAILED, "map: %s", strerror(errno));
	if (p == MAP_FAILED)
		return UT_DONE;
	p[0] = 7;
	for (i = 0; i < UT_ARRAY_SIZE(adv); i++) {
		errno = 0;
		UT_EXPECT(madvise(p, PAGE, adv[i]) == -1 && errno == EINVAL,
			  "madvise %d: %s", adv[i], strerror(errno));
	}
	/* nothing was dropped */
	UT_EQ(p[0], 7);
	UT_EQ(memtype_lookup(b2.start, b2.start + LEN, NULL, 0), 1);
	munmap(p, LEN);
	return UT_DONE;
}

/*
 * munmap of a middle page, then a new mapping of the whole: the
 * reservation stays whole while any part is mapped and goes with the
 * last (Linux 6.1: "freeing invalid memtype" and a leaked entry).
 */
static int munmap_split_remap(void)
{
	int linux61 = on_linux();
	uint64_t off, start;
	char *p, *q;

	if (!setup())
		UT_SKIP("no ivshmem-plain device");
	/* the BAR's end, clear of the other programs' pages: 6.1 leaks it */
	off = b2.end + 1 - b2.start - LEN;
	start = b2.start + off;
	p = umap(ivshmem_file("resource2_wc"), O_RDWR, off, LEN);
	UT_EXPECT(p != MAP_FAILED, "map: %s", strerror(errno));
	if (p == MAP_FAILED)
		return UT_DONE;
	p[0] = 1;
	p[3 * PAGE] = 3;
	UT_OK(munmap(p + PAGE, PAGE));
	UT_EQ(p[0], 1);
	UT_EQ(p[3 * PAGE], 3);
	if (!linux61)
		UT_EQ(memtype_lookup(start, start + LEN, NULL, 0), 1);
	q = umap(ivshmem_file("resource2_wc"), O_RDWR, off, LEN);
	UT_EXPECT(q != MAP_FAILED, "remap: %s", strerror(errno));
	if (q != MAP_FAILED) {
		UT_EQ(q[3 * PAGE], 3);
		munmap(q, LEN);
	}
	UT_OK(munmap(p, LEN));
	if (linux61) {
		/* what 6.1 does, seen so that the difference stays true */
		UT_EQ(kmsg_has("freeing invalid memtype"), 1);
		UT_SKIP("Linux 6.1 frees per VMA (freeing invalid memtype, entry leaked); cachet follows 6.16");
	}
	UT_EQ(kmsg_has("freeing invalid memtype"), 0);
	UT_EQ(memtype_overlaps(start, start + LEN), 0);
	return UT_DONE;
}

/* mremap: moved to a fixed address and shrunk keep working; no growth */
static int mremap_cases(void)
{
	char *p, *hole, *q;

	if (!setup())
		UT_SKIP("no ivshmem-plain device");
	p = map_wc(LEN);
	hole = mmap(NULL, LEN, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	UT_EXPECT(p != MAP_FAILED && hole != MAP_FAILED, "map: %s",
		  strerror(errno));
	if (p == MAP_FAILED || hole == MAP_FAILED)
		return UT_DONE;
	p[2 * PAGE] = 0x42;
	q = mremap(p, LEN, LEN, MREMAP_MAYMOVE | MREMAP_FIXED, hole);
	UT_EXPECT(q == hole, "mremap fixed: %s", strerror(errno));
	if (q != hole)
		return UT_DONE;
	UT_EQ(q[2 * PAGE], 0x42);
	UT_EXPECT(mremap(q, LEN, 2 * PAGE, 0) == q, "shrink: %s",
		  strerror(errno));
	/* the page kept is still mapped: this read must not fault */
	(void)*(volatile char *)(q + PAGE);
	errno = 0;
	UT_EXPECT(mremap(q, 2 * PAGE, LEN, 0) == MAP_FAILED &&
		  errno == EFAULT, "grow: %s", strerror(errno));
	UT_EXPECT(mremap(q, 2 * PAGE, LEN, MREMAP_MAYMOVE) == MAP_FAILED &&
		  errno == EFAULT, "grow, may move: %s", strerror(errno));
	if (!on_linux())
		UT_EQ(memtype_lookup(b2.start, b2.start + LEN, NULL, 0), 1);
	UT_OK(munmap(q, 2 * PAGE));
	UT_EQ(memtype_overlaps(b2.start, b2.start + LEN), 0);
	return UT_DONE;
}

static char *fork_map;

static int child_reads(long v)
{
	return fork_map[PAGE + 8] == (char)v ? 0 : 1;
}

/* fork: the child reads what the parent wrote; its exit frees nothing */
static int fork_read(void)
{
	int st;

	if (!setup())
		UT_SKIP("no ivshmem-plain device");
	fork_map = map_wc(LEN);
	UT_EXPECT(fork_map != MAP_FAILED, "map: %s", strerror(errno));
	if (fork_map == MAP_FAILED)
		return UT_DONE;
	fork_map[PAGE + 8] = 0x77;
	st = ut_in_child(child_reads, 0x77);
	UT_EXPECT(WIFEXITED(st) && !WEXITSTATUS(st), "child: status %#x", st);
	UT_EQ(memtype_lookup(b2.start, b2.start + LEN, NULL, 0), 1);
	UT_EQ(fork_map[PAGE + 8], 0x77);
	munmap(fork_map, LEN);
	UT_EQ(memtype_overlaps(b2.start, b2.start + LEN), 0);
	return UT_DONE;
}

/*
 * The randomized sequence.  Each slot of a PROT_NONE arena holds pages
 * of one original mapping (a reservation in the model), from the frame
 * base + page * PAGE; a maximal run of mapped pages in a slot is one VMA
 * (raw-frame VMAs never merge).  A reservation lives while any slot maps
 * a page of it.
 */
#define SLOTS		12
#define SLOT_PAGES	16
#define MAX_RES		256

enum { F_R0, F_R2, F_R2WC };
static const char *const fnames[] = { "resource0", "resource2", "resource2_wc" };

struct res { uint64_t start, end; int wc; int live; };
struct slot { int res; uint64_t base; unsigned char mapped[SLOT_PAGES]; };

static struct res res[MAX_RES];
static int nres;
static struct slot slots[SLOTS];
static char *arena;
static unsigned int seed;
/* what the sequence did, printed to show it exercised every path */
static long nmaps, nconflicts, nunmaps, nmoves, nshrinks, nforks;


static int slot_used(int s)
{
	int i;

	for (i = 0; i < SLOT_PAGES; i++)
		if (slots[s].mapped[i])
			return 1;
	return 0;
}

static void model_gc(void)
{
	int r, s;

	for (r = 0; r < nres; r++) {
		int live = 0;

		for (s = 0; s < SLOTS; s++)
			live |= slot_used(s) && slots[s].res == r;
		res[r].live = live;
	}
}

/* forget dead reservations, renumbering the live ones */
static void model_compact(void)
{
	int r, n = 0, s, map[MAX_RES];

	for (r = 0; r < nres; r++) {
		map[r] = n;
		if (res[r].live)
			res[n++] = res[r];
	}
	for (s = 0; s < SLOTS; s++)
		if (slot_used(s))
			slots[s].res = map[slots[s].res];
	nres = n;
}

/* the type the model grants [start, end): 0 UC-, 1 WC, -1 conflict */
static int model_grant(uint64_t start, uint64_t end, int want)
{
	int r, got = -2;

	for (r = 0; r < nres; r++) {
		if (!res[r].live || res[r].end <= start || res[r].start >= end)
			continue;
		if (got == -2)
			got = res[r].wc;
		else if (got != res[r].wc)
			return -1;
	}
	return got == -2 ? want : got;
}

static int cmp_u64x3(const void *a, const void *b)
{
	return memcmp(a, b, 3 * sizeof(uint64_t));
}

/* the entries in the BARs' pages, sorted; how many */
static int list_bars(uint64_t (*e)[3], int max, const char *text)
{
	const char *l = text;
	int n = 0;

	while (l && *l) {
		unsigned long long s, en;
		char t[64];

		if (sscanf(l, "PAT: [mem 0x%llx-0x%llx] %63s", &s, &en, t) == 3 &&
		    ((s < b0.end + 1 && en > (b0.start & ~(PAGE - 1))) ||
		     (s <= b2.end && en > b2.start)) && n < max) {
			e[n][0] = s;
			e[n][1] = en;
			e[n][2] = !strcmp(t, "write-combining");
			n++;
		}
		l = strchr(l, '\n');
		if (l)
			l++;
	}
	qsort(e, n, sizeof(e[0]), cmp_u64x3);
	return n;
}

/* does pat_memtype_list hold the baseline plus the model's reservations? */
static int model_matches(const char *baseline)
{
	static uint64_t want[MAX_RES + 64][3], got[MAX_RES + 64][3];
	static char text[16384];
	int n = list_bars(want, MAX_RES, baseline), m, r;

	for (r = 0; r < nres; r++)
		if (res[r].live) {
			want[n][0] = res[r].start;
			want[n][1] = res[r].end;
			want[n][2] = res[r].wc;
			n++;
		}
	qsort(want, n, sizeof(want[0]), cmp_u64x3);
	if (read_list(text, sizeof(text)) < 0)
		return 0;
	m = list_bars(got, MAX_RES + 64, text);
	return m == n && !memcmp(want, got, n * sizeof(want[0]));
}

static char *slot_addr(int s, int page)
{
	return arena + ((size_t)s * SLOT_PAGES + page) * PAGE;
}

/* refill an unmapped part of the arena so nothing else lands there */
static int plug(char *addr, size_t len)
{
	return mmap(addr, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
		    MAP_FIXED, -1, 0) == addr ? 0 : -1;
}

static int free_slot(void)
{
	int s = rand_r(&seed) % SLOTS, i;

	for (i = 0; i < SLOTS; i++, s = (s + 1) % SLOTS)
		if (!slot_used(s))
			return s;
	return -1;
}

/* a used slot and a maximal run [*a, *b) of its mapped pages, or -1 */
static int pick_run(int *a, int *b)
{
	int s = rand_r(&seed) % SLOTS, i, p;

	for (i = 0; i < SLOTS; i++, s = (s + 1) % SLOTS) {
		if (!slot_used(s))
			continue;
		p = rand_r(&seed) % SLOT_PAGES;
		while (!slots[s].mapped[p])
			p = (p + 1) % SLOT_PAGES;
		*a = p;
		while (*a > 0 && slots[s].mapped[*a - 1])
			(*a)--;
		*b = p;
		while (*b < SLOT_PAGES && slots[s].mapped[*b])
			(*b)++;
		return s;
	}
	return -1;
}

static int step_map(void)
{
	int s = free_slot(), f = rand_r(&seed) % 3, n, off, want, got, fd;
	const struct bar *b = f == F_R0 ? &b0 : &b2;
	uint64_t start;
	void *p;

	if (s < 0)
		return 0;
	n = f == F_R0 ? 1 : 1 + rand_r(&seed) % 8;
	off = f == F_R0 ? 0 : rand_r(&seed) % 24;
	start = (b->start & ~(PAGE - 1)) + (uint64_t)off * PAGE;
	want = f == F_R2WC;
	got = model_grant(start, start + n * PAGE, want);
	fd = open(ivshmem_file(fnames[f]), O_RDWR);
	if (fd < 0)
		return -1;
	p = mmap(slot_addr(s, 0), n * PAGE, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_FIXED, fd, (off_t)off * PAGE);
	close(fd);
	if (got < 0) {
		int e = errno;

		/* a failed MAP_FIXED leaves the range unmapped, as Linux */
		if (plug(slot_addr(s, 0), n * PAGE))
			return -1;
		errno = e;
		nconflicts++;
		return p == MAP_FAILED && e == EINVAL ? 0 : -1;
	}
	if (p != slot_addr(s, 0) || nres == MAX_RES)
		return -1;
	nmaps++;
	res[nres] = (struct res){ start, start + n * PAGE, got, 1 };
	slots[s].res = nres++;
	slots[s].base = start;
	memset(slots[s].mapped, 0, sizeof(slots[s].mapped));
	memset(slots[s].mapped, 1, n);
	(void)*(volatile char *)p;
	return 0;
}

static int step_munmap(void)
{
	int a, b, s = pick_run(&a, &b), x, y;

	if (s < 0)
		return 0;
	x = a + rand_r(&seed) % (b - a);
	y = x + 1 + rand_r(&seed) % (b - x);
	if (munmap(slot_addr(s, x), (size_t)(y - x) * PAGE))
		return -1;
	memset(slots[s].mapped + x, 0, y - x);
	nunmaps++;
	return plug(slot_addr(s, x), (size_t)(y - x) * PAGE);
}

static int step_mremap(void)
{
	int a, b, s = pick_run(&a, &b), t = free_slot();
	size_t len;

	if (s < 0)
		return 0;
	len = (size_t)(b - a) * PAGE;
	if (b - a > 1 && rand_r(&seed) % 2) {
		int k = 1 + rand_r(&seed) % (b - a - 1);

		if (mremap(slot_addr(s, a), len, (size_t)k * PAGE, 0) !=
		    slot_addr(s, a))
			return -1;
		memset(slots[s].mapped + a + k, 0, b - a - k);
		nshrinks++;
		return plug(slot_addr(s, a + k), (size_t)(b - a - k) * PAGE);
	}
	if (t < 0 || t == s)
		return 0;
	if (mremap(slot_addr(s, a), len, len, MREMAP_MAYMOVE | MREMAP_FIXED,
		   slot_addr(t, 0)) != slot_addr(t, 0))
		return -1;
	slots[t].res = slots[s].res;
	slots[t].base = slots[s].base + (uint64_t)a * PAGE;
	memset(slots[t].mapped, 0, sizeof(slots[t].mapped));
	memset(slots[t].mapped, 1, b - a);
	memset(slots[s].mapped + a, 0, b - a);
	nmoves++;
	/* the moved pages still map their frames */
	(void)*(volatile char *)slot_addr(t, 0);
	return plug(slot_addr(s, a), len);
}

static const char *child_baseline;

/* the child touches every page, unmaps a run, checks, and exits */
static int child_step(long unused)
{
	int s, i, a, b;

	for (s = 0; s < SLOTS; s++)
		for (i = 0; i < SLOT_PAGES; i++)
			if (slots[s].mapped[i])
				(void)*(volatile char *)slot_addr(s, i);
	s = pick_run(&a, &b);
	if (s >= 0 && munmap(slot_addr(s, a), (size_t)(b - a) * PAGE))
		return 2;
	/* the parent still maps everything: nothing may have gone */
	return model_matches(child_baseline) ? 0 : 3;
}

static int step_fork(void)
{
	int st = ut_in_child(child_step, 0);

	nforks++;
	return WIFEXITED(st) && !WEXITSTATUS(st) ? 0 : -1;
}

static int random_sequences(void)
{
	static char baseline[16384];
	long rounds = ut_cmdline_long("umap_rounds", DEFAULT_ROUNDS), i;
	int err = 0, op = 0;

	if (!setup())
		UT_SKIP("no ivshmem-plain device");
	if (on_linux())
		UT_SKIP("Linux 6.1 reserves per VMA (fork adds entries, split munmap leaks): the model is Linux 6.16's");
	seed = (unsigned int)ut_cmdline_long("umap_seed", getpid());
	ksft_print_msg("random_sequences: %ld steps, umap_seed=%u\n", rounds,
		       seed);
	UT_EXPECT(read_list(baseline, sizeof(baseline)) > 0, "list");
	child_baseline = baseline;
	arena = mmap(NULL, (size_t)SLOTS * SLOT_PAGES * PAGE, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (arena == MAP_FAILED)
		return KSFT_FAIL;
	memset(slots, 0, sizeof(slots));
	nres = 0;
	for (i = 0; i < rounds && !err; i++) {
		op = rand_r(&seed) % 8;
		switch (op) {
		case 0: case 1: case 2:
			err = step_map();
			break;
		case 3: case 4:
			err = step_munmap();
			break;
		case 5: case 6:
			err = step_mremap();
			break;
		default:
			err = step_fork();
		}
		model_gc();
		if (!err && !model_matches(baseline))
			err = -2;
		if (nres == MAX_RES)
			model_compact();
	}
	ksft_print_msg("random_sequences: %ld maps, %ld refused (conflicting types), %ld munmaps, %ld moves, %ld shrinks, %ld forks\n",
		       nmaps, nconflicts, nunmaps, nmoves, nshrinks, nforks);
	UT_EXPECT(!err, "step %ld (op %d): %s", i - 1, op,
		  err == -2 ? "pat_memtype_list differs from the model" :
		  strerror(errno));
	munmap(arena, (size_t)SLOTS * SLOT_PAGES * PAGE);
	memset(slots, 0, sizeof(slots));
	model_gc();
	UT_EXPECT(model_matches(baseline), "entries left after the last munmap");
	return UT_DONE;
}

/*
 * Every mapping gone: the list is what it was at boot, as the runner
 * saved it before any program ran (BOOT_LIST), or else when this
 * program began.  On Linux 6.1 it may differ: the split munmap's leak
 * (fixed in 6.16), and the bochs-drm module the fb program loads.
 */
static int list_restored(void)
{
	static char now[8192];

	if (read_list(now, sizeof(now)) < 0)
		UT_SKIP("no %s", PAT_MEMTYPE_LIST);
	if (on_linux() && strcmp(now, boot_list))
		UT_SKIP("Linux 6.1 differs from its boot list (6.1's split munmap leak, fixed in 6.16, or bochs-drm loaded for fb)");
	UT_EXPECT(!strcmp(now, boot_list), "pat_memtype_list changed:\n%s", now);
	return UT_DONE;
}

int main(void)
{
	static const struct ut_case cases[] = {
		UT_CASE(madvise_refused),
		UT_CASE(mremap_cases),
		UT_CASE(fork_read),
		UT_CASE(random_sequences),
		UT_CASE(munmap_split_remap),
		UT_CASE(list_restored),
	};

	if (read_file(BOOT_LIST, boot_list, sizeof(boot_list)) < 0)
		read_list(boot_list, sizeof(boot_list));
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
