// SPDX-License-Identifier: GPL-2.0
/*
 * umap_bench: the user-mapping figures of issue 14, compared between
 * cachet and Linux 6.1 on the same virtual machine by
 * run_umap_bench.py ("make bench").  A benchmark, not a test: it
 * reports, it does not judge.
 *
 *	umap_wc_page_ns		mmap of the 16 MiB framebuffer BAR of a
 *				secondary-vga through resource0_wc, a write
 *				to every page, munmap; per page
 *	fork_wc_us		fork(), the child _exit(0)s, waitpid(),
 *				while the parent holds that mapping, every
 *				page touched
 *	fork_plain_us		the same without the mapping, for reference
 *
 * The device: the 1234:1111 function of display class 0x0380 (QEMU's
 * secondary-vga), which no driver claims on either kernel.  Each figure
 * is the best of a few runs.  Run as init (rdinit=), it mounts what it
 * needs and powers the machine off when done.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		20
#define FORKS		200
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

static char *map_bar(void)
{
	int fd = open(path, O_RDWR);
	char *p;

	if (fd < 0)
		return MAP_FAILED;
	p = mmap(NULL, bar_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	return p;
}

static double map_touch_unmap(void)
{
	double t0 = now_us();
	unsigned long off;
	char *p = map_bar();

	if (p == MAP_FAILED)
		return -1;
	for (off = 0; off < bar_len; off += PAGE)
		p[off] = 1;
	if (munmap(p, bar_len))
		return -1;
	return (now_us() - t0) * 1e3 / (bar_len / PAGE);
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

static double fork_wc(void)
{
	char *p = map_bar();
	unsigned long off;
	double t;

	if (p == MAP_FAILED)
		return -1;
	for (off = 0; off < bar_len; off += PAGE)
		p[off] = 1;
	t = fork_wait();
	munmap(p, bar_len);
	return t;
}

static double best(double (*fn)(void))
{
	double b = -1, v;
	int i;

	for (i = 0; i < ROUNDS; i++) {
		v = fn();
		if (v >= 0 && (b < 0 || v < b))
			b = v;
	}
	return b;
}

int main(void)
{
	if (getpid() == 1) {
		mount("proc", "/proc", "proc", 0, NULL);
		mount("sysfs", "/sys", "sysfs", 0, NULL);
	}
	if (!find_bar()) {
		printf("bench: no secondary-vga resource0_wc\n");
	} else {
		printf("bench: umap_wc_page_ns %.1f\n", best(map_touch_unmap));
		printf("bench: fork_wc_us %.1f\n", best(fork_wc));
		printf("bench: fork_plain_us %.1f\n", best(fork_wait));
	}
	printf("bench: done\n");
	fflush(stdout);
	if (getpid() == 1) {
		sync();
		reboot(RB_POWER_OFF);
	}
	return 0;
}
