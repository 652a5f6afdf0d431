/* SPDX-License-Identifier: GPL-2.0 */
/* Between the files of fs/proc/: a process as its /proc files show it. */
#ifndef _FS_PROC_INTERNAL_H
#define _FS_PROC_INTERNAL_H

#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/vfile.h>

/*
 * What /proc/<pid>/stat and status print, copied under tasklist_lock so
 * the text is one consistent moment.  The address-space figures are
 * there only for the caller's own process (has_mm): another task's mm
 * can be swapped by exec or dropped by exit with no lock this code could
 * take (Documentation/filesystems/proc.rst).
 */
struct proc_task_snap {
	int pid, ppid, pgid, sid;
	char comm[TASK_COMM_LEN];
	char state;			/* Linux's letter: R S D T Z X */
	unsigned int flags, cpu;
	int exit_signal, exit_code;
	unsigned long pending, blocked, ignored, caught;
	unsigned long nvcsw, nivcsw;
	u64 cpus_allowed;
	unsigned int nr_cpu_ids;	/* the width of Cpus_allowed */
	unsigned long rsslim;
	int umask;
	bool has_mm;
	unsigned long total_vm, rss, pgtables;
	unsigned long start_code, end_code, start_data, end_data;
	unsigned long start_brk, brk, start_stack;
};

int proc_task_snapshot(int pid, struct proc_task_snap *s);
const char *proc_task_state_name(char state);
int proc_pid_stat_show(struct seq_file *m, const struct proc_task_snap *s);
int proc_pid_status_show(struct seq_file *m, const struct proc_task_snap *s);
int proc_pid_maps_show(struct seq_file *m);

/* fs/proc/oom_score_adj.c */
extern const struct file_operations proc_oom_score_adj_operations;

#endif /* _FS_PROC_INTERNAL_H */
