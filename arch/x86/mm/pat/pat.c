// SPDX-License-Identifier: GPL-2.0
/*
 * PAT set-up: decide whether and how to use the Page Attribute Table,
 * program IA32_PAT with the SDM's sequence, and build the cache-mode
 * translation from the value that really ended up in the MSR.
 *
 * The decision, in order (Documentation/x86/pat.rst):
 *   1. CONFIG_X86_PAT=n, "nopat", or no PAT in CPUID: PAT off.
 *   2. The whitelist row for the CPU: the full layout, or the lower-four
 *      layout for the erratum parts.
 *   3. The MSR is written, then read back.  If the write did not stick (a
 *      hypervisor owns the MSR), the value read back is what the CPU uses,
 *      so the translation tables are built from it; if that value is not a
 *      valid PAT, PAT is off.
 * With PAT off, the MSR is left alone and the tables are built from what
 * it holds (power-on layout if the CPU has no PAT, or the MSR reads 0 or
 * an invalid value), as Linux 6.1 does: PWT/PCD/PAT select whatever
 * firmware left there.  In test kernels, pat.test_preset plays that
 * firmware (pat_test_hooks.c).
 *
 * Before deciding, the value firmware left in the MSR is printed
 * ("x86/PAT: firmware left PAT 0x..."), whatever the decision.
 *
 * MTRRs are independent of all this: a CPU without them still gets PAT.
 */
#define pr_fmt(fmt) "x86/PAT: " fmt

#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/vfile.h>
#include <asm/irqflags.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/page_cache_mode.h>
#include <asm/pat.h>
#include <asm/pat_policy.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>
#include "pat_test_hooks.h"

static bool pat_disabled_by_param;
bool pat_debug_enable;
static bool pat_on;
static u64 pat_msr_value = PAT_VALUE_POWER_ON;
static const struct pat_whitelist_row *pat_row;
static const char *pat_off_reason;
static bool pat_msr_foreign;		/* the write did not stick */
static bool pat_msr_present;		/* PAT in CPUID */
/* what the MSR read: after the write, or when PAT was turned off */
static u64 pat_msr_read;

static int parse_nopat(char *arg)
{
	if (arg)
		return -EINVAL;
	pat_disabled_by_param = true;
	return 0;
}
early_param("nopat", parse_nopat);

static int parse_debugpat(char *arg)
{
	if (arg)
		return -EINVAL;
	pat_debug_enable = true;
	return 0;
}
early_param("debugpat", parse_debugpat);

bool pat_enabled(void)
{
	return pat_on;
}

u64 pat_get_msr_value(void)
{
	return pat_msr_value;
}

/**
 * pat_msr_recorded() - the IA32_PAT value every CPU must hold
 * @value: set to what the boot CPU's MSR read when PAT was set up: the
 *	value pat_policy shows, whether the kernel wrote it or not
 *
 * Returns false, leaving @value alone, when there is no MSR (no PAT in
 * CPUID); the tables then follow the power-on layout.
 */
bool pat_msr_recorded(u64 *value)
{
	if (!pat_msr_present)
		return false;
	*value = pat_msr_read;
	return true;
}

/* what the boot CPU's IA32_PAT holds: every CPU gets the same */
static u64 pat_bsp_raw;

static void flush_tlb_global(void)
{
	unsigned long cr4 = read_cr4();

	if (cr4 & X86_CR4_PGE) {
		write_cr4(cr4 & ~X86_CR4_PGE);
		write_cr4(cr4);
	} else {
		write_cr3(read_cr3());
	}
}

/**
 * pat_write_msr() - program IA32_PAT on this CPU (SDM Vol. 3A 11.12.4)
 * @value: the new PAT
 *
 * The SDM's sequence, so that no line is cached or translated under the
 * old meaning of an entry once the new one is in force:
 *   1. interrupts off;
 *   2. CR0.CD = 1, NW = 0: no new lines are filled;
 *   3. WBINVD: write back and drop every line;
 *   4. flush every TLB entry, global ones too (toggle CR4.PGE);
 *   5. write IA32_PAT;
 *   6. WBINVD and flush the TLBs again;
 *   7. restore CR0, interrupts.
 *
 * Returns the value read back afterwards.
 */
u64 pat_write_msr(u64 value)
{
	unsigned long flags, cr0;
	u64 readback;

	local_irq_save(flags);
	cr0 = read_cr0();
	write_cr0((cr0 | X86_CR0_CD) & ~X86_CR0_NW);
	wbinvd();
	flush_tlb_global();
	wrmsr(MSR_IA32_CR_PAT, pat_test_msr_takes(value));
	wbinvd();
	flush_tlb_global();
	write_cr0(cr0);
	readback = rdmsr(MSR_IA32_CR_PAT);
	local_irq_restore(flags);
	return readback;
}

static void pat_print_configuration(u64 value)
{
	char msg[48];

	pat_format_layout(value, msg, sizeof(msg));
	pr_info("Configuration [0-7]: %s\n", msg);
}

/* IA32_PAT as this CPU holds it, or 0 without PAT in CPUID */
static u64 pat_read_msr(void)
{
	return boot_cpu_has(X86_FEATURE_PAT) ? rdmsr(MSR_IA32_CR_PAT) : 0;
}

/*
 * PAT off: the kernel does not write the MSR, but what the MSR holds still
 * decides what PWT/PCD/PAT select, so the tables are built from @read, as
 * Linux's init_cache_modes() does.  Firmware or a previous kernel may have
 * programmed it; assuming the power-on layout would then turn a WT request
 * into whatever slot 1 holds now (WC in Linux's layout).  @read is 0
 * without PAT in CPUID; 0, or an encoding real hardware refuses, counts as
 * no PAT: only PWT/PCD select, the power-on layout.
 */
static void pat_fallback(const char *reason, u64 read)
{
	pat_on = false;
	pat_off_reason = reason;
	pat_msr_read = read;
	pat_msr_value = read && pat_value_valid(read) ? read : PAT_VALUE_POWER_ON;
	pr_info("%s\n", reason);
	pat_cachemode_setup(pat_msr_value);
	pat_print_configuration(pat_msr_value);
}

static const char *pat_check_cpu(void)
{
#ifndef CONFIG_X86_PAT
	return "PAT support disabled because CONFIG_X86_PAT is disabled in the kernel.";
#else
	if (pat_disabled_by_param)
		return "PAT support disabled via boot option.";
	if (!boot_cpu_has(X86_FEATURE_PAT))
		return "PAT not supported by the CPU.";
	return NULL;
#endif
}

/**
 * pat_bp_init() - decide on PAT and program the boot CPU
 *
 * Must run before anything maps memory with a cache mode other than WB,
 * and after the CPU is identified.
 */
void pat_bp_init(void)
{
	const char *off;
	u64 want, got;

	pat_test_preset();
	pat_msr_present = boot_cpu_has(X86_FEATURE_PAT);
	/*
	 * Firmware differs here (SeaBIOS leaves the power-on value, OVMF
	 * may program its own): say what it was before anything changes it.
	 * Linux prints nothing for this.
	 */
	if (pat_msr_present)
		pr_info("firmware left PAT %#018llx\n",
			(unsigned long long)pat_read_msr());
	off = pat_check_cpu();
	if (off) {
		pat_fallback(off, pat_read_msr());
		return;
	}
	pat_row = pat_whitelist_lookup(boot_cpu_data.x86_vendor,
				       boot_cpu_data.x86,
				       boot_cpu_data.x86_model);
	want = pat_layout_value(pat_row->verdict);
	got = pat_write_msr(want);
	if (got != want) {
		pat_msr_foreign = true;
		pr_warn("IA32_PAT write did not stick (wrote %#018llx, read %#018llx): the MSR is owned by a hypervisor; using the value read back\n",
			(unsigned long long)want, (unsigned long long)got);
		if (!pat_value_valid(got)) {
			pat_fallback("PAT support disabled by the firmware.", got);
			return;
		}
	}
	pat_on = true;
	pat_msr_read = got;
	pat_msr_value = got;
	pat_bsp_raw = rdmsr(MSR_IA32_CR_PAT);
	pat_cachemode_setup(got);
	pat_print_configuration(got);
}

/**
 * pat_cpu_init() - give a secondary CPU the boot CPU's PAT
 *
 * The value the boot CPU's MSR really holds, by the same SDM sequence.
 * With PAT off nobody writes the MSR and every CPU keeps what firmware
 * left in it (cache_control_check() compares them).  Returns 0, or -EIO
 * if this CPU does not hold the value after.
 */
int pat_cpu_init(void)
{
	pat_test_preset();
	if (!pat_on)
		return 0;
	pat_write_msr(pat_bsp_raw);
	return rdmsr(MSR_IA32_CR_PAT) == pat_bsp_raw ? 0 : -EIO;
}

static const char *const verdict_names[] = {
	[PAT_TRUSTED] = "trusted: full layout",
	[PAT_ERRATUM_LOWER4] = "erratum: entries 0-3 only",
};

static void pat_policy_show_mtrr(struct seq_file *m)
{
	const struct mtrr_state *s = &mtrr_state;

	if (!s->have_mtrr) {
		seq_puts(m, "mtrr: none (CPU has no MTRRs; PAT types are effective as programmed)\n");
		return;
	}
	seq_printf(m, "mtrr: %s, default %s, %u variable ranges, fixed ranges %s, MTRRdefType %#llx\n",
		   s->enabled ? "enabled" : "disabled",
		   mtrr_attrib_to_str(s->def_type), s->num_var,
		   s->have_fixed && s->fixed_enabled ? "on" : "off",
		   (unsigned long long)s->def_type_msr);
}

/* who last wrote IA32_PAT, what it read, and what the tables follow */
static void pat_policy_show_owner(struct seq_file *m)
{
	unsigned long long read = pat_msr_read;

	if (pat_on && !pat_msr_foreign)
		seq_puts(m, "msr owner: kernel\n");
	else if (pat_msr_foreign)
		seq_printf(m, "msr owner: hypervisor (write did not stick, read %#018llx; tables built from %s)\n",
			   read, pat_on ? "it" : "the power-on layout");
	else if (!pat_msr_present)
		seq_puts(m, "msr owner: none (no PAT in CPUID; tables built from the power-on layout)\n");
	else if (!read || !pat_value_valid(read))
		seq_printf(m, "msr owner: untouched (read %#018llx, counted as no PAT; tables built from the power-on layout)\n",
			   read);
	else
		seq_printf(m, "msr owner: untouched (read %#018llx; tables built from it)\n",
			   read);
}

static int pat_policy_show(struct seq_file *m, void *priv)
{
	const struct cpuinfo_x86 *c = &boot_cpu_data;
	char layout[48];
	unsigned int i;

	pat_format_layout(pat_msr_value, layout, sizeof(layout));
	seq_printf(m, "pat: %s\n", pat_on ? "enabled" : "disabled");
	if (!pat_on)
		seq_printf(m, "reason: %s\n", pat_off_reason);
	if (pat_msr_value == pat_msr_read)
		seq_printf(m, "layout: %s(IA32_PAT %#018llx)\n", layout,
			   (unsigned long long)pat_msr_value);
	else
		seq_printf(m, "layout: %s(power-on layout: PWT/PCD only)\n",
			   layout);
	seq_printf(m, "cpu: %s family %#x model %#x stepping %#x\n",
		   c->x86_vendor_id, c->x86, c->x86_model, c->x86_stepping);
	if (pat_row) {
		for (i = 0; i < pat_whitelist_size(); i++)
			if (pat_whitelist_row(i) == pat_row)
				break;
		seq_printf(m, "whitelist: row %u, %s: %s\n", i,
			   verdict_names[pat_row->verdict], pat_row->reason);
	} else {
		seq_puts(m, "whitelist: not consulted\n");
	}
	pat_policy_show_owner(m);
	pat_policy_show_mtrr(m);
	return 0;
}

void pat_debugfs_init(void)
{
	debugfs_create_file("x86/pat_policy", pat_policy_show, NULL);
}
