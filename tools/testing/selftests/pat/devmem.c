// SPDX-License-Identifier: GPL-2.0
/*
 * devmem - /dev/mem and /dev/port read, write and lseek with Linux 6.1's
 * rules under CONFIG_STRICT_DEVMEM and CONFIG_IO_STRICT_DEVMEM
 * (Documentation/admin-guide/devmem.rst): the first MiB readable with
 * its RAM as zeros, RAM above refused (EPERM), nothing past the end of
 * RAM (EFAULT), a read or write failing whole at the first refused page
 * or bad buffer page (Linux 6.1 returns no partial count there, though
 * the pages before were copied), unsigned positions, and no reservation
 * left behind by the temporary mappings.  mmap of /dev/mem is a later
 * program (issue 14 item 4).
 *
 * The machine's layout is read from /proc/iomem, never assumed: a page
 * is "RAM" here when the kernel under test says so.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include "../user/ut.h"
#include "iomem.h"

#define PAGE		4096UL
#define MIB		0x100000UL
#define BIOS_START	0xe0000UL	/* where the ACPI RSDP may be */
/*
 * The last bytes of the two halves of the legacy VGA window: in text
 * mode (Linux without a framebuffer driver) the card decodes
 * 0xb8000-0xbffff, in the Bochs VBE mode cachet's bochs driver sets,
 * the 64 KiB bank at 0xa0000.
 */
#define VGA_TOP		0xbfff0UL
#define VGA_BANK_TOP	0xafff0UL

static int open_mem(int flags)
{
	int fd = open("/dev/mem", flags);

	UT_EXPECT(fd >= 0, "open /dev/mem: %s", strerror(errno));
	return fd;
}

/* lseek without libc's error mapping: the raw position or -errno */
static long raw_lseek(int fd, long off, int whence)
{
	long r = syscall(SYS_lseek, fd, off, whence);

	/* libc maps -4095..-1 to -1 and errno; -1 is never a position here */
	return r == -1 ? -errno : r;
}

static int all_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

static int node(void)
{
	struct stat st;

	UT_OK(stat("/dev/mem", &st));
	UT_EXPECT(S_ISCHR(st.st_mode), "/dev/mem is not a character device");
	UT_EQ(major(st.st_rdev), 1);
	UT_EQ(minor(st.st_rdev), 1);
	UT_EQ(st.st_mode & 07777, 0600);
	UT_OK(stat("/dev/port", &st));
	UT_EQ(major(st.st_rdev), 1);
	UT_EQ(minor(st.st_rdev), 4);
	UT_EQ(st.st_mode & 07777, 0600);
	return UT_DONE;
}

/* as nobody the 0600 node is out of reach before the driver is asked */
static int nobody_child(long unused)
{
	if (setuid(65534))
		return 2;
	if (open("/dev/mem", O_RDONLY) >= 0 || errno != EACCES)
		return 1;
	return open("/dev/port", O_RDONLY) >= 0 || errno != EACCES;
}

static int open_as_nobody(void)
{
	UT_EQ(ut_in_child(nobody_child, 0), 0);
	return UT_DONE;
}

static int lseek_rules(void)
{
	int fd = open_mem(O_RDONLY);

	UT_EQ(raw_lseek(fd, 0xf0000, SEEK_SET), 0xf0000);
	UT_EQ(raw_lseek(fd, 0x10, SEEK_CUR), 0xf0010);
	UT_EQ(raw_lseek(fd, -0x20, SEEK_CUR), 0xefff0);
	UT_EQ(raw_lseek(fd, 0, SEEK_END), -EINVAL);
	UT_EQ(raw_lseek(fd, 0, SEEK_DATA), -EINVAL);
	/* a position past every physical address is still a position */
	UT_EQ(raw_lseek(fd, 1L << 62, SEEK_SET), 1L << 62);
	/* the last 4095 would read as errors: refused */
	UT_EQ(raw_lseek(fd, -1, SEEK_SET), -EOVERFLOW);
	UT_EQ(raw_lseek(fd, -4095, SEEK_SET), -EOVERFLOW);
	UT_EQ(raw_lseek(fd, 0, SEEK_SET), 0);
	UT_EQ(raw_lseek(fd, -1, SEEK_CUR), -EOVERFLOW);
	/* -4096 is not an error code: a valid, "negative" position */
	UT_EQ(raw_lseek(fd, -4096, SEEK_SET), -4096);
	close(fd);
	return UT_DONE;
}

/* the ACPI RSDP lies on a 16-byte boundary of the BIOS area; sum is 0 */
static int bios_rsdp(void)
{
	static unsigned char bios[MIB - BIOS_START];
	int fd = open_mem(O_RDONLY);
	size_t off, found = 0;

	UT_EQ(pread(fd, bios, sizeof(bios), BIOS_START), sizeof(bios));
	for (off = 0; off + 20 <= sizeof(bios); off += 16) {
		unsigned char sum = 0;
		int i;

		if (memcmp(bios + off, "RSD PTR ", 8))
			continue;
		for (i = 0; i < 20; i++)
			sum += bios[off + i];
		if (!sum) {
			found = BIOS_START + off;
			break;
		}
	}
	UT_EXPECT(found, "no RSDP with a valid checksum in 0xe0000-0xfffff");
	UT_EXPECT(!iomem_has(found, "System RAM"), "the RSDP is in RAM?");
	close(fd);
	return UT_DONE;
}

/* the first page of the first MiB that /proc/iomem calls RAM, else 0 */
static uint64_t low_ram_page(uint64_t from)
{
	uint64_t p;

	for (p = from; p < MIB; p += PAGE)
		if (iomem_has(p, "System RAM"))
			return p;
	return 0;
}

/* RAM below 1 MiB reads as zeros; the page of the EBDA proves it */
static int low_ram_zeros(void)
{
	static unsigned char buf[PAGE];
	int fd = open_mem(O_RDWR);
	uint64_t ebda = 0x9f000, p = low_ram_page(PAGE);

	if (!p)
		UT_SKIP("no RAM in the first MiB");
	memset(buf, 0xa5, sizeof(buf));
	UT_EQ(pread(fd, buf, PAGE, p), PAGE);
	UT_EXPECT(all_zero(buf, PAGE), "RAM page %#llx not shown as zeros",
		  (unsigned long long)p);
	/* half RAM, half firmware data: RAM wins for the whole page */
	if (iomem_has(ebda, "System RAM") && iomem_has(ebda + PAGE - 1, NULL)) {
		memset(buf, 0xa5, sizeof(buf));
		UT_EQ(pread(fd, buf, PAGE, ebda), PAGE);
		UT_EXPECT(all_zero(buf, PAGE), "page 0x9f000 not zeros");
	}
	/* writes there are consumed and dropped */
	memset(buf, 0x5a, sizeof(buf));
	UT_EQ(pwrite(fd, buf, 64, p), 64);
	UT_EQ(pread(fd, buf, 64, p), 64);
	UT_EXPECT(all_zero(buf, 64), "a write to low RAM showed through");
	close(fd);
	return UT_DONE;
}

static int ram_refused(void)
{
	static unsigned char buf[2 * PAGE], page[PAGE];
	int fd = open_mem(O_RDWR);
	uint64_t end = iomem_ram_end();

	UT_EXPECT(iomem_has(MIB, "System RAM"), "no RAM at 1 MiB?");
	UT_ERRNO(pread(fd, buf, 16, MIB), EPERM);
	UT_ERRNO(pread(fd, buf, 16, end - PAGE), EPERM);
	UT_ERRNO(pwrite(fd, buf, 16, MIB), EPERM);
	/*
	 * A read reaching a refused page fails whole, the bytes before it
	 * copied to the buffer all the same; the position does not move.
	 */
	UT_EQ(pread(fd, page, PAGE, MIB - PAGE), PAGE);
	memset(buf, 0, sizeof(buf));
	UT_ERRNO(pread(fd, buf, sizeof(buf), MIB - PAGE), EPERM);
	UT_EXPECT(!memcmp(buf, page, PAGE), "first page not copied");
	/* so does a write, though its first page was written */
	UT_ERRNO(pwrite(fd, page, sizeof(buf), MIB - PAGE), EPERM);
	UT_EQ(lseek(fd, MIB - PAGE, SEEK_SET), MIB - PAGE);
	UT_ERRNO(read(fd, buf, sizeof(buf)), EPERM);
	UT_EQ(lseek(fd, 0, SEEK_CUR), MIB - PAGE);
	UT_EQ(read(fd, buf, PAGE), PAGE);
	UT_EQ(lseek(fd, 0, SEEK_CUR), MIB);
	close(fd);
	return UT_DONE;
}

/* read and write reach only up to the end of RAM, whatever lies above */
static int past_ram_end(void)
{
	unsigned char buf[16];
	int fd = open_mem(O_RDWR);
	uint64_t end = iomem_ram_end();

	UT_EXPECT(end > MIB, "no System RAM in /proc/iomem");
	UT_ERRNO(pread(fd, buf, sizeof(buf), end), EFAULT);
	UT_ERRNO(pread(fd, buf, sizeof(buf), end - 8), EFAULT);
	UT_ERRNO(pwrite(fd, buf, sizeof(buf), end), EFAULT);
	UT_ERRNO(pread(fd, buf, sizeof(buf), 0xfee00000), EFAULT);
	UT_ERRNO(pread(fd, buf, sizeof(buf), 1L << 52), EFAULT);
	UT_ERRNO(pread(fd, buf, sizeof(buf), (1L << 62) + 0x1000), EFAULT);
	close(fd);
	return UT_DONE;
}

/* positions above 2^63: read() takes them, -pos must exceed the count */
static int negative_positions(void)
{
	unsigned char buf[PAGE];
	int fd = open_mem(O_RDONLY);

	UT_EQ(raw_lseek(fd, -4096, SEEK_SET), -4096);
	UT_ERRNO(read(fd, buf, 16), EFAULT);
	UT_ERRNO(read(fd, buf, PAGE), EOVERFLOW);
	/* pread's position is signed: a negative one is EINVAL */
	UT_ERRNO(pread(fd, buf, 16, -4096), EINVAL);
	close(fd);
	return UT_DONE;
}

static int bad_buffers(void)
{
	int fd = open_mem(O_RDONLY);
	unsigned char *m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t zp = low_ram_page(PAGE);

	UT_EXPECT(m != MAP_FAILED, "mmap: %s", strerror(errno));
	UT_OK(mprotect(m + PAGE, PAGE, PROT_NONE));
	UT_ERRNO(pread(fd, NULL, 16, 0xf0000), EFAULT);
	UT_ERRNO(pread(fd, m + PAGE, 16, 0xf0000), EFAULT);
	/* the first page copied, the second faults: EFAULT, no count */
	UT_ERRNO(pread(fd, m, 2 * PAGE, 0xf0000), EFAULT);
	if (zp)
		UT_ERRNO(pread(fd, m + PAGE, 16, zp), EFAULT);
	/* a write from a bad buffer fails before touching anything */
	UT_ERRNO(pwrite(fd, NULL, 16, VGA_TOP), EBADF);
	close(fd);
	fd = open_mem(O_WRONLY);
	UT_ERRNO(pwrite(fd, m + PAGE, 16, VGA_TOP), EFAULT);
	close(fd);
	munmap(m, 2 * PAGE);
	return UT_DONE;
}

/* write a pattern at @addr, read it back, restore; 1 if it was kept */
static int round_trip(int fd, unsigned long addr)
{
	static const unsigned char pat[16] = "cachet devmem ok";
	unsigned char old[16], got[16];

	UT_EQ(pread(fd, old, sizeof(old), addr), sizeof(old));
	UT_EQ(pwrite(fd, pat, sizeof(pat), addr), sizeof(pat));
	UT_EQ(pread(fd, got, sizeof(got), addr), sizeof(got));
	UT_EQ(pwrite(fd, old, sizeof(old), addr), sizeof(old));
	return !memcmp(got, pat, sizeof(pat));
}

/* the VGA window is device memory: what is written there reads back */
static int vga_round_trip(void)
{
	int fd = open_mem(O_RDWR);
	int text = round_trip(fd, VGA_TOP), bank = round_trip(fd, VGA_BANK_TOP);

	UT_EXPECT(text || bank, "neither VGA window half kept what was written");
	close(fd);
	return UT_DONE;
}

/* each page's mapping is dropped: no reservation stays behind */
static int no_memtype_left(void)
{
	static unsigned char buf[MIB - 0xa0000];
	int fd = open_mem(O_RDONLY), before, after;

	before = memtype_overlaps(0, MIB);
	if (before < 0)
		UT_SKIP("no %s (debugfs)", PAT_MEMTYPE_LIST);
	UT_EQ(pread(fd, buf, sizeof(buf), 0xa0000), sizeof(buf));
	after = memtype_overlaps(0, MIB);
	UT_EQ(after, before);
	close(fd);
	return UT_DONE;
}

static int port_rules(void)
{
	unsigned char buf[8];
	int fd = open("/dev/port", O_RDWR);

	UT_EXPECT(fd >= 0, "open /dev/port: %s", strerror(errno));
	/* port 0xffff is the last: a read from there gets one byte */
	UT_EQ(pread(fd, buf, 4, 0xffff), 1);
	UT_EQ(pread(fd, buf, 4, 0x10000), 0);
	UT_EQ(pwrite(fd, buf, 4, 0x10000), 0);
	/* the POST diagnostic port takes anything */
	UT_EQ(pwrite(fd, "\x55", 1, 0x80), 1);
	UT_EQ(lseek(fd, 0x80, SEEK_SET), 0x80);
	UT_EQ(read(fd, buf, 2), 2);
	UT_EQ(lseek(fd, 0, SEEK_CUR), 0x82);
	UT_EQ(raw_lseek(fd, 0, SEEK_END), -EINVAL);
	UT_ERRNO(pread(fd, NULL, 2, 0x80), EFAULT);
	close(fd);
	return UT_DONE;
}

int main(void)
{
	static const struct ut_case cases[] = {
		UT_CASE(node),
		UT_CASE(open_as_nobody),
		UT_CASE(lseek_rules),
		UT_CASE(bios_rsdp),
		UT_CASE(low_ram_zeros),
		UT_CASE(ram_refused),
		UT_CASE(past_ram_end),
		UT_CASE(negative_positions),
		UT_CASE(bad_buffers),
		UT_CASE(vga_round_trip),
		UT_CASE(no_memtype_left),
		UT_CASE(port_rules),
	};

	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
