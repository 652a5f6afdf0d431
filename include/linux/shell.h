/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The serial-console shell.  Commands live in the .shell_cmds section, so
 * any file can add one next to the code it drives:
 *
 *	static int cmd_lspci(int argc, char **argv) { ... return 0; }
 *	SHELL_CMD(lspci, cmd_lspci, "list PCI devices");
 *
 * A command prints through shell_printf()/shell_write() (never printk), so
 * its output starts at column 0 without timestamps and tests can capture
 * it.  Neither has a length limit: nothing a command prints is cut off.  It returns 0 on success; it prints its own error messages.
 */
#ifndef _CACHET_LINUX_SHELL_H
#define _CACHET_LINUX_SHELL_H

#include <linux/compiler.h>
#include <linux/types.h>

#define SHELL_MAX_ARGS	32

struct shell_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

#define SHELL_CMD(cname, cfn, chelp)					\
	static const struct shell_cmd __shell_cmd_##cname		\
	__used __section(".shell_cmds") __aligned(8) = {		\
		.name = #cname, .fn = cfn, .help = chelp,		\
	}

extern const struct shell_cmd __start_shell_cmds[];
extern const struct shell_cmd __stop_shell_cmds[];

void shell_write(const char *s, size_t n);
__printf(1, 2) void shell_printf(const char *fmt, ...);

/* run one command line (split in place); 127 if the command is unknown */
int shell_exec(char *line);
/* run "cmd1; cmd2", echoing each as "# cmd" */
void shell_run_script(const char *script);
/* shell.run from the command line, then the interactive shell */
void __noreturn shell_main(void);

/*
 * Send shell output to @buf (always NUL-terminated, cut off at @size)
 * instead of the consoles, for tests; shell_capture_end() restores the
 * consoles and returns how many bytes were written, so a result not below
 * @size tells the test that the capture lost some.
 */
void shell_capture_begin(char *buf, size_t size);
size_t shell_capture_end(void);

#endif /* _CACHET_LINUX_SHELL_H */
