// SPDX-License-Identifier: GPL-2.0
/*
 * ACPI static tables: find the RSDP, walk the RSDT or XSDT, check and list
 * every table as Linux does ("ACPI: FACP 0x... 0000F4 (v03 BOCHS ...)"),
 * and take from the FADT (and the \_S3 and \_S5 packages in the DSDT)
 * what poweroff and suspend to RAM need.  There is no AML interpreter:
 * the packages are found by pattern.
 *
 * The tables live in memory the firmware reserved, which the direct map
 * deliberately leaves out (no cached alias of non-RAM), so every access
 * goes through early_memremap() on a small window and is unmapped at once.
 * Reads are split at 4 KiB boundaries so no mapping exceeds two pages,
 * whatever the table size.
 *
 * A table with a short length or a bad checksum is reported by name and
 * skipped, as if absent: firmware bugs must not take the kernel down.
 */
#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/early_ioremap.h>
#include <asm/io.h>

#define ACPI_CHUNK		4096UL
#define ACPI_MAX_TABLES		32

/* 5.2.9 Fixed ACPI Description Table, up to the fields used here */
struct acpi_table_fadt {
	struct acpi_table_header header;
	u32 facs;
	u32 dsdt;
	u8 reserved1[12];
	u32 pm1a_event_block;
	u32 pm1b_event_block;
	u32 pm1a_control_block;
	u32 pm1b_control_block;
	u32 pm2_control_block;
	u32 pm_timer_block;
	u8 reserved2[32];
	u32 flags;
	u8 reserved3[16];
	u64 x_facs;
	u64 x_dsdt;
	struct acpi_generic_address x_pm1a_event_block;
	struct acpi_generic_address x_pm1b_event_block;
	struct acpi_generic_address x_pm1a_control_block;
	struct acpi_generic_address x_pm1b_control_block;
	struct acpi_generic_address x_pm2_control_block;
	struct acpi_generic_address x_pm_timer_block;
	u8 reserved4[24];
	/* ACPI 5.0 and later: hardware-reduced machines (QEMU's microvm) */
	struct acpi_generic_address sleep_control;
	struct acpi_generic_address sleep_status;
} __packed;

/* offsets from Table 5.9 of ACPI 6.5 */
_Static_assert(offsetof(struct acpi_table_fadt, facs) == 36,
	       "FADT.FIRMWARE_CTRL");
_Static_assert(offsetof(struct acpi_table_fadt, dsdt) == 40, "FADT.DSDT");
_Static_assert(offsetof(struct acpi_table_fadt, x_facs) == 132,
	       "FADT.X_FIRMWARE_CTRL");
_Static_assert(offsetof(struct acpi_table_fadt, pm1a_control_block) == 64,
	       "FADT.PM1a_CNT_BLK");
_Static_assert(offsetof(struct acpi_table_fadt, x_dsdt) == 140,
	       "FADT.X_DSDT");
_Static_assert(offsetof(struct acpi_table_fadt, x_pm1a_control_block) == 172,
	       "FADT.X_PM1a_CNT_BLK");
_Static_assert(offsetof(struct acpi_table_fadt, pm_timer_block) == 76,
	       "FADT.PM_TMR_BLK");
_Static_assert(offsetof(struct acpi_table_fadt, flags) == 112, "FADT.Flags");
_Static_assert(offsetof(struct acpi_table_fadt, x_pm_timer_block) == 208,
	       "FADT.X_PM_TMR_BLK");
_Static_assert(offsetof(struct acpi_table_fadt, sleep_control) == 244,
	       "FADT.SLEEP_CONTROL_REG");
#define FADT_X_END	offsetof(struct acpi_table_fadt, x_pm2_control_block)
#define FADT_X_TMR_END	offsetof(struct acpi_table_fadt, reserved4)
/* Table 5.10: the PM timer counts 32 bits, not 24 */
#define ACPI_FADT_TMR_VAL_EXT	(1 << 8)
#define FADT_SLEEP_END	offsetof(struct acpi_table_fadt, sleep_status)

/* 4.8.3.2.1 PM1 Control Registers */
#define ACPI_PM1_SLP_TYP_SHIFT	10
#define ACPI_PM1_SLP_TYP_MASK	(7 << ACPI_PM1_SLP_TYP_SHIFT)
#define ACPI_PM1_SLP_EN		(1 << 13)
/* 4.8.3.7 Sleep Control Register (hardware-reduced ACPI) */
#define ACPI_SLEEP_TYP_SHIFT	2
#define ACPI_SLEEP_TYP_MASK	(7 << ACPI_SLEEP_TYP_SHIFT)
#define ACPI_SLEEP_EN		(1 << 5)

static struct {
	char sig[4];
	phys_addr_t phys;
	u32 len;
} acpi_tables[ACPI_MAX_TABLES];
static unsigned int acpi_nr_tables;

static u16 acpi_pm1a_cnt, acpi_pm1b_cnt;
static struct acpi_generic_address acpi_sleep_cnt;
static u16 acpi_pm_tmr;
static bool acpi_pm_tmr_32bit;
/* S5 sleep types; 0 until \_S5 says otherwise, which is QEMU's value */
static u8 acpi_s5_typa, acpi_s5_typb;
/* S3 sleep types, valid only when the DSDT has \_S3 */
static u8 acpi_s3_typa, acpi_s3_typb;
static bool acpi_s3_present;
static phys_addr_t acpi_facs;

static int acpi_checksum_phys(phys_addr_t phys, unsigned long len, u8 *sum)
{
	u8 buf[256], s = 0;
	unsigned long n;
	int ret;

	while (len) {
		n = min(len, sizeof(buf));
		ret = copy_from_early_phys(buf, phys, n);
		if (ret)
			return ret;
		s = acpi_checksum(s, buf, n);
		phys += n;
		len -= n;
	}
	*sum = s;
	return 0;
}

/* firmware strings are fixed-width and not terminated; make them printable */
static void acpi_str(char *dst, const char *src, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		dst[i] = src[i] >= ' ' && src[i] <= '~' ? src[i] : '?';
	dst[n] = '\0';
}

static void acpi_print_table(phys_addr_t phys, const struct acpi_table_header *h)
{
	char sig[5], oem[7], table[9], asl[5];

	acpi_str(sig, h->signature, 4);
	acpi_str(oem, h->oem_id, 6);
	acpi_str(table, h->oem_table_id, 8);
	acpi_str(asl, h->asl_compiler_id, 4);
	pr_info("ACPI: %-4s 0x%016llX %06X (v%02u %-6s %-8s %08X %-4s %08X)\n",
		sig, (unsigned long long)phys, h->length, h->revision, oem,
		table, h->oem_revision, asl, h->asl_compiler_revision);
}

/*
 * Read and check the table header at @phys: a length that cannot hold the
 * header or a checksum that does not sum to 0 makes the table unusable.
 */
static int acpi_check_table(phys_addr_t phys, struct acpi_table_header *h)
{
	char sig[5];
	u8 sum;
	int ret;

	ret = copy_from_early_phys(h, phys, sizeof(*h));
	if (ret) {
		pr_warn("ACPI: cannot map table at 0x%016llX, skipped\n",
			(unsigned long long)phys);
		return ret;
	}
	acpi_str(sig, h->signature, 4);
	if (!acpi_table_length_ok(h->length)) {
		pr_warn("ACPI: [%s] at 0x%016llX has a bad length %u, skipped\n",
			sig, (unsigned long long)phys, h->length);
		return -EINVAL;
	}
	ret = acpi_checksum_phys(phys, h->length, &sum);
	if (ret)
		return ret;
	if (sum) {
		pr_warn("ACPI: [%s] at 0x%016llX has a bad checksum, skipped\n",
			sig, (unsigned long long)phys);
		return -EINVAL;
	}
	acpi_print_table(phys, h);
	return 0;
}

static void acpi_record(phys_addr_t phys, const struct acpi_table_header *h)
{
	if (acpi_nr_tables == ACPI_MAX_TABLES) {
		pr_warn("ACPI: too many tables, %.4s not recorded\n",
			h->signature);
		return;
	}
	memcpy(acpi_tables[acpi_nr_tables].sig, h->signature, 4);
	acpi_tables[acpi_nr_tables].phys = phys;
	acpi_tables[acpi_nr_tables].len = h->length;
	acpi_nr_tables++;
}

/*
 * Read and check the RSDP candidate at @phys; a copy goes to @rsdp.  Its
 * structure is read once, then only what a longer @length adds.
 */
static int acpi_check_rsdp(phys_addr_t phys, struct acpi_table_rsdp *rsdp)
{
	static u8 buf[ACPI_RSDP_MAX_LEN];
	const size_t head = sizeof(*rsdp);
	size_t size;

	if (copy_from_early_phys(buf, phys, head))
		return -EINVAL;
	memcpy(rsdp, buf, head);
	size = max(acpi_rsdp_size(rsdp), head);
	if (size > head &&
	    copy_from_early_phys(buf + head, phys + head, size - head))
		return -EINVAL;
	return acpi_rsdp_valid(buf, size);
}

/* 5.2.5.1: the EBDA's first KiB, then the BIOS area 0xE0000-0xFFFFF */
static phys_addr_t acpi_scan_rsdp(void)
{
	static u8 buf[ACPI_CHUNK];
	struct acpi_table_rsdp rsdp;
	phys_addr_t ranges[2][2] = { { 0, 1024 }, { 0xe0000, 0x20000 } };
	phys_addr_t base, off;
	unsigned int r, i;
	u16 ebda_seg;

	if (!copy_from_early_phys(&ebda_seg, 0x40e, sizeof(ebda_seg)))
		ranges[0][0] = (phys_addr_t)ebda_seg << 4;
	for (r = 0; r < ARRAY_SIZE(ranges); r++) {
		base = ranges[r][0];
		if (!base)
			continue;
		for (off = 0; off < ranges[r][1]; off += ACPI_CHUNK) {
			unsigned long n = min(ranges[r][1] - off, ACPI_CHUNK);

			if (copy_from_early_phys(buf, base + off, n))
				break;
			for (i = 0; i + 8 <= n; i += 16)
				if (!memcmp(buf + i, "RSD PTR ", 8) &&
				    !acpi_check_rsdp(base + off + i, &rsdp))
					return base + off + i;
		}
	}
	return 0;
}

/* the package named @name ("_S5_") in the DSDT: its two sleep types */
static int acpi_find_sleep_pkg(phys_addr_t dsdt, u32 len, const char *name,
			       u8 *typa, u8 *typb)
{
	static u8 win[ACPI_CHUNK + 32];
	unsigned long off, n, i;

	/* found by pattern: there is no AML interpreter */
	for (off = sizeof(struct acpi_table_header); off < len;
	     off += ACPI_CHUNK) {
		/* windows overlap so a match across a boundary is seen */
		n = min((unsigned long)len - off, sizeof(win));
		if (copy_from_early_phys(win, dsdt + off, n))
			return -ENOMEM;
		for (i = 0; i + 4 <= n && i < ACPI_CHUNK; i++)
			if (!memcmp(win + i, name, 4) &&
			    !acpi_parse_s5(win + i + 4, n - i - 4, typa, typb))
				return 0;
	}
	return -ENOENT;
}

static u16 acpi_io_port(u32 legacy, const struct acpi_generic_address *gas)
{
	if (legacy)
		return legacy;
	if (gas && gas->space_id == ACPI_ADR_SPACE_SYSTEM_IO &&
	    gas->address <= 0xffff)
		return gas->address;
	return 0;
}

/* 5.2.10: the FACS has no checksum; its signature and length must do */
static void acpi_parse_facs(phys_addr_t phys)
{
	struct acpi_table_facs f;

	if (!phys || copy_from_early_phys(&f, phys, sizeof(f)))
		return;
	if (memcmp(f.signature, "FACS", 4) || f.length < sizeof(f)) {
		pr_warn("ACPI: FACS at 0x%016llX is invalid, no suspend to RAM\n",
			(unsigned long long)phys);
		return;
	}
	pr_info("ACPI: FACS 0x%016llX %06X\n", (unsigned long long)phys,
		f.length);
	acpi_facs = phys;
}

static void acpi_parse_fadt(phys_addr_t phys, u32 len)
{
	struct acpi_table_fadt f;
	struct acpi_table_header h;
	phys_addr_t dsdt;
	bool has_x = len >= FADT_X_END;

	memset(&f, 0, sizeof(f));
	if (copy_from_early_phys(&f, phys, min((unsigned long)len, sizeof(f))))
		return;
	acpi_pm1a_cnt = acpi_io_port(f.pm1a_control_block,
				     has_x ? &f.x_pm1a_control_block : NULL);
	acpi_pm1b_cnt = acpi_io_port(f.pm1b_control_block,
				     has_x ? &f.x_pm1b_control_block : NULL);
	acpi_pm_tmr = acpi_io_port(f.pm_timer_block,
				   len >= FADT_X_TMR_END ?
				   &f.x_pm_timer_block : NULL);
	acpi_pm_tmr_32bit = f.flags & ACPI_FADT_TMR_VAL_EXT;
	if (len >= FADT_SLEEP_END && f.sleep_control.address &&
	    (f.sleep_control.space_id == ACPI_ADR_SPACE_SYSTEM_IO ||
	     f.sleep_control.space_id == ACPI_ADR_SPACE_SYSTEM_MEMORY))
		acpi_sleep_cnt = f.sleep_control;
	acpi_parse_facs(has_x && f.x_facs ? f.x_facs : f.facs);
	dsdt = has_x && f.x_dsdt ? f.x_dsdt : f.dsdt;
	if (!dsdt || acpi_check_table(dsdt, &h))
		return;
	acpi_record(dsdt, &h);
	if (acpi_find_sleep_pkg(dsdt, h.length, "_S5_", &acpi_s5_typa,
				&acpi_s5_typb))
		pr_info("ACPI: no \\_S5 in the DSDT, assuming SLP_TYP 0\n");
	acpi_s3_present = !acpi_find_sleep_pkg(dsdt, h.length, "_S3_",
					       &acpi_s3_typa, &acpi_s3_typb);
}


/**
 * acpi_table_init() - find, check and list the ACPI tables
 *
 * Needs early_memremap().  Returns 0, or -ENODEV when there is no usable
 * RSDP or root table (poweroff then falls back to QEMU's port).
 */
int acpi_table_init(void)
{
	struct acpi_table_rsdp rsdp;
	struct acpi_table_header h;
	phys_addr_t rsdp_phys = boot_params.rsdp_paddr, root, entry;
	unsigned int esize, i, n;
	char oem[7];

	if (rsdp_phys && acpi_check_rsdp(rsdp_phys, &rsdp)) {
		pr_warn("ACPI: RSDP at 0x%016llX from the loader is invalid, scanning\n",
			(unsigned long long)rsdp_phys);
		rsdp_phys = 0;
	}
	if (!rsdp_phys)
		rsdp_phys = acpi_scan_rsdp();
	if (!rsdp_phys) {
		pr_warn("ACPI: no RSDP found, tables unavailable\n");
		return -ENODEV;
	}
	acpi_str(oem, rsdp.oem_id, 6);
	pr_info("ACPI: RSDP 0x%016llX %06X (v%02u %-6s)\n",
		(unsigned long long)rsdp_phys,
		rsdp.revision >= 2 ? rsdp.length : ACPI_RSDP_V1_SIZE,
		rsdp.revision, oem);

	if (rsdp.revision >= 2 && rsdp.xsdt_physical_address) {
		root = rsdp.xsdt_physical_address;
		esize = 8;
	} else {
		root = rsdp.rsdt_physical_address;
		esize = 4;
	}
	if (acpi_check_table(root, &h))
		return -ENODEV;
	n = (h.length - sizeof(h)) / esize;
	for (i = 0; i < n; i++) {
		entry = 0;
		if (copy_from_early_phys(&entry, root + sizeof(h) + i * esize,
					 esize))
			continue;
		if (!entry || acpi_check_table(entry, &h))
			continue;
		acpi_record(entry, &h);
		if (!memcmp(h.signature, "FACP", 4))
			acpi_parse_fadt(entry, h.length);
	}
	if (!acpi_pm1a_cnt && !acpi_sleep_cnt.address)
		pr_warn("ACPI: no FADT PM1a control block or sleep control register, poweroff falls back to port 0x604\n");
	return 0;
}

/**
 * acpi_pm_timer_port() - the FADT's power-management timer
 * @bits: set to the counter's width, 24 or 32
 *
 * Returns its I/O port, or 0 when the FADT names none (hardware-reduced
 * machines have none).  The counter runs at 3.579545 MHz (ACPI 6.5,
 * 4.8.3.3).
 */
u16 acpi_pm_timer_port(unsigned int *bits)
{
	*bits = acpi_pm_tmr_32bit ? 32 : 24;
	return acpi_pm_tmr;
}

/**
 * acpi_find_table() - where a table checked by acpi_table_init() lives
 * @sig: four-character signature, e.g. "MCFG"
 * @phys: its physical address
 * @len: its length
 *
 * Returns 0 or -ENOENT.  Map it with early_memremap() (later memremap()).
 */
int acpi_find_table(const char *sig, phys_addr_t *phys, u32 *len)
{
	unsigned int i;

	for (i = 0; i < acpi_nr_tables; i++) {
		if (memcmp(acpi_tables[i].sig, sig, 4))
			continue;
		*phys = acpi_tables[i].phys;
		*len = acpi_tables[i].len;
		return 0;
	}
	return -ENOENT;
}

static void acpi_pm1_sleep(u16 port, u8 typ)
{
	u16 v = inw(port);

	/* 7.4.2.5: SLP_TYP first, then SLP_EN with it, other bits kept */
	v &= ~(ACPI_PM1_SLP_TYP_MASK | ACPI_PM1_SLP_EN);
	v |= (u16)typ << ACPI_PM1_SLP_TYP_SHIFT;
	outw(v, port);
	outw(v | ACPI_PM1_SLP_EN, port);
}

/* 7.4.2.5 for hardware-reduced ACPI: one byte, SLP_TYP and SLP_EN */
static int acpi_sleep_reg_write(u8 typ)
{
	u8 v = ((typ << ACPI_SLEEP_TYP_SHIFT) & ACPI_SLEEP_TYP_MASK) |
	       ACPI_SLEEP_EN;
	void __iomem *reg;

	if (acpi_sleep_cnt.space_id == ACPI_ADR_SPACE_SYSTEM_IO) {
		if (acpi_sleep_cnt.address > 0xffff)
			return -ENODEV;
		outb(v, acpi_sleep_cnt.address);
		return -EIO;
	}
	reg = ioremap(acpi_sleep_cnt.address, 1);
	if (!reg)
		return -ENOMEM;
	writeb(v, reg);
	return -EIO;
}

/*
 * SLP_TYPa/b and SLP_EN to PM1a and PM1b control, or on a hardware-reduced
 * machine SLP_TYPa to the sleep control register: -ENODEV with neither,
 * else -EIO, since the machine is still running if this returns.
 */
static int acpi_enter_sleep_type(u8 typa, u8 typb)
{
	if (!acpi_pm1a_cnt && acpi_sleep_cnt.address)
		return acpi_sleep_reg_write(typa);
	if (!acpi_pm1a_cnt)
		return -ENODEV;
	acpi_pm1_sleep(acpi_pm1a_cnt, typa);
	if (acpi_pm1b_cnt)
		acpi_pm1_sleep(acpi_pm1b_cnt, typb);
	return -EIO;
}

/**
 * acpi_power_off() - enter S5 through the FADT's PM1 control blocks, or
 * on a hardware-reduced machine its sleep control register
 *
 * Returns -ENODEV when the FADT gave neither, -EIO when the machine is
 * still running after the write.
 */
int acpi_power_off(void)
{
	return acpi_enter_sleep_type(acpi_s5_typa, acpi_s5_typb);
}

/**
 * acpi_s3_supported() - whether the machine can suspend to RAM
 *
 * True when the DSDT has an \_S3 package, the FADT a PM1a control block
 * (or a sleep control register) and a valid FACS to hold the waking
 * vector.  QEMU's q35 lists \_S3 only with "-global ICH9-LPC.disable_s3=0".
 */
bool acpi_s3_supported(void)
{
	return acpi_s3_present && acpi_facs &&
	       (acpi_pm1a_cnt || acpi_sleep_cnt.address);
}

/**
 * acpi_set_waking_vector() - where the firmware sends the CPU on wake
 * @vector: the real-mode address (acpi_waking_vector()), 0 for none
 *
 * Writes the FACS's 32-bit waking vector and clears the 64-bit one, which
 * would otherwise take precedence (ACPI 6.5, 5.2.10).  Returns 0, -ENODEV
 * without a FACS, -ENOMEM when it cannot be mapped.
 */
int acpi_set_waking_vector(u32 vector)
{
	struct acpi_table_facs *f;

	if (!acpi_facs)
		return -ENODEV;
	f = memremap(acpi_facs, sizeof(*f), MEMREMAP_WB);
	if (!f)
		return -ENOMEM;
	f->firmware_waking_vector = vector;
	if (f->version >= 1)
		f->x_firmware_waking_vector = 0;
	memunmap(f);
	return 0;
}

/**
 * acpi_enter_s3() - write \_S3's sleep types and SLP_EN to PM1a (and PM1b)
 *
 * The caller has saved the CPU's state, written back its caches and set
 * the waking vector: on success this does not return here, the CPU comes
 * back through the vector.  Returns -ENODEV without \_S3 or PM1 control,
 * -EIO when the machine is still running after the write.
 */
int acpi_enter_s3(void)
{
	if (!acpi_s3_present)
		return -ENODEV;
	return acpi_enter_sleep_type(acpi_s3_typa, acpi_s3_typb);
}
