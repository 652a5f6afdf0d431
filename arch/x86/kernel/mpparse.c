// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the Intel MultiProcessor Specification tables on a machine
 * without an ACPI MADT ("-M pc,acpi=off"), as Linux does: the floating
 * pointer in the first KiB of the EBDA, else in the last KiB of base
 * memory, else in the BIOS ROM (MP spec 1.4, section 4), then the
 * configuration table it points to.  Judging the bytes is
 * mpparse_table.c's job (pure, host-tested); here they are copied out
 * and the verdict printed with Linux 6.1's messages.
 *
 * The copies go through early_memremap() a page at a time, as the ACPI
 * tables do: the areas share pages with RAM (the EBDA starts inside the
 * page that ends base memory), which neither the direct map (whole RAM
 * pages only) nor ioremap() (no RAM) covers.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/early_ioremap.h>
#include <asm/mpspec.h>

/* BIOS data area: EBDA segment at 0x40e, base memory in KiB at 0x413 */
#define BDA_START		0x400
#define BDA_EBDA_SEG		0x0e
#define BDA_BASE_KB		0x13
#define BDA_SIZE		0x100

/* the largest area read: the BIOS ROM, or a configuration table */
static u8 mp_buf[0x10000];

static bool scan_area(phys_addr_t base, size_t len, phys_addr_t *found)
{
	long off;

	if (copy_from_early_phys(mp_buf, base, len))
		return false;
	off = mpf_scan(mp_buf, len);
	if (off < 0)
		return false;
	*found = base + off;
	return true;
}

/* the MP spec's three places, in its order; 0 when none holds one */
static phys_addr_t mpf_find(void)
{
	phys_addr_t ebda = 0, base_end = 639 * 1024, found;
	u8 bda[BDA_SIZE];
	unsigned int kb;

	if (!copy_from_early_phys(bda, BDA_START, sizeof(bda))) {
		ebda = (phys_addr_t)(bda[BDA_EBDA_SEG] |
				     bda[BDA_EBDA_SEG + 1] << 8) << 4;
		kb = bda[BDA_BASE_KB] | bda[BDA_BASE_KB + 1] << 8;
		/* a BDA that makes no sense: Linux's fixed 639 KiB */
		if (kb >= 512 && kb <= 640)
			base_end = (phys_addr_t)kb * 1024;
	}
	if (ebda >= 0x80000 && ebda < 0xa0000 &&
	    scan_area(ebda, MPF_EBDA_SCAN, &found))
		return found;
	if (scan_area(base_end - MPF_BASE_SCAN, MPF_BASE_SCAN, &found) ||
	    scan_area(MPF_BIOS_START, MPF_BIOS_SCAN, &found))
		return found;
	return 0;
}

static void mpc_report(enum mpc_verdict v, const void *mpc, u16 len,
		       size_t mapped, const struct mpc_error *err)
{
	const struct mpc_table *t = mpc;

	switch (v) {
	case MPC_BAD_SIGNATURE:
		pr_err("MPTABLE: bad signature [%c%c%c%c]!\n", t->signature[0],
		       t->signature[1], t->signature[2], t->signature[3]);
		break;
	case MPC_BAD_LENGTH:
		pr_err("MPTABLE: bad length (%u bytes, header %zu, %zu mapped)!\n",
		       len, sizeof(*t), mapped);
		break;
	case MPC_BAD_CHECKSUM:
		pr_err("MPTABLE: checksum error!\n");
		break;
	case MPC_BAD_VERSION:
		pr_err("MPTABLE: bad table version (%d)!!\n", t->spec);
		break;
	case MPC_NO_LAPIC:
		pr_err("MPTABLE: null local APIC address!\n");
		break;
	case MPC_BAD_ENTRY:
	case MPC_SHORT_ENTRY:
		pr_err("Your mptable is wrong, contact your HW vendor!\n");
		pr_err("MPTABLE: type %x at offset %u: %s\n", err->type,
		       err->offset, mpc_verdict_name(v));
		break;
	case MPC_NO_CPUS:
		pr_err("MPTABLE: no processors registered!\n");
		break;
	case MPC_OK:
		return;
	}
	pr_err("BIOS bug, MP table errors detected!...\n");
	pr_err("... disabling SMP support. (tell your hw vendor)\n");
}

static int mpc_read(phys_addr_t phys, struct mp_config *cfg)
{
	struct mpc_error err = { 0, 0 };
	enum mpc_verdict v;
	size_t size;
	u16 len;

	if (copy_from_early_phys(mp_buf, phys, sizeof(struct mpc_table)))
		return -ENOMEM;
	len = mpc_length(mp_buf, sizeof(struct mpc_table));
	/* read what it claims, at least the header, to judge it whole */
	size = max_t(size_t, len, sizeof(struct mpc_table));
	if (copy_from_early_phys(mp_buf, phys, size))
		return -ENOMEM;
	v = mpc_parse(mp_buf, size, cfg, &err);
	mpc_report(v, mp_buf, len, size, &err);
	return v == MPC_OK ? 0 : -EINVAL;
}

static void mp_print(const struct mp_config *cfg)
{
	unsigned int i, n = 0;

	pr_info("MPTABLE: OEM ID: %s\n", cfg->oem);
	pr_info("MPTABLE: Product ID: %s\n", cfg->productid);
	pr_info("MPTABLE: APIC at: 0x%X\n", cfg->lapic);
	for (i = 0; i < cfg->nr_cpus; i++) {
		if (!cfg->cpus[i].enabled)
			continue;
		pr_info("Processor #%d%s\n", cfg->cpus[i].apicid,
			cfg->cpus[i].bsp ? " (Bootup-CPU)" : "");
		n++;
	}
	if (cfg->nr_dropped)
		pr_warn("MPTABLE: %u entries beyond %d CPUs or %d IO-APICs ignored\n",
			cfg->nr_dropped, MPC_MAX_CPUS, MPC_MAX_IOAPICS);
	pr_info("Processors: %u\n", n);
}

/**
 * mp_config_read() - find and read the MP tables
 * @cfg: filled in on success
 *
 * Needs early_memremap().  Prints what it finds and why it gives up.  Returns
 * 0, -ENODEV when there is no usable table, -EINVAL for a broken one.
 */
int mp_config_read(struct mp_config *cfg)
{
	phys_addr_t phys = mpf_find();
	struct mpf_intel mpf;
	int err;

	if (!phys || copy_from_early_phys(&mpf, phys, sizeof(mpf)))
		return -ENODEV;
	pr_info("found SMP MP-table at [mem %#010llx-%#010llx]\n",
		(unsigned long long)phys,
		(unsigned long long)phys + sizeof(mpf) - 1);
	pr_info("Intel MultiProcessor Specification v1.%d\n",
		mpf.specification);
	if (mpf.feature1) {
		pr_warn("Default MP configuration #%d: not supported, one CPU\n",
			mpf.feature1);
		return -EINVAL;
	}
	if (!mpf.physptr) {
		pr_err("MPTABLE: no configuration table and no default configuration\n");
		return -EINVAL;
	}
	err = mpc_read(mpf.physptr, cfg);
	if (!err)
		mp_print(cfg);
	return err;
}
