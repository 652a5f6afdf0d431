// SPDX-License-Identifier: GPL-2.0
/*
 * The process part of /proc: /proc/self (a symbolic link to the reader's
 * pid) and a directory /proc/<pid> for each process of process_list,
 * with cmdline, comm, environ, maps, stat and status.  Nothing is
 * registered: the proc mount (fs/vfilefs.c) asks here for every path
 * below /proc that is "self" or a number, and a process's files exist
 * exactly as long as find_task_by_pid() finds it.
 *
 * Text is made at open, from a copy of the task taken under
 * tasklist_lock (proc_task_snapshot()).  cmdline, environ and maps, and
 * the address-space fields of stat and status, are read only for the
 * reader's own process: another task's mm can be replaced by exec or
 * dropped by exit without a lock this code could hold, so there they are
 * empty or zero (Documentation/filesystems/proc.rst).
 */
#include <linux/errno.h>
#include <linux/fs_struct.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/proc_fs.h>
#include <linux/resource.h>
#include <linux/sched/task.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/uaccess.h>
#include "internal.h"

enum proc_pid_file { PID_CMDLINE, PID_COMM, PID_ENVIRON, PID_MAPS,
		     PID_OOM_SCORE_ADJ, PID_STAT, PID_STATUS };

/* a process directory's files, sorted as readdir lists them */
static const char *const proc_pid_files[] = {
	[PID_CMDLINE] = "cmdline",
	[PID_COMM] = "comm",
	[PID_ENVIRON] = "environ",
	[PID_MAPS] = "maps",
	[PID_OOM_SCORE_ADJ] = "oom_score_adj",
	[PID_STAT] = "stat",
	[PID_STATUS] = "status",
};

const char *proc_task_state_name(char state)
{
	switch (state) {
	case 'R':	return "R (running)";
	case 'S':	return "S (sleeping)";
	case 'D':	return "D (disk sleep)";
	case 'T':	return "T (stopped)";
	case 'Z':	return "Z (zombie)";
	default:	return "X (dead)";
	}
}

static char proc_task_state(const struct task_struct *t)
{
	if (t->exit_state & EXIT_DEAD)
		return 'X';
	if (t->exit_state & EXIT_ZOMBIE)
		return 'Z';
	if (t->state & __TASK_STOPPED)
		return 'T';
	if (t->state & TASK_UNINTERRUPTIBLE)
		return 'D';
	if (t->state & TASK_INTERRUPTIBLE)
		return 'S';
	return 'R';
}

/* handlers: word reads, each consistent on its own, as Linux's are */
static void proc_task_sigs(const struct task_struct *t,
			   struct proc_task_snap *s)
{
	int sig;

	s->pending = t->pending.signal.sig[0];
	s->blocked = t->blocked.sig[0];
	if (!t->sighand)
		return;
	for (sig = 1; sig <= _NSIG; sig++) {
		__sighandler_t h = READ_ONCE(t->sighand->action[sig - 1].sa.sa_handler);

		if (h == SIG_IGN)
			s->ignored |= 1UL << (sig - 1);
		else if (h != SIG_DFL)
			s->caught |= 1UL << (sig - 1);
	}
}

/* the caller's own address space: it cannot change under its own read */
static void proc_task_mm(struct proc_task_snap *s)
{
	const struct mm_struct *mm = current->mm;

	if (!mm)
		return;
	s->has_mm = true;
	s->total_vm = mm->total_vm;
	s->rss = mm->rss;
	s->pgtables = mm->pgtables;
	s->start_code = mm->start_code;
	s->end_code = mm->end_code;
	s->start_data = mm->start_data;
	s->end_data = mm->end_data;
	s->start_brk = mm->start_brk;
	s->brk = mm->brk;
	s->start_stack = mm->start_stack;
}

/**
 * proc_task_snapshot() - copy what /proc shows of process @pid
 * @pid: the process
 * @s: filled in
 *
 * Returns 0, or -ENOENT when there is no such process.
 */
int proc_task_snapshot(int pid, struct proc_task_snap *s)
{
	unsigned int n = num_possible_cpus();
	struct task_struct *t;
	unsigned long flags;

	memset(s, 0, sizeof(*s));
	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (!t) {
		spin_unlock_irqrestore(&tasklist_lock, flags);
		return -ENOENT;
	}
	s->pid = t->pid;
	memcpy(s->comm, t->comm, sizeof(s->comm));
	s->comm[sizeof(s->comm) - 1] = '\0';
	s->state = proc_task_state(t);
	s->ppid = t->real_parent ? t->real_parent->pid : 0;
	s->pgid = t->pgid;
	s->sid = t->sid;
	s->flags = t->flags;
	s->cpu = t->cpu;
	s->exit_signal = t->exit_signal;
	s->exit_code = t->exit_state ? t->exit_code : 0;
	s->nvcsw = t->nvcsw;
	s->nivcsw = t->nivcsw;
	s->cpus_allowed = t->cpus_allowed & (n >= 64 ? ~0ULL : (1ULL << n) - 1);
	s->nr_cpu_ids = n;
	s->rsslim = t->rlim[RLIMIT_RSS].rlim_cur;
	s->umask = t->fs ? t->fs->umask : 022;
	proc_task_sigs(t, s);
	if (t == current)
		proc_task_mm(s);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return 0;
}

/* Linux's name_to_int(): decimal, no sign, no leading zero; -1 if not */
static int proc_name_to_pid(const char *name, size_t len)
{
	unsigned int pid = 0;
	size_t i;

	if (!len || len > 9 || (name[0] == '0' && len > 1))
		return -1;
	for (i = 0; i < len; i++) {
		if (name[i] < '0' || name[i] > '9')
			return -1;
		pid = pid * 10 + name[i] - '0';
	}
	return pid ? (int)pid : -1;
}

/*
 * Split a resolved path below /proc: *@pid is the process (the reader's
 * for "self"), *@file the file index, -1 for the directory itself.
 * Returns VFILE_DIR, VFILE_REG, VFILE_LNK ("/proc/self"), or -ENOENT
 * when the path is not one of ours.
 */
static int proc_pid_parse(const char *path, int *pid, int *file)
{
	const char *name, *slash;
	unsigned int i;

	if (strncmp(path, "/proc/", 6))
		return -ENOENT;
	name = path + 6;
	if (!strcmp(name, "self")) {
		*pid = current->pid;
		return VFILE_LNK;
	}
	slash = strchr(name, '/');
	*pid = proc_name_to_pid(name, slash ? (size_t)(slash - name) :
					      strlen(name));
	*file = -1;
	if (*pid < 0)
		return -ENOENT;
	if (!slash)
		return VFILE_DIR;
	for (i = 0; i < ARRAY_SIZE(proc_pid_files); i++) {
		if (!strcmp(slash + 1, proc_pid_files[i])) {
			*file = i;
			return VFILE_REG;
		}
	}
	return -ENOENT;
}

static bool proc_pid_exists(int pid)
{
	unsigned long flags;
	bool found;

	spin_lock_irqsave(&tasklist_lock, flags);
	found = find_task_by_pid(pid) != NULL;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return found;
}

/**
 * proc_pid_lookup() - what a process path below /proc is
 * @path: resolved, absolute ("/proc/self", "/proc/42/stat")
 *
 * Returns VFILE_DIR, VFILE_REG, VFILE_LNK, or -ENOENT (not a process
 * path, or no such process).
 */
int proc_pid_lookup(const char *path)
{
	int pid, file, type = proc_pid_parse(path, &pid, &file);

	if (type < 0 || type == VFILE_LNK)
		return type;
	return proc_pid_exists(pid) ? type : -ENOENT;
}

/**
 * proc_pid_readlink() - the target of a link proc_pid_lookup() found
 * @path: "/proc/self"
 * @buf: receives the target, NUL-terminated
 * @size: of @buf
 *
 * Returns 0 or -ENOENT.
 */
int proc_pid_readlink(const char *path, char *buf, size_t size)
{
	int pid, file;

	if (proc_pid_parse(path, &pid, &file) != VFILE_LNK || !pid)
		return -ENOENT;
	snprintf(buf, size, "%d", pid);
	return 0;
}

/* the reader's own argv or envp strings, NUL-separated as exec left them */
static int proc_pid_strings(struct seq_file *m, int pid, bool env)
{
	const struct mm_struct *mm = current->mm;
	unsigned long start, end;
	size_t room;

	if (pid != current->pid || !mm)
		return 0;
	start = env ? mm->env_start : mm->arg_start;
	end = env ? mm->env_end : mm->arg_end;
	if (end <= start)
		return 0;
	room = m->size - m->count;
	if (end - start >= room) {
		m->overflow = true;	/* vfilefs retries with more room */
		return 0;
	}
	if (copy_from_user(m->buf + m->count, (const void __user *)start,
			   end - start))
		return -EFAULT;
	m->count += end - start;
	return 0;
}

/**
 * proc_pid_show() - the text of a process file
 * @path: a path proc_pid_lookup() calls VFILE_REG
 * @m: receives the text
 *
 * Returns 0, -ENOENT when the process went, -EISDIR for a directory.
 */
int proc_pid_show(const char *path, struct seq_file *m)
{
	struct proc_task_snap s;
	int pid, file, type = proc_pid_parse(path, &pid, &file);

	m->count = 0;
	m->overflow = false;
	if (type == VFILE_DIR)
		return -EISDIR;
	if (type != VFILE_REG || proc_task_snapshot(pid, &s))
		return -ENOENT;
	switch (file) {
	case PID_CMDLINE:
		return proc_pid_strings(m, pid, false);
	case PID_ENVIRON:
		return proc_pid_strings(m, pid, true);
	case PID_COMM:
		seq_printf(m, "%s\n", s.comm);
		return 0;
	case PID_MAPS:
		/* another process's VMAs: its mm is not ours to hold */
		return pid == current->pid ? proc_pid_maps_show(m) : 0;
	case PID_OOM_SCORE_ADJ:
		/* read and written through proc_pid_file_ops() instead */
		return -EINVAL;
	case PID_STAT:
		return proc_pid_stat_show(m, &s);
	default:
		return proc_pid_status_show(m, &s);
	}
}

/**
 * proc_pid_file_ops() - the operations of a writable process file
 * @path: a path proc_pid_lookup() calls VFILE_REG
 *
 * Returns them, or NULL for a read-only file shown by proc_pid_show().
 */
const struct file_operations *proc_pid_file_ops(const char *path)
{
	int pid, file;

	if (proc_pid_parse(path, &pid, &file) != VFILE_REG)
		return NULL;
	return file == PID_OOM_SCORE_ADJ ? &proc_oom_score_adj_operations :
					   NULL;
}

/**
 * proc_pid_list() - list a process directory, or /proc's process entries
 * @dir: resolved path: "/proc" or "/proc/<pid>"
 * @fill: called per entry with its name and VFILE_* type; it runs under
 *	tasklist_lock for "/proc", so it must not sleep or take that lock
 * @arg: passed to @fill
 *
 * For "/proc": "self", then one directory per process.  Returns the
 * number of entries, or -ENOENT when @dir is neither.
 */
int proc_pid_list(const char *dir, proc_filldir_t fill, void *arg)
{
	struct task_struct *t;
	unsigned long flags;
	char name[16];
	int n = 1, pid, file;
	unsigned int i;

	if (!strcmp(dir, "/proc")) {
		fill("self", VFILE_LNK, arg);
		spin_lock_irqsave(&tasklist_lock, flags);
		for_each_process(t) {
			snprintf(name, sizeof(name), "%d", t->pid);
			fill(name, VFILE_DIR, arg);
			n++;
		}
		spin_unlock_irqrestore(&tasklist_lock, flags);
		return n;
	}
	if (proc_pid_parse(dir, &pid, &file) != VFILE_DIR ||
	    !proc_pid_exists(pid))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(proc_pid_files); i++)
		fill(proc_pid_files[i], VFILE_REG, arg);
	return ARRAY_SIZE(proc_pid_files);
}
