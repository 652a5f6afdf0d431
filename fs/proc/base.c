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
 * tasklist_lock and a reference on its mm (proc_task_snapshot(),
 * fs/proc/task_snap.c): any process's files show its own data, to any
 * reader, except environ and maps, which need Linux's
 * PTRACE_MODE_READ_FSCREDS permission (Documentation/filesystems/
 * proc.rst).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/proc_fs.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
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

static int proc_pid_show_file(struct seq_file *m, int file,
			      const struct proc_task_snap *s,
			      struct mm_struct *mm)
{
	switch (file) {
	case PID_CMDLINE:
		return proc_pid_cmdline_show(m, mm, s);
	case PID_ENVIRON:
		return proc_pid_environ_show(m, mm, s);
	case PID_COMM:
		seq_printf(m, "%s\n", s->comm);
		return 0;
	case PID_MAPS:
		/* Linux checks PTRACE_MODE_READ at open: -EACCES */
		if (!s->permitted)
			return -EACCES;
		return mm ? proc_pid_maps_show(m, mm) : 0;
	case PID_OOM_SCORE_ADJ:
		/* read and written through proc_pid_file_ops() instead */
		return -EINVAL;
	case PID_STAT:
		return proc_pid_stat_show(m, s);
	default:
		return proc_pid_status_show(m, s);
	}
}

/**
 * proc_pid_show() - the text of a process file
 * @path: a path proc_pid_lookup() calls VFILE_REG
 * @m: receives the text
 *
 * Returns 0, -ENOENT when the process went, -EISDIR for a directory,
 * -EACCES for environ or maps of a process the reader may not trace.
 */
int proc_pid_show(const char *path, struct seq_file *m)
{
	struct proc_task_snap s;
	struct mm_struct *mm;
	int pid, file, err, type = proc_pid_parse(path, &pid, &file);

	m->count = 0;
	m->overflow = false;
	if (type == VFILE_DIR)
		return -EISDIR;
	if (type != VFILE_REG || proc_task_snapshot(pid, &s, &mm))
		return -ENOENT;
	err = proc_pid_show_file(m, file, &s, mm);
	if (mm)
		mmput(mm);
	return err;
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
