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
#include <linux/fdtable.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/proc_fs.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include "internal.h"

/* a process directory's entries, sorted as readdir lists them */
static const struct {
	const char *name;
	int type;			/* VFILE_* */
} proc_pid_entries[] = {
	[PID_CMDLINE] = { "cmdline", VFILE_REG },
	[PID_COMM] = { "comm", VFILE_REG },
	[PID_CWD] = { "cwd", VFILE_LNK },
	[PID_ENVIRON] = { "environ", VFILE_REG },
	[PID_FD] = { "fd", VFILE_DIR },
	[PID_MAPS] = { "maps", VFILE_REG },
	[PID_OOM_SCORE_ADJ] = { "oom_score_adj", VFILE_REG },
	[PID_ROOT] = { "root", VFILE_LNK },
	[PID_STAT] = { "stat", VFILE_REG },
	[PID_STATUS] = { "status", VFILE_REG },
};

/* a path below /proc, split */
struct proc_pid_ref {
	int pid;
	int entry;		/* PID_*, PID_SELF, or PID_DIR for <pid>/ */
	unsigned int fd;	/* for PID_FD_LINK */
};

#define PID_DIR		-1	/* /proc/<pid> */
#define PID_SELF	-2	/* /proc/self */
#define PID_FD_LINK	-3	/* /proc/<pid>/fd/<n> */

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

/* "fd/<n>" below a process directory: Linux's name_to_int() too */
static int proc_parse_fd(const char *name, struct proc_pid_ref *r)
{
	int fd = proc_name_to_pid(name, strlen(name));

	/* the one name "0" name_to_int() takes and a pid cannot be */
	if (!strcmp(name, "0"))
		fd = 0;
	if (fd < 0)
		return -ENOENT;
	r->entry = PID_FD_LINK;
	r->fd = fd;
	return VFILE_LNK;
}

/*
 * Split a resolved path below /proc into @r.  Returns VFILE_DIR,
 * VFILE_REG or VFILE_LNK, or -ENOENT when the path is not one of ours.
 */
static int proc_pid_parse(const char *path, struct proc_pid_ref *r)
{
	const char *name, *slash;
	unsigned int i;

	if (strncmp(path, "/proc/", 6))
		return -ENOENT;
	name = path + 6;
	if (!strcmp(name, "self")) {
		r->pid = current->pid;
		r->entry = PID_SELF;
		return VFILE_LNK;
	}
	slash = strchr(name, '/');
	r->pid = proc_name_to_pid(name, slash ? (size_t)(slash - name) :
						strlen(name));
	r->entry = PID_DIR;
	if (r->pid < 0)
		return -ENOENT;
	if (!slash)
		return VFILE_DIR;
	if (!strncmp(slash + 1, "fd/", 3))
		return proc_parse_fd(slash + 4, r);
	for (i = 0; i < ARRAY_SIZE(proc_pid_entries); i++) {
		if (!strcmp(slash + 1, proc_pid_entries[i].name)) {
			r->entry = i;
			return proc_pid_entries[i].type;
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
	struct proc_pid_ref r;
	int type = proc_pid_parse(path, &r);

	if (type < 0 || r.entry == PID_SELF)
		return type;
	if (r.entry == PID_FD_LINK)
		return proc_pid_fd_open(r.pid, r.fd) ? type : -ENOENT;
	return proc_pid_exists(r.pid) ? type : -ENOENT;
}

/**
 * proc_pid_readlink() - the target of a link proc_pid_lookup() found
 * @path: "/proc/self", "/proc/<pid>/{cwd,root}", "/proc/<pid>/fd/<n>"
 * @buf: receives the target, NUL-terminated
 * @size: of @buf
 *
 * From lookup, the namespace lock held.  Returns 0, -ENOENT (the
 * process, descriptor or directory is gone),
 * -EACCES (the reader may not trace the process) or -ENAMETOOLONG.
 */
int proc_pid_readlink(const char *path, char *buf, size_t size)
{
	struct proc_pid_ref r;

	if (proc_pid_parse(path, &r) != VFILE_LNK || !r.pid)
		return -ENOENT;
	switch (r.entry) {
	case PID_SELF:
		snprintf(buf, size, "%d", r.pid);
		return 0;
	case PID_FD_LINK:
		return proc_pid_link_target(r.pid, PID_LINK_FD, r.fd, buf,
					    size);
	default:
		return proc_pid_link_target(r.pid, r.entry == PID_ROOT ?
					    PID_LINK_ROOT : PID_LINK_CWD, 0,
					    buf, size);
	}
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
	struct proc_pid_ref r;
	struct mm_struct *mm;
	int err, type = proc_pid_parse(path, &r);

	m->count = 0;
	m->overflow = false;
	if (type == VFILE_DIR)
		return -EISDIR;
	if (type != VFILE_REG || proc_task_snapshot(r.pid, &s, &mm))
		return -ENOENT;
	err = proc_pid_show_file(m, r.entry, &s, mm);
	if (mm)
		mmput(mm);
	return err;
}

/* /proc/<pid>/fd: a link per open descriptor, in increasing order */
static int proc_pid_list_fds(int pid, proc_filldir_t fill, void *arg)
{
	unsigned long fds[FD_WORDS];
	unsigned int fd;
	char name[16];
	int n = 0, err = proc_pid_fd_list(pid, fds);

	if (err)
		return err;
	for (fd = 0; fd < NR_OPEN_DEFAULT; fd++) {
		if (!(fds[fd / BITS_PER_LONG] & (1UL << (fd % BITS_PER_LONG))))
			continue;
		snprintf(name, sizeof(name), "%u", fd);
		fill(name, VFILE_LNK, arg);
		n++;
	}
	return n;
}

/**
 * proc_pid_file_ops() - the operations of a writable process file
 * @path: a path proc_pid_lookup() calls VFILE_REG
 *
 * Returns them, or NULL for a read-only file shown by proc_pid_show().
 */
const struct file_operations *proc_pid_file_ops(const char *path)
{
	struct proc_pid_ref r;

	if (proc_pid_parse(path, &r) != VFILE_REG)
		return NULL;
	return r.entry == PID_OOM_SCORE_ADJ ? &proc_oom_score_adj_operations :
					      NULL;
}

/**
 * proc_pid_list() - list a process directory, or /proc's process entries
 * @dir: resolved path: "/proc", "/proc/<pid>" or "/proc/<pid>/fd"
 * @fill: called per entry with its name and VFILE_* type; it runs under
 *	tasklist_lock for "/proc", so it must not sleep or take that lock
 * @arg: passed to @fill
 *
 * For "/proc": "self", then one directory per process; for
 * "/proc/<pid>/fd" one link per open descriptor.  Returns the number of
 * entries, -ENOENT when @dir is none of these, or -EACCES for the fd
 * directory of a process the reader may not trace.
 */
int proc_pid_list(const char *dir, proc_filldir_t fill, void *arg)
{
	struct proc_pid_ref r;
	struct task_struct *t;
	unsigned long flags;
	char name[16];
	unsigned int i;
	int n = 1;

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
	if (proc_pid_parse(dir, &r) != VFILE_DIR)
		return -ENOENT;
	if (r.entry == PID_FD)
		return proc_pid_list_fds(r.pid, fill, arg);
	if (!proc_pid_exists(r.pid))
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(proc_pid_entries); i++)
		fill(proc_pid_entries[i].name, proc_pid_entries[i].type, arg);
	return ARRAY_SIZE(proc_pid_entries);
}
