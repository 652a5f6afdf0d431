// SPDX-License-Identifier: GPL-2.0
/*
 * execve(): replace the current process's program.
 *
 * The order is Linux's: copy the arguments in, open the file, follow
 * "#!" lines (at most BINPRM_MAX_RECURSION of them), plan the ELF load
 * from the file alone (fs/binfmt_elf_plan.c), then build the whole new
 * address space, segments, heap and initial stack (fs/exec_stack.c),
 * while the old one is untouched.  Any failure up to there returns its
 * errno to the old program and leaves nothing behind.  Only then is the
 * new space switched in, the old one dropped and the task's state reset
 * (signal handlers, close-on-exec descriptors, FPU, FS base, its name);
 * nothing after that point can fail.
 */
#include <linux/binfmt_elf.h>
#include <linux/binfmts.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/rseq.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/vmalloc.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/msr-index.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>
#include <asm/special_insns.h>
#include <asm/uaccess.h>

/* Linux's limit on "#!" lines leading to more "#!" lines */
#define BINPRM_MAX_RECURSION	4
/* the initial stack VMA, before it grows down (Linux starts with 128 KiB) */
#define STACK_INITIAL		(128 * 1024UL)
/* heap start randomisation: Linux's 32 MiB */
#define BRK_RND_RANGE		(32UL << 20)

/* argv and envp, copied into the kernel */
struct exec_strings {
	char *buf;			/* all strings, NUL-terminated */
	size_t used, size;
	const char **ptr;		/* argc + envc pointers into buf */
	unsigned long argc, envc, max;
	size_t limit;			/* the arguments' room (arg_limit) */
};

/* the first try at copying the arguments: most fit in this */
#define EXEC_ARGS_FIRST		(64 * 1024UL)

struct exec_ctx {
	char path[PATH_MAX];		/* what is being run now */
	char execfn[PATH_MAX];		/* what execve was given */
	struct exec_strings s;
	struct binfmt_script script;
	struct elf_plan plan;
	struct file *file;
	struct mm_struct *mm;
	struct exec_stack_layout layout;
	u64 arg_limit;
};

/* one string from user or kernel space into the buffer */
static int exec_copy_string(struct exec_strings *s, const char *kstr,
			    const char __user *ustr)
{
	size_t room = s->size - s->used;
	/* out of room: too big, or only for this first, smaller buffer */
	int full = s->size < s->limit ? -ENOSPC : -E2BIG;
	long len;

	if (s->argc + s->envc >= s->max)
		return full;
	if (kstr) {
		len = strnlen(kstr, room);
		if ((size_t)len == room)
			return full;
		memcpy(s->buf + s->used, kstr, len + 1);
	} else {
		len = strncpy_from_user(s->buf + s->used, ustr, room);
		if (len < 0)
			return len;
		if ((size_t)len == room)
			return full;
	}
	if ((size_t)len + 1 > MAX_ARG_STRLEN)
		return -E2BIG;
	s->ptr[s->argc + s->envc] = s->buf + s->used;
	s->used += len + 1;
	return 0;
}

/* a NULL-terminated vector, user or kernel; *count gets its length */
static int exec_copy_vector(struct exec_strings *s, const char *const *kvec,
			    const char __user *const __user *uvec,
			    unsigned long *count)
{
	const char __user *up;
	unsigned long i;
	int err;

	for (i = 0;; i++) {
		if (kvec) {
			if (!kvec[i])
				break;
			err = exec_copy_string(s, kvec[i], NULL);
		} else {
			if (!uvec)
				break;
			if (get_user(up, (const char __user *__user *)(uvec + i)))
				return -EFAULT;
			if (!up)
				break;
			err = exec_copy_string(s, NULL, up);
		}
		if (err)
			return err;
		(*count)++;
	}
	return 0;
}

static void exec_strings_free(struct exec_strings *s)
{
	kvfree(s->buf);
	kvfree(s->ptr);
}

static int exec_copy_args(struct exec_ctx *c, const char *const *kargv,
			  const char *const *kenvp,
			  const char __user *const __user *uargv,
			  const char __user *const __user *uenvp)
{
	struct exec_strings *s = &c->s;
	size_t size = min((size_t)c->arg_limit, EXEC_ARGS_FIRST);
	int err;

again:
	memset(s, 0, sizeof(*s));
	s->limit = c->arg_limit;
	s->size = size;
	s->max = size / sizeof(void *);
	s->buf = kvmalloc(s->size, GFP_KERNEL);
	s->ptr = kvmalloc(s->max * sizeof(*s->ptr), GFP_KERNEL);
	if (!s->buf || !s->ptr)
		return -ENOMEM;
	err = exec_copy_vector(s, kargv, uargv, &s->argc);
	if (!err)
		err = exec_copy_vector(s, kenvp, uenvp, &s->envc);
	/* the arguments did not fit the first buffer: the full room */
	if (err == -ENOSPC) {
		exec_strings_free(s);
		size = c->arg_limit;
		goto again;
	}
	/* strings and pointers together, as Linux counts them */
	if (!err && s->used + (s->argc + s->envc + 2) * sizeof(void *) >
		    c->arg_limit)
		err = -E2BIG;
	return err;
}

static long exec_read(void *arg, u64 pos, void *buf, size_t len)
{
	loff_t p = pos;

	return kernel_read(arg, buf, len, &p);
}

/*
 * A "#!" line: the interpreter's argv replaces argv, the environment
 * stays.  The strings are copied into a new buffer, so that nothing
 * points into the parsed line or the path, which the next level reuses.
 */
static int exec_rewrite_argv(struct exec_ctx *c)
{
	struct exec_strings old = c->s, *s = &c->s;
	const char **argv;
	unsigned long i;
	long argc;
	int err = -ENOMEM;

	argv = kvmalloc(old.limit / sizeof(void *) * sizeof(*argv), GFP_KERNEL);
	memset(s, 0, sizeof(*s));
	s->limit = old.limit;
	s->size = old.limit;
	s->max = old.limit / sizeof(void *);
	s->buf = kvmalloc(s->size, GFP_KERNEL);
	s->ptr = kvmalloc(s->max * sizeof(*s->ptr), GFP_KERNEL);
	if (!argv || !s->buf || !s->ptr)
		goto out;
	argc = binfmt_script_argv(&c->script, c->path, old.ptr, old.argc,
				  argv, s->max);
	err = argc < 0 ? argc : 0;
	for (i = 0; !err && i < (unsigned long)argc; i++, s->argc++)
		err = exec_copy_string(s, argv[i], NULL);
	for (i = 0; !err && i < old.envc; i++, s->envc++)
		err = exec_copy_string(s, old.ptr[old.argc + i], NULL);
out:
	kvfree(argv);
	exec_strings_free(&old);
	return err;
}

/* open c->path; follow "#!" lines, rewriting argv, until an ELF file */
static int exec_open(struct exec_ctx *c)
{
	char head[BINPRM_BUF_SIZE];
	int depth, err;
	loff_t pos;
	long n;

	for (depth = 0;; depth++) {
		c->file = open_exec(c->path);
		if (IS_ERR(c->file)) {
			err = PTR_ERR(c->file);
			c->file = NULL;
			return err;
		}
		pos = 0;
		n = kernel_read(c->file, head, sizeof(head), &pos);
		if (n < 0)
			return n;
		if (n < 2 || head[0] != '#' || head[1] != '!')
			return 0;
		if (depth == BINPRM_MAX_RECURSION)
			return -ELOOP;
		err = binfmt_script_parse(head, n, &c->script);
		if (!err)
			err = exec_rewrite_argv(c);
		if (err)
			return err;
		if (strscpy(c->path, c->script.name, sizeof(c->path)) < 0)
			return -ENAMETOOLONG;
		fput(c->file);
		c->file = NULL;
	}
}

/* what the tail of a segment's last file page is cleared from */
static const u8 exec_zeros[PAGE_SIZE];

/*
 * One PT_LOAD, as Linux's load_elf_binary() maps it: the pages holding
 * its file bytes are a private mapping of the file (shared with the page
 * cache until written), the pages past them anonymous memory.  When the
 * segment has a bss, the rest of its last file page is cleared in a
 * private copy (Linux's padzero()).  Pages past the end of a truncated
 * file are mapped too: the program gets SIGBUS there, as on Linux.
 */
static int exec_load_segment(struct exec_ctx *c, const struct elf_load_seg *l)
{
	u64 size = file_inode(c->file)->i_size;
	u64 flen = PAGE_ALIGN(l->file_bytes);
	u64 tail = offset_in_page(l->file_bytes);
	unsigned long addr;
	int err;

	if (flen) {
		addr = do_mmap(c->mm, c->file, l->start, flen, l->prot,
			       MAP_PRIVATE | MAP_FIXED, l->offset >> PAGE_SHIFT);
		if (IS_ERR_VALUE(addr))
			return (int)addr;
	}
	/* no page to clear when the file ends before it: that one is SIGBUS */
	if (tail && l->mem_bytes > l->file_bytes &&
	    l->offset + (l->file_bytes & PAGE_MASK) < size) {
		err = copy_to_mm(c->mm, l->start + l->file_bytes, exec_zeros,
				 PAGE_SIZE - tail);
		if (err)
			return err;
	}
	if (l->start + flen < l->end) {
		addr = do_mmap(c->mm, NULL, l->start + flen,
			       l->end - l->start - flen, l->prot,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
		if (IS_ERR_VALUE(addr))
			return (int)addr;
	}
	return 0;
}

static unsigned long random_long(void)
{
	unsigned long r;

	get_random_bytes(&r, sizeof(r));
	return r;
}

/* the initial stack: a VMA below a randomised top, argv and auxv in it */
static int exec_setup_stack(struct exec_ctx *c)
{
	struct exec_stack_args a = {
		.argv = c->s.ptr,
		.argc = c->s.argc,
		.envp = c->s.ptr + c->s.argc,
		.envc = c->s.envc,
		.execfn = c->execfn,
		.arg_limit = c->arg_limit,
		.minsigstksz = signal_frame_min_size(),
		.hwcap = boot_cpu_data.x86_capability[CPUID_WORD_1_EDX],
		.phdr = c->plan.phdr_addr,
		.phnum = c->plan.phnum,
		.entry = c->plan.entry,
	};
	unsigned long top, size, prot = PROT_READ | PROT_WRITE;
	const char *reason;
	u8 random[16];
	void *buf;
	int err;

	get_random_bytes(random, sizeof(random));
	a.random = random;
	a.align_pad = (random_long() % EXEC_STACK_MAX_PAD) & ~15UL;
	top = TASK_SIZE_MAX - (random_long() & STACK_RND_MAX);
	/*
	 * What the layout can take: the strings, their pointers, the
	 * auxiliary vector, the alignment pad and a page for execfn, the
	 * platform string and the random bytes; exec_stack_build() says
	 * -EFAULT rather than overrun it.
	 */
	size = PAGE_ALIGN(c->s.used + strlen(c->execfn) + 1 +
			  (c->s.argc + c->s.envc + 3) * sizeof(u64) +
			  EXEC_AUXV_WORDS * sizeof(u64) + EXEC_STACK_MAX_PAD +
			  PAGE_SIZE);
	if (c->plan.exec_stack == EXSTACK_ENABLE_X)
		prot |= PROT_EXEC;
	buf = kvmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	err = exec_stack_build(buf, size, top, &a, &c->layout, &reason);
	if (!err) {
		unsigned long used = top - (c->layout.sp & ~(PAGE_SIZE - 1));
		unsigned long vma = max(used, STACK_INITIAL);

		unsigned long addr = do_mmap(c->mm, NULL, top - vma, vma, prot,
					     MAP_PRIVATE | MAP_ANONYMOUS |
					     MAP_FIXED | MAP_GROWSDOWN, 0);

		err = IS_ERR_VALUE(addr) ? (int)addr : 0;
		if (!err)
			err = copy_to_mm(c->mm, top - used,
					 (u8 *)buf + size - used, used);
	}
	kvfree(buf);
	c->mm->start_stack = c->layout.sp;
	c->mm->arg_start = c->layout.arg_start;
	c->mm->arg_end = c->layout.arg_end;
	c->mm->env_start = c->layout.env_start;
	c->mm->env_end = c->layout.env_end;
	return err;
}

/* the new address space, complete, while the old one runs on */
static int exec_build_mm(struct exec_ctx *c)
{
	unsigned int i;
	int err;

	c->mm = mm_alloc();
	if (!c->mm)
		return -ENOMEM;
	/* Linux's mmap randomisation, below the stack's room */
	c->mm->mmap_base -= random_long() & MMAP_RND_MAX;
	for (i = 0; i < c->plan.nr_loads; i++) {
		err = exec_load_segment(c, &c->plan.loads[i]);
		if (err)
			return err;
	}
	c->mm->start_code = c->plan.start_code;
	c->mm->end_code = c->plan.end_code;
	c->mm->start_data = c->plan.start_data;
	c->mm->end_data = c->plan.end_data;
	c->mm->start_brk = c->plan.start_brk +
			   (random_long() % BRK_RND_RANGE & PAGE_MASK);
	c->mm->brk = c->mm->start_brk;
	return exec_setup_stack(c);
}

static const char *exec_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* past the point of no return: the task takes the new program */
static void exec_commit(struct exec_ctx *c)
{
	struct task_struct *t = current;
	struct mm_struct *old = t->mm;
	struct pt_regs *regs = current_pt_regs();
	unsigned long flags;

	mm_release(t);
	update_maxrss(t);
	task_lock(t);		/* for the OOM killer's look at ->mm */
	local_irq_save(flags);
	switch_mm_irqs_off(t->active_mm, c->mm);
	t->mm = c->mm;
	t->active_mm = c->mm;
	local_irq_restore(flags);
	task_unlock(t);
	c->mm = NULL;
	if (old)
		mmput(old);
	t->flags &= ~PF_KTHREAD;
	t->did_exec = true;
	rseq_execve(t);
	set_task_comm(t, exec_basename(c->execfn));
	flush_signal_handlers(t);
	if (t->files)
		do_close_on_exec(t->files);
	t->fsbase = 0;
	t->gsbase = 0;
	wrmsr(MSR_FS_BASE, 0);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
	fpu_init_state(t->fpu);
	fpu_restore(t->fpu);
	memset(regs, 0, sizeof(*regs));
	regs->ip = c->plan.entry;
	regs->sp = c->layout.sp;
	regs->cs = __USER_CS;
	regs->ss = __USER_DS;
	regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	regs->vector = PT_REGS_SYSCALL;
	regs->orig_ax = -1UL;
}

static int do_execve_common(const char *filename,
			    const char *const *kargv, const char *const *kenvp,
			    const char __user *const __user *uargv,
			    const char __user *const __user *uenvp)
{
	struct exec_ctx *c = kzalloc(sizeof(*c), GFP_KERNEL);
	int err;

	if (!c)
		return -ENOMEM;
	if (!current->fpu) {
		current->fpu = fpu_alloc();
		if (!current->fpu) {
			kfree(c);
			return -ENOMEM;
		}
	}
	c->arg_limit = exec_stack_arg_limit(current->rlim[RLIMIT_STACK].rlim_cur);
	strscpy(c->path, filename, sizeof(c->path));
	strscpy(c->execfn, filename, sizeof(c->execfn));
	err = exec_copy_args(c, kargv, kenvp, uargv, uenvp);
	if (!err)
		err = exec_open(c);
	if (!err)
		err = elf_plan_load(exec_read, c->file,
				    file_inode(c->file)->i_size,
				    random_long(), &c->plan);
	if (!err)
		err = exec_build_mm(c);
	if (!err)
		exec_commit(c);
	if (c->mm)
		mmput(c->mm);
	if (c->file)
		fput(c->file);
	exec_strings_free(&c->s);
	kfree(c);
	return err;
}

/**
 * kernel_execve() - the current kernel thread becomes a user process
 * @filename: the program
 * @argv: its arguments, NULL-terminated
 * @envp: its environment, NULL-terminated
 *
 * For init: on success the caller enters user mode with
 * ret_to_user_mode(current_pt_regs()).  Returns 0 or a -errno.
 */
int kernel_execve(const char *filename, const char *const *argv,
		  const char *const *envp)
{
	return do_execve_common(filename, argv, envp, NULL, NULL);
}

SYSCALL_DEFINE3(execve, const char __user *, filename,
		const char __user *const __user *, argv,
		const char __user *const __user *, envp)
{
	char *path = kmalloc(PATH_MAX, GFP_KERNEL);
	long len, err;

	if (!path)
		return -ENOMEM;
	len = strncpy_from_user(path, filename, PATH_MAX);
	if (len < 0)
		err = len;
	else if (len == PATH_MAX)
		err = -ENAMETOOLONG;
	else if (!len)
		err = -ENOENT;
	else
		err = do_execve_common(path, NULL, NULL, argv, envp);
	kfree(path);
	return err;
}
