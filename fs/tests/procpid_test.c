// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite proc_pid: /proc/self and /proc/<pid>/ through a proc mount,
 * as user space reaches them (fs/proc/base.c, fs/proc/array.c).  The
 * expected values come from the task itself, read under tasklist_lock.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/string.h>
#include "vfs_helpers.h"
#include "../proc/internal.h"

static char text[4096];

static int procpid_mount(struct ktest *t)
{
	int err = t_mkdir("/tproc", 0755);

	if (!err)
		err = t_mount("proc", "/tproc");
	if (err) {
		ktest_fail(t, __FILE__, __LINE__, "cannot mount proc: %d", err);
		t_rmdir("/tproc");
	}
	return err;
}

static void procpid_umount(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, t_umount("/tproc"), 0);
	KTEST_EXPECT_EQ(t, t_rmdir("/tproc"), 0);
}

/* the whole file, NUL-terminated in text[]; its length or -errno */
static long procpid_slurp(const char *path)
{
	long fd = t_open(path, O_RDONLY, 0), n, len = 0;

	if (fd < 0)
		return fd;
	while ((n = t_read(fd, text + len, sizeof(text) - 1 - len)) > 0)
		len += n;
	close_fd(fd);
	text[len] = '\0';
	return n < 0 ? n : len;
}

/*
 * pid 1's comm, group and argv length (0 without a user address space),
 * or false when there is no init yet
 */
static bool init_facts(char *comm, int *pgid, long *argv_len)
{
	unsigned long flags;
	bool ok = false;

	spin_lock_irqsave(&tasklist_lock, flags);
	if (init_process && find_task_by_pid(1) == init_process) {
		memcpy(comm, init_process->comm, TASK_COMM_LEN);
		*pgid = init_process->pgid;
		*argv_len = 0;
		task_lock(init_process);
		if (init_process->mm && !(init_process->flags & PF_KTHREAD))
			*argv_len = init_process->mm->arg_end -
				    init_process->mm->arg_start;
		task_unlock(init_process);
		ok = true;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ok;
}

static void test_self(struct ktest *t)
{
	char link[16], want[16];
	struct kstat k;

	if (procpid_mount(t))
		return;
	memset(link, 0, sizeof(link));
	snprintf(want, sizeof(want), "%d", current->pid);
	KTEST_EXPECT_EQ(t, t_readlink("/tproc/self", link, sizeof(link) - 1),
			(int)strlen(want));
	KTEST_EXPECT_STREQ(t, link, want);
	KTEST_EXPECT_EQ(t, t_lstat("/tproc/self", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFLNK | 0777);
	KTEST_EXPECT_EQ(t, t_stat("/tproc/0", &k), -ENOENT);
	KTEST_EXPECT_EQ(t, t_stat("/tproc/01", &k), -ENOENT);
	KTEST_EXPECT_EQ(t, t_stat("/tproc/999999", &k), -ENOENT);
	procpid_umount(t);
}

static void test_init_files(struct ktest *t)
{
	char comm[TASK_COMM_LEN], want[64];
	struct kstat k;
	long argv_len;
	int pgid;

	if (!init_facts(comm, &pgid, &argv_len)) {
		ktest_skip(t, "no pid 1 yet");
		return;
	}
	if (procpid_mount(t))
		return;
	KTEST_EXPECT_EQ(t, t_stat("/tproc/1", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFDIR | 0555);
	snprintf(want, sizeof(want), "%s\n", comm);
	if (procpid_slurp("/tproc/1/comm") > 0)
		KTEST_EXPECT_STREQ(t, text, want);
	/* "1 (comm) S 0 pgid ...", 52 fields */
	snprintf(want, sizeof(want), "1 (%s) ", comm);
	if (procpid_slurp("/tproc/1/stat") > 0) {
		const char *p = text;
		int fields = 1;

		KTEST_EXPECT_TRUE(t, !strncmp(text, want, strlen(want)));
		KTEST_EXPECT_TRUE(t, strchr("RSDTZ", text[strlen(want)]) != NULL);
		snprintf(want, sizeof(want), " 0 %d ", pgid);
		KTEST_EXPECT_TRUE(t, !strncmp(text + strlen(comm) + 6, want,
					      strlen(want)));
		for (p = strchr(text, ')'); *p; p++)
			fields += *p == ' ';
		KTEST_EXPECT_EQ(t, fields, 52);
		KTEST_EXPECT_EQ(t, text[strlen(text) - 1], '\n');
	}
	snprintf(want, sizeof(want), "Name:\t%s\n", comm);
	if (procpid_slurp("/tproc/1/status") > 0) {
		KTEST_EXPECT_TRUE(t, !strncmp(text, want, strlen(want)));
		KTEST_EXPECT_TRUE(t, strstr(text, "\nPid:\t1\nPPid:\t0\n") != NULL);
		KTEST_EXPECT_TRUE(t, strstr(text, "\nSigBlk:\t") != NULL);
	}
	/* another process's argv, read from its memory */
	KTEST_EXPECT_EQ(t, procpid_slurp("/tproc/1/cmdline"), argv_len);
	if (argv_len > 0)
		KTEST_EXPECT_EQ(t, text[argv_len - 1], '\0');
	KTEST_EXPECT_EQ(t, t_stat("/tproc/1/nosuchfile", &k), -ENOENT);
	procpid_umount(t);
}

/* a made-up process, and the exact text Linux 6.1 would print for it */
static const struct proc_task_snap snap = {
	.pid = 42, .ppid = 1, .pgid = 42, .sid = 7, .comm = "procfs",
	.state = 'S', .flags = 0x400000, .cpu = 1, .exit_signal = 17,
	.pending = 0x100, .blocked = 0x80000000UL | 0x2, .ignored = 0x1000,
	.caught = 0x10000, .nvcsw = 5, .nivcsw = 6, .cpus_allowed = 0x3,
	.nr_cpu_ids = 8,
	.rsslim = ~0UL, .umask = 022, .has_mm = true, .total_vm = 300,
	.rss = 40, .pgtables = 3, .start_code = 0x401000,
	.end_code = 0x402000, .start_data = 0x403000, .end_data = 0x404000,
	.start_brk = 0x405000, .brk = 0x406000, .start_stack = 0x7ffd000,
	.arg_start = 0x7ffe000, .arg_end = 0x7ffe010, .env_start = 0x7ffe010,
	.env_end = 0x7ffe100, .start_boottime = 1234567890ULL,
	.permitted = true, .exit_code = 0x100, .fd_size = 64,
	.cred = { .uid = 1000, .euid = 1001, .suid = 1002, .fsuid = 1003,
		  .gid = 100, .egid = 101, .sgid = 102, .fsgid = 103,
		  .ngroups = 2, .groups = { 24, 27 } },
};

static void test_stat_format(struct ktest *t)
{
	struct seq_file m = { .buf = text, .size = sizeof(text) };

	KTEST_EXPECT_EQ(t, proc_pid_stat_show(&m, &snap), 0);
	text[m.count] = '\0';
	/* the blocked mask loses bit 31: stat shows 31 signals */
	KTEST_EXPECT_STREQ(t, text,
		"42 (procfs) S 1 42 7 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 123 "
		"1228800 40 18446744073709551615 4198400 4202496 134205440 "
		"0 0 256 2 4096 65536 1 0 0 17 1 0 0 0 0 0 4206592 4210688 "
		"4214784 134209536 134209552 134209552 134209792 256\n");
}

/* a reader without PTRACE_MODE_READ: addresses hidden as Linux hides them */
static void test_stat_hidden(struct ktest *t)
{
	struct seq_file m = { .buf = text, .size = sizeof(text) };
	struct proc_task_snap s = snap;

	s.permitted = false;
	KTEST_EXPECT_EQ(t, proc_pid_stat_show(&m, &s), 0);
	text[m.count] = '\0';
	KTEST_EXPECT_TRUE(t, strstr(text, " 40 18446744073709551615 1 1 0 0 0 ")
			  != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, " 0 0 0 0 0 0 0 0\n") != NULL);
	/* a zombie: no mm, every address 0 */
	m.count = 0;
	s.permitted = true;
	s.has_mm = false;
	s.rss = 0;
	KTEST_EXPECT_EQ(t, proc_pid_stat_show(&m, &s), 0);
	text[m.count] = '\0';
	KTEST_EXPECT_TRUE(t, strstr(text, " 123 0 0 18446744073709551615 0 0 0 ")
			  != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, " 0 0 0 0 0 0 0 256\n") != NULL);
}

static void test_status_format(struct ktest *t)
{
	struct seq_file m = { .buf = text, .size = sizeof(text) };

	KTEST_EXPECT_EQ(t, proc_pid_status_show(&m, &snap), 0);
	text[m.count] = '\0';
	KTEST_EXPECT_TRUE(t, !strncmp(text, "Name:\tprocfs\nUmask:\t0022\n"
				      "State:\tS (sleeping)\nTgid:\t42\n"
				      "Ngid:\t0\nPid:\t42\nPPid:\t1\n", 72));
	KTEST_EXPECT_TRUE(t, strstr(text, "\nVmSize:\t    1200 kB\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nVmRSS:\t     160 kB\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nVmData:\t       8 kB\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nThreads:\t1\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nTracerPid:\t0\n"
					  "Uid:\t1000\t1001\t1002\t1003\n"
					  "Gid:\t100\t101\t102\t103\n"
					  "FDSize:\t64\nGroups:\t24 27 \n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "kB\nCoreDumping:\t0\n"
					  "THP_enabled:\t0\nThreads:") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nSigBlk:\t0000000080000002\n"
					  "SigIgn:\t0000000000001000\n"
					  "SigCgt:\t0000000000010000\n") != NULL);
}

/* a zombie: no Umask, no memory lines, no descriptor table */
static void test_status_zombie(struct ktest *t)
{
	struct seq_file m = { .buf = text, .size = sizeof(text) };
	struct proc_task_snap s = snap;

	s.state = 'Z';
	s.umask = -1;
	s.has_mm = false;
	s.fd_size = 0;
	KTEST_EXPECT_EQ(t, proc_pid_status_show(&m, &s), 0);
	text[m.count] = '\0';
	KTEST_EXPECT_TRUE(t, !strncmp(text, "Name:\tprocfs\nState:\tZ (zombie)\n",
				      31));
	KTEST_EXPECT_TRUE(t, strstr(text, "\nFDSize:\t0\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "Vm") == NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "CoreDumping") == NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nGroups:\t24 27 \nNStgid:") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nCpus_allowed:\t03\n"
					  "Cpus_allowed_list:\t0-1\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "\nnonvoluntary_ctxt_switches:"
					  "\t6\n") != NULL);
}

static struct ktest_case proc_pid_cases[] = {
	KTEST_CASE(test_stat_format),
	KTEST_CASE(test_stat_hidden),
	KTEST_CASE(test_status_zombie),
	KTEST_CASE(test_status_format),
	KTEST_CASE(test_self),
	KTEST_CASE(test_init_files),
	{}
};
KTEST_SUITE(proc_pid, proc_pid_cases);
