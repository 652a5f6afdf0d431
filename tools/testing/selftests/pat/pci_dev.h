/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pci_dev.h - find a PCI function in /sys/bus/pci/devices by its IDs and
 * read its BARs from the "resource" file, for the in-guest PAT selftests
 * (the same on cachet and Linux).
 */
#ifndef PAT_PCI_DEV_H
#define PAT_PCI_DEV_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>

#define PCI_DEVICES	"/sys/bus/pci/devices"
#define IORESOURCE_IO		0x100
#define IORESOURCE_MEM		0x200
#define IORESOURCE_PREFETCH	0x2000

struct bar {
	uint64_t start, end, flags;
};

/* the directory of the first function with @vendor:@device, or NULL */
static inline const char *find_dev(unsigned int vendor, unsigned int device)
{
	static char path[300];
	DIR *d = opendir(PCI_DEVICES);
	struct dirent *e;

	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		unsigned int v = 0, dv = 0;
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PCI_DEVICES "/%s/vendor", e->d_name);
		f = fopen(path, "r");
		if (!f || fscanf(f, "%x", &v) != 1)
			v = 0;
		if (f)
			fclose(f);
		snprintf(path, sizeof(path), PCI_DEVICES "/%s/device", e->d_name);
		f = fopen(path, "r");
		if (!f || fscanf(f, "%x", &dv) != 1)
			dv = 0;
		if (f)
			fclose(f);
		if (v == vendor && dv == device) {
			snprintf(path, sizeof(path), PCI_DEVICES "/%s", e->d_name);
			closedir(d);
			return path;
		}
	}
	closedir(d);
	return NULL;
}

/* the BARs from the "resource" file; how many lines were read */
static inline int read_bars(const char *dev, struct bar *bars, int max)
{
	char path[400];
	FILE *f;
	int n = 0;

	snprintf(path, sizeof(path), "%s/resource", dev);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (n < max && fscanf(f, "0x%lx 0x%lx 0x%lx\n",
				 (unsigned long *)&bars[n].start,
				 (unsigned long *)&bars[n].end,
				 (unsigned long *)&bars[n].flags) == 3)
		n++;
	fclose(f);
	return n;
}

#endif /* PAT_PCI_DEV_H */
