// SPDX-License-Identifier: GPL-2.0
/*
 * fs/exec_stack.c: one layout computed by hand from Linux 6.1's
 * create_elf_tables() rules, then random argv/envp sets walked from rsp the
 * way a C library's _start walks them (every pointer must land inside the
 * buffer and lead to the string that was passed, the auxiliary vector in
 * Linux's order), and the limits.
 */
#include <string.h>

#include <linux/binfmts.h>
#include <linux/elf.h>
#include <linux/errno.h>

#include "unit.h"

#define TOP	0x7ffffffff000ULL
#define SIZE	(64 * 1024)

static unsigned char stack[SIZE];
static const u8 rnd16[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
			      14, 15, 16 };

static const u64 auxv_order[] = {
	AT_MINSIGSTKSZ, AT_HWCAP, AT_PAGESZ, AT_CLKTCK, AT_PHDR, AT_PHENT,
	AT_PHNUM, AT_BASE, AT_FLAGS, AT_ENTRY, AT_UID, AT_EUID, AT_GID,
	AT_EGID, AT_SECURE, AT_RANDOM, AT_HWCAP2, AT_EXECFN, AT_PLATFORM,
	AT_NULL,
};

static void args_init(struct exec_stack_args *a)
{
	memset(a, 0, sizeof(*a));
	a->random = rnd16;
	a->arg_limit = exec_stack_arg_limit(8 << 20);
	a->minsigstksz = 0x440;
	a->hwcap = 0x178bfbff;
	a->hwcap2 = 2;
	a->phdr = 0x400040;
	a->phnum = 10;
	a->entry = 0x401bc0;
	a->uid = 1000;
	a->euid = 1001;
	a->gid = 100;
	a->egid = 101;
	a->secure = true;
}

static u64 word(u64 addr)
{
	u64 v;

	memcpy(&v, stack + (addr - (TOP - SIZE)), sizeof(v));
	return v;
}

static const char *str_at(u64 addr)
{
	return (const char *)stack + (addr - (TOP - SIZE));
}

static bool in_stack(u64 addr, u64 len)
{
	return addr >= TOP - SIZE && addr <= TOP && TOP - addr >= len;
}

UNIT_TEST(exec_stack, hand_computed_layout)
{
	const char *argv[] = { "a", "bc" };
	const char *envp[] = { "X=1" };
	struct exec_stack_layout l;
	struct exec_stack_args a;
	const char *reason;

	args_init(&a);
	a.argv = argv;
	a.argc = 2;
	a.envp = envp;
	a.envc = 1;
	a.execfn = "/bin/x";
	ASSERT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), 0);
	/* 16 bytes of strings under the zero word at 0x7fffffffeff8 */
	EXPECT_EQ(l.arg_start, 0x7fffffffefe8ULL);
	EXPECT_EQ(l.arg_end, 0x7fffffffefedULL);
	EXPECT_EQ(l.env_start, 0x7fffffffefedULL);
	EXPECT_EQ(l.env_end, 0x7fffffffeff1ULL);
	EXPECT_EQ(l.execfn, 0x7fffffffeff1ULL);
	/* aligned down to 0x...efe0, then "x86_64\0" and 16 random bytes */
	EXPECT_EQ(l.platform, 0x7fffffffefd9ULL);
	EXPECT_EQ(l.random, 0x7fffffffefc9ULL);
	/* 46 words (argc, 2 + 1, 1 + 1, 40 of auxv) below, down to 16 */
	EXPECT_EQ(l.sp, 0x7fffffffee50ULL);
	EXPECT_EQ(l.argv, 0x7fffffffee58ULL);
	EXPECT_EQ(l.envp, 0x7fffffffee70ULL);
	EXPECT_EQ(l.auxv, 0x7fffffffee80ULL);

	EXPECT_EQ(word(0x7fffffffee50ULL), 2);
	EXPECT_EQ(word(0x7fffffffee58ULL), 0x7fffffffefe8ULL);
	EXPECT_EQ(word(0x7fffffffee60ULL), 0x7fffffffefeaULL);
	EXPECT_EQ(word(0x7fffffffee68ULL), 0);
	EXPECT_EQ(word(0x7fffffffee70ULL), 0x7fffffffefedULL);
	EXPECT_EQ(word(0x7fffffffee78ULL), 0);
	EXPECT_EQ(word(0x7fffffffee80ULL), AT_MINSIGSTKSZ);
	EXPECT_EQ(word(0x7fffffffee88ULL), 0x440);
	EXPECT_EQ(word(0x7fffffffee90ULL), AT_HWCAP);
	EXPECT_EQ(word(0x7fffffffeea0ULL), AT_PAGESZ);
	EXPECT_EQ(word(0x7fffffffeea8ULL), 4096);
	EXPECT_EQ(word(0x7fffffffeeb8ULL), 100);		/* AT_CLKTCK */
	/* AT_RANDOM is the 16th pair, AT_EXECFN the 18th */
	EXPECT_EQ(word(0x7fffffffee80ULL + 15 * 16), AT_RANDOM);
	EXPECT_EQ(word(0x7fffffffee88ULL + 15 * 16), 0x7fffffffefc9ULL);
	EXPECT_EQ(word(0x7fffffffee88ULL + 17 * 16), 0x7fffffffeff1ULL);
	EXPECT_EQ(word(0x7fffffffee88ULL + 18 * 16), 0x7fffffffefd9ULL);
	EXPECT_EQ(word(0x7fffffffee80ULL + 19 * 16), AT_NULL);
	EXPECT_EQ(word(0x7fffffffeff8ULL), 0);
	EXPECT_STREQ(str_at(0x7fffffffefe8ULL), "a");
	EXPECT_STREQ(str_at(0x7fffffffefeaULL), "bc");
	EXPECT_STREQ(str_at(0x7fffffffefedULL), "X=1");
	EXPECT_STREQ(str_at(0x7fffffffeff1ULL), "/bin/x");
	EXPECT_STREQ(str_at(0x7fffffffefd9ULL), "x86_64");
	EXPECT_MEMEQ(str_at(0x7fffffffefc9ULL), rnd16, 16);
}

/* walk a vector of string pointers as _start does; false on any stray one */
static bool check_vector(u64 *addr, const char *const *want, unsigned long n,
			 u64 *next_string)
{
	unsigned long i;

	for (i = 0; i < n; i++, *addr += 8) {
		u64 p = word(*addr);
		size_t len = strlen(want[i]) + 1;

		if (!in_stack(*addr, 8) || p != *next_string ||
		    !in_stack(p, len) || memcmp(str_at(p), want[i], len))
			return false;
		*next_string += len;
	}
	if (word(*addr) != 0)
		return false;
	*addr += 8;
	return true;
}

static void check_walk(const struct exec_stack_args *a,
		       const struct exec_stack_layout *l)
{
	const u64 values[] = {
		a->minsigstksz, a->hwcap, 4096, 100, a->phdr, 56, a->phnum, 0,
		0, a->entry, a->uid, a->euid, a->gid, a->egid, a->secure,
		l->random, a->hwcap2, l->execfn, l->platform, 0 };
	static const char *const empty[] = { "" };
	u64 addr = l->sp, next = l->arg_start;
	unsigned int i;

	ASSERT_EQ(l->sp % 16, 0);
	ASSERT_TRUE(in_stack(l->sp, 8));
	ASSERT_EQ(word(addr), a->argc ? a->argc : 1);
	addr += 8;
	ASSERT_TRUE(check_vector(&addr, a->argc ? a->argv : empty,
				 a->argc ? a->argc : 1, &next));
	ASSERT_EQ(next, l->arg_end);
	ASSERT_TRUE(check_vector(&addr, a->envp, a->envc, &next));
	ASSERT_EQ(next, l->env_end);
	ASSERT_EQ(next, l->execfn);
	ASSERT_STREQ(str_at(l->execfn), a->execfn);
	ASSERT_EQ(l->execfn + strlen(a->execfn) + 1, TOP - 8);
	ASSERT_EQ(word(TOP - 8), 0);
	ASSERT_EQ(addr, l->auxv);
	for (i = 0; i < 20; i++, addr += 16) {
		ASSERT_EQ(word(addr), auxv_order[i]);
		ASSERT_EQ(word(addr + 8), values[i]);
	}
	/*
	 * the vectors end below the random bytes, at most 15 bytes below:
	 * rsp is the highest 16-aligned address that leaves room for them
	 */
	ASSERT_TRUE(addr <= l->random);
	ASSERT_TRUE(l->random - addr < 16);
	ASSERT_EQ(l->random + 16, l->platform);
	ASSERT_MEMEQ(str_at(l->random), a->random, 16);
	ASSERT_STREQ(str_at(l->platform), "x86_64");
	ASSERT_TRUE(l->platform + 7 <= l->arg_start - a->align_pad);
	ASSERT_TRUE(l->arg_start - a->align_pad - (l->platform + 7) < 16);
}

UNIT_TEST(exec_stack, random_sets_walk_back)
{
	static char pool[40][64];
	const char *argv[40], *envp[40];
	unsigned long long seed = unit_seed();
	struct exec_stack_layout l;
	struct exec_stack_args a;
	const char *reason;
	unsigned int round, i, len;

	for (round = 0; round < 300; round++) {
		args_init(&a);
		a.argc = unit_rand(&seed) % 20;
		a.envc = unit_rand(&seed) % 20;
		for (i = 0; i < a.argc + a.envc; i++) {
			len = unit_rand(&seed) % 63;
			memset(pool[i], 'a' + i % 26, len);
			pool[i][len] = '\0';
			if (i < a.argc)
				argv[i] = pool[i];
			else
				envp[i - a.argc] = pool[i];
		}
		a.argv = argv;
		a.envp = envp;
		a.execfn = round & 1 ? "/init" : "";
		a.align_pad = unit_rand(&seed) % EXEC_STACK_MAX_PAD;
		memset(stack, 0xa5, sizeof(stack));
		ASSERT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), 0);
		check_walk(&a, &l);
	}
}

UNIT_TEST(exec_stack, empty_argv_gets_an_empty_string)
{
	struct exec_stack_layout l;
	struct exec_stack_args a;
	const char *reason;

	args_init(&a);
	a.execfn = "/bin/true";
	ASSERT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), 0);
	EXPECT_EQ(l.argc, 1);
	EXPECT_EQ(word(l.sp), 1);
	EXPECT_STREQ(str_at(word(l.argv)), "");
	EXPECT_EQ(word(l.argv + 8), 0);
	check_walk(&a, &l);
}

UNIT_TEST(exec_stack, arg_limit_follows_the_rlimit)
{
	EXPECT_EQ(exec_stack_arg_limit(8 << 20), 2 << 20);
	EXPECT_EQ(exec_stack_arg_limit(1 << 20), 256 << 10);
	EXPECT_EQ(exec_stack_arg_limit(100 << 10), 131072);	/* ARG_MAX */
	EXPECT_EQ(exec_stack_arg_limit(~0ULL), 6 << 20);	/* 3/4 _STK_LIM */
}

/* strings + pointers exactly at the limit pass, one byte over is -E2BIG */
UNIT_TEST(exec_stack, limit_boundary)
{
	const char *argv[] = { "prog", "arg" };
	const char *envp[] = { "HOME=/" };
	struct exec_stack_layout l;
	struct exec_stack_args a;
	const char *reason;

	args_init(&a);
	a.argv = argv;
	a.argc = 2;
	a.envp = envp;
	a.envc = 1;
	a.execfn = "/p";
	/* strings 5 + 4 + 7 + 3 = 19, pointers 3 * 8 = 24 */
	a.arg_limit = 43;
	EXPECT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), 0);
	a.arg_limit = 42;
	EXPECT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), -E2BIG);
	EXPECT_TRUE(reason != NULL);
	a.arg_limit = 24;	/* no room once the pointers are counted */
	EXPECT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), -E2BIG);
}

UNIT_TEST(exec_stack, max_arg_strlen)
{
	static char big[MAX_ARG_STRLEN + 1];
	static unsigned char large[MAX_ARG_STRLEN + 64 * 1024];
	const char *argv[] = { "prog", big };
	const char *envp[] = { big };
	struct exec_stack_layout l;
	struct exec_stack_args a;
	const char *reason;

	args_init(&a);
	a.argv = argv;
	a.argc = 2;
	a.execfn = "/prog";
	memset(big, 'x', MAX_ARG_STRLEN - 1);	/* with its NUL: the maximum */
	EXPECT_EQ(exec_stack_build(large, sizeof(large), TOP, &a, &l, &reason),
		  0);
	big[MAX_ARG_STRLEN - 1] = 'x';		/* one more */
	EXPECT_EQ(exec_stack_build(large, sizeof(large), TOP, &a, &l, &reason),
		  -E2BIG);
	argv[1] = "y";
	a.execfn = big;				/* execfn is limited too */
	EXPECT_EQ(exec_stack_build(large, sizeof(large), TOP, &a, &l, &reason),
		  -E2BIG);
	a.execfn = "/prog";
	a.envp = envp;				/* and so is the environment */
	a.envc = 1;
	EXPECT_EQ(exec_stack_build(large, sizeof(large), TOP, &a, &l, &reason),
		  -E2BIG);
}

/* a buffer too small, or bad parameters: an error and nothing written */
UNIT_TEST(exec_stack, refusals_write_nothing)
{
	static unsigned char small[512], want[512];
	const char *argv[] = { "prog" };
	struct exec_stack_layout l;
	struct exec_stack_args a;
	const char *reason;

	args_init(&a);
	a.argv = argv;
	a.argc = 1;
	a.execfn = "/prog";
	memset(small, 0x5a, sizeof(small));
	memset(want, 0x5a, sizeof(want));
	/* 40 auxv words alone are 320 bytes: 512 cannot hold it all */
	EXPECT_EQ(exec_stack_build(small, 256, TOP, &a, &l, &reason), -EFAULT);
	EXPECT_TRUE(reason != NULL);
	a.align_pad = 200;
	EXPECT_EQ(exec_stack_build(small, sizeof(small), TOP, &a, &l, &reason),
		  -EFAULT);
	a.align_pad = EXEC_STACK_MAX_PAD;
	EXPECT_EQ(exec_stack_build(stack, SIZE, TOP, &a, &l, &reason), -EINVAL);
	a.align_pad = 0;
	EXPECT_EQ(exec_stack_build(small, sizeof(small), TOP - 8, &a, &l,
				   &reason), -EINVAL);
	EXPECT_EQ(exec_stack_build(small, sizeof(small), 256, &a, &l, &reason),
		  -EINVAL);
	EXPECT_MEMEQ(small, want, sizeof(small));
	/* without the pad, 512 bytes are enough */
	EXPECT_EQ(exec_stack_build(small, sizeof(small), TOP, &a, &l, &reason),
		  0);
}
