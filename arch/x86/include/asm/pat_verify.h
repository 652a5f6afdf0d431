/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_PAT_VERIFY_H
#define _ASM_X86_PAT_VERIFY_H

#define ALIAS_MAX_REPORTED	16
#define ALIAS_REPORT_LEN	160

struct alias_verify_result {
	unsigned long pages;		/* pages mapped, counted per mapping */
	unsigned long mappings;		/* runs of contiguous equal entries */
	unsigned long violations;
	unsigned int nr_reported;
	char report[ALIAS_MAX_REPORTED][ALIAS_REPORT_LEN];
};

int pat_verify_aliases(struct alias_verify_result *res);
/* snapshots pat_verify_aliases() has taken since boot */
extern unsigned long pat_verify_snapshots;
void pat_verify_debugfs_init(void);

struct ktest;
/* KTAP: fail @t with every violation pat_verify_aliases() finds */
void ktest_expect_no_alias(struct ktest *t);

#endif
