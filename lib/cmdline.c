// SPDX-License-Identifier: GPL-2.0
/* Command-line word splitting; see include/linux/cmdline.h. */
#include <linux/cmdline.h>
#include <linux/types.h>

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

char *skip_spaces(const char *s)
{
	while (is_space(*s))
		s++;
	return (char *)s;
}

/* drop the quote at q from the string by shifting the tail left */
static void remove_char(char *q)
{
	for (; *q; q++)
		q[0] = q[1];
}

char *next_arg(char *args, char **param, char **val)
{
	bool in_quote = false;
	char *p, *eq = NULL;

	args = skip_spaces(args);
	*param = args;
	*val = NULL;
	for (p = args; *p; ) {
		if (*p == '"') {
			in_quote = !in_quote;
			remove_char(p);
			continue;
		}
		if (!in_quote && is_space(*p))
			break;
		/*
		 * As in Linux, the first '=' ends the name even inside
		 * quotes: GRUB quotes a whole "name=value with spaces".
		 */
		if (*p == '=' && !eq)
			eq = p;
		p++;
	}
	if (eq) {
		*eq = '\0';
		*val = eq + 1;
	}
	if (*p)
		*p++ = '\0';
	return skip_spaces(p);
}
