// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite resource: the resource tree's rules on a private root
 * (nesting, conflicts, claims descending into free nodes, release), and
 * the questions /dev/mem asks of the real iomem tree on the booted
 * machine (region_intersects(), iomem_is_exclusive(),
 * devmem_is_allowed(), valid_phys_addr_range()), with the answers the
 * e820 map and the drivers' claims imply.
 */
#include <linux/e820.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/sizes.h>
#include <asm/devmem.h>
#include <asm/page.h>

static struct resource rt_root, rt_a, rt_b, rt_w;

static void rt_reset(void)
{
	rt_root = (struct resource){ .name = "root", .start = 0x1000,
				     .end = 0xffff, .flags = IORESOURCE_MEM };
	rt_a = (struct resource){ .name = "a", .start = 0x2000, .end = 0x2fff,
				  .flags = IORESOURCE_MEM };
	rt_b = (struct resource){ .name = "b", .start = 0x4000, .end = 0x4fff,
				  .flags = IORESOURCE_MEM };
	rt_w = (struct resource){ .name = "w", .start = 0x1000, .end = 0x5fff,
				  .flags = IORESOURCE_MEM };
}

static void test_request_conflicts(struct ktest *t)
{
	struct resource c = { .name = "c", .start = 0x2800, .end = 0x37ff };
	struct resource out = { .name = "o", .start = 0xf000, .end = 0x10fff };

	rt_reset();
	KTEST_EXPECT_EQ(t, request_resource(&rt_root, &rt_b), 0);
	KTEST_EXPECT_EQ(t, request_resource(&rt_root, &rt_a), 0);
	/* siblings stay sorted whatever the order they came in */
	KTEST_EXPECT_TRUE(t, rt_root.child == &rt_a && rt_a.sibling == &rt_b);
	KTEST_EXPECT_EQ(t, request_resource(&rt_root, &c), -EBUSY);
	KTEST_EXPECT_EQ(t, request_resource(&rt_root, &out), -EBUSY);
	KTEST_EXPECT_TRUE(t, !c.parent && !out.parent);
}

static void test_insert_adopts(struct ktest *t)
{
	struct resource x = { .name = "x", .start = 0x2f00, .end = 0x30ff };

	rt_reset();
	request_resource(&rt_root, &rt_a);
	request_resource(&rt_root, &rt_b);
	/* a node covering both becomes their parent */
	KTEST_EXPECT_EQ(t, insert_resource(&rt_root, &rt_w), 0);
	KTEST_EXPECT_TRUE(t, rt_root.child == &rt_w && !rt_w.sibling);
	KTEST_EXPECT_TRUE(t, rt_a.parent == &rt_w && rt_b.parent == &rt_w);
	/* a partial overlap is refused */
	KTEST_EXPECT_EQ(t, insert_resource(&rt_root, &x), -EBUSY);
	KTEST_EXPECT_TRUE(t, !x.parent);
}

static void test_region_claims(struct ktest *t)
{
	struct resource *r, *again;

	rt_reset();
	request_resource(&rt_root, &rt_a);
	insert_resource(&rt_root, &rt_w);
	/* a claim goes below the deepest free node holding it */
	r = __request_region(&rt_root, 0x2100, 0x100, "drv", 0);
	KTEST_EXPECT_TRUE(t, r && r->parent == &rt_a);
	if (!r)
		return;
	KTEST_EXPECT_TRUE(t, r->flags & IORESOURCE_BUSY);
	/* nothing inside or over a claim */
	KTEST_EXPECT_TRUE(t, !__request_region(&rt_root, 0x2100, 0x100, "x", 0));
	KTEST_EXPECT_TRUE(t, !__request_region(&rt_root, 0x2180, 0x10, "x", 0));
	/* nor across the edge of a free node */
	KTEST_EXPECT_TRUE(t, !__request_region(&rt_root, 0x2f00, 0x200, "x", 0));
	/* empty and wrapping ranges */
	KTEST_EXPECT_TRUE(t, !__request_region(&rt_root, 0x3000, 0, "x", 0));
	KTEST_EXPECT_TRUE(t, !__request_region(&rt_root, ~0ULL, 2, "x", 0));
	/* a node with a child cannot be released */
	KTEST_EXPECT_EQ(t, release_resource(&rt_a), -EINVAL);
	__release_region(&rt_root, 0x2100, 0x100);
	KTEST_EXPECT_TRUE(t, !rt_a.child);
	again = __request_region(&rt_root, 0x2100, 0x100, "drv", 0);
	KTEST_EXPECT_TRUE(t, again != NULL);
	if (again)
		__release_region(&rt_root, 0x2100, 0x100);
	KTEST_EXPECT_EQ(t, release_resource(&rt_a), 0);
	KTEST_EXPECT_EQ(t, release_resource(&rt_a), -EINVAL);
}

/* the booted machine: RAM, the ISA hole, the HPET's claim */
static void test_real_tree(struct ktest *t)
{
	u64 ram_end = e820__end_of_ram();

	KTEST_EXPECT_EQ(t, region_intersects(SZ_2M, PAGE_SIZE,
					     IORESOURCE_SYSTEM_RAM),
			REGION_INTERSECTS);
	KTEST_EXPECT_EQ(t, region_intersects(0xa0000, PAGE_SIZE,
					     IORESOURCE_SYSTEM_RAM),
			REGION_DISJOINT);
	/* RAM up to the EBDA at 0x9fc00, firmware above */
	KTEST_EXPECT_EQ(t, region_intersects(0x9f000, PAGE_SIZE,
					     IORESOURCE_SYSTEM_RAM),
			REGION_MIXED);
	KTEST_EXPECT_TRUE(t, iomem_is_exclusive(SZ_2M));
	KTEST_EXPECT_FALSE(t, iomem_is_exclusive(0xa0000));

	KTEST_EXPECT_EQ(t, devmem_is_allowed(SZ_2M >> PAGE_SHIFT),
			DEVMEM_REFUSED);
	KTEST_EXPECT_EQ(t, devmem_is_allowed(0x9f), DEVMEM_ZEROED);
	KTEST_EXPECT_EQ(t, devmem_is_allowed(0xa0), DEVMEM_ALLOWED);
	/* busy firmware ranges in the first MiB stay readable */
	KTEST_EXPECT_EQ(t, devmem_is_allowed(0xf0), DEVMEM_ALLOWED);

	KTEST_EXPECT_TRUE(t, valid_phys_addr_range(0, PAGE_SIZE));
	KTEST_EXPECT_TRUE(t, valid_phys_addr_range(ram_end - 1, 1));
	KTEST_EXPECT_FALSE(t, valid_phys_addr_range(ram_end - 1, 2));
	KTEST_EXPECT_FALSE(t, valid_phys_addr_range(0, 0));
}

/* a driver's claim (the HPET's) is exclusive; the rest of a window not */
static void test_claimed_device(struct ktest *t)
{
	u64 hpet = 0xfed00000;

	/* 1 KiB of registers: the rest of the page is not claimed */
	if (region_intersects(hpet, PAGE_SIZE, IORESOURCE_MEM | IORESOURCE_BUSY)
	    != REGION_MIXED) {
		ktest_skip(t, "no claimed HPET at 0xfed00000");
		return;
	}
	KTEST_EXPECT_TRUE(t, iomem_is_exclusive(hpet));
	KTEST_EXPECT_EQ(t, devmem_is_allowed(hpet >> PAGE_SHIFT),
			DEVMEM_REFUSED);
	/* in the PCI window, clear of every BAR */
	KTEST_EXPECT_FALSE(t, iomem_is_exclusive(0xe0000000));
	KTEST_EXPECT_EQ(t, devmem_is_allowed(0xe0000000 >> PAGE_SHIFT),
			DEVMEM_ALLOWED);
}

static struct ktest_case resource_cases[] = {
	KTEST_CASE(test_request_conflicts),
	KTEST_CASE(test_insert_adopts),
	KTEST_CASE(test_region_claims),
	KTEST_CASE(test_real_tree),
	KTEST_CASE(test_claimed_device),
	{}
};

KTEST_SUITE(resource, resource_cases);
