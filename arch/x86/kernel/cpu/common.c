// SPDX-License-Identifier: GPL-2.0
/*
 * CPU identification (SDM Vol. 2A, CPUID): vendor, family/model/stepping
 * with the extended-field rules, feature words, address sizes; and the
 * control bits every later step relies on (NX, PGE, CR0.WP).
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/fpu.h>
#include <asm/msr-index.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>
#include <asm/special_insns.h>

extern const char entry_SYSCALL_64[], entry_SYSCALL_compat_ignore[];

struct cpuinfo_x86 boot_cpu_data;
struct cpuinfo_x86 cpu_data_arr[NR_CPUS];
static u32 cleared_caps[NCAPINTS];

static const struct {
	const char *id;
	enum x86_vendor vendor;
} cpu_vendors[] = {
	{ "GenuineIntel", X86_VENDOR_INTEL },
	{ "AuthenticAMD", X86_VENDOR_AMD },
	{ "HygonGenuine", X86_VENDOR_HYGON },
	{ "CentaurHauls", X86_VENDOR_CENTAUR },
	{ "  Shanghai  ", X86_VENDOR_ZHAOXIN },
};

static const struct {
	unsigned int bit;
	const char *name;
} feature_names[] = {
	{ X86_FEATURE_FPU, "fpu" }, { X86_FEATURE_PSE, "pse" },
	{ X86_FEATURE_TSC, "tsc" }, { X86_FEATURE_MSR, "msr" },
	{ X86_FEATURE_PAE, "pae" }, { X86_FEATURE_APIC, "apic" },
	{ X86_FEATURE_MTRR, "mtrr" }, { X86_FEATURE_PGE, "pge" },
	{ X86_FEATURE_PAT, "pat" }, { X86_FEATURE_CLFLUSH, "clflush" },
	{ X86_FEATURE_NX, "nx" }, { X86_FEATURE_GBPAGES, "pdpe1gb" },
	{ X86_FEATURE_LM, "lm" }, { X86_FEATURE_X2APIC, "x2apic" },
	{ X86_FEATURE_XSAVE, "xsave" }, { X86_FEATURE_AVX, "avx" },
	{ X86_FEATURE_HYPERVISOR, "hypervisor" },
	{ X86_FEATURE_SMEP, "smep" }, { X86_FEATURE_SMAP, "smap" },
	{ X86_FEATURE_CLFLUSHOPT, "clflushopt" },
};

const char *x86_feature_name(unsigned int bit)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(feature_names); i++)
		if (feature_names[i].bit == bit)
			return feature_names[i].name;
	return NULL;
}

/**
 * x86_family() - family from CPUID.01H:EAX, with the extended family
 * added only when the base family is 0xf (SDM Vol. 2A, CPUID, Figure 3-6)
 */
static unsigned int x86_family(u32 sig)
{
	unsigned int fam = (sig >> 8) & 0xf;

	if (fam == 0xf)
		fam += (sig >> 20) & 0xff;
	return fam;
}

/* the extended model counts for family 6 and 0xf and later */
static unsigned int x86_model(u32 sig)
{
	unsigned int model = (sig >> 4) & 0xf;

	if (x86_family(sig) >= 0x6)
		model += ((sig >> 16) & 0xf) << 4;
	return model;
}

static void get_model_name(struct cpuinfo_x86 *c)
{
	u32 *v = (u32 *)c->x86_model_id;
	unsigned int i;

	if (c->extended_cpuid_level < 0x80000004) {
		strscpy(c->x86_model_id, "unknown", sizeof(c->x86_model_id));
		return;
	}
	for (i = 0; i < 3; i++)
		cpuid(0x80000002 + i, &v[i * 4], &v[i * 4 + 1], &v[i * 4 + 2],
		      &v[i * 4 + 3]);
	c->x86_model_id[48] = '\0';
}

void identify_cpu(struct cpuinfo_x86 *c)
{
	u32 a, b, cx, d, *vid = (u32 *)c->x86_vendor_id;
	unsigned int i;

	memset(c, 0, sizeof(*c));
	cpuid(0, &c->cpuid_level, &vid[0], &vid[2], &vid[1]);
	c->x86_vendor = X86_VENDOR_UNKNOWN;
	for (i = 0; i < ARRAY_SIZE(cpu_vendors); i++)
		if (!memcmp(c->x86_vendor_id, cpu_vendors[i].id, 12))
			c->x86_vendor = cpu_vendors[i].vendor;

	cpuid(1, &a, &b, &cx, &d);
	c->x86 = x86_family(a);
	c->x86_model = x86_model(a);
	c->x86_stepping = a & 0xf;
	c->x86_clflush_size = ((b >> 8) & 0xff) * 8;
	c->apicid = b >> 24;
	c->x86_capability[0] = d;
	c->x86_capability[1] = cx;

	cpuid(0x80000000, &c->extended_cpuid_level, &b, &cx, &d);
	if (c->extended_cpuid_level >= 0x80000001) {
		cpuid(0x80000001, &a, &b, &cx, &d);
		c->x86_capability[2] = d;
	}
	if (c->cpuid_level >= 7) {
		cpuid_count(7, 0, &a, &b, &cx, &d);
		c->x86_capability[3] = b;
	}
	c->x86_phys_bits = 36;	/* SDM: when leaf 0x80000008 is absent */
	c->x86_virt_bits = 48;
	if (c->extended_cpuid_level >= 0x80000008) {
		cpuid(0x80000008, &a, &b, &cx, &d);
		c->x86_phys_bits = a & 0xff;
		c->x86_virt_bits = (a >> 8) & 0xff;
	}
	get_model_name(c);
	for (i = 0; i < NCAPINTS; i++)
		c->x86_capability[i] &= ~cleared_caps[i];
}

void setup_clear_cpu_cap(unsigned int bit)
{
	cleared_caps[bit / 32] |= 1U << (bit % 32);
	boot_cpu_data.x86_capability[bit / 32] &= ~(1U << (bit % 32));
}

/*
 * SYSCALL's targets.  Only 64-bit user mode is supported: a SYSCALL from
 * compatibility mode (AMD CPUs allow it) gets -ENOSYS back, and SYSENTER
 * faults on its null code segment, as in Linux without IA32 emulation.
 * The mask clears what must not leak into the kernel: IF until the entry
 * has a stack, TF, DF for the C ABI, AC so SMAP stays armed, and NT.
 */
static void syscall_init(void)
{
	wrmsr(MSR_STAR, ((u64)__USER32_CS << 48) | ((u64)__KERNEL_CS << 32));
	wrmsr(MSR_LSTAR, (unsigned long)entry_SYSCALL_64);
	wrmsr(MSR_CSTAR, (unsigned long)entry_SYSCALL_compat_ignore);
	wrmsr(MSR_SYSCALL_MASK, X86_EFLAGS_TF | X86_EFLAGS_DF | X86_EFLAGS_IF |
	      X86_EFLAGS_IOPL | X86_EFLAGS_AC | X86_EFLAGS_NT);
	wrmsr(MSR_IA32_SYSENTER_CS, 0);
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
}

static void cpu_set_control_bits(const struct cpuinfo_x86 *c)
{
	if (cpu_has(c, X86_FEATURE_NX))
		wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_NX);
	if (cpu_has(c, X86_FEATURE_PGE))
		write_cr4(read_cr4() | X86_CR4_PGE);
	/*
	 * Ring 0 never runs user code (SMEP) and touches user memory only
	 * between stac and clac, in uaccess (SMAP).  Safe to turn on before
	 * any user page exists: the kernel's own mappings are never _PAGE_USER.
	 */
	if (cpu_has(c, X86_FEATURE_SMEP))
		write_cr4(read_cr4() | X86_CR4_SMEP);
	if (cpu_has(c, X86_FEATURE_SMAP))
		write_cr4(read_cr4() | X86_CR4_SMAP);
	write_cr0(read_cr0() | X86_CR0_WP);
	fpu_init_cpu();
	syscall_init();
}

/**
 * cpu_init_secondary() - identify a secondary CPU and give it the boot
 * CPU's control bits
 * @c: its cpu_data() entry
 *
 * Features the kernel cleared ("nopat") stay cleared on every CPU.
 */
void cpu_init_secondary(struct cpuinfo_x86 *c)
{
	identify_cpu(c);
	cpu_set_control_bits(c);
}

/**
 * early_cpu_init() - identify the boot CPU and set the control bits that
 * the page tables rely on: NX (EFER.NXE), global pages (CR4.PGE) and
 * write protection in ring 0 (CR0.WP); without NX, page tables leave
 * _PAGE_NX out (x86_configure_nx())
 */
void early_cpu_init(void)
{
	struct cpuinfo_x86 *c = &boot_cpu_data;

	identify_cpu(c);
	cpu_set_control_bits(c);
	x86_configure_nx();
	cpu_data(0) = *c;
	pr_info("CPU: %s %s (family: 0x%x, model: 0x%x, stepping: 0x%x)\n",
		c->x86_vendor_id, c->x86_model_id, c->x86, c->x86_model,
		c->x86_stepping);
	pr_info("CPU: physical address bits %u, virtual %u\n",
		c->x86_phys_bits, c->x86_virt_bits);
}
