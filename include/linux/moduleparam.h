/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command-line parameters.  Each is declared where it is used and lands in
 * the .kernel_params section; parse_args() walks the command line once and
 * calls the matching setter.  A setter returns 0 or -EINVAL; a refused
 * value is reported with the parameter's name and leaves the setting as it
 * was.  Unknown parameters are logged and ignored.
 *
 *	static int __init_param parse_nopat(char *val) { ... }
 *	early_param("nopat", parse_nopat);	(before memory management)
 *	core_param("debugpat", parse_debugpat);	(after it)
 */
#ifndef _CACHET_LINUX_MODULEPARAM_H
#define _CACHET_LINUX_MODULEPARAM_H

#include <linux/compiler.h>
#include <linux/types.h>

/* marks a setter; nothing is freed after boot yet, so it expands to nothing */
#define __init_param

struct kernel_param {
	const char *name;
	int (*set)(char *val);	/* val is NULL for a bare "name" */
	bool early;
};

#define __define_param(pname, setter, is_early, id)			\
	static const struct kernel_param __param_##id			\
	__used __section(".kernel_params") __aligned(8) = {		\
		.name = pname, .set = setter, .early = is_early,	\
	}

#define early_param(name, fn)	__define_param(name, fn, true, fn)
#define core_param(name, fn)	__define_param(name, fn, false, fn)

/* parse boot_params.cmdline; @early selects which parameters to apply */
void parse_args(bool early);
/* "shell.run" and other values kept for later consumers, or NULL */
const char *cmdline_get(const char *name);

#endif /* _CACHET_LINUX_MODULEPARAM_H */
