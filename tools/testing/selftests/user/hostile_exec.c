// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_exec - execve of files that are not programs: garbage, an
 * empty file, ELF headers cut short, the wrong class or machine or type,
 * a "#!" with no interpreter or a missing one, a directory.  Each
 * returns Linux's errno to the caller, which goes on as before.  (Linux
 * does not check EI_CLASS of an x86-64 ELF, so a flipped class is not
 * a case.)  An ELF
 * whose segments are cut off past the headers passes the checks; the
 * new program is then killed by SIGBUS (its code is mapped from the
 * file, past the file's end) and the parent sees that in wait status.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "ut.h"

#define BAD "/tmp/ut_exec_bad"

static const char *self;
static char *self_image;
static size_t self_size;

static int load_self(void)
{
	struct stat st;
	int fd = open(self, O_RDONLY);

	if (fd < 0 || fstat(fd, &st))
		return -1;
	self_size = st.st_size;
	self_image = malloc(self_size);
	if (!self_image || read(fd, self_image, self_size) != (ssize_t)self_size)
		return -1;
	close(fd);
	return 0;
}

static int put(const void *data, size_t len)
{
	int fd = open(BAD, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	ssize_t n = len ? write(fd, data, len) : 0;

	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

/* exec BAD in a child: the errno it got, or 200 + the signal that killed it */
static long exec_status(void)
{
	char *argv[] = { BAD, NULL }, *envp[] = { NULL };
	pid_t pid;
	int st;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execve(BAD, argv, envp);
		_exit(errno);
	}
	st = ut_wait(pid);
	return WIFSIGNALED(st) ? 200 + WTERMSIG(st) : WEXITSTATUS(st);
}

/* the same failure in this process: it returns, and the process goes on */
#define UT_NOEXEC(data, len, err)					\
	do {								\
		char *__argv[] = { BAD, NULL };				\
		UT_OK(put(data, len));					\
		UT_EQ(exec_status(), err);				\
		UT_ERRNO(execve(BAD, __argv, __argv + 1), err);		\
	} while (0)

static int not_programs(void)
{
	unsigned char junk[4096];
	unsigned int i;

	for (i = 0; i < sizeof(junk); i++)
		junk[i] = (unsigned char)(i * 131 + 7);
	UT_NOEXEC(junk, sizeof(junk), ENOEXEC);
	UT_NOEXEC("", 0, ENOEXEC);
	UT_NOEXEC("\177ELF", 4, ENOEXEC);
	UT_NOEXEC("#!\n", 3, ENOEXEC);
	UT_NOEXEC("#!/nonexistent/sh\n", 18, ENOENT);
	UT_ERRNO(execve("/tmp", (char *[]){ "/tmp", NULL }, NULL), EACCES);
	unlink(BAD);
	return UT_DONE;
}

static int bad_elf_headers(void)
{
	Elf64_Ehdr eh;
	char *copy = malloc(self_size);

	memcpy(&eh, self_image, sizeof(eh));
	/* the ELF header alone: no program headers to read */
	UT_NOEXEC(self_image, sizeof(eh), ENOEXEC);
	/* half of the program headers */
	UT_NOEXEC(self_image, eh.e_phoff + eh.e_phentsize * eh.e_phnum / 2, ENOEXEC);

	memcpy(copy, self_image, self_size);
	((Elf64_Ehdr *)copy)->e_machine = EM_AARCH64;
	UT_NOEXEC(copy, self_size, ENOEXEC);
	memcpy(copy, self_image, self_size);
	((Elf64_Ehdr *)copy)->e_type = ET_REL;
	UT_NOEXEC(copy, self_size, ENOEXEC);
	memcpy(copy, self_image, self_size);
	((Elf64_Ehdr *)copy)->e_phentsize = 12;
	UT_NOEXEC(copy, self_size, ENOEXEC);
	memcpy(copy, self_image, self_size);
	((Elf64_Ehdr *)copy)->e_phnum = 0;
	UT_NOEXEC(copy, self_size, ENOEXEC);
	memcpy(copy, self_image, self_size);
	((Elf64_Ehdr *)copy)->e_phoff = self_size + 4096;
	UT_NOEXEC(copy, self_size, ENOEXEC);
	free(copy);
	unlink(BAD);
	/* this process is intact: it can still exec itself */
	UT_EXPECT(getpid() > 0, "getpid");
	return UT_DONE;
}

static int cut_segments(void)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)self_image;
	size_t keep = eh->e_phoff + (size_t)eh->e_phentsize * eh->e_phnum;
	long st;

	/*
	 * Headers complete, every segment beyond the end of the file: the
	 * pages are mapped from the file, and the first instruction fetched
	 * past its end is SIGBUS.
	 */
	UT_OK(put(self_image, keep));
	st = exec_status();
	UT_EXPECT(st == 200 + SIGBUS, "got %ld: want killed by SIGBUS", st);
	unlink(BAD);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(not_programs),
	UT_CASE(bad_elf_headers),
	UT_CASE(cut_segments),
};

int main(int argc, char **argv)
{
	/* a copy of this program that should not have run */
	if (!strcmp(argv[0], BAD))
		return 99;
	self = argv[0];
	if (load_self())
		ksft_exit_fail_msg("cannot read %s: %s\n", self, strerror(errno));
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
