// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite pat_owners: /sys/kernel/debug/x86/pat_memtype_owners, read
 * as user space reads it, with PAT on (reservations) and off (the live
 * mappings: nothing is reserved then).  A kernel ioremap_wc() and a user
 * mapping of raw frames, both of unused MMIO above RAM, must each have a
 * line while they are mapped and none after; the line's mode is what
 * the entries select (WC with PAT on, UC- with PAT off: the power-on
 * layout has no WC) and its effective type the SDM's for that mode over
 * write-back MTRRs (or none); lines come in start order.
 */
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/stat.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <asm/io.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/pfnmap.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include "../../../../../fs/tests/vfs_helpers.h"

#define OWNERS		"/sys/kernel/debug/x86/pat_memtype_owners"
#define ODEV_MAJOR	241	/* Linux's "local/experimental use" */
#define ODEV_PATH	"/towners"
#define UVA		0x40000000UL
#define MAX_WORDS	10
#define CALLER		"owners_test_ioremap+0x"

/* unused MMIO space above RAM and QEMU's windows, past the other suites' */
static u64 obase(void)
{
	return (1ULL << (boot_cpu_data.x86_phys_bits - 2)) + 0x30000000ULL;
}

/*
 * What the file must say for a WC request, typed from the SDM's table
 * (MTRR WB or none: PAT WC is WC, PAT UC- is UC), not computed the way
 * the file computes it; false (skipped) where the MTRRs are another type.
 */
static bool want_wc_line(struct ktest *t, u64 start, u64 end,
			 const char **mode, const char **eff)
{
	u8 uniform, mtrr = mtrr_type_lookup(start, end, &uniform);

	if (mtrr != MTRR_TYPE_WRBACK && mtrr != MTRR_TYPE_INVALID) {
		ktest_skip(t, "the MTRRs are not write-back above RAM");
		return false;
	}
	*mode = pat_enabled() ? "write-combining" : "uncached-minus";
	*eff = pat_enabled() ? "write-combining" : "uncached";
	return true;
}

static char owners_buf[16384];

/* the file's text in owners_buf, or false */
static bool owners_read(void)
{
	struct seq_file m = { .buf = owners_buf,
			      .size = sizeof(owners_buf) - 1 };

	if (vfile_show(OWNERS, &m) || m.count >= m.size)
		return false;
	owners_buf[m.count] = '\0';
	return true;
}

/*
 * The line of [start, end) in owners_buf, copied and split into words at
 * @w (valid until the next call); its index from 0 (the title), or -1.
 */
static int owners_line(u64 start, u64 end, char *w[MAX_WORDS])
{
	static char line[256];
	char want[64], *p, *nl;
	int i, n;

	snprintf(want, sizeof(want), "[mem 0x%016llx-0x%016llx]",
		 (unsigned long long)start, (unsigned long long)end);
	for (p = owners_buf, i = 0; (nl = strchr(p, '\n')); p = nl + 1, i++) {
		if (strncmp(p, want, strlen(want)))
			continue;
		strscpy(line, p, min_t(size_t, sizeof(line), nl - p + 1));
		for (p = line, n = 0; n < MAX_WORDS; n++) {
			while (*p == ' ')
				p++;
			w[n] = p;
			while (*p && *p != ' ')
				p++;
			if (*p)
				*p++ = '\0';
		}
		return i;
	}
	return -1;
}

/* the title says what the file holds: reservations, or mappings */
static void owners_test_title(struct ktest *t)
{
	const char *want = pat_enabled() ? "PAT memtype owners:\n" :
		"PAT memtype owners (PAT off: mappings, nothing reserved):\n";

	KTEST_ASSERT_TRUE(t, owners_read());
	KTEST_EXPECT_EQ(t, strncmp(owners_buf, want, strlen(want)), 0);
}

static void owners_test_ioremap(struct ktest *t)
{
	u64 a = obase(), b = obase() + 0x400000;
	const char *mode, *eff;
	void __iomem *pa, *pb;
	char *w[MAX_WORDS];
	int la, lb;

	if (!want_wc_line(t, a, b + PAGE_SIZE, &mode, &eff))
		return;
	/* the higher one first: the file sorts by start, not by age */
	pb = ioremap_wc(b, PAGE_SIZE);
	pa = ioremap_wc(a, 2 * PAGE_SIZE);
	KTEST_ASSERT_TRUE(t, pa && pb);
	KTEST_ASSERT_TRUE(t, owners_read());
	lb = owners_line(b, b + PAGE_SIZE, w);
	la = owners_line(a, a + 2 * PAGE_SIZE, w);
	KTEST_EXPECT_TRUE(t, la > 0 && lb > la);
	if (la > 0) {
		KTEST_EXPECT_STREQ(t, w[2], mode);
		KTEST_EXPECT_STREQ(t, w[3], "effective");
		KTEST_EXPECT_STREQ(t, w[4], eff);
		KTEST_EXPECT_STREQ(t, w[5], "owner");
		/* %pS of the caller: this function, name+0xoff/0xsize */
		KTEST_EXPECT_EQ(t, strncmp(w[6], CALLER, strlen(CALLER)), 0);
	}
	iounmap(pb);
	iounmap(pa);
	KTEST_ASSERT_TRUE(t, owners_read());
	KTEST_EXPECT_EQ(t, owners_line(a, a + 2 * PAGE_SIZE, w), -1);
	KTEST_EXPECT_EQ(t, owners_line(b, b + PAGE_SIZE, w), -1);
}

/* the test device: its ->mmap() maps obase() write-combining */
static int odev_mmap(struct file *file, struct vm_area_struct *vma)
{
	vma->vm_page_prot = pgprot_writecombine(vma->vm_page_prot);
	return remap_pfn_range(vma, vma->vm_start, PHYS_PFN(obase()),
			       vma->vm_end - vma->vm_start, vma->vm_page_prot);
}

static const struct file_operations odev_fops = {
	.mmap = odev_mmap,
};

static void owners_test_user_mapping(struct ktest *t)
{
	static bool registered;
	u64 a = obase(), len = 4 * PAGE_SIZE;
	const char *mode, *eff;
	struct mm_struct *mm;
	char *w[MAX_WORDS], who[64];
	struct file *file;
	long fd;

	if (!want_wc_line(t, a, a + len, &mode, &eff))
		return;
	if (!registered) {
		KTEST_ASSERT_TRUE(t, !register_chrdev(ODEV_MAJOR, "owners_test",
						      &odev_fops));
		registered = true;
	}
	t_mknod(ODEV_PATH, S_IFCHR | 0600, MKDEV(ODEV_MAJOR, 0));
	fd = t_open(ODEV_PATH, O_RDWR, 0);
	file = fd >= 0 ? fget(fd) : NULL;
	mm = mm_alloc();
	KTEST_ASSERT_TRUE(t, file && mm);
	KTEST_EXPECT_EQ(t, do_mmap(mm, file, UVA, len, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_FIXED, 0), UVA);
	KTEST_EXPECT_TRUE(t, owners_read());
	KTEST_EXPECT_TRUE(t, owners_line(a, a + len, w) > 0);
	KTEST_EXPECT_STREQ(t, w[2], mode);
	KTEST_EXPECT_STREQ(t, w[4], eff);
	KTEST_EXPECT_STREQ(t, w[5], "owner");
	KTEST_EXPECT_STREQ(t, w[6], "user");
	snprintf(who, sizeof(who), "%s:%d", current->comm, current->pid);
	KTEST_EXPECT_STREQ(t, w[7], who);
	KTEST_EXPECT_STREQ(t, w[8], ODEV_PATH);
	/* a split leaves one mapping, one line; its end frees it */
	KTEST_EXPECT_EQ(t, do_munmap(mm, UVA + PAGE_SIZE, PAGE_SIZE), 0);
	KTEST_EXPECT_TRUE(t, owners_read());
	KTEST_EXPECT_TRUE(t, owners_line(a, a + len, w) > 0);
	KTEST_EXPECT_EQ(t, do_munmap(mm, UVA, len), 0);
	KTEST_EXPECT_TRUE(t, owners_read());
	KTEST_EXPECT_EQ(t, owners_line(a, a + len, w), -1);
	mmput(mm);
	fput(file);
	close_fd(fd);
	t_unlink(ODEV_PATH);
}

static struct ktest_case owners_cases[] = {
	KTEST_CASE(owners_test_title),
	KTEST_CASE(owners_test_ioremap),
	KTEST_CASE(owners_test_user_mapping),
	{}
};

KTEST_SUITE(pat_owners, owners_cases);
