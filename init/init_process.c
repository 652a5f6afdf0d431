// SPDX-License-Identifier: GPL-2.0
/*
 * Starting user space: pid 1 becomes a process and executes init, as
 * Linux's kernel_init() does.  In Linux's order: the rdinit= program
 * (default /init) from the initramfs, else the init= program, else
 * /sbin/init, /etc/init, /bin/init and /bin/sh.  Where Linux then
 * panics ("No working init found"), cachet says so and runs its built-in
 * shell, which also runs when shell.run= asks for it or there is no
 * initramfs at all.
 */
#include <linux/cmdline.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fs_syscalls.h>
#include <linux/kernel.h>
#include <linux/initramfs.h>
#include <linux/moduleparam.h>
#include <linux/namei.h>
#include <linux/printk.h>
#include <linux/resource.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/start_kernel.h>
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/entry.h>
#include <asm/fpu.h>
#include <asm/processor.h>

#define INIT_PATH_MAX	256

static char init_path[INIT_PATH_MAX];

/* init=: an absolute path */
static int __init_param parse_init(char *val)
{
	if (!val || val[0] != '/' || strlen(val) >= sizeof(init_path))
		return -EINVAL;
	memcpy(init_path, val, strlen(val) + 1);
	return 0;
}
core_param("init", parse_init);

static const char *const argv_init_env[] = {
	"HOME=/", "TERM=linux", NULL,
};

/* Linux's defaults for init, which every process inherits */
static void init_rlimits(struct task_struct *t)
{
	unsigned int i;

	for (i = 0; i < RLIM_NLIMITS; i++) {
		t->rlim[i].rlim_cur = RLIM_INFINITY;
		t->rlim[i].rlim_max = RLIM_INFINITY;
	}
	t->rlim[RLIMIT_STACK].rlim_cur = _STK_LIM;
	t->rlim[RLIMIT_CORE].rlim_cur = 0;
	t->rlim[RLIMIT_NOFILE].rlim_cur = NR_OPEN_DEFAULT;
	t->rlim[RLIMIT_NOFILE].rlim_max = 4096;
	t->rlim[RLIMIT_MEMLOCK].rlim_cur = 8UL << 20;
	t->rlim[RLIMIT_MEMLOCK].rlim_max = 8UL << 20;
	t->rlim[RLIMIT_MSGQUEUE].rlim_cur = 819200;
	t->rlim[RLIMIT_MSGQUEUE].rlim_max = 819200;
	t->rlim[RLIMIT_NICE].rlim_cur = 0;
	t->rlim[RLIMIT_NICE].rlim_max = 0;
	t->rlim[RLIMIT_RTPRIO].rlim_cur = 0;
	t->rlim[RLIMIT_RTPRIO].rlim_max = 0;
}

/* pid 1 gets what every process has: files, root, signal actions, FPU */
static int become_process(struct task_struct *t)
{
	int err = 0;

	t->files = dup_fd(&init_files, &err);
	t->fs = copy_fs_struct(&init_fs);
	t->sighand = sighand_alloc();
	t->fpu = fpu_alloc();
	if (!t->files || !t->fs || !t->sighand || !t->fpu)
		return -ENOMEM;
	INIT_LIST_HEAD(&t->pending.list);
	t->sas_ss_flags = SS_DISABLE;
	t->exit_signal = SIGCHLD;
	init_rlimits(t);
	process_add_init(t);
	return 0;
}

/* fds 0, 1 and 2 on /dev/console, as Linux's console_on_rootfs() */
static void console_on_rootfs(void)
{
	struct filename *name = getname_kernel("/dev/console");
	long fd = IS_ERR(name) ? PTR_ERR(name) :
		  do_sys_openat(AT_FDCWD, name, O_RDWR, 0);

	if (fd < 0) {
		pr_err("Warning: unable to open an initial console.\n");
		return;
	}
	ksys_dup(fd);
	ksys_dup(fd);
}

static int run_init_process(const char *path)
{
	const char *argv[] = { path, NULL };

	pr_info("Run %s as init process\n", path);
	return kernel_execve(path, argv, argv_init_env);
}

/* into user mode, on the registers exec set up; never returns */
static void __noreturn start_user(void)
{
	ret_to_user_mode(current_pt_regs());
}

/**
 * run_init() - make pid 1 a process running init; returns on failure
 * @rdinit: the rdinit= program, or NULL when there is no initramfs
 */
void run_init(const char *rdinit)
{
	static const char *const fallbacks[] = {
		"/sbin/init", "/etc/init", "/bin/init", "/bin/sh",
	};
	unsigned int i;
	int err;

	if (!current->sighand && become_process(current)) {
		pr_err("init: no memory to become a process\n");
		return;
	}
	console_on_rootfs();
	if (rdinit) {
		err = run_init_process(rdinit);
		if (!err)
			start_user();
		pr_err("Failed to execute %s (error %d)\n", rdinit, err);
	}
	if (init_path[0]) {
		err = run_init_process(init_path);
		if (!err)
			start_user();
		pr_err("Requested init %s failed (error %d).\n", init_path, err);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(fallbacks); i++)
		if (!run_init_process(fallbacks[i]))
			start_user();
	pr_err("No working init found: starting the built-in shell\n");
}
