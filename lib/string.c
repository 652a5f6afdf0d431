// SPDX-License-Identifier: GPL-2.0
/*
 * The C string and memory functions the kernel uses.  Built with
 * -ffreestanding -fno-builtin, so the compiler neither replaces these
 * loops with calls to themselves nor assumes libc semantics elsewhere.
 */
#include <linux/errno.h>
#include <linux/string.h>

/*
 * Eight bytes per iteration, then the tail: a string instruction costs
 * per iteration on CPUs without fast short REP MOVSB, and under TCG each
 * iteration is a pass through the translated loop, so a page copied by
 * bytes is eight times slower.  Copying forwards in qwords stays correct
 * for memmove()'s overlapping dst <= src case.
 */
void *memcpy(void *dst, const void *src, size_t n)
{
	void *ret = dst;
	size_t q = n / 8;

	n %= 8;
	__asm__ __volatile__("rep movsq\n\t"
			     "movq %3, %%rcx\n\t"
			     "rep movsb"
			     : "+D"(dst), "+S"(src), "+c"(q) : "r"(n) : "memory");
	return ret;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}

/* as memcpy(): qwords of the repeated byte, then the tail */
void *memset(void *s, int c, size_t n)
{
	void *ret = s;
	unsigned long v = 0x0101010101010101UL * (unsigned char)c;
	size_t q = n / 8;

	n %= 8;
	__asm__ __volatile__("rep stosq\n\t"
			     "movq %3, %%rcx\n\t"
			     "rep stosb"
			     : "+D"(s), "+c"(q) : "a"(v), "r"(n) : "memory");
	return ret;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			break;
	}
	return 0;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

char *strstr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (!strncmp(hay, needle, n))
			return (char *)hay;
	return n ? NULL : (char *)hay;
}

size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t i;

	if (!size)
		return -E2BIG;
	for (i = 0; i < size; i++) {
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	dst[size - 1] = '\0';
	return -E2BIG;
}
