/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-side helpers of the exec tests, built without the kernel's libc
 * renames: libc's string functions, building small executables with the
 * host's compilers, and what readelf -hlW says about them.
 */
#ifndef _ELF_HOST_H
#define _ELF_HOST_H

#include <stdbool.h>
#include <stddef.h>

void *host_memset(void *s, int c, size_t n);
void *host_memcpy(void *d, const void *s, size_t n);
const char *host_strstr(const char *h, const char *n);
int host_strcmp(const char *a, const char *b);
size_t host_strlen(const char *s);
void *host_dup(const void *p, size_t n);	/* exactly @n bytes */
void host_free(void *p);
bool host_is_pow2(unsigned long long v);

struct readelf_seg {
	bool load;
	unsigned long long offset, vaddr, filesz, memsz, align;
	bool r, w, x;
};

struct readelf_info {
	bool dyn;
	unsigned long long entry, phoff;
	unsigned int phnum;
	unsigned int nr, first_load;	/* seg[] holds the PT_LOADs only */
	struct readelf_seg seg[64];
	bool has_pt_phdr, has_stack, stack_x, has_interp;
	unsigned long long pt_phdr;
};

/* build a small C program with "@cc @flags": 0, or -1 when it cannot */
int elf_host_build(const char *cc, const char *flags, char *path,
		   size_t size);
int elf_host_readelf(const char *path, struct readelf_info *ri);
int elf_host_slurp(const char *path, void **data, size_t *size);
void elf_host_remove(const char *path);

#endif /* _ELF_HOST_H */
