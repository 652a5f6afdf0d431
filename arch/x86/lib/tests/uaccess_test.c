// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP: user-memory access.  No user address space exists yet, so every
 * user address is unmapped: the routines must turn each fault into an
 * error.  The fixup arithmetic (what is left after a fault part way) is
 * checked on the primitives across the end of a kernel mapping.
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor-flags.h>
#include <asm/processor.h>
#include <asm/special_insns.h>
#include <asm/uaccess.h>

#define UPTR(a)	((void __user *)(unsigned long)(a))

static bool all_zero(const char *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static void uaccess_test_access_ok(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, access_ok(UPTR(0), TASK_SIZE_MAX));
	KTEST_EXPECT_TRUE(t, access_ok(UPTR(TASK_SIZE_MAX - 1), 1));
	KTEST_EXPECT_TRUE(t, access_ok(UPTR(TASK_SIZE_MAX), 0));
	KTEST_EXPECT_FALSE(t, access_ok(UPTR(TASK_SIZE_MAX), 1));
	KTEST_EXPECT_FALSE(t, access_ok(UPTR(1), TASK_SIZE_MAX));
	KTEST_EXPECT_FALSE(t, access_ok(UPTR(0x1000), ~0UL));
	KTEST_EXPECT_FALSE(t, access_ok(UPTR(~0UL - 1), 4));
	KTEST_EXPECT_FALSE(t, access_ok(UPTR(__PAGE_OFFSET), 1));
}

/* a kernel pointer passed as a user one is refused untouched */
static void uaccess_test_kernel_pointer(struct ktest *t)
{
	static const char secret[16] = "kernel secret!!";
	char buf[16];
	long r;

	memset(buf, 0xaa, sizeof(buf));
	KTEST_EXPECT_EQ(t, copy_from_user(buf, UPTR(secret), sizeof(buf)),
			sizeof(buf));
	KTEST_EXPECT_TRUE(t, all_zero(buf, sizeof(buf)));
	KTEST_EXPECT_EQ(t, copy_to_user(UPTR(buf), secret, sizeof(buf)),
			sizeof(buf));
	KTEST_EXPECT_EQ(t, buf[0], 0);
	KTEST_EXPECT_EQ(t, clear_user(UPTR(secret), 4), 4);
	r = strncpy_from_user(buf, UPTR(secret), sizeof(buf));
	KTEST_EXPECT_EQ(t, r, -EFAULT);
}

/* every user address is unmapped for now: each access faults */
static void uaccess_test_unmapped(struct ktest *t)
{
	const unsigned long ua = 0x400000;
	char buf[32];
	u64 v = 0x1234;
	int err;

	memset(buf, 0xaa, sizeof(buf));
	KTEST_EXPECT_EQ(t, copy_from_user(buf, UPTR(ua), sizeof(buf)),
			sizeof(buf));
	KTEST_EXPECT_TRUE(t, all_zero(buf, sizeof(buf)));
	KTEST_EXPECT_EQ(t, copy_to_user(UPTR(ua), buf, 7), 7);
	KTEST_EXPECT_EQ(t, clear_user(UPTR(ua), 9), 9);
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, UPTR(ua), 8), -EFAULT);
	err = get_user(v, (u64 __user *)UPTR(ua));
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, v, 0);
	KTEST_EXPECT_EQ(t, put_user(v, (u64 __user *)UPTR(TASK_SIZE_MAX - 8)),
			-EFAULT);
	/* the top of the user half: a string runs into the limit */
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, UPTR(TASK_SIZE_MAX - 1), 8),
			-EFAULT);
}

/*
 * One mapped page followed by an unmapped one: a copy that crosses into
 * the hole does exactly the bytes before it and reports the rest.
 */
/*
 * The copies move qwords and then bytes: whichever instruction faults,
 * the count left must be exact, for every length and distance to the
 * unmapped page at @end.
 */
static void fault_part_way_every_split(struct ktest *t, char *end)
{
	char buf[40];
	unsigned long k, n, bad = 0;

	for (k = 0; k <= 24; k++)
		for (n = 0; n <= 32; n++) {
			unsigned long want = n > k ? n - k : 0;

			memset(end - k, 0x77, k);
			memset(buf, 0x11, sizeof(buf));
			if (__copy_user_bytes(buf, end - k, n) != want ||
			    (n - want && (buf[n - want - 1] != 0x77)) ||
			    buf[n - want] != 0x11)
				bad++;
			memset(buf, 0x11, sizeof(buf));
			if (__copy_user_bytes(end - k, buf, n) != want ||
			    (n - want && end[-(long)k + (long)(n - want) - 1] !=
					 0x11))
				bad++;
			memset(end - k, 0x77, k);
			if (__clear_user_bytes(end - k, n) != want ||
			    (n - want && end[-(long)k + (long)(n - want) - 1]) ||
			    (k > n - want && end[-(long)k + (long)(n - want)] !=
					     0x77))
				bad++;
		}
	KTEST_EXPECT_EQ(t, bad, 0);
}

static void uaccess_test_fault_part_way(struct ktest *t)
{
	struct vm_struct *area = get_vm_area_caller(2 * PAGE_SIZE, PAGE_SIZE,
						    VM_IOREMAP, 0);
	unsigned long page = get_zeroed_page(GFP_KERNEL), end;
	char src[16] = "0123456789abcde", dst[16];
	u8 c = 0x55;
	char *p;

	KTEST_ASSERT_TRUE(t, area && page);
	KTEST_ASSERT_TRUE(t, !vmap_range((unsigned long)area->addr,
					 __pa((void *)page), PAGE_SIZE,
					 PAGE_KERNEL));
	end = (unsigned long)area->addr + PAGE_SIZE;
	p = (char *)end;
	memcpy(p - 5, "ABCDE", 5);
	memset(dst, 0, sizeof(dst));
	KTEST_EXPECT_EQ(t, __copy_user_bytes(dst, p - 5, 12), 7);
	KTEST_EXPECT_EQ(t, memcmp(dst, "ABCDE", 5), 0);
	KTEST_EXPECT_EQ(t, dst[5], 0);
	KTEST_EXPECT_EQ(t, __copy_user_bytes(p - 3, src, 10), 7);
	KTEST_EXPECT_EQ(t, memcmp(p - 3, "012", 3), 0);
	KTEST_EXPECT_EQ(t, __clear_user_bytes(p - 2, 5), 3);
	KTEST_EXPECT_EQ(t, p[-2] | p[-1], 0);
	KTEST_EXPECT_EQ(t, __get_user_byte(&c, p), -EFAULT);
	KTEST_EXPECT_EQ(t, c, 0x55);
	KTEST_EXPECT_EQ(t, __get_user_byte(&c, p - 4), 0);
	KTEST_EXPECT_EQ(t, c, 'B');
	fault_part_way_every_split(t, p);
	vunmap_range((unsigned long)area->addr, PAGE_SIZE);
	free_vm_area(area);
	free_page(page);
}

static unsigned long cr4_of[NR_CPUS];

static void read_my_cr4(void *arg)
{
	cr4_of[smp_processor_id()] = read_cr4();
}

/* SMEP and SMAP are on, on every CPU, wherever the CPU has them */
static void uaccess_test_smep_smap(struct ktest *t)
{
	unsigned long want = 0;
	unsigned int cpu, me = smp_processor_id();

	if (boot_cpu_has(X86_FEATURE_SMEP))
		want |= X86_CR4_SMEP;
	if (boot_cpu_has(X86_FEATURE_SMAP))
		want |= X86_CR4_SMAP;
	if (!want) {
		ktest_skip(t, "the CPU has neither SMEP nor SMAP");
		return;
	}
	memset(cr4_of, 0, sizeof(cr4_of));
	for_each_online_cpu(cpu)
		if (cpu != me)
			smp_run_async(cpu, read_my_cr4, NULL);
	read_my_cr4(NULL);
	for_each_online_cpu(cpu) {
		if (cpu != me)
			smp_wait_async(cpu);
		KTEST_EXPECT_EQ(t, cr4_of[cpu] & (X86_CR4_SMEP | X86_CR4_SMAP),
				want);
	}
}

static struct ktest_case uaccess_cases[] = {
	KTEST_CASE(uaccess_test_access_ok),
	KTEST_CASE(uaccess_test_kernel_pointer),
	KTEST_CASE(uaccess_test_unmapped),
	KTEST_CASE(uaccess_test_fault_part_way),
	KTEST_CASE(uaccess_test_smep_smap),
	{}
};
KTEST_SUITE(x86_uaccess, uaccess_cases);
