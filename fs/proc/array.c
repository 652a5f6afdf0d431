// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/stat and /proc/<pid>/status in Linux 6.1's formats: ps,
 * top, pgrep and test harnesses parse them by position (stat) and by
 * label (status).  Fields cachet does not track yet print Linux's value
 * for "none" (0, or -1 for tpgid); the list is in
 * Documentation/filesystems/proc.rst.
 */
#include <linux/kernel.h>
#include <linux/resource.h>
#include <linux/time.h>
#include <asm/page.h>
#include "internal.h"

#define PROC_PRIO_NORMAL	20	/* task_prio() of nice 0, SCHED_OTHER */
#define PROC_USER_HZ		100	/* Linux's USER_HZ: clock_t ticks */
/* stat's signal fields are the old 31-signal ones, as Linux masks them */
#define PROC_STAT_SIGMASK	0x7fffffffUL

/* every capability of Linux 6.1 (CAP_LAST_CAP 40): cachet's root has all */
#define PROC_CAP_FULL		0x000001ffffffffffULL

/* starttime: Linux's nsec_to_clock_t(), USER_HZ ticks since boot */
#define PROC_NSEC_PER_CLOCK_T	(NSEC_PER_SEC / PROC_USER_HZ)

/* the address-space fields 26-28: 1 instead of an address hidden */
static void proc_stat_code(struct seq_file *m, const struct proc_task_snap *s)
{
	unsigned long start = 0, end = 0;

	if (s->has_mm) {
		start = s->permitted ? s->start_code : 1;
		end = s->permitted ? s->end_code : 1;
	}
	seq_printf(m, " %lu %lu %lu", start, end,
		   s->has_mm && s->permitted ? s->start_stack : 0);
}

/* fields 45-52: the rest of the layout and the exit code, if permitted */
static void proc_stat_tail(struct seq_file *m, const struct proc_task_snap *s)
{
	if (s->has_mm && s->permitted)
		seq_printf(m, " %lu %lu %lu %lu %lu %lu %lu", s->start_data,
			   s->end_data, s->start_brk, s->arg_start, s->arg_end,
			   s->env_start, s->env_end);
	else
		seq_puts(m, " 0 0 0 0 0 0 0");
	seq_printf(m, " %d\n", s->permitted ? s->exit_code : 0);
}

/* the 52 fields of do_task_stat(), one line */
int proc_pid_stat_show(struct seq_file *m, const struct proc_task_snap *s)
{
	unsigned long vsize = s->has_mm ? s->total_vm << PAGE_SHIFT : 0;

	seq_printf(m, "%d (%s) %c %d %d %d 0 -1 %u", s->pid, s->comm,
		   s->state, s->ppid, s->pgid, s->sid, s->flags);
	/* minflt cminflt majflt cmajflt utime stime cutime cstime */
	seq_puts(m, " 0 0 0 0 0 0 0 0");
	/* priority nice num_threads itrealvalue starttime */
	seq_printf(m, " %d 0 1 0 %llu", PROC_PRIO_NORMAL,
		   (unsigned long long)(s->start_boottime / PROC_NSEC_PER_CLOCK_T));
	seq_printf(m, " %lu %lu %lu", vsize, s->rss, s->rsslim);
	proc_stat_code(m, s);
	/* kstkesp kstkeip: zero unless the task is dumping core, as Linux */
	seq_puts(m, " 0 0");
	seq_printf(m, " %lu %lu %lu %lu", s->pending & PROC_STAT_SIGMASK,
		   s->blocked & PROC_STAT_SIGMASK,
		   s->ignored & PROC_STAT_SIGMASK,
		   s->caught & PROC_STAT_SIGMASK);
	/* wchan: 6.1 says only whether it sleeps; nswap cnswap */
	seq_printf(m, " %d 0 0", s->state != 'R');
	seq_printf(m, " %d %u", s->exit_signal, s->cpu);
	/* rt_priority policy delayacct_blkio_ticks guest_time cguest_time */
	seq_puts(m, " 0 0 0 0 0");
	proc_stat_tail(m, s);
	return 0;
}

/* Linux's "%*pbl" of a CPU mask, without the newline */
static void seq_cpu_list(struct seq_file *m, u64 mask)
{
	unsigned int cpu = 0, end;
	bool first = true;

	for (; cpu < 64; cpu = end + 1) {
		end = cpu;
		if (!(mask >> cpu & 1))
			continue;
		while (end + 1 < 64 && (mask >> (end + 1) & 1))
			end++;
		seq_printf(m, first ? "%u" : ",%u", cpu);
		if (end > cpu)
			seq_printf(m, "-%u", end);
		first = false;
	}
}

/* "%*pb": hex for @nbits bits, zero-padded, a comma between 32-bit words */
static void seq_cpu_mask(struct seq_file *m, u64 mask, unsigned int nbits)
{
	if (nbits > 32)
		seq_printf(m, "%0*x,%08x", (int)((nbits - 32 + 3) / 4),
			   (u32)(mask >> 32), (u32)mask);
	else
		seq_printf(m, "%0*x", (int)((nbits + 3) / 4), (u32)mask);
}

static void proc_status_mm(struct seq_file *m, const struct proc_task_snap *s)
{
	unsigned long kb = PAGE_SIZE / 1024;
	unsigned long data;

	if (!s->has_mm)
		return;
	/* the data segment and the heap; Linux also counts anonymous mmaps */
	data = (s->end_data - s->start_data + s->brk - s->start_brk) / 1024;
	seq_printf(m, "VmPeak:\t%8lu kB\n", s->total_vm * kb);
	seq_printf(m, "VmSize:\t%8lu kB\n", s->total_vm * kb);
	seq_printf(m, "VmLck:\t%8lu kB\nVmPin:\t%8lu kB\n", 0UL, 0UL);
	seq_printf(m, "VmHWM:\t%8lu kB\n", s->rss * kb);
	seq_printf(m, "VmRSS:\t%8lu kB\n", s->rss * kb);
	seq_printf(m, "RssAnon:\t%8lu kB\n", s->rss * kb);
	seq_printf(m, "RssFile:\t%8lu kB\nRssShmem:\t%8lu kB\n", 0UL, 0UL);
	seq_printf(m, "VmData:\t%8lu kB\n", data);
	seq_printf(m, "VmStk:\t%8lu kB\n", 0UL);	/* not counted yet */
	seq_printf(m, "VmExe:\t%8lu kB\n", (s->end_code - s->start_code) / 1024);
	seq_printf(m, "VmLib:\t%8lu kB\n", 0UL);
	seq_printf(m, "VmPTE:\t%8lu kB\n", s->pgtables * kb);
	seq_printf(m, "VmSwap:\t%8lu kB\n", 0UL);
	seq_printf(m, "HugetlbPages:\t%8lu kB\n", 0UL);
	seq_puts(m, "CoreDumping:\t0\nTHP_enabled:\t0\n");
}

/* Linux's task_state(): Uid to Groups, from the task's credentials */
static void proc_status_ids(struct seq_file *m, const struct proc_task_snap *s)
{
	const struct cred *c = &s->cred;
	unsigned int g;

	seq_printf(m, "Uid:\t%u\t%u\t%u\t%u\n", c->uid, c->euid, c->suid,
		   c->fsuid);
	seq_printf(m, "Gid:\t%u\t%u\t%u\t%u\n", c->gid, c->egid, c->sgid,
		   c->fsgid);
	seq_printf(m, "FDSize:\t%u\nGroups:\t", s->fd_size);
	for (g = 0; g < c->ngroups && g < CRED_NGROUPS; g++)
		seq_printf(m, g ? " %u" : "%u", c->groups[g]);
	/* Linux's trailing space, there even with no group */
	seq_puts(m, " \n");
}

/* the labels of Linux's proc_pid_status(), in its order */
int proc_pid_status_show(struct seq_file *m, const struct proc_task_snap *s)
{
	seq_printf(m, "Name:\t%s\n", s->comm);
	if (s->umask >= 0)
		seq_printf(m, "Umask:\t%04o\n", s->umask);
	seq_printf(m, "State:\t%s\n", proc_task_state_name(s->state));
	seq_printf(m, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n", s->pid,
		   s->pid, s->ppid);
	seq_puts(m, "TracerPid:\t0\n");
	proc_status_ids(m, s);
	seq_printf(m, "NStgid:\t%d\nNSpid:\t%d\nNSpgid:\t%d\nNSsid:\t%d\n",
		   s->pid, s->pid, s->pgid, s->sid);
	proc_status_mm(m, s);
	seq_puts(m, "Threads:\t1\n");
	seq_printf(m, "SigQ:\t0/%lu\n", 0UL);
	seq_printf(m, "SigPnd:\t%016lx\nShdPnd:\t%016lx\n", s->pending, 0UL);
	seq_printf(m, "SigBlk:\t%016lx\nSigIgn:\t%016lx\nSigCgt:\t%016lx\n",
		   s->blocked, s->ignored, s->caught);
	seq_printf(m, "CapInh:\t%016llx\n", 0ULL);
	seq_printf(m, "CapPrm:\t%016llx\nCapEff:\t%016llx\nCapBnd:\t%016llx\n",
		   PROC_CAP_FULL, PROC_CAP_FULL, PROC_CAP_FULL);
	seq_printf(m, "CapAmb:\t%016llx\n", 0ULL);
	seq_puts(m, "NoNewPrivs:\t0\nSeccomp:\t0\nSeccomp_filters:\t0\n");
	seq_puts(m, "Cpus_allowed:\t");
	seq_cpu_mask(m, s->cpus_allowed, s->nr_cpu_ids);
	seq_puts(m, "\nCpus_allowed_list:\t");
	seq_cpu_list(m, s->cpus_allowed);
	seq_puts(m, "\nMems_allowed:\t1\nMems_allowed_list:\t0\n");
	seq_printf(m, "voluntary_ctxt_switches:\t%lu\n", s->nvcsw);
	seq_printf(m, "nonvoluntary_ctxt_switches:\t%lu\n", s->nivcsw);
	return 0;
}
