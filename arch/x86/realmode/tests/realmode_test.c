// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite x86_realmode: the real-mode image both a secondary CPU's
 * STARTUP and the wake from S3 go through (Documentation/x86/realmode.rst)
 * is where the rules put it, relocated to where it is, with a page table
 * that reaches the kernel, and a CPU brought online really passes
 * through it.
 */
#include <linux/acpi.h>
#include <linux/cpu.h>
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/msr-index.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/realmode.h>
#include <asm/suspend.h>

extern const u8 rm_start[], rm_wakeup[], rm_gdt[], rm_end[];
extern const u8 rm_gdt_desc[], rm_pm_ptr[], rm_lm_ptr[], rm_cr3[],
	rm_efer[], rm_ap_entry[], rm_wake_entry[];
extern const char secondary_startup_64[];

#define PAGES		5

static phys_addr_t image_base(void)
{
	return (phys_addr_t)realmode_startup_page(false) << PAGE_SHIFT;
}

/* the copy below 1 MiB of the field @sym of the image in the kernel */
static const void *placed(const u8 *sym)
{
	return __va(image_base() + (sym - rm_start));
}

static u32 placed_u32(const u8 *sym)
{
	u32 v;

	memcpy(&v, placed(sym), sizeof(v));
	return v;
}

static u64 placed_u64(const u8 *sym)
{
	u64 v;

	memcpy(&v, placed(sym), sizeof(v));
	return v;
}

static void test_placement(struct ktest *t)
{
	phys_addr_t base;

	KTEST_ASSERT_TRUE(t, realmode_init() == 0);
	base = image_base();
	ktest_printf(t, "image at %#llx", (unsigned long long)base);
	KTEST_EXPECT_EQ(t, base & ~PAGE_MASK, 0);
	/* SeaBIOS's resume borrows 0x10000-0x1ffff and its stacks lie below */
	KTEST_EXPECT_TRUE(t, base >= 0x20000);
	KTEST_EXPECT_TRUE(t, base + PAGES * PAGE_SIZE <= 0x9f000);
	KTEST_EXPECT_TRUE(t, e820__mapped_all(base, base + PAGES * PAGE_SIZE,
					      E820_TYPE_RAM));
	/* the highest such pages: the next page up is not usable RAM */
	KTEST_EXPECT_TRUE(t, base + PAGES * PAGE_SIZE == 0x9f000 ||
			  !e820__mapped_all(base + PAGE_SIZE,
					    base + (PAGES + 1) * PAGE_SIZE,
					    E820_TYPE_RAM));
	KTEST_EXPECT_EQ(t, realmode_startup_page(true),
			realmode_startup_page(false) + PAGES - 1);
	/* cli; hlt; jmp .-1 */
	KTEST_EXPECT_EQ(t, *(const u32 *)__va(base + (PAGES - 1) * PAGE_SIZE),
			0xfdebf4faU);
	/*
	 * The code as built: relocation only writes the fields after the
	 * GDT, and a CPU that used the GDT has set its accessed bits
	 */
	KTEST_EXPECT_EQ(t, memcmp(placed(rm_start), rm_start,
				  rm_gdt - rm_start), 0);
}

static void test_wakeup_entry(struct ktest *t)
{
	phys_addr_t wake = realmode_wakeup_addr();
	u32 vector;

	KTEST_ASSERT_TRUE(t, realmode_init() == 0);
	KTEST_EXPECT_EQ(t, wake, image_base() + (rm_wakeup - rm_start));
	KTEST_EXPECT_EQ(t, wake & 0xf, 0);
	KTEST_EXPECT_TRUE(t, wake + realmode_wakeup_size() <=
			  image_base() + PAGE_SIZE);
	KTEST_EXPECT_EQ(t, acpi_waking_vector(wake, realmode_wakeup_size(),
					      &vector), 0);
	KTEST_EXPECT_EQ(t, vector, wake);
	/* the code the firmware jumps to is the wake entry's */
	KTEST_EXPECT_EQ(t, memcmp(__va(wake), rm_wakeup, 16), 0);
}

static void test_relocated(struct ktest *t)
{
	phys_addr_t base = image_base();
	u16 limit;

	KTEST_ASSERT_TRUE(t, realmode_init() == 0);
	memcpy(&limit, placed(rm_gdt_desc), sizeof(limit));
	KTEST_EXPECT_EQ(t, limit, 4 * 8 - 1);
	/* every "+ base" field: the blob's offset plus where it is now */
	KTEST_EXPECT_EQ(t, placed_u32(rm_gdt_desc + 2),
			base + *(const u32 *)(rm_gdt_desc + 2));
	KTEST_EXPECT_EQ(t, placed_u32(rm_pm_ptr),
			base + *(const u32 *)rm_pm_ptr);
	KTEST_EXPECT_EQ(t, placed_u32(rm_lm_ptr),
			base + *(const u32 *)rm_lm_ptr);
	KTEST_EXPECT_EQ(t, placed_u32(rm_cr3), base + PAGE_SIZE);
	KTEST_EXPECT_TRUE(t, placed_u32(rm_efer) & EFER_LME);
	KTEST_EXPECT_EQ(t, !!(placed_u32(rm_efer) & EFER_NX),
			!!boot_cpu_has(X86_FEATURE_NX));
	KTEST_EXPECT_EQ(t, placed_u64(rm_wake_entry), (u64)wakeup_long64);
#ifdef CONFIG_SMP
	KTEST_EXPECT_EQ(t, placed_u64(rm_ap_entry), (u64)secondary_startup_64);
#endif
}

static void test_page_table(struct ktest *t)
{
	phys_addr_t base = image_base();
	const u64 *pgd = __va(base + PAGE_SIZE);
	const u64 *kpgd = __va(init_pgd_phys);
	const u64 *pdpt, *pd;
	unsigned int i, same = 0;

	KTEST_ASSERT_TRUE(t, realmode_init() == 0);
	realmode_sync_kernel_half();
	for (i = 256; i < 512; i++)
		same += pgd[i] == kpgd[i];
	KTEST_EXPECT_EQ(t, same, 256);
	/* the first 2 MiB, identity, one large page, present and writable */
	KTEST_EXPECT_EQ(t, pgd[0] & PTE_PFN_MASK, base + 2 * PAGE_SIZE);
	pdpt = __va(base + 2 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, pdpt[0] & PTE_PFN_MASK, base + 3 * PAGE_SIZE);
	pd = __va(base + 3 * PAGE_SIZE);
	/* a CPU that went through has set the accessed and dirty bits */
	KTEST_EXPECT_EQ(t, pd[0] & ~(u64)(_PAGE_ACCESSED | _PAGE_DIRTY),
			(u64)(_PAGE_PRESENT | _PAGE_RW | _PAGE_PSE));
	for (i = 1, same = 0; i < 256; i++)
		same += pgd[i] == 0;
	KTEST_EXPECT_EQ(t, same, 255);
}

/* a CPU brought online passes through rm_start */
static void test_startup_passes_through(struct ktest *t)
{
	unsigned int cpu = num_possible_cpus() - 1;

	if (cpu == 0 || !cpu_online(cpu)) {
		ktest_skip(t, "needs 2 CPUs");
		return;
	}
	KTEST_ASSERT_TRUE(t, remove_cpu(cpu) == 0);
	realmode_ap_alive_clear();
	KTEST_EXPECT_TRUE(t, !realmode_ap_alive());
	KTEST_EXPECT_EQ(t, add_cpu(cpu), 0);
	KTEST_EXPECT_TRUE(t, realmode_ap_alive());
	KTEST_EXPECT_TRUE(t, cpu_online(cpu));
}

static struct ktest_case realmode_cases[] = {
	KTEST_CASE(test_placement),
	KTEST_CASE(test_wakeup_entry),
	KTEST_CASE(test_relocated),
	KTEST_CASE(test_page_table),
	KTEST_CASE(test_startup_passes_through),
	{}
};
KTEST_SUITE(x86_realmode, realmode_cases);
