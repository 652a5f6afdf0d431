/* SPDX-License-Identifier: GPL-2.0 */
/*
 * String to number, Linux's rules: base 0 detects 0x (hex) and 0 (octal);
 * one trailing newline is accepted; anything else left over is -EINVAL;
 * overflow is -ERANGE.  The result is written only on success.
 */
#ifndef _CACHET_LINUX_KSTRTOX_H
#define _CACHET_LINUX_KSTRTOX_H

#include <linux/types.h>

int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtoint(const char *s, unsigned int base, int *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtobool(const char *s, bool *res);
/* "512M", "4k", "1G": bytes, with overflow checked */
int parse_size(const char *s, unsigned long long *res);

#endif
