// SPDX-License-Identifier: GPL-2.0
/*
 * procfs - the formats of the /proc and /sys files admins and programs
 * parse, as Linux 6.1 prints them: /proc/cpuinfo, /proc/meminfo,
 * /proc/mtrr, /proc/cmdline, /proc/uptime, /proc/self,
 * /sys/firmware/memmap/N, the PCI host bridge's vendor, device and class
 * on q35, and /sys/devices/system/cpu/online.  Values are cross-checked
 * against system calls where one gives the same fact.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>
#include <sys/sysinfo.h>

#include "ut.h"

static char text[65536];

/* the whole of @path, NUL-terminated, in text[]; its length or -1 */
static ssize_t slurp(const char *path)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while ((n = read(fd, text + len, sizeof(text) - 1 - len)) > 0)
		len += n;
	close(fd);
	text[len] = '\0';
	return n < 0 ? -1 : len;
}

#define UT_SLURP(path)							\
	do {								\
		if (slurp(path) < 0)					\
			UT_SKIP("%s: %s", path, strerror(errno));	\
	} while (0)

static int count_lines_starting(const char *prefix)
{
	const char *p = text;
	int n = 0;

	while (p && *p) {
		n += !strncmp(p, prefix, strlen(prefix));
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return n;
}

static int online_cpus(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	sched_getaffinity(0, sizeof(set), &set);
	return CPU_COUNT(&set);
}

static int cpuinfo(void)
{
	char *flags;

	UT_SLURP("/proc/cpuinfo");
	UT_EQ(count_lines_starting("processor\t: "), online_cpus());
	UT_EXPECT(!strncmp(text, "processor\t: 0\n", 14), "first line: %.20s", text);
	UT_EQ(count_lines_starting("vendor_id\t: "), online_cpus());
	UT_EQ(count_lines_starting("model name\t: "), online_cpus());
	flags = strstr(text, "\nflags\t\t: ");
	UT_EXPECT(flags != NULL, "no flags line");
	if (flags) {
		*strchrnul(flags + 1, '\n') = '\0';
		UT_EXPECT(strstr(flags, " pat ") && strstr(flags, " mtrr ") &&
			  strstr(flags, ": fpu "), "flags: %s", flags);
	}
	return UT_DONE;
}

static int meminfo(void)
{
	unsigned long long total = 0, freekb = 0;
	struct sysinfo si;
	char unit[4];

	UT_SLURP("/proc/meminfo");
	UT_EQ(sscanf(text, "MemTotal: %llu %3s\n", &total, unit), 2);
	UT_EXPECT(!strcmp(unit, "kB"), "unit %s", unit);
	UT_EXPECT(strstr(text, "\nMemFree: ") != NULL, "no MemFree");
	UT_EQ(sscanf(strstr(text, "\nMemFree: ") ?: "", "\nMemFree: %llu kB", &freekb), 1);
	/* the label column is 16 wide: "MemTotal:" padded, number right-aligned */
	UT_EXPECT(strchr(text, '\n') - text == 27, "first line \"%.30s\"", text);
	UT_OK(sysinfo(&si));
	UT_EQ(total, (unsigned long long)si.totalram * si.mem_unit / 1024);
	UT_EXPECT(freekb > 0 && freekb < total, "MemFree %llu of %llu", freekb, total);
	return UT_DONE;
}

static int mtrr(void)
{
	unsigned int reg, count, size;
	unsigned long long base;
	char type[32], *line;
	int n = 0;

	UT_SLURP("/proc/mtrr");
	for (line = text; *line; line = strchr(line, '\n') + 1) {
		char unit[2];

		/* reg00: base=0x0c0000000 ( 3072MB), size= 1024MB, count=1: uncachable */
		UT_EQ(sscanf(line, "reg%02u: base=0x%llx (%*uMB), size=%u%1[MK]B, count=%u: %31s",
			     &reg, &base, &size, unit, &count, type), 6);
		UT_EXPECT(base % 4096 == 0 && size > 0 && count > 0,
			  "base %#llx size %u count %u", base, size, count);
		UT_EXPECT(!strcmp(type, "uncachable") || !strcmp(type, "write-back") ||
			  !strcmp(type, "write-combining") || !strcmp(type, "write-through") ||
			  !strcmp(type, "write-protect"), "type %s", type);
		n++;
		if (!strchr(line, '\n'))
			break;
	}
	UT_EXPECT(n > 0, "no registers listed");
	return UT_DONE;
}

static int cmdline(void)
{
	ssize_t n;

	UT_SLURP("/proc/cmdline");
	n = strlen(text);
	UT_EXPECT(n > 1 && text[n - 1] == '\n' && !strchr(text, '\n')[1],
		  "not one line: \"%s\"", text);
	/* the runner always passes this */
	UT_EXPECT(strstr(text, "quiet") != NULL, "\"%s\"", text);
	return UT_DONE;
}

static int uptime(void)
{
	unsigned long up, up_cs, idle, idle_cs;
	struct timespec boot;
	char end;

	UT_SLURP("/proc/uptime");
	UT_OK(clock_gettime(CLOCK_BOOTTIME, &boot));
	UT_EQ(sscanf(text, "%lu.%2lu %lu.%2lu%c", &up, &up_cs, &idle, &idle_cs, &end), 5);
	UT_EQ(end, '\n');
	UT_EXPECT(text[strchr(text, '.') - text + 3] == ' ', "two decimals: %s", text);
	UT_EXPECT((long)up <= boot.tv_sec && (long)up + 1 >= boot.tv_sec,
		  "uptime %lu, boot time %ld", up, (long)boot.tv_sec);
	return UT_DONE;
}

static int proc_self(void)
{
	char link[32], want[32], path[64];

	snprintf(want, sizeof(want), "%d", (int)getpid());
	memset(link, 0, sizeof(link));
	if (readlink("/proc/self", link, sizeof(link) - 1) < 0)
		UT_SKIP("/proc/self: %s", strerror(errno));
	UT_EXPECT(!strcmp(link, want), "/proc/self -> %s, pid %s", link, want);
	snprintf(path, sizeof(path), "/proc/%s/stat", want);
	UT_SLURP(path);
	snprintf(path, sizeof(path), "%s (procfs) R ", want);
	UT_EXPECT(!strncmp(text, path, strlen(path)), "stat \"%.40s\"", text);
	return UT_DONE;
}

static int firmware_memmap(void)
{
	unsigned long long start, end, prev_end = 0;
	char path[64];
	int i;

	for (i = 0;; i++) {
		snprintf(path, sizeof(path), "/sys/firmware/memmap/%d/start", i);
		if (slurp(path) < 0)
			break;
		UT_EQ(sscanf(text, "0x%llx\n", &start), 1);
		snprintf(path, sizeof(path), "/sys/firmware/memmap/%d/end", i);
		UT_EXPECT(slurp(path) > 0, "%s", path);
		UT_EQ(sscanf(text, "0x%llx\n", &end), 1);
		/* end is the last byte, inclusive */
		UT_EXPECT(end >= start, "entry %d: %#llx-%#llx", i, start, end);
		UT_EXPECT(i == 0 || start > prev_end, "entry %d overlaps", i);
		prev_end = end;
		snprintf(path, sizeof(path), "/sys/firmware/memmap/%d/type", i);
		UT_EXPECT(slurp(path) > 0, "%s", path);
		UT_EXPECT(!strcmp(text, "System RAM\n") || !strcmp(text, "Reserved\n") ||
			  !strcmp(text, "ACPI Tables\n") ||
			  !strcmp(text, "ACPI Non-volatile Storage\n") ||
			  !strcmp(text, "Unusable memory\n"), "entry %d type %s", i, text);
		if (i == 0)
			UT_EXPECT(start == 0 && !strcmp(text, "System RAM\n"),
				  "entry 0: %#llx %s", start, text);
	}
	if (i == 0)
		UT_SKIP("no /sys/firmware/memmap/0");
	UT_EXPECT(i >= 3, "only %d entries", i);
	return UT_DONE;
}

static int pci_host_bridge(void)
{
	const char *d = "/sys/bus/pci/devices/0000:00:00.0/";
	char path[96];

	snprintf(path, sizeof(path), "%svendor", d);
	UT_SLURP(path);
	UT_EXPECT(!strcmp(text, "0x8086\n"), "vendor %s", text);
	snprintf(path, sizeof(path), "%sdevice", d);
	UT_SLURP(path);
	UT_EXPECT(!strcmp(text, "0x29c0\n"), "device %s", text);	/* q35 MCH */
	snprintf(path, sizeof(path), "%sclass", d);
	UT_SLURP(path);
	UT_EXPECT(!strcmp(text, "0x060000\n"), "class %s", text);
	return UT_DONE;
}

static int cpu_online(void)
{
	char want[16];
	int n = online_cpus();

	UT_SLURP("/sys/devices/system/cpu/online");
	if (n == 1)
		snprintf(want, sizeof(want), "0\n");
	else
		snprintf(want, sizeof(want), "0-%d\n", n - 1);
	UT_EXPECT(!strcmp(text, want), "online \"%s\", want \"%s\"", text, want);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(cpuinfo),
	UT_CASE(meminfo),
	UT_CASE(mtrr),
	UT_CASE(cmdline),
	UT_CASE(uptime),
	UT_CASE(proc_self),
	UT_CASE(firmware_memmap),
	UT_CASE(pci_host_bridge),
	UT_CASE(cpu_online),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
