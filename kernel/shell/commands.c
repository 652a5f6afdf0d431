// SPDX-License-Identifier: GPL-2.0
/*
 * The shell's base commands: help, ls, cat, dmesg, echo, poweroff, reboot.
 * Files are virtual (fs/vfile.c); cat renders a file into one static
 * buffer, which is fine because only the shell reads files and it runs
 * one command at a time.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/shell.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/vfile.h>

#define CAT_BUF_SIZE	(128 * 1024)

static int cmd_name_cmp(const void *a, const void *b)
{
	const struct shell_cmd *const *x = a, *const *y = b;

	return strcmp((*x)->name, (*y)->name);
}

static int cmd_help(int argc, char **argv)
{
	static const struct shell_cmd *cmds[128];
	const struct shell_cmd *c;
	size_t n = 0, i;

	for (c = __start_shell_cmds; c < __stop_shell_cmds &&
	     n < ARRAY_SIZE(cmds); c++)
		cmds[n++] = c;
	sort(cmds, n, sizeof(cmds[0]), cmd_name_cmp, NULL);
	for (i = 0; i < n; i++)
		shell_printf("  %-10s %s\n", cmds[i]->name, cmds[i]->help);
	return 0;
}
SHELL_CMD(help, cmd_help, "list the commands");

static void ls_fill(const char *name, bool is_dir, void *arg)
{
	shell_printf("%s%s\n", name, is_dir ? "/" : "");
}

/* what coreutils says for the errors a path lookup gives */
static const char *path_strerror(int err)
{
	switch (err) {
	case -ENOENT:
		return "No such file or directory";
	case -ENOTDIR:
		return "Not a directory";
	case -EISDIR:
		return "Is a directory";
	case -ENAMETOOLONG:
		return "File name too long";
	default:
		return "Input/output error";
	}
}

static int cmd_ls(int argc, char **argv)
{
	static char root[] = "/";
	char *dargv[] = { argv[0], root };
	int i, type, ret = 0;

	if (argc < 2) {
		argv = dargv;
		argc = 2;
	}
	for (i = 1; i < argc; i++) {
		type = vfile_stat(argv[i]);
		if (type < 0) {
			shell_printf("ls: cannot access '%s': %s\n", argv[i],
				     path_strerror(type));
			ret = 2;
			continue;
		}
		if (argc > 2)
			shell_printf("%s:\n", argv[i]);
		if (type == VFILE_REG)
			shell_printf("%s\n", argv[i]);
		else
			type = vfile_list(argv[i], ls_fill, NULL);
		/* removed between the two calls */
		if (type < 0) {
			shell_printf("ls: cannot open directory '%s': %s\n",
				     argv[i], path_strerror(type));
			ret = 2;
		}
	}
	return ret;
}
SHELL_CMD(ls, cmd_ls, "[DIR...]: list a directory (default /)");

static int cat_one(const char *path)
{
	static char buf[CAT_BUF_SIZE];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };
	int ret = vfile_stat(path);

	if (ret == VFILE_DIR)
		ret = -EISDIR;
	if (ret < 0) {
		/* coreutils quotes a name that would not show: '' */
		shell_printf("cat: %s: %s\n", *path ? path : "''",
			     path_strerror(ret));
		return 1;
	}
	ret = vfile_show(path, &m);
	shell_write(buf, m.count);
	/* keep the next prompt or "# CMD" echo at column 0 */
	if (m.count && buf[m.count - 1] != '\n')
		shell_write("\n", 1);
	if (m.overflow)
		shell_printf("cat: %s: output truncated at %lu bytes\n", path,
			     (unsigned long)m.count);
	if (ret) {
		shell_printf("cat: %s: read error %d\n", path, ret);
		return 1;
	}
	return m.overflow;
}

static int cmd_cat(int argc, char **argv)
{
	int i, ret = 0;

	if (argc < 2) {
		shell_printf("usage: cat FILE...\n");
		return 1;
	}
	for (i = 1; i < argc; i++)
		ret |= cat_one(argv[i]);
	return ret;
}
SHELL_CMD(cat, cmd_cat, "FILE...: print files");

static int cmd_dmesg(int argc, char **argv)
{
	unsigned long pos = 0, n, skip = 0;
	char chunk[256];
	bool first = true;

	while ((n = log_buf_read(&pos, chunk, sizeof(chunk)))) {
		/* the ring wrapped: its oldest line is a tail, drop it */
		if (first && pos != n)
			while (skip < n && chunk[skip++] != '\n')
				;
		first = false;
		shell_write(chunk + skip, n - skip);
		skip = 0;
	}
	return 0;
}
SHELL_CMD(dmesg, cmd_dmesg, "print the kernel log");

static int cmd_echo(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		shell_printf("%s%s", argv[i], i + 1 < argc ? " " : "");
	shell_write("\n", 1);
	return 0;
}
SHELL_CMD(echo, cmd_echo, "ARGS...: print the arguments");

static int cmd_poweroff(int argc, char **argv)
{
	machine_power_off();
}
SHELL_CMD(poweroff, cmd_poweroff, "switch the machine off (ACPI S5)");

static int cmd_reboot(int argc, char **argv)
{
	machine_restart();
}
SHELL_CMD(reboot, cmd_reboot, "restart the machine");
