// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/smp_cpus.c: numbering the MADT's CPUs, including the
 * tables firmware gets wrong, and parsing nr_cpus=/maxcpus=.
 */
#include <linux/errno.h>
#include <asm/smp_cpus.h>

#include "unit.h"

#define EN(id)		{ .apic_id = (id), .acpi_id = (id), .enabled = true }
#define DIS(id)		{ .apic_id = (id), .acpi_id = (id), .enabled = false }

static struct smp_cpu_map map;
static enum smp_cpu_verdict v[80];

UNIT_TEST(smp_cpus, qemu_tables_of_1_2_4_8)
{
	struct smp_cpu_entry e[8] = { EN(0), EN(1), EN(2), EN(3), EN(4), EN(5),
				      EN(6), EN(7) };
	unsigned int n, i;

	for (n = 1; n <= 8; n *= 2) {
		EXPECT_EQ(smp_cpus_build(e, n, 0, 64, &map, v), n);
		EXPECT_TRUE(map.boot_cpu_listed);
		EXPECT_EQ(v[0], SMP_CPU_BOOT);
		for (i = 1; i < n; i++) {
			EXPECT_EQ(v[i], SMP_CPU_OK);
			EXPECT_EQ(map.apicid[i], i);
			EXPECT_EQ(map.acpi_id[i], i);
		}
	}
}

UNIT_TEST(smp_cpus, boot_cpu_not_first)
{
	struct smp_cpu_entry e[] = { EN(0), EN(1), EN(2), EN(3) };

	ASSERT_EQ(smp_cpus_build(e, 4, 2, 64, &map, v), 4);
	EXPECT_EQ(map.apicid[0], 2);
	EXPECT_EQ(map.apicid[1], 0);
	EXPECT_EQ(map.apicid[2], 1);
	EXPECT_EQ(map.apicid[3], 3);
	EXPECT_EQ(v[2], SMP_CPU_BOOT);
	EXPECT_EQ(map.acpi_id[0], 2);
}

UNIT_TEST(smp_cpus, boot_cpu_missing_from_madt)
{
	struct smp_cpu_entry e[] = { EN(1), EN(2) };

	ASSERT_EQ(smp_cpus_build(e, 2, 0, 64, &map, v), 3);
	EXPECT_FALSE(map.boot_cpu_listed);
	EXPECT_EQ(map.apicid[0], 0);
	EXPECT_EQ(map.acpi_id[0], APIC_ID_INVALID);
	EXPECT_EQ(map.apicid[1], 1);
	EXPECT_EQ(map.apicid[2], 2);
}

UNIT_TEST(smp_cpus, boot_cpu_listed_disabled_is_still_cpu0)
{
	struct smp_cpu_entry e[] = { DIS(0), EN(1) };

	ASSERT_EQ(smp_cpus_build(e, 2, 0, 64, &map, v), 2);
	EXPECT_EQ(v[0], SMP_CPU_BOOT);
	EXPECT_TRUE(map.boot_cpu_listed);
}

UNIT_TEST(smp_cpus, duplicates_of_boot_and_of_another)
{
	struct smp_cpu_entry e[] = { EN(0), EN(1), EN(0), EN(1), EN(2) };

	ASSERT_EQ(smp_cpus_build(e, 5, 0, 64, &map, v), 3);
	EXPECT_EQ(v[2], SMP_CPU_DUPLICATE);
	EXPECT_EQ(v[3], SMP_CPU_DUPLICATE);
	EXPECT_EQ(v[4], SMP_CPU_OK);
	EXPECT_EQ(map.apicid[2], 2);
}

UNIT_TEST(smp_cpus, disabled_entries_like_qemu_maxcpus)
{
	/* -smp 2,maxcpus=4: two present, two hot-pluggable */
	struct smp_cpu_entry e[] = { EN(0), EN(1), DIS(2), DIS(3), EN(3) };

	ASSERT_EQ(smp_cpus_build(e, 4, 0, 64, &map, v), 2);
	EXPECT_EQ(v[2], SMP_CPU_DISABLED);
	EXPECT_EQ(v[3], SMP_CPU_DISABLED);
	/* a disabled entry does not make a later one a duplicate */
	ASSERT_EQ(smp_cpus_build(e, 5, 0, 64, &map, v), 3);
	EXPECT_EQ(v[4], SMP_CPU_OK);
}

UNIT_TEST(smp_cpus, broadcast_and_x2apic_ids_refused)
{
	struct smp_cpu_entry e[] = { EN(0), EN(0xff), EN(0x1ff), DIS(0xff),
				     EN(0xfe) };

	ASSERT_EQ(smp_cpus_build(e, 5, 0, 64, &map, v), 2);
	EXPECT_EQ(v[1], SMP_CPU_BAD_ID);
	EXPECT_EQ(v[2], SMP_CPU_BAD_ID);
	EXPECT_EQ(v[3], SMP_CPU_DISABLED);
	EXPECT_EQ(v[4], SMP_CPU_OK);
}

UNIT_TEST(smp_cpus, limits)
{
	struct smp_cpu_entry e[8] = { EN(0), EN(1), EN(2), EN(3), EN(4), EN(5),
				      EN(6), EN(7) };
	unsigned int i;

	EXPECT_EQ(smp_cpus_build(e, 8, 0, 1, &map, v), 1);
	for (i = 1; i < 8; i++)
		EXPECT_EQ(v[i], SMP_CPU_OVER_LIMIT);
	EXPECT_EQ(smp_cpus_build(e, 8, 0, 3, &map, v), 3);
	EXPECT_EQ(v[2], SMP_CPU_OK);
	EXPECT_EQ(v[3], SMP_CPU_OVER_LIMIT);
	EXPECT_EQ(smp_cpus_build(e, 8, 0, 0, &map, NULL), 1);
	EXPECT_EQ(smp_cpus_build(e, 8, 0, 1000, &map, NULL), 8);
}

UNIT_TEST(smp_cpus, more_entries_than_cpus)
{
	struct smp_cpu_entry e[70];
	unsigned int i;

	for (i = 0; i < 70; i++)
		e[i] = (struct smp_cpu_entry)EN(i);
	ASSERT_EQ(smp_cpus_build(e, 70, 0, 1000, &map, v), SMP_CPUS_MAX);
	EXPECT_EQ(v[63], SMP_CPU_OK);
	EXPECT_EQ(v[64], SMP_CPU_OVER_LIMIT);
	EXPECT_EQ(map.apicid[63], 63);
}

UNIT_TEST(smp_cpus, empty_table)
{
	EXPECT_EQ(smp_cpus_build(NULL, 0, 5, 64, &map, NULL), 1);
	EXPECT_EQ(map.apicid[0], 5);
	EXPECT_FALSE(map.boot_cpu_listed);
}

UNIT_TEST(smp_cpus, verdict_names)
{
	EXPECT_STREQ(smp_cpu_verdict_name(SMP_CPU_DUPLICATE),
		     "duplicate APIC ID");
	EXPECT_STREQ(smp_cpu_verdict_name(SMP_CPU_BAD_ID), "bad APIC ID");
}

UNIT_TEST(smp_cpus, parse_cpu_count)
{
	unsigned int out = 77;

	EXPECT_EQ(smp_parse_cpu_count("4", 1, 64, &out), 0);
	EXPECT_EQ(out, 4);
	EXPECT_EQ(smp_parse_cpu_count("64", 1, 64, &out), 0);
	EXPECT_EQ(out, 64);
	out = 77;
	EXPECT_EQ(smp_parse_cpu_count("0", 1, 64, &out), -ERANGE);
	EXPECT_EQ(smp_parse_cpu_count("0", 0, 64, &out), 0);
	EXPECT_EQ(out, 0);
	out = 77;
	EXPECT_EQ(smp_parse_cpu_count("65", 0, 64, &out), -ERANGE);
	EXPECT_EQ(smp_parse_cpu_count("", 0, 64, &out), -EINVAL);
	EXPECT_EQ(smp_parse_cpu_count("abc", 0, 64, &out), -EINVAL);
	EXPECT_EQ(smp_parse_cpu_count("4x", 0, 64, &out), -EINVAL);
	EXPECT_EQ(smp_parse_cpu_count("-1", 0, 64, &out), -EINVAL);
	EXPECT_EQ(smp_parse_cpu_count("99999999999999999999", 0, 64, &out),
		  -EINVAL);
	EXPECT_EQ(smp_parse_cpu_count(NULL, 0, 64, &out), -EINVAL);
	EXPECT_EQ(out, 77);
}

UNIT_TEST(smp_cpus, init_udelay_by_cpu_model)
{
	/* the models Linux 6.1 calls modern wait for nothing */
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_INTEL, 6), 0);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_AMD, 0xf), 0);	/* qemu64 */
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_AMD, 0x19), 0);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_HYGON, 0x18), 0);
	/* the rest keep the MP specification's 10 ms */
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_INTEL, 5), 10000);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_INTEL, 0xf), 10000);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_AMD, 6), 10000);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_HYGON, 0x17), 10000);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_CENTAUR, 6), 10000);
	EXPECT_EQ(smp_init_udelay(X86_VENDOR_UNKNOWN, 6), 10000);
}

UNIT_TEST(smp_cpus, init_udelay_parameter_range)
{
	unsigned int us = 77;

	EXPECT_EQ(smp_parse_cpu_count("0", 0, SMP_INIT_UDELAY_MAX, &us), 0);
	EXPECT_EQ(us, 0);
	EXPECT_EQ(smp_parse_cpu_count("100000", 0, SMP_INIT_UDELAY_MAX, &us),
		  0);
	EXPECT_EQ(us, 100000);
	EXPECT_EQ(smp_parse_cpu_count("100001", 0, SMP_INIT_UDELAY_MAX, &us),
		  -ERANGE);
	EXPECT_EQ(smp_parse_cpu_count("-1", 0, SMP_INIT_UDELAY_MAX, &us),
		  -EINVAL);
	EXPECT_EQ(us, 100000);
}
