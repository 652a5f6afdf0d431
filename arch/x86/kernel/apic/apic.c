// SPDX-License-Identifier: GPL-2.0
/*
 * Local APIC and IO-APICs as the ACPI MADT describes them: parse the
 * table, map each register block UC- with ioremap() and keep the
 * mappings (SMP bring-up and interrupt routing use them later), and print
 * what each unit says about itself.  Nothing is programmed here.
 *
 * The MADT is firmware input: the walk (drivers/acpi/madt.c) checks each
 * entry against the table's end and the length its type needs; here a
 * short entry is skipped with a message, and one that cannot be stepped
 * over ends the walk.
 * Register layouts: Intel SDM Vol. 3A, 11.4 (local APIC), and the
 * 82093AA IO-APIC datasheet, 3.0 (IOREGSEL at 0x00, IOWIN at 0x10).
 */
#include <acpi/madt.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/mpspec.h>
#include <asm/special_insns.h>

/* local APIC registers (SDM Vol. 3A, Table 11-1) */
#define APIC_ID			0x20	/* 31:24 the ID (xAPIC) */
#define APIC_LVR		0x30	/* 7:0 version, 23:16 max LVT entry */
#define APIC_MMIO_SIZE		4096
#define MSR_IA32_APICBASE	0x1b
#define  APICBASE_ADDR_MASK	0xffffff000ULL

/* IO-APIC: an index register and a data window */
#define IO_APIC_REGSEL		0x00
#define IO_APIC_WIN		0x10
#define IO_APIC_MMIO_SIZE	0x20
/* what Linux claims per IO-APIC in /proc/iomem, more than the registers */
#define IO_APIC_SLOT_SIZE	1024
#define IO_APIC_REG_ID		0x00	/* 27:24 the ID */
#define IO_APIC_REG_VER		0x01	/* 7:0 version, 23:16 max redir entry */

struct apic_state apic;

/*
 * Test only: damage a copy of the MADT as broken firmware does, so that a
 * boot test sees the walk's messages and the boot going on without the
 * entries lost.  apic.test_madt_zero=I zeroes entry I's length byte;
 * apic.test_madt_cut=N drops the table's last N bytes.
 */
static unsigned int test_madt_zero = UINT_MAX;
static unsigned int test_madt_cut;

static int parse_test_madt(const char *name, char *arg, unsigned int *out)
{
	if (arg && !kstrtouint(arg, 0, out))
		return 0;
	pr_err("APIC: %s=%s refused: expected a number\n", name,
	       arg ? arg : "");
	return -EINVAL;
}

static int parse_test_madt_zero(char *arg)
{
	return parse_test_madt("apic.test_madt_zero", arg, &test_madt_zero);
}
early_param("apic.test_madt_zero", parse_test_madt_zero);

static int parse_test_madt_cut(char *arg)
{
	return parse_test_madt("apic.test_madt_cut", arg, &test_madt_cut);
}
early_param("apic.test_madt_cut", parse_test_madt_cut);

static u32 io_apic_read(void __iomem *base, u8 reg)
{
	writel(reg, base + IO_APIC_REGSEL);
	return readl(base + IO_APIC_WIN);
}

static char ioapic_names[MAX_IO_APICS][12];

/* map and identify an IO-APIC the firmware (@fw_id) names */
static void ioapic_register(u8 fw_id, u32 address, u32 gsi_base)
{
	struct io_apic *io;
	void __iomem *base;
	u32 ver;

	if (apic.nr_ioapics == MAX_IO_APICS) {
		pr_warn("APIC: more than %d IO-APICs, 0x%08x ignored\n",
			MAX_IO_APICS, address);
		return;
	}
	base = ioremap(address, IO_APIC_MMIO_SIZE);
	if (!base) {
		pr_warn("APIC: cannot map IO-APIC at 0x%08x\n", address);
		return;
	}
	io = &apic.ioapics[apic.nr_ioapics];
	/* claimed as Linux does, so user space cannot map the chip */
	snprintf(ioapic_names[apic.nr_ioapics], sizeof(ioapic_names[0]),
		 "IOAPIC %u", apic.nr_ioapics);
	if (!request_mem_region(address, IO_APIC_SLOT_SIZE,
				ioapic_names[apic.nr_ioapics]))
		pr_warn("APIC: cannot reserve IO-APIC at 0x%08x\n", address);
	io->base = base;
	io->phys = address;
	io->gsi_base = gsi_base;
	io->id = (io_apic_read(base, IO_APIC_REG_ID) >> 24) & 0xf;
	ver = io_apic_read(base, IO_APIC_REG_VER);
	io->version = ver & 0xff;
	io->nr_pins = ((ver >> 16) & 0xff) + 1;
	pr_info("IOAPIC[%u]: apic_id %u, version %u, address 0x%x, GSI %u-%u\n",
		apic.nr_ioapics, io->id, io->version, address, io->gsi_base,
		io->gsi_base + io->nr_pins - 1);
	if (io->id != fw_id)
		pr_info("IOAPIC[%u]: firmware says id %u, the chip %u\n",
			apic.nr_ioapics, fw_id, io->id);
	apic.nr_ioapics++;
}

static void apic_add_ioapic(const struct acpi_madt_io_apic *e)
{
	pr_info("ACPI: IOAPIC (id[0x%02x] address[0x%08x] gsi_base[%u])\n",
		e->id, e->address, e->global_irq_base);
	ioapic_register(e->id, e->address, e->global_irq_base);
}

static void madt_add_cpu(const struct acpi_madt_local_apic *la)
{
	struct smp_cpu_entry *e;

	if (apic.nr_cpu_entries == MAX_MADT_CPUS) {
		pr_warn("APIC: more than %d LAPIC entries, lapic_id[0x%02x] ignored\n",
			MAX_MADT_CPUS, la->id);
		return;
	}
	e = &apic.cpu_entries[apic.nr_cpu_entries++];
	e->apic_id = la->id;
	e->acpi_id = la->processor_id;
	e->enabled = la->lapic_flags & 1;
}

static void madt_entry(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_local_apic *la = (const void *)h;
	const struct acpi_madt_interrupt_override *iso = (const void *)h;
	const struct acpi_madt_local_apic_override *lao = (const void *)h;

	switch (h->type) {
	case ACPI_MADT_TYPE_LOCAL_APIC:
		pr_info("ACPI: LAPIC (acpi_id[0x%02x] lapic_id[0x%02x] %s)\n",
			la->processor_id, la->id,
			la->lapic_flags & 1 ? "enabled" : "disabled");
		if (la->lapic_flags & 1)
			apic.nr_cpus++;
		madt_add_cpu(la);
		break;
	case ACPI_MADT_TYPE_IO_APIC:
		apic_add_ioapic((const void *)h);
		break;
	case ACPI_MADT_TYPE_INTERRUPT_OVERRIDE:
		pr_info("ACPI: INT_SRC_OVR (bus %u bus_irq %u global_irq %u flags 0x%x)\n",
			iso->bus, iso->source_irq, iso->global_irq,
			iso->inti_flags);
		if (iso->bus == 0 && iso->source_irq < NR_ISA_IRQS)
			apic.isa_overrides[iso->source_irq] =
				(struct isa_irq_override){ true,
					iso->global_irq, iso->inti_flags };
		break;
	case ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE:
		apic.lapic_phys = lao->address;
		break;
	}
}

static int madt_parse(const struct acpi_table_madt *madt, u32 len)
{
	struct madt_walk w;
	struct madt_entry e;

	apic.lapic_phys = madt->address;
	madt_walk_start(&w, madt, len);
	while (madt_walk_next(&w, &e)) {
		switch (e.verdict) {
		case MADT_ENTRY_MALFORMED:
			pr_warn("ACPI: MADT entry %u at offset %u is malformed (length %u), rest ignored\n",
				e.index, e.off, e.length);
			return -EINVAL;
		case MADT_ENTRY_SHORT:
			pr_warn("ACPI: MADT entry %u (type %u) too short (%u < %u), skipped\n",
				e.index, e.h->type, e.length,
				madt_entry_min_len(e.h->type));
			break;
		case MADT_ENTRY_OK:
			madt_entry(e.h);
			break;
		}
	}
	return 0;
}

/* a damaged copy of @madt for the test parameters, or @madt itself */
static const struct acpi_table_madt *
madt_test_damage(const struct acpi_table_madt *madt, u32 *len)
{
	struct acpi_table_madt *copy;
	struct madt_walk w;
	struct madt_entry e;

	if (test_madt_zero == UINT_MAX && !test_madt_cut)
		return madt;
	if (test_madt_cut > *len - sizeof(*madt)) {
		pr_err("APIC: apic.test_madt_cut=%u: the MADT has only %zu bytes of entries\n",
		       test_madt_cut, (size_t)(*len - sizeof(*madt)));
		return madt;
	}
	copy = kmalloc(*len, GFP_KERNEL);
	if (!copy)
		return madt;
	memcpy(copy, madt, *len);
	madt_walk_start(&w, copy, *len);
	while (madt_walk_next(&w, &e))
		if (e.index == test_madt_zero && e.verdict != MADT_ENTRY_MALFORMED)
			((u8 *)copy)[e.off + 1] = 0;
	*len -= test_madt_cut;
	if (test_madt_zero != UINT_MAX)
		pr_warn("APIC: test: MADT entry %u's length byte set to 0\n",
			test_madt_zero);
	if (test_madt_cut)
		pr_warn("APIC: test: MADT's last %u bytes cut off\n",
			test_madt_cut);
	return copy;
}

static void apic_map_lapic(void)
{
	u64 msr = rdmsr(MSR_IA32_APICBASE);
	u32 ver;

	/* the MSR is what the CPU really decodes; the MADT only reports it */
	if ((msr & APICBASE_ADDR_MASK) != apic.lapic_phys)
		pr_warn("APIC: MADT says 0x%llx, IA32_APIC_BASE 0x%llx\n",
			(unsigned long long)apic.lapic_phys,
			(unsigned long long)(msr & APICBASE_ADDR_MASK));
	apic.lapic = ioremap(apic.lapic_phys, APIC_MMIO_SIZE);
	if (!apic.lapic) {
		pr_warn("APIC: cannot map the local APIC at 0x%llx\n",
			(unsigned long long)apic.lapic_phys);
		return;
	}
	if (!request_mem_region(apic.lapic_phys, APIC_MMIO_SIZE, "Local APIC"))
		pr_warn("APIC: cannot reserve the local APIC at 0x%llx\n",
			(unsigned long long)apic.lapic_phys);
	ver = readl(apic.lapic + APIC_LVR);
	pr_info("APIC: local APIC id %u, version 0x%02x, %u LVT entries, at 0x%llx\n",
		readl(apic.lapic + APIC_ID) >> 24, ver & 0xff,
		((ver >> 16) & 0xff) + 1, (unsigned long long)apic.lapic_phys);
}

/*
 * Without a MADT, the MP table lists the CPUs and IO-APICs (Linux does the
 * same).  The IO-APICs' GSIs follow each other in table order, as Linux
 * numbers them.
 */
static void apic_init_mptable(void)
{
	static struct mp_config mp;
	struct smp_cpu_entry *e;
	unsigned int i, gsi = 0;

	if (mp_config_read(&mp)) {
		pr_info("APIC: no MADT and no usable MP table, APICs not mapped\n");
		return;
	}
	apic.lapic_phys = mp.lapic;
	apic.cpu_source = "MP table";
	for (i = 0; i < mp.nr_cpus && i < MAX_MADT_CPUS; i++) {
		e = &apic.cpu_entries[apic.nr_cpu_entries++];
		e->apic_id = mp.cpus[i].apicid;
		e->acpi_id = APIC_ID_INVALID;
		e->enabled = mp.cpus[i].enabled;
		apic.nr_cpus += e->enabled;
	}
	for (i = 0; i < mp.nr_ioapics; i++) {
		ioapic_register(mp.ioapics[i].apicid, mp.ioapics[i].addr, gsi);
		if (apic.nr_ioapics)
			gsi = apic.ioapics[apic.nr_ioapics - 1].gsi_base +
			      apic.ioapics[apic.nr_ioapics - 1].nr_pins;
	}
	apic_map_lapic();
	pr_info("APIC: %u CPU(s), %u IO-APIC(s) from the MP table\n",
		apic.nr_cpus, apic.nr_ioapics);
}

/**
 * apic_init() - find, map and identify the local APIC and the IO-APICs
 *
 * Needs ACPI tables (the MADT, else the MP table) and ioremap().  The
 * mappings stay in @apic.
 */
void apic_init(void)
{
	const struct acpi_table_madt *madt, *parsed;
	struct task_ident prev;
	phys_addr_t phys;
	u32 len, parsed_len;

	if (acpi_find_table("APIC", &phys, &len)) {
		override_current_ident(NULL, "apic", &prev);
		apic_init_mptable();
		revert_current_ident(&prev);
		return;
	}
	if (len < sizeof(*madt)) {
		pr_warn("ACPI: MADT too short (%u bytes), skipped\n", len);
		return;
	}
	madt = memremap(phys, len, MEMREMAP_WB);
	if (!madt) {
		pr_warn("ACPI: cannot map the MADT\n");
		return;
	}
	override_current_ident(NULL, "apic", &prev);
	parsed_len = len;
	parsed = madt_test_damage(madt, &parsed_len);
	madt_parse(parsed, parsed_len);
	if (parsed != madt)
		kfree((void *)parsed);
	memunmap((void *)madt);
	apic_map_lapic();
	revert_current_ident(&prev);
	pr_info("APIC: %u CPU(s), %u IO-APIC(s)\n", apic.nr_cpus,
		apic.nr_ioapics);
}
