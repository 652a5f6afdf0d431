/* SPDX-License-Identifier: GPL-2.0 */
/*
 * umap.h - helpers of the user-mapping selftests (umap_*.c): map a file
 * range, read back the type of a reservation and of a mapping's entries
 * (pat_user_ptes, cachet only), and look for a kernel message.
 */
#ifndef PAT_UMAP_H
#define PAT_UMAP_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/utsname.h>

#include "iomem.h"
#include "pci_dev.h"

#define PAGE		4096UL
#define PAT_USER_PTES	"/sys/kernel/debug/x86/pat_user_ptes"
#define IVSHMEM		0x1af4, 0x1110

/* mmap @len bytes of @path at @off, shared, read/write; MAP_FAILED + errno */
static inline void *umap(const char *path, int oflags, uint64_t off,
			 size_t len)
{
	int fd = open(path, oflags);
	void *p;

	if (fd < 0)
		return MAP_FAILED;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	if (p == MAP_FAILED) {
		int e = errno;

		close(fd);
		errno = e;
		return p;
	}
	close(fd);
	return p;
}

/* "DIR/NAME" of the ivshmem function, or NULL without one */
static inline const char *ivshmem_file(const char *name)
{
	static char path[2][400];
	static int i;
	const char *dev = find_dev(IVSHMEM);

	if (!dev)
		return NULL;
	i ^= 1;
	snprintf(path[i], sizeof(path[i]), "%s/%s", dev, name);
	return path[i];
}

/* the ivshmem BAR @n: 0 when it has none */
static inline int ivshmem_bar(int n, struct bar *b)
{
	struct bar bars[7];
	const char *dev = find_dev(IVSHMEM);

	if (!dev || read_bars(dev, bars, 7) < 7 || !bars[n].flags)
		return 0;
	*b = bars[n];
	return 1;
}

/*
 * The mode pat_user_ptes shows for the entries at [addr, addr + len)
 * with frames from @pfn, as one run: 1 and @mode filled, 0 when no such
 * run, -1 when the file does not exist (Linux).
 */
static inline int pte_mode(void *addr, size_t len, uint64_t pfn, char *mode,
			   size_t size)
{
	FILE *f = fopen(PAT_USER_PTES, "r");
	unsigned long long s, e, p;
	char line[200], m[64];
	int found = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "0x%llx-0x%llx pfn 0x%llx %63s", &s, &e, &p,
			   m) == 4 && s == (uintptr_t)addr &&
		    e == (uintptr_t)addr + len && p == pfn) {
			snprintf(mode, size, "%s", m);
			found = 1;
		}
	fclose(f);
	return found;
}

/* does a /dev/kmsg record contain @text? -1 when it cannot be read */
static inline int kmsg_has(const char *text)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	char rec[1024];
	ssize_t n;
	int found = 0;

	if (fd < 0)
		return -1;
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;		/* overwritten records */
		if (n <= 0)
			break;
		rec[n] = '\0';
		if (strstr(rec, text))
			found = 1;
	}
	close(fd);
	return found;
}

/* is this Linux rather than cachet (whose release names it)? */
static inline int on_linux(void)
{
	struct utsname u;

	return uname(&u) || !strstr(u.release, "cachet");
}

#endif /* PAT_UMAP_H */
