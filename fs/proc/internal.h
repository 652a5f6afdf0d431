/* SPDX-License-Identifier: GPL-2.0 */
/* Between the files of fs/proc/: a process as its /proc files show it. */
#ifndef _FS_PROC_INTERNAL_H
#define _FS_PROC_INTERNAL_H

#include <linux/cred.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/vfile.h>

struct mm_struct;

/*
 * What /proc/<pid>/stat and status print, copied under tasklist_lock so
 * the text is one consistent moment; the address-space figures come
 * from a reference on the target's mm taken under its task_lock()
 * (Documentation/filesystems/proc.rst).
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
	u64 start_boottime;		/* ns */
	struct cred cred;
	int umask;			/* -1: no fs (a zombie) */
	unsigned int fd_size;		/* 0: no descriptor table */
	bool permitted;			/* ptrace_may_access(READ_FSCREDS) */
	bool has_mm;
	unsigned long total_vm, rss, pgtables;
	unsigned long start_code, end_code, start_data, end_data;
	unsigned long start_brk, brk, start_stack;
	unsigned long arg_start, arg_end, env_start, env_end;
};

/* a process directory's entries (fs/proc/base.c), in readdir order */
enum proc_pid_entry { PID_CMDLINE, PID_COMM, PID_CWD, PID_ENVIRON, PID_FD,
		      PID_MAPS, PID_OOM_SCORE_ADJ, PID_ROOT, PID_STAT,
		      PID_STATUS };

/* proc_pid_link_target()'s links (fs/proc/fd.c) */
enum proc_pid_link { PID_LINK_CWD, PID_LINK_ROOT, PID_LINK_FD };

bool proc_may_access(const struct task_struct *t);
int proc_pid_link_target(int pid, int link, unsigned int fd, char *buf,
			 size_t size);
bool proc_pid_fd_open(int pid, unsigned int fd);
int proc_pid_fd_list(int pid, unsigned long *fds);
int proc_task_snapshot(int pid, struct proc_task_snap *s,
		       struct mm_struct **mmp);
const char *proc_task_state_name(char state);
int proc_pid_stat_show(struct seq_file *m, const struct proc_task_snap *s);
int proc_pid_status_show(struct seq_file *m, const struct proc_task_snap *s);
int proc_pid_maps_show(struct seq_file *m, struct mm_struct *mm);
int proc_pid_cmdline_show(struct seq_file *m, struct mm_struct *mm,
			  const struct proc_task_snap *s);
int proc_pid_environ_show(struct seq_file *m, struct mm_struct *mm,
			  const struct proc_task_snap *s);

/* fs/proc/oom_score_adj.c */
extern const struct file_operations proc_oom_score_adj_operations;

#endif /* _FS_PROC_INTERNAL_H */
