// SPDX-License-Identifier: GPL-2.0
/*
 * The system call numbers in arch/x86/include/uapi/asm/unistd_64.h are
 * facts of the Linux ABI that user programs were built against.  Check
 * every one against the build machine's Linux headers (Debian's
 * linux-libc-dev) when they are there, and check the table's own shape
 * always.  Both headers are read as text: each defines the same names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"

#define MAX_NR	1024

struct nr_table {
	char names[MAX_NR][48];
	int count;
};

/* name of __NR_<name> <n> lines, indexed by number; -1 if unreadable */
static int read_table(const char *path, struct nr_table *t)
{
	char line[256], name[64];
	int nr;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	memset(t, 0, sizeof(*t));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "#define __NR_%63s %d", name, &nr) != 2 ||
		    !strcmp(name, "syscalls"))
			continue;
		if (nr < 0 || nr >= MAX_NR || t->names[nr][0] ||
		    strlen(name) >= sizeof(t->names[nr])) {
			fclose(f);
			return -2;	/* out of range or a number twice */
		}
		strcpy(t->names[nr], name);
		t->count++;
	}
	fclose(f);
	return 0;
}

static struct nr_table ours, linux_hdr;

UNIT_TEST(unistd, table_is_well_formed)
{
	int last = -1, nr;

	ASSERT_EQ(read_table(UNISTD_OURS, &ours), 0);
	for (nr = 0; nr < MAX_NR; nr++)
		if (ours.names[nr][0])
			last = nr;
	/* Linux 6.1's x86-64 table: 0-334, then 424-450 */
	EXPECT_EQ(ours.count, 362);
	EXPECT_EQ(last, 450);
	for (nr = 0; nr <= 334; nr++)
		EXPECT_TRUE(ours.names[nr][0] != 0);
	for (nr = 335; nr < 424; nr++)
		EXPECT_TRUE(ours.names[nr][0] == 0);
}

UNIT_TEST(unistd, numbers_match_linux_headers)
{
	int nr, compared = 0;

	ASSERT_EQ(read_table(UNISTD_OURS, &ours), 0);
	if (read_table(UNISTD_LINUX, &linux_hdr))
		unit_skip("no " UNISTD_LINUX " (Debian's linux-libc-dev)");
	for (nr = 0; nr < MAX_NR; nr++) {
		if (!ours.names[nr][0])
			continue;
		EXPECT_STREQ(ours.names[nr], linux_hdr.names[nr]);
		compared++;
	}
	EXPECT_EQ(compared, 362);
}
