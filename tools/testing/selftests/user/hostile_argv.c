// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_argv - execve with a 1 MiB argument list.  Linux bounds one
 * string by MAX_ARG_STRLEN (32 pages: 128 KiB) and the whole of argv and
 * envp by a quarter of RLIMIT_STACK (2 MiB under the default 8 MiB): one
 * 1 MiB string is E2BIG, 1 MiB in 64 KiB strings runs and arrives intact,
 * 3 MiB is E2BIG, and so is 1 MiB under a 2 MiB stack limit.  An empty
 * argv (NULL) runs with argc 1 and argv[0] "" since Linux 5.18.
 */
#define _GNU_SOURCE
#include <sys/resource.h>

#include "ut.h"

#define ARG_LEN		(64 << 10)
#define MIB		(1 << 20)

static const char *self;

/* argv: self, "--check", then @n strings of ARG_LEN - 1 bytes 'a' + i */
static char **make_argv(int n, size_t len)
{
	char **argv = calloc(n + 3, sizeof(*argv));
	int i;

	argv[0] = (char *)self;
	argv[1] = "--check";
	for (i = 0; i < n; i++) {
		argv[i + 2] = malloc(len);
		memset(argv[i + 2], 'a' + i % 26, len - 1);
		argv[i + 2][len - 1] = '\0';
	}
	return argv;
}

static int exec_child(char **argv, struct rlimit *stack)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (stack)
			setrlimit(RLIMIT_STACK, stack);
		execve(self, argv, (char *[]){ NULL });
		_exit(errno == E2BIG ? 7 : 100 + errno);
	}
	return ut_wait(pid);
}

static int one_huge_string(void)
{
	/* 1 MiB in one string: past MAX_ARG_STRLEN */
	UT_EQ(exec_child(make_argv(1, MIB), NULL), 7 << 8);
	return UT_DONE;
}

static int one_mib_in_pieces(void)
{
	struct rlimit two = { 2 * MIB, 2 * MIB };

	UT_EQ(exec_child(make_argv(MIB / ARG_LEN, ARG_LEN), NULL), 0);
	UT_EQ(exec_child(make_argv(3 * MIB / ARG_LEN, ARG_LEN), NULL), 7 << 8);
	UT_EQ(exec_child(make_argv(MIB / ARG_LEN, ARG_LEN), &two), 7 << 8);
	return UT_DONE;
}

static int empty_argv(void)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execve(self, NULL, NULL);
		_exit(100 + errno);
	}
	UT_EQ(ut_wait(pid), 33 << 8);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(one_huge_string),
	UT_CASE(one_mib_in_pieces),
	UT_CASE(empty_argv),
};

/* the exec'd side: every string intact */
static int check(int argc, char **argv)
{
	int i;
	size_t j;

	for (i = 2; i < argc; i++) {
		if (strlen(argv[i]) != ARG_LEN - 1)
			return 1;
		for (j = 0; j < ARG_LEN - 1; j++)
			if (argv[i][j] != 'a' + (i - 2) % 26)
				return 2;
	}
	return argc == MIB / ARG_LEN + 2 ? 0 : 3;
}

int main(int argc, char **argv)
{
	if (argc == 1 && argv[0] && !argv[0][0])
		return 33;
	self = argv[0];
	if (argc > 1 && !strcmp(argv[1], "--check"))
		return check(argc, argv);
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
