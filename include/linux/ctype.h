/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_CTYPE_H
#define _CACHET_LINUX_CTYPE_H

static inline int isdigit(int c) { return c >= '0' && c <= '9'; }
static inline int isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static inline int isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}
static inline int isprint(int c) { return c >= 0x20 && c < 0x7f; }
static inline int iscntrl(int c) { return c < 0x20 || c == 0x7f; }
static inline int tolower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
}

#endif
