/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure parts of execve that do not depend on the executable's format:
 * the initial user stack (fs/exec_stack.c) and "#!" scripts
 * (fs/binfmt_script_parse.c).  Documentation/filesystems/binfmt-elf.rst
 * describes both.  Limits and names are Linux 6.1's (linux/binfmts.h,
 * uapi/linux/limits.h).
 */
#ifndef _CACHET_LINUX_BINFMTS_H
#define _CACHET_LINUX_BINFMTS_H

#include <linux/resource.h>
#include <linux/types.h>
#include <asm/page_types.h>

/* the bytes of a file execve looks at to pick a format */
#define BINPRM_BUF_SIZE		256
/* one argument or environment string, its NUL included */
#define MAX_ARG_STRLEN		(PAGE_SIZE * 32)
#define MAX_ARG_STRINGS		0x7fffffff
/* the floor of the argument space, whatever the stack rlimit */
#define ARG_MAX			131072
/* Linux's default stack rlimit */
/* AT_CLKTCK: the tick rate times() reports in, Linux's USER_HZ */
#define EXEC_USER_HZ		100
/* arch_align_stack() takes up to this many random bytes off the stack */
#define EXEC_STACK_MAX_PAD	8192
/* AT_PLATFORM on x86-64 (utsname machine) */
#define ELF_PLATFORM		"x86_64"
/* the auxiliary vector's words: 19 entries and AT_NULL, two words each */
#define EXEC_AUXV_WORDS		40

struct exec_stack_args {
	const char *const *argv;
	unsigned long argc;
	const char *const *envp;
	unsigned long envc;
	const char *execfn;	/* the path given to execve: AT_EXECFN */
	const u8 *random;	/* 16 bytes for AT_RANDOM */
	u64 arg_limit;		/* exec_stack_arg_limit() */
	u64 align_pad;		/* below EXEC_STACK_MAX_PAD: arch_align_stack() */
	/* the auxiliary vector's values */
	u64 minsigstksz;	/* AT_MINSIGSTKSZ: the signal frame's size */
	u64 hwcap;		/* AT_HWCAP: CPUID.1:EDX */
	u64 hwcap2;		/* AT_HWCAP2 */
	u64 phdr;		/* AT_PHDR */
	u64 phnum;		/* AT_PHNUM */
	u64 entry;		/* AT_ENTRY */
	u32 uid, euid, gid, egid;
	bool secure;		/* AT_SECURE */
};

/* where everything landed, as user addresses */
struct exec_stack_layout {
	u64 sp;			/* the initial rsp: argc is here */
	u64 argv, envp, auxv;	/* the three vectors */
	u64 arg_start, arg_end;	/* the argv strings (mm->arg_start...) */
	u64 env_start, env_end;	/* the envp strings */
	u64 execfn, platform, random;
	unsigned long argc;	/* 1 for an empty argv: see exec_stack_build() */
};

u64 exec_stack_arg_limit(u64 rlim_stack);
int exec_stack_build(void *buf, size_t size, u64 top,
		     const struct exec_stack_args *a,
		     struct exec_stack_layout *out, const char **reason);

/* a "#!" line, parsed: @name and @arg point into @buf */
struct binfmt_script {
	char buf[BINPRM_BUF_SIZE];
	const char *name;	/* the interpreter's path */
	const char *arg;	/* its one optional argument, or NULL */
};

int binfmt_script_parse(const void *head, size_t len,
			struct binfmt_script *s);
long binfmt_script_argv(const struct binfmt_script *s, const char *path,
			const char *const *argv, unsigned long argc,
			const char **new_argv, unsigned long max);

#endif /* _CACHET_LINUX_BINFMTS_H */
