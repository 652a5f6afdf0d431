// SPDX-License-Identifier: GPL-2.0
/*
 * Command-line parameters (include/linux/moduleparam.h).
 *
 * The command line is parsed twice: parse_args(true) early in boot applies
 * the early_param()s (log level, CPU feature switches) before memory
 * management exists, parse_args(false) applies the core_param()s once the
 * rest of the kernel can act on them.  Each pass splits its own copy of
 * boot_params.cmdline with next_arg(), which honours double quotes, so
 * shell.run="a; b" reaches its setter as one value.
 *
 * A value accepted by its setter is remembered (pointing into the pass's
 * copy, which lives for the whole uptime) so that cmdline_get() can hand it
 * to later consumers such as the shell and ktest.  A refused value is
 * reported and forgotten.  Names the kernel does not know are collected
 * during the core pass and reported in one line, as Linux does.
 */
#include <linux/cmdline.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/bootparam.h>

#include "params_internal.h"

#define CONSOLE_LOGLEVEL_DEBUG	10	/* "debug": everything */
#define CONSOLE_LOGLEVEL_QUIET	4	/* "quiet": errors and worse */
#define PARAMS_KEEP_MAX		64

extern const struct kernel_param __start_kernel_params[];
extern const struct kernel_param __stop_kernel_params[];

static char early_args[COMMAND_LINE_SIZE];
static char core_args[COMMAND_LINE_SIZE];

static struct {
	const char *name;
	const char *val;
} params_kept[PARAMS_KEEP_MAX];
static unsigned int params_nr_kept;

/* Linux treats '-' and '_' in parameter names as the same character. */
static bool parameq(const char *a, const char *b)
{
	for (; *a || *b; a++, b++) {
		char x = *a == '-' ? '_' : *a;
		char y = *b == '-' ? '_' : *b;

		if (x != y)
			return false;
	}
	return true;
}

static void params_keep(const char *name, const char *val)
{
	if (params_nr_kept == PARAMS_KEEP_MAX) {
		pr_warn("Too many kernel parameters: %s not kept\n", name);
		return;
	}
	params_kept[params_nr_kept].name = name;
	params_kept[params_nr_kept].val = val;
	params_nr_kept++;
}

/* Apply @param=@val to the matching setters of this pass; false if unknown. */
static bool parse_one(char *param, char *val,
		      const struct kernel_param *start,
		      const struct kernel_param *stop, bool early, bool boot,
		      struct param_report *rep)
{
	const struct kernel_param *p;
	bool known = false;
	int ret;

	for (p = start; p < stop; p++) {
		if (!parameq(p->name, param))
			continue;
		known = true;
		if (p->early != early)
			continue;
		ret = p->set(val);
		if (ret == -EINVAL) {
			pr_warn("Malformed parameter value: %s%s%s (refused)\n",
				param, val ? "=" : "", val ? val : "");
			rep->refused++;
		} else if (ret) {
			pr_warn("Parameter %s%s%s refused: error %d\n", param,
				val ? "=" : "", val ? val : "", ret);
			rep->refused++;
		} else {
			rep->applied++;
			if (boot)
				params_keep(param, val);
		}
	}
	return known;
}

/* append "name[=val]" to the list of unknown parameters, or note "..." */
static void unknown_add(char *buf, size_t size, const char *param,
			const char *val)
{
	size_t len = strlen(buf);
	int n;

	if (len && buf[len - 1] == '.')
		return;		/* already full */
	n = snprintf(buf + len, size - len, "%s%s%s%s", len ? " " : "",
		     param, val ? "=" : "", val ? val : "");
	if (n >= (int)(size - len)) {
		buf[len] = '\0';
		if (len + 4 < size)
			strscpy(buf + len, " ...", size - len);
	}
}

/**
 * parse_args_table() - apply one pass of a command line to a parameter table
 * @args: the command line; split in place, so values point into it
 * @start: first parameter
 * @stop: one past the last parameter
 * @early: apply the early (true) or the core (false) parameters
 * @boot: this is the kernel's command line: keep accepted values for
 *	cmdline_get() and, in the core pass, report unknown names
 * @rep: counts of what happened, added to
 *
 * Parsing stops at "--", as in Linux.
 */
void parse_args_table(char *args, const struct kernel_param *start,
		      const struct kernel_param *stop, bool early, bool boot,
		      struct param_report *rep)
{
	static char unknown[256];
	char *param, *val;

	unknown[0] = '\0';
	args = skip_spaces(args);
	while (*args) {
		args = next_arg(args, &param, &val);
		if (!strcmp(param, "--"))
			break;
		if (!*param)
			continue;
		if (parse_one(param, val, start, stop, early, boot, rep) ||
		    early)
			continue;
		rep->unknown++;
		if (boot)
			unknown_add(unknown, sizeof(unknown), param, val);
	}
	if (unknown[0])
		pr_notice("Unknown kernel command line parameters \"%s\", will be ignored\n",
			  unknown);
}

/**
 * parse_args() - apply the boot command line
 * @early: true for the early_param()s, false for the core_param()s
 *
 * Each pass is meant to run once; a second call applies the setters again
 * and keeps the values a second time.
 */
void parse_args(bool early)
{
	char *buf = early ? early_args : core_args;
	struct param_report rep = { 0 };

	strscpy(buf, boot_params.cmdline, COMMAND_LINE_SIZE);
	parse_args_table(buf, __start_kernel_params, __stop_kernel_params,
			 early, true, &rep);
}

/**
 * cmdline_get() - the value a parameter was accepted with
 * @name: parameter name
 *
 * Returns the value of the last accepted "@name=value", "" for a bare
 * "@name", or NULL when the parameter was absent or refused.
 */
const char *cmdline_get(const char *name)
{
	unsigned int i = params_nr_kept;

	while (i--) {
		if (parameq(params_kept[i].name, name))
			return params_kept[i].val ? params_kept[i].val : "";
	}
	return NULL;
}

static int __init_param parse_loglevel(char *val)
{
	int level;

	if (!val || kstrtoint(val, 0, &level) || level < 0 || level > 15)
		return -EINVAL;
	console_loglevel = level;
	return 0;
}
early_param("loglevel", parse_loglevel);

static int __init_param parse_debug(char *val)
{
	if (val)
		return -EINVAL;
	console_loglevel = CONSOLE_LOGLEVEL_DEBUG;
	return 0;
}
early_param("debug", parse_debug);

static int __init_param parse_quiet(char *val)
{
	if (val)
		return -EINVAL;
	console_loglevel = CONSOLE_LOGLEVEL_QUIET;
	return 0;
}
early_param("quiet", parse_quiet);
