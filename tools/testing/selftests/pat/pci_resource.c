// SPDX-License-Identifier: GPL-2.0
/*
 * pci_resource - /sys/bus/pci/devices/DDDD:BB:DD.F/resourceN and
 * resourceN_wc as Linux 6.1 makes them: one file per sized BAR, mode
 * 0600, st_size the BAR's size; a _wc twin only for prefetchable memory
 * BARs; read/write of memory BAR files refused (EIO: they are for
 * mmap), of I/O BAR files one access of 1, 2 or 4 bytes (inb/inw/inl)
 * after the count is cut at the BAR's end, EINVAL otherwise; and
 * /proc/iomem listing each BAR
 * under its function's name, with the driver's claim below it.
 *
 * Devices: QEMU's ivshmem-plain (1af4:1110, added by the Makefile: no
 * driver claims it on either kernel), the e1000e NIC (8086:10d3, an I/O
 * BAR whose IOADDR register reads back what was written) and the
 * standard VGA (1234:1111).  mmap of these files is a later program.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../user/ut.h"
#include "iomem.h"
#include "pci_dev.h"

static int file_exists(const char *dev, const char *name, struct stat *st)
{
	char path[400];

	snprintf(path, sizeof(path), "%s/%s", dev, name);
	return !stat(path, st);
}

/* every sized BAR has resourceN; only prefetchable memory has _wc */
static int check_files(const char *dev)
{
	struct bar bars[7];
	int n = read_bars(dev, bars, 7), i, files = 0;

	UT_EXPECT(n >= 6, "%s/resource: %d lines", dev, n);
	for (i = 0; i < 6 && i < n; i++) {
		uint64_t size = bars[i].end - bars[i].start + 1;
		int sized = bars[i].end != 0;
		int wc = sized && (bars[i].flags & IORESOURCE_MEM) &&
			 (bars[i].flags & IORESOURCE_PREFETCH);
		char name[32];
		struct stat st;

		snprintf(name, sizeof(name), "resource%d", i);
		UT_EXPECT(file_exists(dev, name, &st) == sized,
			  "%s/%s: exists %d, BAR sized %d", dev, name, !sized,
			  sized);
		if (sized && file_exists(dev, name, &st)) {
			files++;
			UT_EXPECT(S_ISREG(st.st_mode), "%s not a file", name);
			UT_EQ(st.st_mode & 07777, 0600);
			UT_EQ(st.st_size, size);
		}
		snprintf(name, sizeof(name), "resource%d_wc", i);
		UT_EXPECT(file_exists(dev, name, &st) == wc,
			  "%s/%s: exists %d, want %d", dev, name, !wc, wc);
		if (wc && file_exists(dev, name, &st)) {
			UT_EQ(st.st_mode & 07777, 0600);
			UT_EQ(st.st_size, size);
		}
	}
	return files;
}

static int ivshmem_files(void)
{
	const char *dev = find_dev(0x1af4, 0x1110);
	struct bar bars[7];
	struct stat st;

	if (!dev)
		UT_SKIP("no ivshmem-plain device (run with the Makefile's QEMU)");
	UT_EXPECT(check_files(dev) >= 2, "too few resource files");
	UT_EQ(read_bars(dev, bars, 7), 7);
	UT_EXPECT(bars[2].flags & IORESOURCE_PREFETCH, "BAR 2 not prefetchable");
	UT_EQ(bars[2].end - bars[2].start + 1, 16 << 20);
	UT_EXPECT(file_exists(dev, "resource2_wc", &st), "no resource2_wc");
	UT_EXPECT(!file_exists(dev, "resource0_wc", &st), "resource0_wc");
	return UT_DONE;
}

static int other_files(void)
{
	const char *dev;

	dev = find_dev(0x1234, 0x1111);
	if (dev)
		check_files(dev);
	dev = find_dev(0x8086, 0x10d3);
	if (dev)
		check_files(dev);
	if (!find_dev(0x1234, 0x1111) && !dev)
		UT_SKIP("neither std VGA nor e1000e present");
	return UT_DONE;
}

static int open_res(const char *dev, const char *name, int flags)
{
	char path[400];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dev, name);
	fd = open(path, flags);
	UT_EXPECT(fd >= 0, "open %s: %s", path, strerror(errno));
	return fd;
}

/* memory BAR files are for mmap: read and write say EIO */
static int mem_rw_refused(void)
{
	const char *dev = find_dev(0x1af4, 0x1110);
	char buf[16];
	int fd;

	if (!dev)
		UT_SKIP("no ivshmem-plain device");
	fd = open_res(dev, "resource0", O_RDWR);
	UT_ERRNO(pread(fd, buf, 4, 0), EIO);
	UT_ERRNO(pwrite(fd, buf, 4, 0), EIO);
	/* at or past the end: end of file, and a write too big */
	UT_EQ(pread(fd, buf, 4, 256), 0);
	UT_ERRNO(pwrite(fd, buf, 4, 256), EFBIG);
	/*
	 * Linux 6.1's sysfs seeks from an end of 0, whatever st_size says
	 * (kernfs leaves the inode's size unset); cachet does the same.
	 */
	UT_EQ(lseek(fd, 0, SEEK_END), 0);
	UT_EQ(lseek(fd, 300, SEEK_SET), 300);
	close(fd);
	fd = open_res(dev, "resource2_wc", O_RDWR);
	UT_ERRNO(pread(fd, buf, 4, 0), EIO);
	close(fd);
	return UT_DONE;
}

/* the e1000e's I/O BAR: IOADDR (offset 0) reads back what was written */
static int io_bar_access(void)
{
	const char *dev = find_dev(0x8086, 0x10d3);
	struct bar bars[7];
	uint32_t v = 0x10, got = 0;
	uint16_t w = 0;
	uint8_t b = 0;
	char name[32], big[8];
	int fd, i, io = -1;
	uint64_t size;

	if (!dev)
		UT_SKIP("no e1000e (8086:10d3)");
	UT_EQ(read_bars(dev, bars, 7), 7);
	for (i = 0; i < 6; i++)
		if (bars[i].flags & IORESOURCE_IO)
			io = i;
	if (io < 0)
		UT_SKIP("the e1000e has no I/O BAR");
	size = bars[io].end - bars[io].start + 1;
	snprintf(name, sizeof(name), "resource%d", io);
	fd = open_res(dev, name, O_RDWR);
	UT_EQ(pwrite(fd, &v, 4, 0), 4);
	UT_EQ(pread(fd, &got, 4, 0), 4);
	UT_EQ(got, 0x10);
	UT_EQ(pread(fd, &w, 2, 0), 2);
	UT_EQ(w, 0x10);
	UT_EQ(pread(fd, &b, 1, 0), 1);
	UT_EQ(b, 0x10);
	/* one access of 1, 2 or 4 bytes; the count is cut at the BAR's end */
	UT_ERRNO(pread(fd, big, 8, 0), EINVAL);
	UT_ERRNO(pread(fd, big, 3, 0), EINVAL);
	UT_EQ(pread(fd, &w, 4, size - 2), 2);
	UT_ERRNO(pread(fd, big, 4, size - 3), EINVAL);
	UT_EQ(pread(fd, &got, 4, size), 0);
	UT_ERRNO(pwrite(fd, &v, 4, size), EFBIG);
	close(fd);
	return UT_DONE;
}

/* each BAR is in /proc/iomem under its name; a bound driver below it */
static int iomem_bars(void)
{
	const char *dev = find_dev(0x1af4, 0x1110);
	struct bar bars[7];
	const char *name;

	if (!dev)
		UT_SKIP("no ivshmem-plain device");
	name = strrchr(dev, '/') + 1;
	UT_EQ(read_bars(dev, bars, 7), 7);
	UT_EXPECT(iomem_has(bars[2].start, name), "BAR 2 not in /proc/iomem as %s",
		  name);
	UT_EXPECT(iomem_has(bars[0].start, name), "BAR 0 not in /proc/iomem as %s",
		  name);
	UT_EXPECT(iomem_has(bars[2].start, "PCI Bus 0000:00"),
		  "BAR 2 outside the root bus window");
	return UT_DONE;
}

int main(void)
{
	static const struct ut_case cases[] = {
		UT_CASE(ivshmem_files),
		UT_CASE(other_files),
		UT_CASE(mem_rw_refused),
		UT_CASE(io_bar_access),
		UT_CASE(iomem_bars),
	};

	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
