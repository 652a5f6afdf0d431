// SPDX-License-Identifier: GPL-2.0
/*
 * The serial-console shell: reads bytes from the consoles, edits a line
 * (lineedit.c), splits it and runs the command from .shell_cmds.
 *
 * Output goes through shell_write(), which tests can redirect into a
 * buffer.  There are no interrupts yet, so input is polled; cpu_relax()
 * keeps the busy-wait polite to the sibling hyperthread.
 *
 * Every command appears in the log as "# CMD" on a line of its own: typed
 * input is echoed as it arrives after the "# " prompt, and shell.run
 * commands are printed that way before they run.  Nothing a terminal
 * sends can stop the shell: bad bytes, escape sequences and overlong lines
 * each get a message, and the line being typed is shown again.
 */
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/shell.h>
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/special_insns.h>

#include "lineedit.h"
#include "shell_internal.h"

static char *shell_cap;
static size_t shell_cap_size;
static size_t shell_cap_len;	/* bytes written, stored or not */

/* a capture keeps what fits and counts the rest, as snprintf() does */
static void shell_capture_write(const char *s, size_t n)
{
	size_t stored = min(shell_cap_len, shell_cap_size - 1);
	size_t take = min(n, shell_cap_size - 1 - stored);

	memcpy(shell_cap + stored, s, take);
	shell_cap[stored + take] = '\0';
	shell_cap_len += n;
}

/**
 * shell_write() - write shell output to the consoles (or the capture)
 * @s: bytes
 * @n: how many
 */
void shell_write(const char *s, size_t n)
{
	/* console_write() takes an unsigned int; never drop the excess */
	while (!shell_cap && n) {
		unsigned int part = min_t(size_t, n, 1U << 30);

		console_write(s, part);
		s += part;
		n -= part;
	}
	if (shell_cap && shell_cap_size)
		shell_capture_write(s, n);
	else if (shell_cap)
		shell_cap_len += n;
}

static void shell_sink(void *ctx, const char *s, size_t n)
{
	shell_write(s, n);
}

/**
 * shell_printf() - formatted shell output, of any length
 * @fmt: printf format
 *
 * The text goes out in pieces as it is formatted, so no argument is too
 * long to print whole.
 */
void shell_printf(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vprintf_sink(shell_sink, NULL, fmt, args);
	va_end(args);
}

/**
 * shell_capture_begin() - send shell output to @buf instead of the consoles
 * @buf: receives the output, always NUL-terminated
 * @size: its size; 0 captures nothing and counts the bytes
 */
void shell_capture_begin(char *buf, size_t size)
{
	shell_cap = buf;
	shell_cap_size = size;
	shell_cap_len = 0;
	if (size)
		buf[0] = '\0';
}

/**
 * shell_capture_end() - stop capturing, back to the consoles
 *
 * Returns how many bytes were written during the capture: like
 * snprintf()'s result, a value not below the buffer's size says the
 * output was cut off.
 */
size_t shell_capture_end(void)
{
	size_t n = shell_cap_len;

	shell_cap = NULL;
	shell_cap_size = 0;
	shell_cap_len = 0;
	return n;
}

static const struct shell_cmd *shell_find(const char *name)
{
	const struct shell_cmd *c;

	for (c = __start_shell_cmds; c < __stop_shell_cmds; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/**
 * shell_exec() - run one command line
 * @line: the line, split in place
 *
 * Returns the command's result, 0 for an empty line, 127 for an unknown
 * command and -E2BIG/-EINVAL for a line that cannot be split.
 */
int shell_exec(char *line)
{
	char *argv[SHELL_MAX_ARGS];
	const struct shell_cmd *c;
	int argc;

	argc = shell_split_args(line, argv, ARRAY_SIZE(argv));
	if (argc == -E2BIG) {
		shell_printf("sh: too many arguments (max %d)\n",
			     SHELL_MAX_ARGS);
		return argc;
	}
	if (argc < 0) {
		shell_printf("sh: unterminated quote\n");
		return argc;
	}
	if (!argc)
		return 0;
	c = shell_find(argv[0]);
	if (!c) {
		shell_printf("sh: %s: command not found\n", argv[0]);
		return 127;
	}
	return c->fn(argc, argv);
}

/**
 * shell_run_script() - run "cmd1; cmd2" as if typed, echoing "# cmd"
 * @script: the commands; copied, so the caller's string is untouched
 */
void shell_run_script(const char *script)
{
	static char buf[COMMAND_LINE_SIZE];
	char *cursor = buf, *cmd;

	if (strscpy(buf, script, sizeof(buf)) < 0)
		shell_printf("sh: script truncated to %zu bytes\n",
			     sizeof(buf) - 1);
	while ((cmd = shell_next_command(&cursor))) {
		shell_printf("# %s\n", cmd);
		shell_exec(cmd);
	}
}

static void shell_prompt(const struct lineedit *le)
{
	shell_write("# ", 2);
	shell_write(le->buf, le->len);
}

/**
 * shell_feed() - take one byte of interactive input
 * @le: the line being edited
 * @c: the byte
 *
 * Echoes, runs a finished line and prints the next prompt.
 */
void shell_feed(struct lineedit *le, u8 c)
{
	switch (le_feed(le, c)) {
	case LE_NONE:
		shell_write(le->echo, le->echo_len);
		return;
	case LE_LINE:
		shell_write("\n", 1);
		shell_exec(le->buf);
		break;
	case LE_TOO_LONG:
		shell_printf("\nsh: line too long (max %d)\n", LE_LINE_MAX);
		break;
	case LE_ESCAPE:
		shell_printf("\nsh: escape sequence ignored\n");
		break;
	case LE_BAD_BYTE:
		if (le->bad < 0x20)
			shell_printf("\nsh: control character 0x%02x ignored\n",
				     le->bad);
		else
			shell_printf("\nsh: non-ASCII byte 0x%02x ignored\n",
				     le->bad);
		break;
	}
	/* after LE_LINE or LE_TOO_LONG le->len counts the old line */
	if (le->done)
		shell_write("# ", 2);
	else
		shell_prompt(le);
}

static int __init_param shell_param_run(char *val)
{
	return val ? 0 : -EINVAL;
}
core_param("shell.run", shell_param_run);

void shell_main(void)
{
	static struct lineedit le;
	const char *script = cmdline_get("shell.run");
	int c;

	if (script)
		shell_run_script(script);
	le_init(&le);
	shell_prompt(&le);
	for (;;) {
		c = console_getc();
		if (c < 0) {
			cpu_relax();
			continue;
		}
		shell_feed(&le, c);
	}
}
