/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_STRING_H
#define _CACHET_LINUX_STRING_H

#include <linux/types.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *hay, const char *needle);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
/* copy with truncation: the length copied, or -E2BIG if truncated */
ssize_t strscpy(char *dst, const char *src, size_t size);

#endif /* _CACHET_LINUX_STRING_H */
