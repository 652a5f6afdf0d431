// SPDX-License-Identifier: GPL-2.0
/*
 * umap_bench: the user-mapping figures of issue 14, compared between
 * cachet and Linux 6.1 on the same virtual machine by
 * run_umap_bench.py ("make bench").  A benchmark, not a test: it
 * reports, it does not judge.
 *
 *	umap_wc_page_ns		mmap of the 16 MiB framebuffer BAR of a
 *				secondary-vga through resource0_wc (opened
 *				once, before), a write to every page,
 *				munmap; per page
 *	umap_wc_mmap_ns		of which the mmap, per page
 *	umap_wc_touch_ns	the writes
 *	umap_wc_munmap_ns	the munmap
 *	open_wc_us		open and close of resource0_wc (a path
 *				lookup in sysfs, no mapping)
 *	fork_wc_us		fork(), the child _exit(0)s, waitpid(),
 *				while the parent holds that mapping, every
 *				page touched
 *	fork_plain_us		the same without the mapping, for reference
 *
 * Each figure is the median of ROUNDS rounds, and each round measures
 * every figure once, in turn: a stretch of time in which the host runs
 * the emulator slower then weighs on one round of each figure, not on
 * all rounds of one, and a round disturbed more than the others moves
 * no median.  Each figure's fastest round follows as NAME_best.  The
 * device: the 1234:1111 function of display class 0x0380 (QEMU's
 * secondary-vga), which no driver claims on either kernel.  Run as init
 * (rdinit=), it mounts what it needs and powers the machine off when
 * done.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		21		/* odd: the median is one round's */
#define FORKS		40		/* per round and figure */
#define PAGE		4096UL
#define DEVICES		"/sys/bus/pci/devices"

static char path[400];
static size_t bar_len;

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static unsigned long read_hex(const char *dev, const char *name)
{
	char p[400];
	unsigned long v = 0;
	FILE *f;

	snprintf(p, sizeof(p), DEVICES "/%s/%s", dev, name);
	f = fopen(p, "r");
	if (f) {
		if (fscanf(f, "%lx", &v) != 1)
			v = 0;
		fclose(f);
	}
	return v;
}

/* resource0_wc of the secondary-vga, and its size; 0 without one */
static int find_bar(void)
{
	DIR *d = opendir(DEVICES);
	struct dirent *e;
	struct stat st;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' ||
		    read_hex(e->d_name, "vendor") != 0x1234 ||
		    read_hex(e->d_name, "device") != 0x1111 ||
		    read_hex(e->d_name, "class") >> 8 != 0x0380)
			continue;
		snprintf(path, sizeof(path), DEVICES "/%s/resource0_wc",
			 e->d_name);
		if (!stat(path, &st) && st.st_size > 0) {
			bar_len = st.st_size;
			closedir(d);
			return 1;
		}
	}
	closedir(d);
	return 0;
}

enum fig {
	MAP_PAGE, MAP_MMAP, MAP_TOUCH, MAP_MUNMAP, OPEN, FORK_WC, FORK_PLAIN,
	NR_FIGS
};

static const char *const fig_name[NR_FIGS] = {
	"umap_wc_page_ns", "umap_wc_mmap_ns", "umap_wc_touch_ns",
	"umap_wc_munmap_ns", "open_wc_us", "fork_wc_us", "fork_plain_us",
};

/* each figure's value in each round; -1: that round failed */
static double fig[NR_FIGS][ROUNDS];

static char *map_bar(int fd)
{
	return mmap(NULL, bar_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
}

static void touch(char *p)
{
	unsigned long off;

	for (off = 0; off < bar_len; off += PAGE)
		p[off] = 1;
}

/* mmap, touch, munmap, each timed; per page */
static void map_touch_unmap(int fd, int r)
{
	double pages = bar_len / PAGE, t0, t1, t2, t3;
	char *p;

	t0 = now_us();
	p = map_bar(fd);
	t1 = now_us();
	if (p == MAP_FAILED)
		return;
	touch(p);
	t2 = now_us();
	if (munmap(p, bar_len))
		return;
	t3 = now_us();
	fig[MAP_MMAP][r] = (t1 - t0) * 1e3 / pages;
	fig[MAP_TOUCH][r] = (t2 - t1) * 1e3 / pages;
	fig[MAP_MUNMAP][r] = (t3 - t2) * 1e3 / pages;
	fig[MAP_PAGE][r] = (t3 - t0) * 1e3 / pages;
}

static double open_close(void)
{
	double t0 = now_us();
	int fd = open(path, O_RDWR);

	if (fd < 0)
		return -1;
	close(fd);
	return now_us() - t0;
}

static double fork_wait(void)
{
	double t0 = now_us();
	int i, status;

	for (i = 0; i < FORKS; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		if (pid < 0 || waitpid(pid, &status, 0) != pid)
			return -1;
	}
	return (now_us() - t0) / FORKS;
}

static double fork_wc(int fd)
{
	char *p = map_bar(fd);
	double t;

	if (p == MAP_FAILED)
		return -1;
	touch(p);
	t = fork_wait();
	munmap(p, bar_len);
	return t;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * The rounds that did not fail, sorted, into @ok; their number.  The
 * median is the figure; the fastest round is printed too (NAME_best): a
 * host that keeps the emulator waiting only ever adds time, so when it
 * does so in most rounds, the best is what is left to compare.
 */
static int sorted(const double *v, double *ok)
{
	int i, n = 0;

	for (i = 0; i < ROUNDS; i++)
		if (v[i] >= 0)
			ok[n++] = v[i];
	qsort(ok, n, sizeof(ok[0]), cmp_double);
	return n;
}

static void print_fig(int f)
{
	double ok[ROUNDS];
	int n = sorted(fig[f], ok);

	if (!n) {
		printf("bench: %s failed in every round\n", fig_name[f]);
		return;
	}
	printf("bench: %s %.1f\n", fig_name[f],
	       n % 2 ? ok[n / 2] : (ok[n / 2 - 1] + ok[n / 2]) / 2);
	printf("bench: %s_best %.1f\n", fig_name[f], ok[0]);
}

static void run(void)
{
	int fd = open(path, O_RDWR), r, f;

	if (fd < 0) {
		printf("bench: cannot open %s\n", path);
		return;
	}
	for (f = 0; f < NR_FIGS; f++)
		for (r = 0; r < ROUNDS; r++)
			fig[f][r] = -1;
	for (r = 0; r < ROUNDS; r++) {
		map_touch_unmap(fd, r);
		fig[OPEN][r] = open_close();
		fig[FORK_WC][r] = fork_wc(fd);
		fig[FORK_PLAIN][r] = fork_wait();
	}
	close(fd);
	printf("bench: rounds %d\n", ROUNDS);
	for (f = 0; f < NR_FIGS; f++)
		print_fig(f);
}

int main(void)
{
	if (getpid() == 1) {
		mount("proc", "/proc", "proc", 0, NULL);
		mount("sysfs", "/sys", "sysfs", 0, NULL);
	}
	if (!find_bar())
		printf("bench: no secondary-vga resource0_wc\n");
	else
		run();
	printf("bench: done\n");
	fflush(stdout);
	if (getpid() == 1) {
		sync();
		reboot(RB_POWER_OFF);
	}
	return 0;
}
