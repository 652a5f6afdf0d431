/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_GLOB_H
#define _CACHET_LINUX_GLOB_H

#include <linux/types.h>

/* shell-style match: '*', '?', "[abc]", "[a-z]", "[!x]" */
bool glob_match(const char *pat, const char *str);

#endif
