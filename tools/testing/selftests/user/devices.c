// SPDX-License-Identifier: GPL-2.0
/*
 * devices - the character devices of devtmpfs: /dev/null, /dev/zero,
 * /dev/full (ENOSPC), /dev/urandom, /dev/kmsg's record format, and
 * /dev/cpu/0/msr, where an 8-byte read at file offset 0x277 is the PAT
 * MSR (Linux needs msr.ko, which run_all loads when the image has it).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>

#include "ut.h"

/* Linux 4.2 and later, and cachet: WB WC UC- UC WB WP UC- WT */
#define LINUX_PAT	0x0407050600070106ULL
#define MSR_IA32_CR_PAT	0x277

static int dev_null(void)
{
	char buf[8];
	int fd = open("/dev/null", O_RDWR);

	UT_EXPECT(fd >= 0, "open: %s", strerror(errno));
	UT_EQ(write(fd, "abc", 3), 3);
	UT_EQ(read(fd, buf, sizeof(buf)), 0);
	close(fd);
	return UT_DONE;
}

static int dev_zero(void)
{
	static char buf[8192];
	size_t i, nonzero = 0;
	int fd = open("/dev/zero", O_RDWR);

	memset(buf, 0xff, sizeof(buf));
	UT_EQ(read(fd, buf, sizeof(buf)), sizeof(buf));
	for (i = 0; i < sizeof(buf); i++)
		nonzero += buf[i] != 0;
	UT_EQ(nonzero, 0);
	UT_EQ(write(fd, buf, 100), 100);
	close(fd);
	return UT_DONE;
}

static int dev_full(void)
{
	char buf[16];
	int fd = open("/dev/full", O_RDWR);

	UT_ERRNO(write(fd, "x", 1), ENOSPC);
	memset(buf, 1, sizeof(buf));
	UT_EQ(read(fd, buf, sizeof(buf)), sizeof(buf));
	UT_EQ(buf[0] | buf[15], 0);
	close(fd);
	return UT_DONE;
}

static int dev_urandom(void)
{
	unsigned char a[64], b[64];
	int fd = open("/dev/urandom", O_RDONLY);

	UT_EQ(read(fd, a, sizeof(a)), sizeof(a));
	UT_EQ(read(fd, b, sizeof(b)), sizeof(b));
	UT_EXPECT(memcmp(a, b, sizeof(a)), "two reads gave the same bytes");
	close(fd);
	return UT_DONE;
}

/* "<prio>,<seq>,<usec>,<flag>[,...];<text>\n", Linux's /dev/kmsg */
static int dev_kmsg(void)
{
	static const char mark[] = "ut_devices: kmsg record";
	char rec[1024], msg[64];
	unsigned long long seq, prev = 0, usec;
	unsigned int prio;
	int fd, n, found = 0, first = 1;
	char flag;

	snprintf(msg, sizeof(msg), "<6>%s %d\n", mark, (int)getpid());
	fd = open("/dev/kmsg", O_RDWR | O_NONBLOCK);
	if (fd < 0)
		UT_SKIP("/dev/kmsg: %s", strerror(errno));
	UT_EQ(write(fd, msg, strlen(msg)), strlen(msg));
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0) {
		rec[n] = '\0';
		UT_EQ(sscanf(rec, "%u,%llu,%llu,%c", &prio, &seq, &usec, &flag), 4);
		UT_EXPECT(strchr(rec, ';') && rec[n - 1] == '\n', "record \"%s\"", rec);
		UT_EXPECT(first || seq > prev, "seq %llu after %llu", seq, prev);
		first = 0;
		prev = seq;
		if (strstr(rec, mark)) {
			found = 1;
			/* facility user (1) from a write, level info (6) */
			UT_EQ(prio, (1 << 3) | 6);
		}
	}
	UT_EQ(n, -1);
	UT_EQ(errno, EAGAIN);
	UT_EXPECT(found, "our record was not read back");
	/* a buffer too small for a record */
	UT_OK(lseek(fd, 0, SEEK_SET));
	UT_ERRNO(read(fd, rec, 4), EINVAL);
	close(fd);
	return UT_DONE;
}

static int msr_pat(void)
{
	uint64_t v = 0, w = 0;
	uint32_t half;
	int fd = open("/dev/cpu/0/msr", O_RDONLY);

	if (fd < 0)
		UT_SKIP("/dev/cpu/0/msr: %s (no msr.ko in the image?)", strerror(errno));
	UT_EQ(pread(fd, &v, 8, MSR_IA32_CR_PAT), 8);
	UT_EXPECT(v == LINUX_PAT, "PAT %#llx", (unsigned long long)v);
	UT_EQ(lseek(fd, MSR_IA32_CR_PAT, SEEK_SET), MSR_IA32_CR_PAT);
	UT_EQ(read(fd, &w, 8), 8);
	UT_EQ(w, v);
	/* reads come in whole 8-byte registers */
	UT_ERRNO(pread(fd, &half, 4, MSR_IA32_CR_PAT), EINVAL);
	close(fd);
	UT_ERRNO(open("/dev/cpu/4095/msr", O_RDONLY), ENOENT);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(dev_null),
	UT_CASE(dev_zero),
	UT_CASE(dev_full),
	UT_CASE(dev_urandom),
	UT_CASE(dev_kmsg),
	UT_CASE(msr_pat),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
