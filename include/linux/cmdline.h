/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_CMDLINE_H
#define _CACHET_LINUX_CMDLINE_H

/**
 * next_arg() - split off the next "param", "param=value" or
 * "param=\"quoted value\"" word of a command line, in place
 * @args: the rest of the command line (modified)
 * @param: receives the name
 * @val: receives the value, or NULL if there was no '='
 *
 * Quotes group spaces and are removed; an unterminated quote runs to the
 * end of the line.  The first '=' ends the name, quoted or not, as in
 * Linux, so "\"name=value with spaces\"" (GRUB's quoting) works too.  Returns the rest of the line after the word.
 */
char *next_arg(char *args, char **param, char **val);
char *skip_spaces(const char *s);

#endif
