// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite msr_dev: /dev/cpu/N/msr (arch/x86/kernel/msr.c) as user
 * space reaches it through devtmpfs: one node per online CPU, 8-byte
 * reads at offset = MSR index by pread and by lseek + read, -EINVAL for
 * other sizes and for SEEK_END, -EIO for an MSR the CPU faults on,
 * -EPERM for writes (no msr.allow_writes=on), -ENXIO for an offline CPU.
 * The PAT MSR read directly is the reference: every CPU holds the boot
 * CPU's value (checked when they come up).
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/msr.h>
#include <asm/special_insns.h>
#include "vfs_helpers.h"

#define MSR_IA32_CR_PAT		0x277
/*
 * The x2APIC ID register: rdmsr #GPs while the local APIC is in xAPIC
 * mode (SDM vol. 3, 10.12.1), which is the only mode cachet uses.  Real
 * CPUs fault; QEMU 7.2's TCG has no x2APIC and returns 0 for it, as for
 * every MSR it does not know, so there the check is skipped.
 */
#define MSR_X2APIC_APICID	0x802

static int msr_mount(struct ktest *t)
{
	int err = t_mkdir("/tmsrdev", 0755);

	if (!err)
		err = t_mount("devtmpfs", "/tmsrdev");
	if (err) {
		ktest_fail(t, __FILE__, __LINE__, "cannot mount devtmpfs: %d",
			   err);
		t_rmdir("/tmsrdev");
	}
	return err;
}

static void msr_umount(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, t_umount("/tmsrdev"), 0);
	KTEST_EXPECT_EQ(t, t_rmdir("/tmsrdev"), 0);
}

static void test_nodes(struct ktest *t)
{
	unsigned int cpu, n = 0;
	char path[48];
	struct kstat k;

	if (msr_mount(t))
		return;
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		snprintf(path, sizeof(path), "/tmsrdev/cpu/%u/msr", cpu);
		if (!cpu_online(cpu)) {
			KTEST_EXPECT_EQ(t, t_stat(path, &k), -ENOENT);
			continue;
		}
		n++;
		KTEST_EXPECT_EQ(t, t_stat(path, &k), 0);
		KTEST_EXPECT_EQ(t, k.mode, S_IFCHR | 0600);
		KTEST_EXPECT_EQ(t, MAJOR(k.rdev), 202);
		KTEST_EXPECT_EQ(t, MINOR(k.rdev), cpu);
	}
	KTEST_EXPECT_EQ(t, n, num_online_cpus());
	msr_umount(t);
}

static void test_read_pat(struct ktest *t)
{
	u64 pat = rdmsr(MSR_IA32_CR_PAT), v[2] = { 0, 0 };
	unsigned int cpu;
	char path[48];
	long fd;

	if (msr_mount(t))
		return;
	for_each_online_cpu(cpu) {
		snprintf(path, sizeof(path), "/tmsrdev/cpu/%u/msr", cpu);
		fd = t_open(path, O_RDONLY, 0);
		KTEST_ASSERT_TRUE(t, fd >= 0);
		KTEST_EXPECT_EQ(t, t_pread(fd, v, 8, MSR_IA32_CR_PAT), 8);
		KTEST_EXPECT_EQ(t, v[0], pat);
		/* 16 bytes: the same register twice, the offset stays */
		memset(v, 0, sizeof(v));
		KTEST_EXPECT_EQ(t, ksys_lseek(fd, MSR_IA32_CR_PAT, SEEK_SET),
				MSR_IA32_CR_PAT);
		KTEST_EXPECT_EQ(t, t_read(fd, v, 16), 16);
		KTEST_EXPECT_EQ(t, v[0], pat);
		KTEST_EXPECT_EQ(t, v[1], pat);
		KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_CUR),
				MSR_IA32_CR_PAT);
		close_fd(fd);
	}
	msr_umount(t);
}

static void test_bad_reads_writes(struct ktest *t)
{
	u64 pat = rdmsr(MSR_IA32_CR_PAT), v = 0;
	long fd;

	if (msr_mount(t))
		return;
	fd = t_open("/tmsrdev/cpu/0/msr", O_RDWR, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_pread(fd, &v, 4, MSR_IA32_CR_PAT), -EINVAL);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_END), -EINVAL);
	v = 0;
	KTEST_EXPECT_EQ(t, t_pwrite(fd, &v, 8, MSR_IA32_CR_PAT), -EPERM);
	KTEST_EXPECT_EQ(t, rdmsr(MSR_IA32_CR_PAT), pat);
	close_fd(fd);

	/* a node for a CPU that is not online */
	KTEST_EXPECT_EQ(t, t_mknod("/tmsrdev/msr63", S_IFCHR | 0600,
				   MKDEV(202, NR_CPUS - 1)), 0);
	if (!cpu_online(NR_CPUS - 1))
		KTEST_EXPECT_EQ(t, t_open("/tmsrdev/msr63", O_RDONLY, 0),
				-ENXIO);
	KTEST_EXPECT_EQ(t, t_unlink("/tmsrdev/msr63"), 0);
	msr_umount(t);
}

/* an MSR the CPU faults on reads as -EIO, and the kernel lives on */
static void test_faulting_msr(struct ktest *t)
{
	u64 v;
	long fd;

	if (!rdmsrl_safe(MSR_X2APIC_APICID, &v)) {
		ktest_skip(t, "rdmsr %#x does not fault on this CPU (QEMU TCG)",
			   MSR_X2APIC_APICID);
		return;
	}
	if (msr_mount(t))
		return;
	fd = t_open("/tmsrdev/cpu/0/msr", O_RDONLY, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_pread(fd, &v, 8, MSR_X2APIC_APICID), -EIO);
	close_fd(fd);
	msr_umount(t);
}

static struct ktest_case msr_dev_cases[] = {
	KTEST_CASE(test_nodes),
	KTEST_CASE(test_read_pat),
	KTEST_CASE(test_bad_reads_writes),
	KTEST_CASE(test_faulting_msr),
	{}
};
KTEST_SUITE(msr_dev, msr_dev_cases);
