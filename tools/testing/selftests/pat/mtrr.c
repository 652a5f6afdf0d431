// SPDX-License-Identifier: GPL-2.0
/*
 * mtrr - /proc/mtrr as Linux 6.1 offers it (Documentation/x86/mtrr.rst):
 * writing "base=... size=... type=..." and "disable=N", the MTRRIOC_*
 * ioctls, the usage counts /proc/mtrr shows, Linux's errors with nothing
 * changed, an ioctl-added range going with its file, and root only.
 *
 * The ranges added lie far above RAM and every device (TEST_BASE), where
 * a type changes nothing in use; the one MTRRIOC_GET_ENTRY needs below
 * 4 GiB is a page of the PCI hole that no device decodes (HOLE), under
 * firmware's UC range.  The machine's ranges are read, never assumed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/ioctl.h>

#include "../user/ut.h"
#include "../../../../arch/x86/include/uapi/asm/mtrr.h"

#define TEST_BASE	0x4000000000ULL		/* 256 GiB */
#define HOLE		0xe0000000ULL
#define SZ_2M		0x200000ULL
#define MAX_REGS	256
#define ADD_WC		"base=0x4000000000 size=0x200000 type=write-combining\n"

/* /proc/mtrr's text, or "" */
static char proc_text[8192];

static const char *read_proc(void)
{
	int fd = open("/proc/mtrr", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, proc_text, sizeof(proc_text) - 1) : -1;

	UT_EXPECT(n >= 0, "read /proc/mtrr: %s", strerror(errno));
	proc_text[n > 0 ? n : 0] = '\0';
	if (fd >= 0)
		close(fd);
	return proc_text;
}

/* the /proc/mtrr line of TEST_BASE's 2 MiB, with @count and @type */
static int shows_test_range(unsigned int count, const char *type)
{
	char want[128];

	snprintf(want, sizeof(want),
		 "base=0x4000000000 (262144MB), size=    2MB, count=%u: %s\n",
		 count, type);
	return strstr(read_proc(), want) != NULL;
}

static int shows_test_base(void)
{
	return strstr(read_proc(), "base=0x4000000000 ") != NULL;
}

/* write @s to /proc/mtrr: the count written, or -errno */
static long write_proc(const char *s)
{
	int fd = open("/proc/mtrr", O_WRONLY);
	long r;

	if (fd < 0)
		return -errno;
	r = write(fd, s, strlen(s));
	if (r < 0)
		r = -errno;
	close(fd);
	return r;
}

/* number of variable ranges, by MTRRIOC_GET_ENTRY up to its EINVAL */
static int nr_regs(int fd)
{
	struct mtrr_gentry g;
	int n;

	for (n = 0; n < MAX_REGS; n++) {
		memset(&g, 0, sizeof(g));
		g.regnum = n;
		if (ioctl(fd, MTRRIOC_GET_PAGE_ENTRY, &g) < 0)
			break;
	}
	return n;
}

/* the register holding TEST_BASE's 2 MiB, or -1 */
static int test_reg(void)
{
	const char *p = strstr(read_proc(), "base=0x4000000000 ");

	while (p && p > proc_text && p[-1] != '\n')
		p--;
	return p ? atoi(p + 3) : -1;
}

static int have_proc_mtrr(void)
{
	return access("/proc/mtrr", F_OK) == 0;
}

static int write_add_count_disable(void)
{
	char cmd[32];
	int reg;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	UT_EQ(shows_test_base(), 0);
	UT_EQ(write_proc(ADD_WC), strlen(ADD_WC));
	UT_EQ(shows_test_range(1, "write-combining"), 1);
	/* the same range and type again: the same register, counted */
	UT_EQ(write_proc(ADD_WC), strlen(ADD_WC));
	UT_EQ(shows_test_range(2, "write-combining"), 1);
	reg = test_reg();
	UT_EXPECT(reg >= 0, "no register for the range:\n%s", proc_text);
	snprintf(cmd, sizeof(cmd), "disable=%d\n", reg);
	UT_EQ(write_proc(cmd), strlen(cmd));
	UT_EQ(shows_test_range(1, "write-combining"), 1);
	UT_EQ(write_proc(cmd), strlen(cmd));
	UT_EQ(shows_test_base(), 0);
	/* and no more: the register is free */
	UT_EQ(write_proc(cmd), -EINVAL);
	return UT_DONE;
}

/* each refused with @err, /proc/mtrr as it was */
static void expect_refused(const char *line, long err)
{
	char before[sizeof(proc_text)];
	long r;

	strcpy(before, read_proc());
	r = write_proc(line);
	UT_EXPECT(r == err, "\"%s\": %ld, expected %ld", line, r, err);
	UT_EXPECT(!strcmp(before, read_proc()), "\"%s\" changed /proc/mtrr",
		  line);
}

static int write_errors_change_nothing(void)
{
	char line[64];
	int fd, n, i;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	expect_refused("base=0x4000001000 size=0x2000 type=write-combining",
		       -EINVAL);
	expect_refused("base=0x4000000000 size=0x3000 type=write-combining",
		       -EINVAL);
	expect_refused("base=0x4000000800 size=0x1000 type=write-combining",
		       -EINVAL);
	expect_refused("base=0x4000000000 size=0 type=write-combining",
		       -EINVAL);
	expect_refused("base=0x4000000000 size=0x1000 type=write-fast",
		       -EINVAL);
	expect_refused("base=0x4000000000 type=write-combining", -EINVAL);
	expect_refused("size=0x1000 base=0x4000000000 type=uncachable",
		       -EINVAL);
	expect_refused("hello", -EINVAL);
	expect_refused("disable=99", -EINVAL);
	/* a register that exists but holds nothing */
	fd = open("/proc/mtrr", O_RDONLY);
	UT_EXPECT(fd >= 0, "open: %s", strerror(errno));
	n = fd >= 0 ? nr_regs(fd) : 0;
	for (i = n - 1; i >= 0; i--) {
		struct mtrr_gentry g = { .regnum = i };

		if (!ioctl(fd, MTRRIOC_GET_PAGE_ENTRY, &g) && !g.size)
			break;
	}
	if (fd >= 0)
		close(fd);
	if (i >= 0) {
		snprintf(line, sizeof(line), "disable=%d", i);
		expect_refused(line, -EINVAL);
	}
	/* against an existing WC range: WB inside it, WB around it */
	UT_EQ(write_proc(ADD_WC), strlen(ADD_WC));
	expect_refused("base=0x4000000000 size=0x1000 type=write-back",
		       -EINVAL);
	expect_refused("base=0x4000000000 size=0x400000 type=write-back",
		       -EINVAL);
	snprintf(line, sizeof(line), "disable=%d", test_reg());
	UT_EQ(write_proc(line), strlen(line));
	UT_EQ(shows_test_base(), 0);
	return UT_DONE;
}

/* every free register taken, one more is ENOSPC; then all given back */
static int write_until_no_register_left(void)
{
	char line[96];
	int n = 0;
	long r;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	for (;;) {
		snprintf(line, sizeof(line),
			 "base=0x%llx size=0x200000 type=write-combining",
			 TEST_BASE + n * SZ_2M);
		r = write_proc(line);
		if (r < 0 || n == MAX_REGS)
			break;
		n++;
	}
	UT_EQ(r, -ENOSPC);
	UT_EXPECT(n >= 1, "no register was free");
	expect_refused(line, -ENOSPC);
	/* free them by base and size, through the ioctl's KILL */
	{
		int fd = open("/proc/mtrr", O_RDWR);

		UT_EXPECT(fd >= 0, "open: %s", strerror(errno));
		while (fd >= 0 && n--) {
			struct mtrr_sentry e = { TEST_BASE + n * SZ_2M, SZ_2M,
						 MTRR_TYPE_WRCOMB };

			UT_OK(ioctl(fd, MTRRIOC_KILL_ENTRY, &e));
		}
		if (fd >= 0)
			close(fd);
	}
	UT_EQ(shows_test_base(), 0);
	return UT_DONE;
}

/* /proc/mtrr opened for ioctls, with @e added through it: the fd, or -1 */
static int open_with_entry(struct mtrr_sentry *e, int *reg)
{
	int fd = open("/proc/mtrr", O_RDWR);

	UT_EXPECT(fd >= 0, "open: %s", strerror(errno));
	if (fd < 0)
		return -1;
	*reg = ioctl(fd, MTRRIOC_ADD_ENTRY, e);
	UT_EXPECT(*reg >= 0, "MTRRIOC_ADD_ENTRY: %s", strerror(errno));
	return fd;
}

/* register @reg through @cmd (MTRRIOC_GET_ENTRY or _GET_PAGE_ENTRY) */
static void expect_entry(int fd, unsigned long cmd, int reg,
			 unsigned long base, unsigned long size,
			 unsigned int type)
{
	struct mtrr_gentry g;

	memset(&g, 0, sizeof(g));
	g.regnum = reg;
	UT_EQ(ioctl(fd, cmd, &g), 0);
	UT_EQ(g.base, base);
	UT_EQ(g.size, size);
	UT_EQ(g.type, type);
	UT_EQ(g.regnum, reg);
}

static int ioctl_add_get_del(void)
{
	struct mtrr_sentry e = { TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB };
	struct mtrr_gentry g;
	int fd, reg = -1;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	fd = open_with_entry(&e, &reg);
	if (fd < 0)
		return UT_DONE;
	UT_EQ(test_reg(), reg);
	UT_EQ(shows_test_range(1, "write-combining"), 1);
	/* above 4 GiB: MTRRIOC_GET_ENTRY hides it, the page form shows it */
	expect_entry(fd, MTRRIOC_GET_ENTRY, reg, 0, 0, 0);
	expect_entry(fd, MTRRIOC_GET_PAGE_ENTRY, reg, TEST_BASE >> 12,
		     SZ_2M >> 12, MTRR_TYPE_WRCOMB);
	memset(&g, 0, sizeof(g));
	g.regnum = MAX_REGS;
	UT_ERRNO(ioctl(fd, MTRRIOC_GET_ENTRY, &g), EINVAL);
	UT_EQ(ioctl(fd, MTRRIOC_DEL_ENTRY, &e), reg);
	UT_EQ(shows_test_base(), 0);
	/* a range this file never added: EINVAL */
	UT_ERRNO(ioctl(fd, MTRRIOC_DEL_ENTRY, &e), EINVAL);
	e.base += 0x1000;
	UT_ERRNO(ioctl(fd, MTRRIOC_ADD_ENTRY, &e), EINVAL);
	UT_ERRNO(ioctl(fd, MTRRIOC_ADD_ENTRY + 0x10, &e), ENOTTY);
	close(fd);
	UT_EQ(shows_test_base(), 0);
	return UT_DONE;
}

/* below 4 GiB MTRRIOC_GET_ENTRY gives bytes */
static int ioctl_get_entry_below_4g(void)
{
	struct mtrr_sentry e = { HOLE, SZ_2M, MTRR_TYPE_WRCOMB };
	int fd, reg = -1;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	fd = open_with_entry(&e, &reg);
	if (fd < 0)
		return UT_DONE;
	expect_entry(fd, MTRRIOC_GET_ENTRY, reg, HOLE, SZ_2M,
		     MTRR_TYPE_WRCOMB);
	close(fd);
	/* the file's use went with it */
	UT_EXPECT(!strstr(read_proc(), "base=0x0e0000000 "),
		  "still listed after close:\n%s", proc_text);
	return UT_DONE;
}

/* what one file adds goes at its close; what SET_ENTRY made stays */
static int ioctl_file_counts(void)
{
	struct mtrr_sentry e = { TEST_BASE, SZ_2M, MTRR_TYPE_WRCOMB };
	int fd;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	fd = open("/proc/mtrr", O_RDWR);
	UT_EXPECT(fd >= 0, "open: %s", strerror(errno));
	if (fd < 0)
		return UT_DONE;
	/* a new register starts at 1; SET counts no further use */
	UT_OK(ioctl(fd, MTRRIOC_SET_ENTRY, &e));
	UT_OK(ioctl(fd, MTRRIOC_SET_ENTRY, &e));
	UT_EQ(shows_test_range(1, "write-combining"), 1);
	UT_OK(ioctl(fd, MTRRIOC_ADD_ENTRY, &e));
	UT_OK(ioctl(fd, MTRRIOC_ADD_ENTRY, &e));
	UT_EQ(shows_test_range(3, "write-combining"), 1);
	close(fd);
	UT_EQ(shows_test_range(1, "write-combining"), 1);
	fd = open("/proc/mtrr", O_RDWR);
	UT_OK(ioctl(fd, MTRRIOC_KILL_ENTRY, &e));
	UT_EQ(shows_test_base(), 0);
	UT_ERRNO(ioctl(fd, MTRRIOC_KILL_ENTRY, &e), EINVAL);
	close(fd);
	return UT_DONE;
}

/*
 * As nobody: the 0644 file refuses writing before the kernel is asked
 * (EACCES), and since Linux 5.6 opening it at all needs CAP_SYS_ADMIN
 * (EPERM), reading and the ioctls included.
 */
static int nobody_child(long unused)
{
	if (setuid(65534))
		return 10;
	if (open("/proc/mtrr", O_WRONLY) >= 0 || errno != EACCES)
		return 11;
	if (open("/proc/mtrr", O_RDONLY) >= 0 || errno != EPERM)
		return 12;
	return 0;
}

static int root_only(void)
{
	int status;

	if (!have_proc_mtrr())
		UT_SKIP("no /proc/mtrr (no MTRRs)");
	status = ut_in_child(nobody_child, 0);
	UT_EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "as nobody: step %d failed", WEXITSTATUS(status));
	UT_EQ(shows_test_base(), 0);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(write_add_count_disable),
	UT_CASE(write_errors_change_nothing),
	UT_CASE(write_until_no_register_left),
	UT_CASE(ioctl_add_get_del),
	UT_CASE(ioctl_get_entry_below_4g),
	UT_CASE(ioctl_file_counts),
	UT_CASE(root_only),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
