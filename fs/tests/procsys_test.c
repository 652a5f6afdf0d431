// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite for the formats of the /proc and /sys files user programs
 * parse (Documentation/filesystems/proc.rst): each file is read through
 * the registry, as a read() of it would, and checked against the kernel
 * state it shows, fetched another way.
 */
#include <linux/e820.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/ktest.h>
#include <linux/pci.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/vfile.h>

static char text[4096];

/* the file's text in text[]; false (and a failed check) when unreadable */
static bool procsys_read(struct ktest *t, const char *path)
{
	struct seq_file m = { .buf = text, .size = sizeof(text) };
	int err = vfile_show(path, &m);

	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_FALSE(t, m.overflow);
	text[m.count] = '\0';
	return !err && !m.overflow;
}

/* the decimal number at *@p, which moves past it; -1 when there is none */
static long long parse_num(const char **p)
{
	long long v = 0;
	const char *s = *p;

	while (**p >= '0' && **p <= '9')
		v = v * 10 + *(*p)++ - '0';
	return *p == s ? -1 : v;
}

/* "S.CC I.CC\n", S within a second of the clock read around it */
static void test_uptime(struct ktest *t)
{
	long long before = local_clock() / NSEC_PER_SEC, after, up, idle;
	const char *p = text;

	if (!procsys_read(t, "/proc/uptime"))
		return;
	after = local_clock() / NSEC_PER_SEC;
	up = parse_num(&p);
	KTEST_EXPECT_TRUE(t, up >= before && up <= after);
	KTEST_EXPECT_EQ(t, *p++, '.');
	KTEST_EXPECT_EQ(t, p[2], ' ');
	KTEST_EXPECT_TRUE(t, parse_num(&p) >= 0);
	KTEST_EXPECT_EQ(t, *p++, ' ');
	idle = parse_num(&p);
	KTEST_EXPECT_TRUE(t, idle >= 0);
	KTEST_EXPECT_EQ(t, *p++, '.');
	KTEST_EXPECT_EQ(t, p[2], '\n');
	KTEST_EXPECT_EQ(t, p[3], '\0');
}

static void test_cpu_masks(struct ktest *t)
{
	unsigned int n = num_online_cpus();
	char want[16];

	snprintf(want, sizeof(want), n == 1 ? "0\n" : "0-%u\n", n - 1);
	if (procsys_read(t, "/sys/devices/system/cpu/online"))
		KTEST_EXPECT_STREQ(t, text, want);
	n = num_possible_cpus();
	snprintf(want, sizeof(want), n == 1 ? "0\n" : "0-%u\n", n - 1);
	if (procsys_read(t, "/sys/devices/system/cpu/possible"))
		KTEST_EXPECT_STREQ(t, text, want);
	if (procsys_read(t, "/sys/devices/system/cpu/present"))
		KTEST_EXPECT_STREQ(t, text, want);
	snprintf(want, sizeof(want), "%d\n", NR_CPUS - 1);
	if (procsys_read(t, "/sys/devices/system/cpu/kernel_max"))
		KTEST_EXPECT_STREQ(t, text, want);
}

/* the hex number of "0x...\n" in text[], or -1 */
static long long parse_hex_line(void)
{
	unsigned long long v;
	char *nl = strchr(text, '\n');

	if (strncmp(text, "0x", 2) || !nl || nl[1])
		return -1;
	*nl = '\0';
	return kstrtoull(text + 2, 16, &v) ? -1 : (long long)v;
}

/* one directory per e820 entry, in table order, end inclusive */
static void test_firmware_memmap(struct ktest *t)
{
	char path[64];
	u32 i;

	KTEST_EXPECT_TRUE(t, e820_table.nr_entries >= 3);
	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		snprintf(path, sizeof(path), "/sys/firmware/memmap/%u/start", i);
		if (procsys_read(t, path))
			KTEST_EXPECT_EQ(t, parse_hex_line(), (long long)e->addr);
		snprintf(path, sizeof(path), "/sys/firmware/memmap/%u/end", i);
		if (procsys_read(t, path))
			KTEST_EXPECT_EQ(t, parse_hex_line(),
					(long long)(e->addr + e->size - 1));
		snprintf(path, sizeof(path), "/sys/firmware/memmap/%u/type", i);
		if (!procsys_read(t, path))
			continue;
		if (e->type == E820_TYPE_RAM)
			KTEST_EXPECT_STREQ(t, text, "System RAM\n");
		if (e->type == E820_TYPE_RESERVED)
			KTEST_EXPECT_STREQ(t, text, "Reserved\n");
	}
	snprintf(path, sizeof(path), "/sys/firmware/memmap/%u", i);
	KTEST_EXPECT_EQ(t, vfile_stat(path), -ENOENT);
}

static int procsys_pci_path(char *buf, size_t size, const struct pci_dev *dev,
			    const char *attr)
{
	return snprintf(buf, size, "/sys/bus/pci/devices/0000:%02x:%02x.%u/%s",
			dev->bus, PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn),
			attr);
}

/* vendor, device and class as read from configuration space */
static void test_pci_ids(struct ktest *t)
{
	struct pci_dev *dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, NULL);
	char path[80], want[16];
	unsigned int n = 0;
	u16 id;
	u32 class;

	if (!dev) {
		ktest_skip(t, "no PCI devices");
		return;
	}
	for (; dev; dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, dev), n++) {
		procsys_pci_path(path, sizeof(path), dev, "vendor");
		KTEST_EXPECT_EQ(t, pci_read_config_word(dev, PCI_VENDOR_ID, &id), 0);
		snprintf(want, sizeof(want), "0x%04x\n", id);
		if (procsys_read(t, path))
			KTEST_EXPECT_STREQ(t, text, want);
		procsys_pci_path(path, sizeof(path), dev, "device");
		KTEST_EXPECT_EQ(t, pci_read_config_word(dev, PCI_DEVICE_ID, &id), 0);
		snprintf(want, sizeof(want), "0x%04x\n", id);
		if (procsys_read(t, path))
			KTEST_EXPECT_STREQ(t, text, want);
		procsys_pci_path(path, sizeof(path), dev, "class");
		KTEST_EXPECT_EQ(t, pci_read_config_dword(dev, PCI_REVISION_ID,
							 &class), 0);
		snprintf(want, sizeof(want), "0x%06x\n", class >> 8);
		if (procsys_read(t, path))
			KTEST_EXPECT_STREQ(t, text, want);
	}
	KTEST_EXPECT_TRUE(t, n > 0);
}

/* seven "0x%016llx 0x%016llx 0x%016llx" lines; the config file is binary */
static void test_pci_resource_config(struct ktest *t)
{
	struct pci_dev *dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, NULL);
	struct seq_file m = { .buf = text, .size = sizeof(text) };
	char path[80], want[24];
	const char *line;
	u32 id;
	int i;

	if (!dev) {
		ktest_skip(t, "no PCI devices");
		return;
	}
	for (; dev; dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, dev)) {
		procsys_pci_path(path, sizeof(path), dev, "resource");
		if (!procsys_read(t, path))
			continue;
		KTEST_EXPECT_EQ(t, strlen(text), 7 * 57);
		for (i = 0, line = text; i < PCI_STD_NUM_BARS; i++, line += 57) {
			snprintf(want, sizeof(want), "0x%016llx ",
				 dev->bar[i].size ? dev->bar[i].start : 0ULL);
			KTEST_EXPECT_TRUE(t, !strncmp(line, want, 19));
		}
		procsys_pci_path(path, sizeof(path), dev, "config");
		KTEST_EXPECT_EQ(t, vfile_show(path, &m), 0);
		KTEST_EXPECT_EQ(t, m.count, 256);
		KTEST_EXPECT_EQ(t, pci_read_config_dword(dev, PCI_VENDOR_ID, &id), 0);
		KTEST_EXPECT_EQ(t, (u8)text[0] | (u8)text[1] << 8 |
				   (u8)text[2] << 16 | (u32)(u8)text[3] << 24, id);
	}
}

/* one "nodev\tNAME\n" per type mount(2) finds by that name */
static void test_filesystems(struct ktest *t)
{
	char *line, *nl;
	int n = 0;

	if (!procsys_read(t, "/proc/filesystems"))
		return;
	KTEST_EXPECT_TRUE(t, strstr(text, "nodev\tproc\n") != NULL);
	KTEST_EXPECT_TRUE(t, strstr(text, "nodev\tsysfs\n") != NULL);
	for (line = text; (nl = strchr(line, '\n')); line = nl + 1, n++) {
		*nl = '\0';
		KTEST_EXPECT_TRUE(t, !strncmp(line, "nodev\t", 6));
		KTEST_EXPECT_TRUE(t, get_fs_type(line + 6) != NULL);
	}
	KTEST_EXPECT_EQ(t, *line, '\0');
	KTEST_EXPECT_TRUE(t, n >= 4);
}

static struct ktest_case procsys_cases[] = {
	KTEST_CASE(test_uptime),
	KTEST_CASE(test_cpu_masks),
	KTEST_CASE(test_firmware_memmap),
	KTEST_CASE(test_filesystems),
	KTEST_CASE(test_pci_ids),
	KTEST_CASE(test_pci_resource_config),
	{}
};
KTEST_SUITE(procsys, procsys_cases);
