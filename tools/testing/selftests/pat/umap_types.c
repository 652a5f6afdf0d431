// SPDX-License-Identifier: GPL-2.0
/*
 * umap_types - the cache type a user mapping of device memory gets, per
 * file and open flag and per existing alias, with Linux 6.1's rules
 * (Documentation/x86/pat.rst "User mappings", Documentation/admin-guide/
 * devmem.rst, Documentation/fb/fbdev.rst), read back from
 * pat_memtype_list on both kernels and from the entries themselves
 * through cachet's pat_user_ptes (that case skips on Linux, which shows
 * no user PTE's cache bits).
 *
 * Device: QEMU's ivshmem-plain (the Makefile adds it), which no driver
 * claims on either kernel: BAR 2 (prefetchable, 16 MiB) through
 * resource2 (UC-), resource2_wc (WC) and /dev/mem; BAR 0 (256 bytes of
 * registers) for the size rounding.  The "WB device memory" case uses a
 * non-RAM page below 4 GiB that no uncachable MTRR covers, found from
 * each kernel's /proc/mtrr and /proc/iomem (the firmware's default type
 * being write-back).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>

#include "../../../../include/uapi/linux/fb.h"

#include "../user/ut.h"
#include "umap.h"

#define MIB		(1UL << 20)
#define LEN		(4 * PAGE)

static struct bar b2;

static int need_ivshmem(void)
{
	return ivshmem_bar(2, &b2);
}

/* the one entry for [start, start + len) has type @want */
#define UT_ENTRY(start, len, want, n)					\
	do {								\
		char __t[64] = "";					\
		UT_EQ(memtype_lookup((start), (start) + (len), __t,	\
				     sizeof(__t)), (n));		\
		UT_EXPECT(!strcmp(__t, (want)), "entry %s, want %s",	\
			  __t, (want));					\
	} while (0)

static int type_per_file(void)
{
	const struct {
		const char *file;
		int oflags;
		const char *want;
	} c[] = {
		{ "resource2", O_RDWR, "uncached-minus" },
		{ "resource2_wc", O_RDWR, "write-combining" },
		{ "/dev/mem", O_RDWR | O_SYNC, "uncached-minus" },
		/* WB asked, UC- granted: the MTRRs make the PCI hole UC */
		{ "/dev/mem", O_RDWR, "uncached-minus" },
	};
	unsigned int i;

	if (!need_ivshmem())
		UT_SKIP("no ivshmem-plain device");
	for (i = 0; i < UT_ARRAY_SIZE(c); i++) {
		int dm = c[i].file[0] == '/';
		const char *path = dm ? c[i].file : ivshmem_file(c[i].file);
		uint64_t off = dm ? b2.start : 0;
		void *p = umap(path, c[i].oflags, off, LEN);

		UT_EXPECT(p != MAP_FAILED, "%s%s: %s", c[i].file,
			  c[i].oflags & O_SYNC ? " O_SYNC" : "", strerror(errno));
		if (p == MAP_FAILED)
			continue;
		UT_ENTRY(b2.start, LEN, c[i].want, 1);
		((volatile uint32_t *)p)[1] = 0x5a5a0000 + i;
		UT_EQ(((volatile uint32_t *)p)[1], 0x5a5a0000 + i);
		UT_OK(munmap(p, LEN));
		UT_EQ(memtype_overlaps(b2.start, b2.start + LEN), 0);
	}
	return UT_DONE;
}

/* an existing reservation's type wins, even over O_SYNC's UC- */
static int type_per_alias(void)
{
	const struct {
		const char *first, *second;
		int oflags;
		const char *want;
	} c[] = {
		{ "resource2_wc", "resource2", O_RDWR, "write-combining" },
		{ "resource2_wc", "/dev/mem", O_RDWR | O_SYNC, "write-combining" },
		{ "resource2_wc", "/dev/mem", O_RDWR, "write-combining" },
		{ "resource2", "resource2_wc", O_RDWR, "uncached-minus" },
		{ "/dev/mem", "resource2_wc", O_RDWR, "uncached-minus" },
	};
	unsigned int i;

	if (!need_ivshmem())
		UT_SKIP("no ivshmem-plain device");
	for (i = 0; i < UT_ARRAY_SIZE(c); i++) {
		int dm1 = c[i].first[0] == '/', dm2 = c[i].second[0] == '/';
		void *p = umap(dm1 ? c[i].first : ivshmem_file(c[i].first),
			       O_RDWR, dm1 ? b2.start : 0, LEN);
		void *q = umap(dm2 ? c[i].second : ivshmem_file(c[i].second),
			       c[i].oflags, dm2 ? b2.start : 0, LEN);

		UT_EXPECT(p != MAP_FAILED && q != MAP_FAILED,
			  "%s then %s: %s", c[i].first, c[i].second,
			  strerror(errno));
		/* one entry per mapping, both with the first one's type */
		UT_ENTRY(b2.start, LEN, c[i].want, 2);
		if (p != MAP_FAILED && q != MAP_FAILED) {
			/* two views of the same frames */
			((volatile uint32_t *)p)[3] = 0xc0de0000 + i;
			UT_EQ(((volatile uint32_t *)q)[3], 0xc0de0000 + i);
		}
		if (p != MAP_FAILED)
			munmap(p, LEN);
		if (q != MAP_FAILED)
			munmap(q, LEN);
		UT_EQ(memtype_overlaps(b2.start, b2.start + LEN), 0);
	}
	return UT_DONE;
}

/* the mapping's entries carry the type granted (cachet's pat_user_ptes) */
static int pte_types(void)
{
	const struct {
		const char *file;
		int oflags;
		const char *want;
	} c[] = {
		{ "resource2", O_RDWR, "uncached-minus" },
		{ "resource2_wc", O_RDWR, "write-combining" },
		{ "/dev/mem", O_RDWR | O_SYNC, "uncached-minus" },
	};
	unsigned int i;
	char m[64];

	if (!need_ivshmem())
		UT_SKIP("no ivshmem-plain device");
	if (access(PAT_USER_PTES, R_OK))
		UT_SKIP("no %s: Linux shows no user PTE's cache bits",
			PAT_USER_PTES);
	for (i = 0; i < UT_ARRAY_SIZE(c); i++) {
		int dm = c[i].file[0] == '/';
		void *p = umap(dm ? c[i].file : ivshmem_file(c[i].file),
			       c[i].oflags, dm ? b2.start : 0, LEN);

		UT_EXPECT(p != MAP_FAILED, "%s: %s", c[i].file, strerror(errno));
		if (p == MAP_FAILED)
			continue;
		m[0] = '\0';
		UT_EQ(pte_mode(p, LEN, b2.start / PAGE, m, sizeof(m)), 1);
		UT_EXPECT(!strcmp(m, c[i].want), "%s: PTEs %s, want %s",
			  c[i].file, m, c[i].want);
		munmap(p, LEN);
	}
	/* an alias: the second mapping's entries get the first one's WC */
	{
		void *p = umap(ivshmem_file("resource2_wc"), O_RDWR, 0, LEN);
		void *q = umap("/dev/mem", O_RDWR | O_SYNC, b2.start, LEN);

		UT_EXPECT(p != MAP_FAILED && q != MAP_FAILED, "alias: %s",
			  strerror(errno));
		m[0] = '\0';
		UT_EQ(pte_mode(q, LEN, b2.start / PAGE, m, sizeof(m)), 1);
		UT_EXPECT(!strcmp(m, "write-combining"), "alias PTEs %s", m);
		munmap(p, LEN);
		munmap(q, LEN);
	}
	return UT_DONE;
}

/* a page below 4 GiB, above RAM, that the MTRRs leave WB; 0 if none */
static uint64_t wb_device_page(void)
{
	uint64_t ram = iomem_ram_end(), a;
	FILE *f;
	char line[200];

	for (a = (ram + 64 * MIB) & ~(64 * MIB - 1); a < (1ULL << 32);
	     a += 64 * MIB) {
		int uc = 0;

		f = fopen("/proc/mtrr", "r");
		if (!f)
			return 0;
		while (fgets(line, sizeof(line), f)) {
			unsigned long long base, size;
			char unit;

			if (sscanf(line, "reg%*d: base=0x%llx ( %*dMB), size= %llu%c",
				   &base, &size, &unit) != 3)
				continue;
			size <<= unit == 'K' ? 10 : unit == 'M' ? 20 : 30;
			if (a + PAGE > base && a < base + size &&
			    !strstr(line, "write-back"))
				uc = 1;
		}
		fclose(f);
		if (!uc && !iomem_has(a, "System RAM"))
			return a;
	}
	return 0;
}

/*
 * is_new_memtype_allowed() from user space: of its refusals (UC-, WC or
 * WT asked and WB granted; WT asked and WC granted), user space can
 * reach UC- over WB (/dev/mem O_SYNC over a WB /dev/mem mapping); no
 * user interface asks WT, and no PCI BAR lies where the MTRRs say WB.
 * The accepted changes: WB asked and UC- or WC granted, UC- asked and WC
 * granted, WC asked and UC- granted (type_per_alias).
 */
static int new_memtype_allowed(void)
{
	uint64_t a = wb_device_page();
	char text[160];
	void *p, *q;

	if (!a)
		UT_SKIP("no non-RAM page the MTRRs leave write-back");
	p = umap("/dev/mem", O_RDWR, a, PAGE);
	UT_EXPECT(p != MAP_FAILED, "WB /dev/mem at %#llx: %s",
		  (unsigned long long)a, strerror(errno));
	UT_ENTRY(a, PAGE, "write-back", 1);
	/* remap_pfn_range() fails, which mmap_mem() reports as EAGAIN */
	errno = 0;
	q = umap("/dev/mem", O_RDWR | O_SYNC, a, PAGE);
	UT_EXPECT(q == MAP_FAILED && errno == EAGAIN,
		  "UC- over WB: want EAGAIN, got %s", strerror(errno));
	snprintf(text, sizeof(text),
		 "umap_types:%d map pfn expected mapping type uncached-minus for [mem %#010llx-%#010llx], got write-back",
		 (int)getpid(), (unsigned long long)a,
		 (unsigned long long)(a + PAGE - 1));
	UT_EQ(kmsg_has(text), 1);
	UT_ENTRY(a, PAGE, "write-back", 1);
	/* WB over WB is fine */
	q = umap("/dev/mem", O_RDWR, a, PAGE);
	UT_EXPECT(q != MAP_FAILED, "WB over WB: %s", strerror(errno));
	UT_ENTRY(a, PAGE, "write-back", 2);
	if (q != MAP_FAILED)
		munmap(q, PAGE);
	if (p != MAP_FAILED)
		munmap(p, PAGE);
	UT_EQ(memtype_overlaps(a, a + PAGE), 0);
	return UT_DONE;
}

/* STRICT_DEVMEM's ranges for mmap, and the ISA hole untracked */
static int devmem_ranges(void)
{
	uint64_t ram = iomem_ram_end();
	void *p;

	/* the ISA hole: mapped WB, no entry, even under O_SYNC */
	p = umap("/dev/mem", O_RDWR | O_SYNC, 0xa0000, 0x60000);
	UT_EXPECT(p != MAP_FAILED, "ISA hole: %s", strerror(errno));
	UT_EQ(memtype_overlaps(0xa0000, 0x100000), 0);
	if (p != MAP_FAILED)
		munmap(p, 0x60000);
	/* RAM in the first MiB is mapped (read() shows zeros instead) */
	p = umap("/dev/mem", O_RDWR, 0x1000, PAGE);
	UT_EXPECT(p != MAP_FAILED, "low RAM: %s", strerror(errno));
	if (p != MAP_FAILED)
		munmap(p, PAGE);
	/* RAM above it, wholly or by one page, is refused */
	UT_EXPECT(umap("/dev/mem", O_RDWR, 16 * MIB, PAGE) == MAP_FAILED &&
		  errno == EPERM, "RAM: %s", strerror(errno));
	UT_EXPECT(umap("/dev/mem", O_RDWR, MIB - PAGE, 2 * PAGE) ==
		  MAP_FAILED && errno == EPERM, "RAM across 1 MiB: %s",
		  strerror(errno));
	UT_EXPECT(umap("/dev/mem", O_RDWR, ram - PAGE, 2 * PAGE) ==
		  MAP_FAILED && errno == EPERM, "RAM's last page: %s",
		  strerror(errno));
	/* an unaligned offset never reaches the driver */
	UT_EXPECT(umap("/dev/mem", O_RDWR, b2.start + 1, PAGE) ==
		  MAP_FAILED && errno == EINVAL, "unaligned: %s",
		  strerror(errno));
	/* past the largest offset */
	UT_EXPECT(umap("/dev/mem", O_RDWR, -PAGE, 2 * PAGE) == MAP_FAILED &&
		  errno == EOVERFLOW, "wrapping: %s", strerror(errno));
	return UT_DONE;
}

/* a range a driver claimed: the bochs VGA's BAR 0 */
static int claimed_refused(void)
{
	const char *dev = find_dev(0x1234, 0x1111);
	struct bar bars[7];
	char path[400];
	int fd;

	if (!dev || read_bars(dev, bars, 7) < 7)
		UT_SKIP("no standard VGA");
	if (!iomem_has(bars[0].start, "bochs-drm"))
		UT_SKIP("no driver claimed the VGA (bochs-drm not loaded)");
	UT_EXPECT(umap("/dev/mem", O_RDWR | O_SYNC, bars[0].start, PAGE) ==
		  MAP_FAILED && errno == EPERM, "/dev/mem: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/resource0", dev);
	UT_EXPECT(umap(path, O_RDWR, 0, PAGE) == MAP_FAILED &&
		  errno == EINVAL, "resource0: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/resource0_wc", dev);
	fd = open(path, O_RDWR);
	if (fd >= 0) {
		UT_EXPECT(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 0) ==
			  MAP_FAILED && errno == EINVAL, "resource0_wc: %s",
			  strerror(errno));
		close(fd);
	}
	return UT_DONE;
}

/* pci_mmap_fits(): offset and length inside the BAR, pages rounded up */
static int resource_fits(void)
{
	const char *wc = ivshmem_file("resource2_wc");
	uint64_t size;
	struct bar b0;
	void *p;

	if (!need_ivshmem() || !ivshmem_bar(0, &b0))
		UT_SKIP("no ivshmem-plain device");
	size = b2.end - b2.start + 1;
	p = umap(wc, O_RDWR, size - PAGE, PAGE);
	UT_EXPECT(p != MAP_FAILED, "last page: %s", strerror(errno));
	if (p != MAP_FAILED)
		munmap(p, PAGE);
	UT_EXPECT(umap(wc, O_RDWR, size - PAGE, 2 * PAGE) == MAP_FAILED &&
		  errno == EINVAL, "past the end: %s", strerror(errno));
	UT_EXPECT(umap(wc, O_RDWR, size, PAGE) == MAP_FAILED &&
		  errno == EINVAL, "at the end: %s", strerror(errno));
	UT_EXPECT(umap(wc, O_RDWR, 0, size + PAGE) == MAP_FAILED &&
		  errno == EINVAL, "too long: %s", strerror(errno));
	UT_EXPECT(umap(wc, O_RDWR, -PAGE, PAGE) == MAP_FAILED,
		  "far offset mapped");
	UT_EXPECT(umap(wc, O_RDWR, 1, PAGE) == MAP_FAILED &&
		  errno == EINVAL, "unaligned: %s", strerror(errno));
	/* BAR 0 is 256 bytes: one page maps, two do not */
	p = umap(ivshmem_file("resource0"), O_RDWR, 0, PAGE);
	UT_EXPECT(p != MAP_FAILED, "BAR 0: %s", strerror(errno));
	UT_ENTRY(b0.start, PAGE, "uncached-minus", 1);
	if (p != MAP_FAILED)
		munmap(p, PAGE);
	UT_EXPECT(umap(ivshmem_file("resource0"), O_RDWR, 0, 2 * PAGE) ==
		  MAP_FAILED && errno == EINVAL, "BAR 0 two pages: %s",
		  strerror(errno));
	/* a read-only file cannot be mapped shared and writable */
	UT_EXPECT(umap(wc, O_RDONLY, 0, PAGE) == MAP_FAILED &&
		  errno == EACCES, "read-only: %s", strerror(errno));
	UT_EXPECT(umap("/sys/bus/pci/devices/0000:ff:1f.7/resource0", O_RDWR,
		       0, PAGE) == MAP_FAILED && errno == ENOENT,
		  "nonexistent device: %s", strerror(errno));
	return UT_DONE;
}

/* x86 cannot map I/O space: an I/O BAR file has no mmap */
static int io_bar_refused(void)
{
	const char *dev = find_dev(0x8086, 0x10d3);
	struct bar bars[7];
	char path[400];
	int i;

	if (!dev || read_bars(dev, bars, 7) < 7)
		UT_SKIP("no e1000e (8086:10d3)");
	for (i = 0; i < 6 && !(bars[i].flags & IORESOURCE_IO); i++)
		;
	if (i == 6)
		UT_SKIP("the e1000e has no I/O BAR");
	snprintf(path, sizeof(path), "%s/resource%d", dev, i);
	UT_EXPECT(umap(path, O_RDWR, 0, PAGE) == MAP_FAILED &&
		  errno == ENODEV, "I/O BAR: %s", strerror(errno));
	return UT_DONE;
}

/*
 * Conflicting reservations: remap_pfn_range() turns memtype_reserve()'s
 * EBUSY into EINVAL (resourceN), which mmap_mem() reports as EAGAIN.
 */
static int conflicts(void)
{
	void *uc, *wc;

	if (!need_ivshmem())
		UT_SKIP("no ivshmem-plain device");
	uc = umap(ivshmem_file("resource2"), O_RDWR, 0, PAGE);
	wc = umap(ivshmem_file("resource2_wc"), O_RDWR, PAGE, PAGE);
	UT_EXPECT(uc != MAP_FAILED && wc != MAP_FAILED, "setup: %s",
		  strerror(errno));
	UT_EXPECT(umap(ivshmem_file("resource2"), O_RDWR, 0, 2 * PAGE) ==
		  MAP_FAILED && errno == EINVAL, "resource2 over both: %s",
		  strerror(errno));
	UT_EXPECT(umap("/dev/mem", O_RDWR | O_SYNC, b2.start, 2 * PAGE) ==
		  MAP_FAILED && errno == EAGAIN, "/dev/mem over both: %s",
		  strerror(errno));
	UT_EQ(kmsg_has("conflicting memory types"), 1);
	/* nothing was added */
	UT_EQ(memtype_overlaps(b2.start, b2.start + 2 * PAGE), 2);
	munmap(uc, PAGE);
	munmap(wc, PAGE);
	UT_EQ(memtype_overlaps(b2.start, b2.start + 2 * PAGE), 0);
	return UT_DONE;
}

/*
 * /dev/fb0: the mapping adopts the driver's ioremap_wc() (driver first,
 * user second; a driver reserving after a user mapped is the KTAP suite
 * pfnmap's conflicting_types case).  Linux 6.1's bochs-drm goes through
 * DRM's fbdev emulation, which hides smem_start (0) and refuses the
 * out-of-range mappings with EAGAIN where fbdev's generic fb_mmap()
 * (cachet's) says EINVAL: there the data is checked, the rest skips.
 */
static int fb_mmap(void)
{
	struct fb_fix_screeninfo fix;
	int fd = open("/dev/fb0", O_RDWR);
	uint32_t *p, v = 0;
	size_t len;
	int before;

	if (fd < 0)
		UT_SKIP("no /dev/fb0");
	memset(&fix, 0, sizeof(fix));
	UT_OK(ioctl(fd, FBIOGET_FSCREENINFO, &fix));
	len = (fix.smem_len + PAGE - 1) & ~(PAGE - 1);
	before = fix.smem_start ? memtype_lookup(fix.smem_start,
						 fix.smem_start + len,
						 NULL, 0) : 0;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	UT_EXPECT(p != MAP_FAILED, "fb0: %s", strerror(errno));
	if (p != MAP_FAILED) {
		p[5] = 0x00ff00ff;
		UT_EQ(pread(fd, &v, 4, 20), 4);
		UT_EQ(v, 0x00ff00ff);
		if (fix.smem_start)
			UT_ENTRY(fix.smem_start, len, "write-combining",
				 before + 1);
		munmap(p, len);
	}
	if (!fix.smem_start) {
		close(fd);
		UT_SKIP("DRM fbdev emulation (Linux 6.1 bochs-drm): data checked, type and bounds not");
	}
	UT_EQ(memtype_lookup(fix.smem_start, fix.smem_start + len, NULL, 0),
	      before);
	UT_EXPECT(mmap(NULL, len + PAGE, PROT_READ, MAP_SHARED, fd, 0) ==
		  MAP_FAILED && errno == EINVAL, "too long: %s", strerror(errno));
	UT_EXPECT(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, len) ==
		  MAP_FAILED && errno == EINVAL, "registers: %s",
		  strerror(errno));
	close(fd);
	return UT_DONE;
}

int main(void)
{
	static const struct ut_case cases[] = {
		UT_CASE(type_per_file),
		UT_CASE(type_per_alias),
		UT_CASE(pte_types),
		UT_CASE(new_memtype_allowed),
		UT_CASE(devmem_ranges),
		UT_CASE(claimed_refused),
		UT_CASE(resource_fits),
		UT_CASE(io_bar_refused),
		UT_CASE(conflicts),
		UT_CASE(fb_mmap),
	};

	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
