// SPDX-License-Identifier: GPL-2.0
/*
 * The initial user stack of a new program, pure (see
 * Documentation/process/conventions.rst): it is laid out in a caller's
 * buffer that stands for the user addresses [top - size, top), so the
 * kernel can build it in the pages it then maps and the host tests can
 * check every byte.
 *
 * The layout is Linux 6.1's (fs/exec.c, create_elf_tables() in
 * fs/binfmt_elf.c), from the top down:
 *
 *	top - 8		a zero word
 *			execfn string, envp strings, argv strings (argv[0]
 *			lowest), all NUL-terminated
 *			arch_align_stack(): align_pad bytes, then down to 16
 *			"x86_64" (AT_PLATFORM), then 16 random bytes (AT_RANDOM)
 *			up to 15 bytes of padding so that rsp is 16-aligned
 *			auxv: (tag, value) pairs ending with AT_NULL
 *			envp[0..envc-1], NULL
 *			argv[0..argc-1], NULL
 *	rsp ->		argc
 *
 * There is no vDSO, so AT_SYSINFO_EHDR is left out as Linux leaves it out
 * when vdso=0; glibc and musl fall back to the syscall instruction.
 */
#include <linux/binfmts.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/string.h>

#define EXEC_RANDOM_BYTES	16

/**
 * exec_stack_arg_limit() - the room for argument strings and pointers
 * @rlim_stack: the stack rlimit (RLIMIT_STACK's soft value)
 *
 * Linux's bprm_stack_limits(): a quarter of the stack rlimit, at most 3/4
 * of _STK_LIM, at least ARG_MAX.
 */
u64 exec_stack_arg_limit(u64 rlim_stack)
{
	u64 limit = _STK_LIM / 4 * 3;

	if (rlim_stack / 4 < limit)
		limit = rlim_stack / 4;
	if (limit < ARG_MAX)
		limit = ARG_MAX;
	return limit;
}

#define EXEC_TOO_LONG		(~(u64)0)

/* the bytes of a string, NUL included, or EXEC_TOO_LONG */
static u64 exec_strsize(const char *s)
{
	size_t n = strnlen(s, MAX_ARG_STRLEN);

	return n == MAX_ARG_STRLEN ? EXEC_TOO_LONG : n + 1;
}

/* the size of @n strings, or EXEC_TOO_LONG when one of them is too long */
static u64 exec_strings_size(const char *const *v, unsigned long n)
{
	u64 total = 0, len;
	unsigned long i;

	for (i = 0; i < n; i++) {
		len = exec_strsize(v[i]);
		if (len == EXEC_TOO_LONG)
			return len;
		total += len;
	}
	return total;
}

struct exec_stack_buf {
	u8 *buf;
	u64 base;		/* the user address of buf[0] */
};

static void exec_put(struct exec_stack_buf *b, u64 addr, const void *src,
		     size_t len)
{
	memcpy(b->buf + (addr - b->base), src, len);
}

static void exec_put_word(struct exec_stack_buf *b, u64 *addr, u64 val)
{
	exec_put(b, *addr, &val, sizeof(val));
	*addr += sizeof(val);
}

/* copy @n strings upwards from @*addr, storing each one's address in @ptrs */
static void exec_put_strings(struct exec_stack_buf *b, u64 *addr,
			     const char *const *v, unsigned long n,
			     u64 *ptr_addr)
{
	unsigned long i;
	u64 len;

	for (i = 0; i < n; i++) {
		len = exec_strsize(v[i]);
		exec_put(b, *addr, v[i], len);
		exec_put_word(b, ptr_addr, *addr);
		*addr += len;
	}
	exec_put_word(b, ptr_addr, 0);
}

/* the auxiliary vector in create_elf_tables()'s order, AT_NULL last */
static void exec_put_auxv(struct exec_stack_buf *b, u64 addr,
			  const struct exec_stack_args *a,
			  const struct exec_stack_layout *l)
{
	const u64 auxv[EXEC_AUXV_WORDS] = {
		AT_MINSIGSTKSZ, a->minsigstksz,
		AT_HWCAP, a->hwcap,
		AT_PAGESZ, PAGE_SIZE,
		AT_CLKTCK, EXEC_USER_HZ,
		AT_PHDR, a->phdr,
		AT_PHENT, sizeof(struct elf64_phdr),
		AT_PHNUM, a->phnum,
		AT_BASE, 0,		/* no interpreter */
		AT_FLAGS, 0,
		AT_ENTRY, a->entry,
		AT_UID, a->uid,
		AT_EUID, a->euid,
		AT_GID, a->gid,
		AT_EGID, a->egid,
		AT_SECURE, a->secure,
		AT_RANDOM, l->random,
		AT_HWCAP2, a->hwcap2,
		AT_EXECFN, l->execfn,
		AT_PLATFORM, l->platform,
		AT_NULL, 0,
	};

	exec_put(b, addr, auxv, sizeof(auxv));
}

/* check the strings against Linux's limits and size them */
static int exec_stack_measure(const struct exec_stack_args *a,
			      const char *const *argv, unsigned long argc,
			      u64 *strings, const char **reason)
{
	u64 argv_size, envp_size, execfn_size, ptr_size;

	if (a->argc > MAX_ARG_STRINGS || a->envc > MAX_ARG_STRINGS) {
		*reason = "more than MAX_ARG_STRINGS arguments";
		return -E2BIG;
	}
	argv_size = exec_strings_size(argv, argc);
	envp_size = exec_strings_size(a->envp, a->envc);
	execfn_size = exec_strsize(a->execfn);
	if (argv_size == EXEC_TOO_LONG || envp_size == EXEC_TOO_LONG ||
	    execfn_size == EXEC_TOO_LONG) {
		*reason = "a string is longer than MAX_ARG_STRLEN";
		return -E2BIG;
	}
	*strings = argv_size + envp_size + execfn_size;
	/* bprm_stack_limits(): the pointers count against the limit too */
	ptr_size = (argc + a->envc) * sizeof(u64);
	if (a->arg_limit <= ptr_size || a->arg_limit - ptr_size < *strings) {
		*reason = "arguments and environment exceed the limit";
		return -E2BIG;
	}
	return 0;
}

/*
 * Place everything below @top (addresses only, nothing written) and
 * return the initial rsp, or 0 when it would go below @low.
 */
static u64 exec_stack_place(const struct exec_stack_args *a, u64 top,
			    u64 strings, unsigned long argc, u64 low,
			    struct exec_stack_layout *l)
{
	u64 p, words;

	p = top - sizeof(u64) - strings;
	if (top < low + sizeof(u64) + strings + a->align_pad + 64)
		return 0;
	l->arg_start = p;
	p = (p - a->align_pad) & ~(u64)15;
	p -= sizeof(ELF_PLATFORM);
	l->platform = p;
	p -= EXEC_RANDOM_BYTES;
	l->random = p;
	/* argc, argv and NULL, envp and NULL, auxv; the sum cannot wrap */
	words = 1 + argc + 1 + a->envc + 1 + EXEC_AUXV_WORDS;
	if ((p - low) / sizeof(u64) < words + 2)
		return 0;
	l->sp = (p - words * sizeof(u64)) & ~(u64)15;
	l->argv = l->sp + sizeof(u64);
	l->envp = l->argv + (argc + 1) * sizeof(u64);
	l->auxv = l->envp + (a->envc + 1) * sizeof(u64);
	return l->sp;
}

/**
 * exec_stack_build() - lay out the initial user stack of a new program
 * @buf: the stack's top bytes, for the user addresses [@top - @size, @top)
 * @size: size of @buf
 * @top: the user address just above the stack, 16-byte aligned
 * @a: argv, envp, the auxiliary vector's values and the limits
 * @out: receives the addresses of what was placed
 * @reason: receives why it failed
 *
 * An empty argv is given one empty string, as Linux 6.1 does since the
 * argv[0] == NULL exploits (the caller may log it, this code does not).
 * Returns the initial rsp (16-byte aligned, argc at it) through
 * @out->sp and 0; -E2BIG for a string over MAX_ARG_STRLEN, more than
 * MAX_ARG_STRINGS of them, or strings and pointers over @a->arg_limit;
 * -EFAULT when it does not fit in @buf (where Linux would fail to extend
 * the stack); -EINVAL for a misaligned @top or an out-of-range
 * @a->align_pad.  Nothing is written on failure.
 */
int exec_stack_build(void *buf, size_t size, u64 top,
		     const struct exec_stack_args *a,
		     struct exec_stack_layout *out, const char **reason)
{
	static const char *const empty_argv[] = { "" };
	const char *const *argv = a->argc ? a->argv : empty_argv;
	unsigned long argc = a->argc ? a->argc : 1;
	struct exec_stack_buf b = { buf, top - size };
	struct exec_stack_layout l = { .argc = argc };
	u64 strings, addr, ptrs;
	int err;

	*reason = NULL;
	if ((top & 15) || size > top || a->align_pad >= EXEC_STACK_MAX_PAD) {
		*reason = "stack top misaligned or below the buffer, or pad too large";
		return -EINVAL;
	}
	err = exec_stack_measure(a, argv, argc, &strings, reason);
	if (err)
		return err;
	if (!exec_stack_place(a, top, strings, argc, b.base, &l)) {
		*reason = "the initial stack does not fit in the buffer";
		return -EFAULT;
	}

	memset(b.buf + (l.sp - b.base), 0, top - l.sp);
	exec_put(&b, l.platform, ELF_PLATFORM, sizeof(ELF_PLATFORM));
	exec_put(&b, l.random, a->random, EXEC_RANDOM_BYTES);
	addr = l.sp;
	exec_put_word(&b, &addr, argc);
	addr = l.arg_start;
	ptrs = l.argv;
	exec_put_strings(&b, &addr, argv, argc, &ptrs);
	l.arg_end = l.env_start = addr;
	exec_put_strings(&b, &addr, a->envp, a->envc, &ptrs);
	l.env_end = l.execfn = addr;
	exec_put(&b, addr, a->execfn, exec_strsize(a->execfn));
	exec_put_auxv(&b, l.auxv, a, &l);
	*out = l;
	return 0;
}
