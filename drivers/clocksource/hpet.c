// SPDX-License-Identifier: GPL-2.0
/*
 * The HPET as a clock: its main counter runs at a fixed rate the hardware
 * states in femtoseconds, so unlike the TSC it needs no calibration.  Here
 * it measures the TSC rate for tsc_calibrate_ref(), which takes it over
 * the PIT's early value (or gives the only value on a machine without a
 * PIT), and serves as hpet_read_ns().
 *
 * Registers are from the IA-PC HPET Specification 1.0a, section 2.3; the
 * ACPI table from its section 3.2.4.  The register page is mapped UC (not
 * UC-): a counter read must never be combined or served from anywhere but
 * the device.  It stays mapped for as long as the kernel runs.
 */
#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/hpet.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/time.h>
#include <asm/io.h>
#include <asm/special_insns.h>
#include <asm/tsc.h>

/*
 * 2.3.4 General Capabilities and ID (0x000):
 *   63:32 COUNTER_CLK_PERIOD (fs)  31:16 VENDOR_ID  15 LEG_RT_CAP
 *   13 COUNT_SIZE_CAP (1: 64-bit)  12:8 NUM_TIM_CAP (timers - 1)  7:0 REV_ID
 */
#define HPET_ID			0x000
#define  HPET_ID_64BIT		(1ULL << 13)
#define  HPET_ID_NUM_TIM_SHIFT	8
#define  HPET_ID_NUM_TIM_MASK	0x1f
#define  HPET_ID_PERIOD_SHIFT	32
/* 2.3.5 General Configuration (0x010): bit 0 ENABLE_CNF */
#define HPET_CFG		0x010
#define  HPET_CFG_ENABLE	0x1
/* 2.3.8 Main Counter Value */
#define HPET_COUNTER		0x0f0
#define HPET_MMIO_SIZE		1024

/* 2.3.4: a period of zero or above 100 ns (10^8 fs) is invalid */
#define HPET_MAX_PERIOD		100000000ULL
#define FSEC_PER_NSEC		1000000ULL
#define FSEC_PER_SEC		1000000000000000ULL

/* the calibration window: long enough for a 0.01% reading at 1 MHz */
#define HPET_TSC_CHECK_NS	(20 * NSEC_PER_MSEC)
#define HPET_STUCK_READS	1000000

/* IA-PC HPET 1.0a, 3.2.4 */
struct acpi_table_hpet {
	struct acpi_table_header header;
	u32 id;
	struct acpi_generic_address address;
	u8 sequence;
	u16 minimum_tick;
	u8 flags;
} __packed;

BUILD_BUG_ON(sizeof(struct acpi_table_hpet) != 56);

static void __iomem *hpet_virt;
static u64 hpet_period_fs;
static u64 hpet_mult;		/* ns per tick, 32.32 fixed point */
static bool hpet_64bit;
/* a 32-bit counter is widened in software: the high half and last value */
static u32 hpet_last_lo, hpet_hi;

/**
 * hpet_read_counter() - the main counter, widened to 64 bits
 *
 * A 32-bit counter is extended by counting its wraps, which is right as
 * long as it is read at least once per wrap (over 7 minutes at 10 MHz,
 * 42 s at QEMU's 100 MHz).  Returns 0 when there is no HPET.
 */
u64 hpet_read_counter(void)
{
	u32 lo;

	if (!hpet_virt)
		return 0;
	if (hpet_64bit)
		return readq(hpet_virt + HPET_COUNTER);
	lo = readl(hpet_virt + HPET_COUNTER);
	if (lo < hpet_last_lo)
		hpet_hi++;
	hpet_last_lo = lo;
	return ((u64)hpet_hi << 32) | lo;
}

/**
 * hpet_read_ns() - nanoseconds since the HPET was enabled
 *
 * Returns 0 when there is no HPET.
 */
u64 hpet_read_ns(void)
{
	/* a multiply and a shift: there is no 128-bit division here */
	return (u64)(((unsigned __int128)hpet_read_counter() * hpet_mult) >> 32);
}

/*
 * The TSC rate measured over HPET_TSC_CHECK_NS of HPET time, in kHz; 0
 * when the counter does not move or goes back.
 */
static unsigned long hpet_measure_once(void)
{
	u64 h0, h1, t0, t1, spins = 0;

	h0 = hpet_read_ns();
	t0 = rdtsc();
	do {
		h1 = hpet_read_ns();
		/* at 10 MHz or more, a million reads see it move */
		if (h1 < h0 || (h1 == h0 && ++spins > HPET_STUCK_READS))
			return 0;
	} while (h1 - h0 < HPET_TSC_CHECK_NS);
	t1 = rdtsc();
	return (t1 - t0) * NSEC_PER_MSEC / (h1 - h0);
}

/*
 * The smallest of three: a delay between a counter read and its TSC read
 * (an emulator translating the code after the loop) only ever adds
 * cycles, and the first run pays for all of that.
 */
static unsigned long hpet_measure_tsc_khz(void)
{
	unsigned long best = 0, khz;
	int i;

	for (i = 0; i < 3; i++) {
		khz = hpet_measure_once();
		if (!khz)
			return 0;
		if (!best || khz < best)
			best = khz;
	}
	return best;
}

static int hpet_parse_table(phys_addr_t *addr)
{
	const struct acpi_table_hpet *t;
	phys_addr_t phys;
	int ret = 0;
	u32 len;

	if (acpi_find_table("HPET", &phys, &len)) {
		pr_info("hpet: no ACPI HPET table\n");
		return -ENODEV;
	}
	if (len < sizeof(*t)) {
		pr_warn("hpet: ACPI HPET table too short (%u bytes, need %zu), skipped\n",
			len, sizeof(*t));
		return -EINVAL;
	}
	t = memremap(phys, sizeof(*t), MEMREMAP_WB);
	if (!t) {
		pr_warn("hpet: cannot map the ACPI HPET table\n");
		return -ENOMEM;
	}
	if (t->address.space_id != 0 || !t->address.address) {
		pr_warn("hpet: HPET table gives no memory address (space %u), skipped\n",
			t->address.space_id);
		ret = -EINVAL;
	}
	*addr = t->address.address;
	memunmap((void *)t);
	return ret;
}

/* map the HPET and start its counter; 0 or why it is not used */
static int hpet_setup(void)
{
	struct task_ident prev;
	void __iomem *virt;
	phys_addr_t addr;
	unsigned long long hz;
	u64 id;
	u32 cfg;

	if (hpet_parse_table(&addr))
		return -ENODEV;
	override_current_ident(NULL, "hpet", &prev);
	virt = ioremap_uc(addr, HPET_MMIO_SIZE);
	revert_current_ident(&prev);
	if (!virt) {
		pr_warn("hpet: cannot map 0x%llx\n", (unsigned long long)addr);
		return -ENOMEM;
	}
	id = readq(virt + HPET_ID);
	hpet_period_fs = id >> HPET_ID_PERIOD_SHIFT;
	if (!hpet_period_fs || hpet_period_fs > HPET_MAX_PERIOD) {
		pr_warn("hpet: invalid period %llu fs, not used\n",
			(unsigned long long)hpet_period_fs);
		iounmap(virt);
		return -EINVAL;
	}
	hpet_64bit = id & HPET_ID_64BIT;
	hpet_mult = (hpet_period_fs << 32) / FSEC_PER_NSEC;
	/* 2.3.5: the counter runs only while ENABLE_CNF is set */
	cfg = readl(virt + HPET_CFG);
	if (!(cfg & HPET_CFG_ENABLE))
		writel(cfg | HPET_CFG_ENABLE, virt + HPET_CFG);
	hpet_virt = virt;
	/* Linux's name for the claim; user space may not map the HPET */
	if (!request_mem_region(addr, HPET_MMIO_SIZE, "HPET 0"))
		pr_warn("hpet: cannot reserve 0x%llx\n", (unsigned long long)addr);

	hz = FSEC_PER_SEC / hpet_period_fs;
	pr_info("hpet: at MMIO 0x%llx, %llu timers, %s counter, period %llu fs\n",
		(unsigned long long)addr,
		(unsigned long long)((id >> HPET_ID_NUM_TIM_SHIFT) &
				      HPET_ID_NUM_TIM_MASK) + 1,
		hpet_64bit ? "64-bit" : "32-bit",
		(unsigned long long)hpet_period_fs);
	pr_info("hpet: %llu.%06llu MHz\n", hz / 1000000, hz % 1000000);
	return 0;
}

/**
 * hpet_init() - map the HPET, start its counter, calibrate the TSC by it
 *
 * Needs ACPI tables and ioremap_uc().  Without a usable HPET, prints why
 * and hpet_read_ns() returns 0; tsc_calibrate_ref() is told either way.
 */
void hpet_init(void)
{
	unsigned long khz = 0;

	if (!hpet_setup()) {
		khz = hpet_measure_tsc_khz();
		if (!khz)
			pr_warn("hpet: counter does not move, not used for the TSC\n");
	}
	tsc_calibrate_ref(khz);
}

/**
 * hpet_resume_counter() - start the counter again after suspend to RAM
 *
 * The wake resets the HPET: ENABLE_CNF is clear and the counter is back
 * at 0.  It is enabled again and a 32-bit counter's wrap count restarts,
 * so hpet_read_counter() does not take the reset for a wrap.
 */
void hpet_resume_counter(void)
{
	u32 cfg;

	if (!hpet_virt)
		return;
	hpet_last_lo = 0;
	cfg = readl(hpet_virt + HPET_CFG);
	if (!(cfg & HPET_CFG_ENABLE))
		writel(cfg | HPET_CFG_ENABLE, hpet_virt + HPET_CFG);
}
