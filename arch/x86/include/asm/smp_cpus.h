/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which CPUs the MADT lists, numbered the way the kernel will use them.
 * Pure (arch/x86/kernel/smp_cpus.c): the same file is built into the host
 * unit tests, which feed it the tables firmware gets wrong.
 */
#ifndef _ASM_X86_SMP_CPUS_H
#define _ASM_X86_SMP_CPUS_H

#include <linux/types.h>
#include <asm/processor.h>

#define SMP_CPUS_MAX		64	/* the most NR_CPUS may be */
#define APIC_ID_INVALID		0xffffffffU
#define SMP_INIT_UDELAY_LEGACY	10000	/* us, between INIT and STARTUP */
#define SMP_INIT_UDELAY_MAX	100000	/* the most cpu_init_udelay= takes */

enum smp_cpu_verdict {
	SMP_CPU_OK,		/* gets a logical CPU number */
	SMP_CPU_BOOT,		/* the boot CPU's own entry (logical 0) */
	SMP_CPU_DISABLED,	/* not enabled: hot-pluggable or absent */
	SMP_CPU_DUPLICATE,	/* an APIC ID already numbered */
	SMP_CPU_BAD_ID,		/* 0xff and above: not an xAPIC unicast ID */
	SMP_CPU_OVER_LIMIT,	/* beyond nr_cpus= or SMP_CPUS_MAX */
};

/* one MADT local-APIC entry, in table order */
struct smp_cpu_entry {
	u32 apic_id;
	u32 acpi_id;
	bool enabled;
};

struct smp_cpu_map {
	unsigned int nr_possible;	/* logical CPUs 0..nr_possible-1 */
	u32 apicid[SMP_CPUS_MAX];	/* logical -> APIC ID; [0] boot CPU */
	u32 acpi_id[SMP_CPUS_MAX];	/* APIC_ID_INVALID when not listed */
	bool boot_cpu_listed;		/* the MADT has an entry for it */
};

unsigned int smp_cpus_build(const struct smp_cpu_entry *e, unsigned int n,
			    u32 boot_apicid, unsigned int limit,
			    struct smp_cpu_map *map,
			    enum smp_cpu_verdict *verdict);
const char *smp_cpu_verdict_name(enum smp_cpu_verdict v);
unsigned int smp_init_udelay(enum x86_vendor vendor, unsigned int family);
int smp_parse_cpu_count(const char *s, unsigned int min, unsigned int max,
			unsigned int *out);

#endif /* _ASM_X86_SMP_CPUS_H */
