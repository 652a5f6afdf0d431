/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parser behind parse_args(), over any parameter table, so that the
 * params ktest suite can drive it with private parameters and a private
 * command line without touching the real ones.
 */
#ifndef _KERNEL_PARAMS_INTERNAL_H
#define _KERNEL_PARAMS_INTERNAL_H

#include <linux/moduleparam.h>

struct param_report {
	unsigned int applied;	/* setter returned 0 */
	unsigned int refused;	/* setter returned an error */
	unsigned int unknown;	/* no parameter of that name */
};

void parse_args_table(char *args, const struct kernel_param *start,
		      const struct kernel_param *stop, bool early, bool boot,
		      struct param_report *rep);

#endif /* _KERNEL_PARAMS_INTERNAL_H */
