// SPDX-License-Identifier: GPL-2.0
/*
 * From the MADT's local-APIC entries to logical CPU numbers.  Firmware
 * input, so every entry is judged: the boot CPU is always CPU 0 (it is
 * running this, whatever the table says), entries that are not enabled,
 * that repeat an APIC ID or that name one no xAPIC can be sent to get no
 * number, and numbering stops at the limit.  Each entry's verdict lets the
 * caller say what it did with it.  Pure: no hardware, no messages.
 */
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/smp_cpus.h>

static bool numbered(const struct smp_cpu_map *map, u32 apic_id)
{
	unsigned int i;

	for (i = 0; i < map->nr_possible; i++)
		if (map->apicid[i] == apic_id)
			return true;
	return false;
}

static enum smp_cpu_verdict judge(const struct smp_cpu_entry *e,
				  u32 boot_apicid, unsigned int limit,
				  struct smp_cpu_map *map)
{
	/* a running CPU is present whatever its flags say */
	if (e->apic_id == boot_apicid && !map->boot_cpu_listed) {
		map->boot_cpu_listed = true;
		map->acpi_id[0] = e->acpi_id;
		return SMP_CPU_BOOT;
	}
	if (!e->enabled)
		return SMP_CPU_DISABLED;
	if (e->apic_id >= 0xff)
		return SMP_CPU_BAD_ID;
	if (numbered(map, e->apic_id))
		return SMP_CPU_DUPLICATE;
	if (map->nr_possible >= limit)
		return SMP_CPU_OVER_LIMIT;
	map->acpi_id[map->nr_possible] = e->acpi_id;
	map->apicid[map->nr_possible++] = e->apic_id;
	return SMP_CPU_OK;
}

/**
 * smp_cpus_build() - number the CPUs the MADT lists
 * @e: local-APIC entries in MADT order
 * @n: how many
 * @boot_apicid: APIC ID of the CPU running this
 * @limit: most logical CPUs to number (nr_cpus=), clamped to
 *         1..SMP_CPUS_MAX
 * @map: filled in; logical 0 is the boot CPU even if the MADT omits it
 * @verdict: if not NULL, receives one verdict per entry
 *
 * Returns the number of logical CPUs, at least 1.
 */
unsigned int smp_cpus_build(const struct smp_cpu_entry *e, unsigned int n,
			    u32 boot_apicid, unsigned int limit,
			    struct smp_cpu_map *map,
			    enum smp_cpu_verdict *verdict)
{
	enum smp_cpu_verdict v;
	unsigned int i;

	if (limit < 1)
		limit = 1;
	if (limit > SMP_CPUS_MAX)
		limit = SMP_CPUS_MAX;
	map->nr_possible = 1;
	map->apicid[0] = boot_apicid;
	map->acpi_id[0] = APIC_ID_INVALID;
	map->boot_cpu_listed = false;
	for (i = 0; i < n; i++) {
		v = judge(&e[i], boot_apicid, limit, map);
		if (verdict)
			verdict[i] = v;
	}
	return map->nr_possible;
}

/**
 * smp_cpu_verdict_name() - a verdict in words, for messages
 */
const char *smp_cpu_verdict_name(enum smp_cpu_verdict v)
{
	switch (v) {
	case SMP_CPU_OK:
		return "ok";
	case SMP_CPU_BOOT:
		return "boot CPU";
	case SMP_CPU_DISABLED:
		return "not enabled";
	case SMP_CPU_DUPLICATE:
		return "duplicate APIC ID";
	case SMP_CPU_BAD_ID:
		return "bad APIC ID";
	case SMP_CPU_OVER_LIMIT:
		return "over the CPU limit";
	}
	return "?";
}

/**
 * smp_parse_cpu_count() - parse an nr_cpus= or maxcpus= value
 * @s: decimal text
 * @min: smallest allowed
 * @max: largest allowed
 * @out: set only on success
 *
 * Returns 0, -EINVAL for text that is not a decimal number (empty, signs,
 * trailing characters, overflow), or -ERANGE outside [@min, @max].
 */
int smp_parse_cpu_count(const char *s, unsigned int min, unsigned int max,
			unsigned int *out)
{
	unsigned long long v = 0;
	const char *p;

	if (!s || !*s)
		return -EINVAL;
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return -EINVAL;
		v = v * 10 + (*p - '0');
		if (v > 0xffffffffULL)
			return -EINVAL;
	}
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/**
 * smp_init_udelay() - how long to wait between INIT and STARTUP
 * @vendor: the boot CPU's vendor
 * @family: its family
 *
 * The MP specification's 10 ms is for the external APICs of the 1990s;
 * the CPUs Linux names modern (Intel family 6, AMD family 0xf and later,
 * Hygon 0x18 and later) need none, and with 64 CPUs to wake the wait
 * would be most of the bring-up.  Returns microseconds.
 */
unsigned int smp_init_udelay(enum x86_vendor vendor, unsigned int family)
{
	if ((vendor == X86_VENDOR_INTEL && family == 6) ||
	    (vendor == X86_VENDOR_AMD && family >= 0xf) ||
	    (vendor == X86_VENDOR_HYGON && family >= 0x18))
		return 0;
	return SMP_INIT_UDELAY_LEGACY;
}
