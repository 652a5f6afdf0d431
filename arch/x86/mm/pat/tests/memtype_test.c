// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite for PAT: the MSR as programmed, the cache-mode translation
 * against hand-written tables and against the MSR in force (PAT on or
 * off), MTRRs as QEMU's firmware leaves them, and the memtype rules on
 * RAM, non-RAM, mixed and ISA ranges.  Every case leaves the reservations
 * as it found them.
 */
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <asm/io.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/page_cache_mode.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include <asm/special_insns.h>
#include <asm/pgtable.h>
#include "../memtype.h"
#include "cachemode_cases.h"

#define UC	_PAGE_CACHE_MODE_UC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define WC	_PAGE_CACHE_MODE_WC
#define WB	_PAGE_CACHE_MODE_WB
#define WT	_PAGE_CACHE_MODE_WT
#define WP	_PAGE_CACHE_MODE_WP

/* a page of RAM nobody else reserves: a fresh kernel page */
static u64 test_ram_page(void)
{
	static u64 page;

	if (!page)
		page = __pa((void *)get_zeroed_page(GFP_KERNEL));
	return page;
}

/* non-RAM far above QEMU's RAM and PCI windows, below MAXPHYADDR */
static u64 test_mmio_base(void)
{
	return 1ULL << (boot_cpu_data.x86_phys_bits - 2);
}

/* does the PAT in force hold encoding @enc in some entry? */
static bool pat_has_encoding(u8 enc)
{
	u64 v = pat_get_msr_value();
	unsigned int i;

	for (i = 0; i < 8; i++)
		if (((v >> (8 * i)) & 7) == enc)
			return true;
	return false;
}

static void pat_test_msr_readback(struct ktest *t)
{
	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	KTEST_EXPECT_EQ(t, rdmsr(MSR_IA32_CR_PAT), pat_get_msr_value());
	KTEST_EXPECT_TRUE(t, pat_value_valid(pat_get_msr_value()));
}

/*
 * The layout this CPU must get, from CPUID itself (not boot_cpu_data, not
 * the whitelist) by Linux 6.1's rule as PAT-FACTS.md states it: Intel
 * family 6 up to model 0xd and family 0xf up to model 6 may ignore the
 * PAT bit and get the lower four entries twice; every other CPU that has
 * PAT gets Linux's full layout.
 */
static u64 expected_layout_from_cpuid(void)
{
	u32 sig, ebx, ecx, edx;
	unsigned int family, model;
	bool intel;

	cpuid(0, &sig, &ebx, &ecx, &edx);
	/* "GenuineIntel" in EBX, EDX, ECX */
	intel = ebx == 0x756e6547 && edx == 0x49656e69 && ecx == 0x6c65746e;
	cpuid(1, &sig, &ebx, &ecx, &edx);
	family = (sig >> 8) & 0xf;
	model = (sig >> 4) & 0xf;
	if (family == 0xf)
		family += (sig >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((sig >> 16) & 0xf) << 4;
	if (intel && ((family == 0x6 && model <= 0xd) ||
		      (family == 0xf && model <= 0x6)))
		return 0x0007010600070106ULL;	/* WB WC UC- UC, twice */
	return 0x0407050600070106ULL;		/* WB WC UC- UC WB WP UC- WT */
}

/* the "msr owner: ..." line of /sys/kernel/debug/x86/pat_policy, or NULL */
static const char *pat_policy_msr_owner(void)
{
	static char buf[2048];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) - 1 };
	char *line, *end;

	if (vfile_show("/sys/kernel/debug/x86/pat_policy", &m))
		return NULL;
	buf[m.count] = '\0';
	line = strstr(buf, "msr owner: ");
	if (line) {
		end = strchr(line, '\n');
		if (end)
			*end = '\0';
	}
	return line;
}

static void pat_test_layout_by_cpu(struct ktest *t)
{
	const char *owner = pat_policy_msr_owner();

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	/* the write did not stick: the MSR holds the hypervisor's value */
	if (owner && !strncmp(owner, "msr owner: hypervisor", 21)) {
		ktest_skip(t, "a hypervisor owns IA32_PAT");
		return;
	}
	KTEST_EXPECT_EQ(t, rdmsr(MSR_IA32_CR_PAT), expected_layout_from_cpuid());
}

/*
 * The tables built from each layout in use against the hand-written
 * expectations of cachemode_cases.h (the host tests check the same).
 */
static void pat_test_translation_tables(struct ktest *t)
{
	struct pat_cachemode_tables tb;
	unsigned int c, m, i;

	for (c = 0; c < CACHEMODE_NR_CASES; c++) {
		const struct cachemode_case *k = &cachemode_cases[c];

		pat_cachemode_init(&tb, k->pat);
		for (m = 0; m <= WP; m++) {
			KTEST_EXPECT_EQ(t, pat_index_to_pte4k(tb.mode2index[m]),
					k->pte4k[m]);
			KTEST_EXPECT_EQ(t, protval_4k_2_large(k->pte4k[m]),
					k->large[m]);
			KTEST_EXPECT_EQ(t, protval_large_2_4k(k->large[m] | _PAGE_PSE),
					k->pte4k[m]);
		}
		for (i = 0; i < 8; i++)
			KTEST_EXPECT_EQ(t, tb.index2mode[i], k->mode[i]);
	}
}

/* the kernel's live translation, if the layout in force is one of those */
static void pat_test_live_tables(struct ktest *t)
{
	const struct cachemode_case *k = NULL;
	unsigned int c, m, i;

	for (c = 0; c < CACHEMODE_NR_CASES; c++)
		if (cachemode_cases[c].pat == pat_get_msr_value())
			k = &cachemode_cases[c];
	if (!k) {
		ktest_skip(t, "layout %#018llx has no hand-written case",
			   (unsigned long long)pat_get_msr_value());
		return;
	}
	for (m = 0; m <= WP; m++)
		KTEST_EXPECT_EQ(t, cachemode2protval(m), k->pte4k[m]);
	for (i = 0; i < 8; i++)
		KTEST_EXPECT_EQ(t, pgprot2cachemode(cachemode_case_index_bits(i)),
				k->mode[i]);
}

/*
 * What PWT/PCD/PAT select on this CPU right now, read from the CPU itself:
 * IA32_PAT; without PAT in CPUID (no MSR on hardware) the power-on layout,
 * which is what PWT and PCD alone select.  An MSR reading 0 is not taken
 * at its word (Linux: some hypervisors read 0 whatever the MSR holds) and
 * counts as no PAT too.
 */
static u64 pat_msr_in_force(void)
{
	u32 a, b, c, d;
	u64 v;

	cpuid(1, &a, &b, &c, &d);
	v = d & (1U << 16) ? rdmsr(MSR_IA32_CR_PAT) : 0;
	return v ? v : 0x0007040600070406ULL;
}

/* PAT encodings (SDM Vol. 3A 11.12.2) by enum page_cache_mode */
static const u8 pat_encoding_of[] = {
	[WB] = 0x06, [WC] = 0x01, [UCM] = 0x07, [UC] = 0x00, [WT] = 0x04,
	[WP] = 0x05,
};

/* the index a 4 KiB entry's bits select: PWT bit 3, PCD bit 4, PAT bit 7 */
static unsigned int pte4k_index(u64 v)
{
	return ((v >> 3) & 1) | ((v >> 4) & 1) << 1 | ((v >> 7) & 1) << 2;
}

static int pat_slot_of(u64 pat, u8 enc, unsigned int below)
{
	unsigned int i;

	for (i = 0; i < below; i++)
		if (((pat >> (i * 8)) & 0xff) == enc)
			return i;
	return -1;
}

/*
 * A mapping asked with @mode selects slot @idx of @pat: it must hold
 * @mode itself if @pat has it anywhere, else UC- (UC if @pat has no UC-;
 * pat_fallback_order[] for layouts with neither, which this does not
 * judge), and use the PAT bit only if slots 0-3 lack the type.
 */
static void expect_slot_for_mode(struct ktest *t, u64 pat, unsigned int idx,
				 enum page_cache_mode mode)
{
	u8 enc = (pat >> (idx * 8)) & 0xff, want = pat_encoding_of[mode];

	if (pat_slot_of(pat, want, 8) < 0) {
		if (pat_slot_of(pat, pat_encoding_of[UCM], 8) >= 0)
			want = pat_encoding_of[UCM];
		else if (pat_slot_of(pat, pat_encoding_of[UC], 8) >= 0)
			want = pat_encoding_of[UC];
		else
			return;
	}
	if (enc != want)
		ktest_fail(t, __FILE__, __LINE__,
			   "%s selects slot %u of %#018llx, encoding %#x, want %#x",
			   cachemode_short_name(mode), idx,
			   (unsigned long long)pat, enc, want);
	if (idx >= 4 && pat_slot_of(pat, enc, 4) >= 0)
		ktest_fail(t, __FILE__, __LINE__,
			   "%s uses the PAT bit (slot %u) though slot %d has it",
			   cachemode_short_name(mode), idx,
			   pat_slot_of(pat, enc, 4));
}

/*
 * PAT on or off, the bits the kernel puts in an entry for each mode must
 * select, in the MSR really in force, a slot of that type (or the UC-
 * fallback), and the type of every slot must be what the kernel thinks
 * it is.  With PAT off after firmware or a previous kernel programmed the
 * MSR (nopat pat.test_preset=...), this is what tables built from the
 * power-on layout got wrong.
 */
static void pat_test_protval_selects_msr_slot(struct ktest *t)
{
	u64 pat = pat_msr_in_force();
	unsigned int m, i;
	int mode;

	for (m = 0; m <= WP; m++) {
		u64 bits = cachemode2protval(m);

		KTEST_EXPECT_EQ(t, bits & ~0x98ULL, 0);
		expect_slot_for_mode(t, pat, pte4k_index(bits), m);
	}
	/* a reserved encoding would fault on hardware; pat_value_valid() */
	KTEST_ASSERT_TRUE(t, pat_value_valid(pat));
	for (i = 0; i < 8; i++) {
		u8 enc = (pat >> (i * 8)) & 0xff;

		for (mode = WP; mode >= 0; mode--)
			if (pat_encoding_of[mode] == enc)
				break;
		KTEST_EXPECT_EQ(t, pgprot2cachemode(cachemode_case_index_bits(i)),
				mode);
	}
}

/* the same through a real mapping: ioremap_wt() of unused MMIO */
static void pat_test_ioremap_wt_slot(struct ktest *t)
{
	u64 pa = test_mmio_base() + 0x8000000, v;
	void __iomem *p = ioremap_wt(pa, PAGE_SIZE);
	enum pg_level level;
	unsigned int idx;

	KTEST_ASSERT_TRUE(t, p != NULL);
	v = pt_read_entry((unsigned long)(__force void *)p, &level);
	/* a large entry keeps its PAT bit in bit 12 */
	if (level != PG_LEVEL_4K)
		v = (v & ~0x1080ULL) | ((v >> 12) & 1) << 7;
	idx = pte4k_index(v);
	expect_slot_for_mode(t, pat_msr_in_force(), idx, WT);
	ktest_printf(t, "ioremap_wt: slot %u of %#018llx\n", idx,
		     (unsigned long long)pat_msr_in_force());
	iounmap(p);
}

/* pat_policy's "msr owner" line says what the MSR read */
static void pat_test_policy_names_msr(struct ktest *t)
{
	const char *line = pat_policy_msr_owner();
	char want[64];
	u32 a, b, c, d;
	u64 pat;

	if (!line) {
		ktest_skip(t, "no msr owner line in x86/pat_policy");
		return;
	}
	cpuid(1, &a, &b, &c, &d);
	if (!(d & (1U << 16))) {
		KTEST_EXPECT_TRUE(t, !strncmp(line, "msr owner: none ", 16));
		return;
	}
	pat = rdmsr(MSR_IA32_CR_PAT);
	if (pat_enabled() && pat == expected_layout_from_cpuid()) {
		KTEST_EXPECT_STREQ(t, line, "msr owner: kernel");
		return;
	}
	/* off, or a hypervisor kept its value: the value read is named */
	snprintf(want, sizeof(want), "read %#018llx", (unsigned long long)pat);
	if (!strstr(line, want))
		ktest_fail(t, __FILE__, __LINE__, "\"%s\" lacks \"%s\"", line,
			   want);
}

static void pat_test_mtrr_qemu_firmware(struct ktest *t)
{
	u8 uniform;
	u64 b, e;

	if (!mtrr_state.have_mtrr || !mtrr_state.enabled) {
		KTEST_EXPECT_EQ(t, mtrr_type_lookup(0x100000, 0x200000, &uniform),
				MTRR_TYPE_INVALID);
		return;
	}
	/* SeaBIOS: default WB, fixed WB below 640K, UC 0xa0000-0xbffff */
	KTEST_EXPECT_EQ(t, mtrr_state.def_type, MTRR_TYPE_WRBACK);
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(0, 0x1000, &uniform),
			MTRR_TYPE_WRBACK);
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(0xa0000, 0xa1000, &uniform),
			MTRR_TYPE_UNCACHABLE);
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(0x100000, 0x200000, &uniform),
			MTRR_TYPE_WRBACK);
	KTEST_EXPECT_EQ(t, uniform, 1);
	/* the PCI hole below 4 GiB is UC (0xc0000000 on q35, 0x80000000 on pc) */
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(0xfee00000, 0xfee01000, &uniform),
			MTRR_TYPE_UNCACHABLE);
	/* a range straddling the start of the UC hole is not uniform */
	KTEST_ASSERT_TRUE(t, mtrr_var_range_bounds(&mtrr_state, 0, &b, &e));
	KTEST_EXPECT_EQ(t, mtrr_type_lookup(b - 0x1000, b + 0x1000, &uniform),
			MTRR_TYPE_UNCACHABLE);
	KTEST_EXPECT_EQ(t, uniform, 0);
}

static void pat_test_ram_reserve_free(struct ktest *t)
{
	u64 p = test_ram_page();
	enum page_cache_mode got;

	/* RAM is counted with PAT off too, as the tables in force map it */
	KTEST_ASSERT_TRUE(t, p != 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(p), WB);
	KTEST_EXPECT_EQ(t, memtype_reserve(p, p + PAGE_SIZE, UC, &got), 0);
	KTEST_EXPECT_EQ(t, got, UC);
	KTEST_EXPECT_EQ(t, lookup_memtype(p), UC);
	/* a second user of the same type shares it */
	KTEST_EXPECT_EQ(t, memtype_reserve(p, p + PAGE_SIZE, UC, NULL), 0);
	/* another type conflicts and changes nothing */
	KTEST_EXPECT_EQ(t, memtype_reserve(p, p + PAGE_SIZE, WC, &got), -EBUSY);
	KTEST_EXPECT_EQ(t, lookup_memtype(p), UC);
	KTEST_EXPECT_EQ(t, memtype_free(p, p + PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(p), UC);
	KTEST_EXPECT_EQ(t, memtype_free(p, p + PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(p), WB);
	/* freeing what is not reserved is refused */
	KTEST_EXPECT_EQ(t, memtype_free(p, p + PAGE_SIZE), -EINVAL);
	/*
	 * RAM takes WP too (Linux refuses it), as the layout maps it: UC-
	 * in the erratum layout, which has no WP entry
	 */
	KTEST_EXPECT_EQ(t, memtype_reserve(p, p + PAGE_SIZE, WP, NULL), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(p), pat_has_encoding(5) ? WP : UCM);
	KTEST_EXPECT_EQ(t, memtype_free(p, p + PAGE_SIZE), 0);
}

static void pat_test_mmio_rules(struct ktest *t)
{
	u64 b = test_mmio_base();
	enum page_cache_mode got;

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	KTEST_EXPECT_EQ(t, lookup_memtype(b), UCM);
	KTEST_EXPECT_EQ(t, memtype_reserve(b, b + 0x4000, WC, &got), 0);
	KTEST_EXPECT_EQ(t, got, WC);
	/* the ioremap path adopts the existing type */
	KTEST_EXPECT_EQ(t, memtype_reserve(b + 0x1000, b + 0x2000, UCM, &got), 0);
	KTEST_EXPECT_EQ(t, got, WC);
	/* a strict request for another type conflicts */
	KTEST_EXPECT_EQ(t, memtype_reserve(b, b + 0x1000, UC, NULL), -EBUSY);
	KTEST_EXPECT_EQ(t, lookup_memtype(b + 0x1000), WC);
	KTEST_EXPECT_EQ(t, memtype_free(b + 0x1000, b + 0x2000), 0);
	/* a partial free that matches nothing is refused */
	KTEST_EXPECT_EQ(t, memtype_free(b + 0x1000, b + 0x2000), -EINVAL);
	/* the same-end shrink rule */
	KTEST_EXPECT_EQ(t, memtype_free(b + 0x2000, b + 0x4000), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(b + 0x3000), UCM);
	KTEST_EXPECT_EQ(t, lookup_memtype(b + 0x1000), WC);
	KTEST_EXPECT_EQ(t, memtype_free(b, b + 0x2000), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(b), UCM);
}

static void pat_test_bad_ranges(struct ktest *t)
{
	u64 p = test_ram_page(), lim = 1ULL << boot_cpu_data.x86_phys_bits;

	KTEST_EXPECT_EQ(t, memtype_reserve(0x200000, 0x200000, UC, NULL), -EINVAL);
	KTEST_EXPECT_EQ(t, memtype_reserve(0x201000, 0x200000, UC, NULL), -EINVAL);
	KTEST_EXPECT_EQ(t, memtype_reserve(lim - 0x1000, lim + 0x1000, UC, NULL),
			-EINVAL);
	KTEST_EXPECT_EQ(t, memtype_reserve(~0ULL - 0xfff, 0, UC, NULL), -EINVAL);
	KTEST_EXPECT_EQ(t, memtype_free(0x3000, 0x1000), -EINVAL);
	if (!pat_enabled())
		return;
	KTEST_EXPECT_EQ(t, lookup_memtype(p), WB);
}

static void pat_test_mixed_and_isa(struct ktest *t)
{
	enum page_cache_mode got = UC;
	u64 ram_end = 0;
	unsigned int i;

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	/* the legacy ISA range is untracked and reported WB */
	KTEST_EXPECT_EQ(t, memtype_reserve(0xa0000, 0xc0000, WC, &got), 0);
	KTEST_EXPECT_EQ(t, got, WB);
	KTEST_EXPECT_EQ(t, memtype_free(0xa0000, 0xc0000), 0);
	/* the end of the first RAM range above 1 MiB: a RAM/non-RAM edge */
	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->type == E820_TYPE_RAM && e->addr >= 0x100000) {
			ram_end = e->addr + e->size;
			break;
		}
	}
	KTEST_ASSERT_TRUE(t, ram_end != 0);
	ram_end &= PAGE_MASK;
	KTEST_EXPECT_EQ(t, memtype_reserve(ram_end - 0x1000, ram_end + 0x1000,
					   UC, NULL), -EINVAL);
	KTEST_EXPECT_EQ(t, lookup_memtype(ram_end - 0x1000), WB);
}

/* a type belongs to whole pages: byte ranges in one page conflict */
static void pat_test_page_granular(struct ktest *t)
{
	u64 b = test_mmio_base();

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	KTEST_EXPECT_EQ(t, memtype_reserve(b + 1, b + 2, UC, NULL), 0);
	KTEST_EXPECT_EQ(t, memtype_reserve(b + 3, b + 4, WC, NULL), -EBUSY);
	KTEST_EXPECT_EQ(t, lookup_memtype(b + 0xfff), UC);
	/* the next page is another page */
	KTEST_EXPECT_EQ(t, memtype_reserve(b + 0x1000, b + 0x1001, WC, NULL), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(b + 0x1000), WC);
	/* a free of the same bytes finds the same pages */
	KTEST_EXPECT_EQ(t, memtype_free(b + 1, b + 2), 0);
	KTEST_EXPECT_EQ(t, memtype_free(b + 0x1000, b + 0x1001), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(b), UCM);
	KTEST_EXPECT_EQ(t, lookup_memtype(b + 0x1000), UCM);
}

/* a page only partly RAM is not RAM: tracked in the tree, like Linux */
static void pat_test_partial_ram_page(struct ktest *t)
{
	u64 pg = 0;
	unsigned int i;

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	for (i = 0; i < e820_table.nr_entries && !pg; i++) {
		const struct e820_entry *e = &e820_table.entries[i];
		u64 end = e->addr + e->size;

		if (e->type == E820_TYPE_RAM && end & ~PAGE_MASK &&
		    (end & PAGE_MASK) + PAGE_SIZE <= 0xa0000)
			pg = end & PAGE_MASK;
	}
	if (!pg) {
		ktest_skip(t, "no RAM range ends inside a page below 640K");
		return;
	}
	KTEST_EXPECT_EQ(t, memtype_classify(pg, pg + 0x400), MEMTYPE_IO);
	KTEST_EXPECT_EQ(t, memtype_classify(pg - 0x1000, pg + 0x400),
			MEMTYPE_MIXED);
	KTEST_EXPECT_EQ(t, memtype_reserve(pg, pg + 0x400, WC, NULL), 0);
	KTEST_EXPECT_EQ(t, memtype_reserve(pg + 0xc00, pg + 0x1000, UC, NULL),
			-EBUSY);
	KTEST_EXPECT_EQ(t, lookup_memtype(pg + 0xc00), WC);
	KTEST_EXPECT_EQ(t, memtype_free(pg, pg + 0x400), 0);
	KTEST_EXPECT_EQ(t, lookup_memtype(pg), UCM);
}

/* a range reaching out of the untracked ISA range is refused */
static void pat_test_isa_straddle(struct ktest *t)
{
	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	KTEST_EXPECT_EQ(t, memtype_classify(0xff000, 0x101000), MEMTYPE_MIXED);
	KTEST_EXPECT_EQ(t, memtype_reserve(0x9f000, 0xa1000, UC, NULL), -EINVAL);
	KTEST_EXPECT_EQ(t, memtype_classify(0xa0000, 0x100000),
			MEMTYPE_UNTRACKED);
}

static void pat_test_free_owner(struct ktest *t)
{
	unsigned long a = (unsigned long)pat_test_free_owner;
	unsigned long b2 = (unsigned long)pat_test_isa_straddle;
	struct memtype_tree_entry h;
	enum page_cache_mode got;
	u64 b = test_mmio_base();

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	KTEST_EXPECT_EQ(t, memtype_reserve_owner(b, b + 0x1000, WC,
						 MEMTYPE_OWNED, &got, a), 0);
	KTEST_EXPECT_EQ(t, memtype_reserve_owner(b, b + 0x1000, WC,
						 MEMTYPE_OWNED, &got, b2), 0);
	/* b2's free takes b2's entry, not the first-inserted one */
	KTEST_EXPECT_EQ(t, memtype_free_owner(b, b + 0x1000, b2), 0);
	KTEST_ASSERT_TRUE(t, memtype_find_holder(b, b + 0x1000, &h) == 0);
	KTEST_EXPECT_EQ(t, h.owner.caller, a);
	KTEST_EXPECT_EQ(t, memtype_free_owner(b, b + 0x1000, b2), -EINVAL);
	/* a plain free never takes an owned entry */
	KTEST_EXPECT_EQ(t, memtype_free(b, b + 0x1000), -EINVAL);
	KTEST_EXPECT_EQ(t, lookup_memtype(b), WC);
	KTEST_EXPECT_EQ(t, memtype_free_owner(b, b + 0x1000, a), 0);
	KTEST_EXPECT_EQ(t, memtype_find_holder(b, b + 0x1000, &h), -ENOENT);
}

/* WT and WP are reserved as what the layout maps them with */
static void pat_test_granted_mappable(struct ktest *t)
{
	enum page_cache_mode got = WB;
	u64 b = test_mmio_base();

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	KTEST_EXPECT_EQ(t, memtype_reserve_owner(b, b + 0x1000, WT, MEMTYPE_STRICT, &got,
						 0), 0);
	KTEST_EXPECT_EQ(t, got, pat_has_encoding(4) ? WT : UCM);
	KTEST_EXPECT_EQ(t, lookup_memtype(b), got);
	KTEST_EXPECT_EQ(t, memtype_free(b, b + 0x1000), 0);
	KTEST_EXPECT_EQ(t, memtype_reserve_owner(b, b + 0x1000, WP, 0, &got,
						 0), 0);
	KTEST_EXPECT_EQ(t, got, pat_has_encoding(5) ? WP : UCM);
	KTEST_EXPECT_EQ(t, memtype_free(b, b + 0x1000), 0);
}

static struct ktest_case pat_cases[] = {
	KTEST_CASE(pat_test_msr_readback),
	KTEST_CASE(pat_test_layout_by_cpu),
	KTEST_CASE(pat_test_translation_tables),
	KTEST_CASE(pat_test_live_tables),
	KTEST_CASE(pat_test_protval_selects_msr_slot),
	KTEST_CASE(pat_test_ioremap_wt_slot),
	KTEST_CASE(pat_test_policy_names_msr),
	KTEST_CASE(pat_test_mtrr_qemu_firmware),
	KTEST_CASE(pat_test_ram_reserve_free),
	KTEST_CASE(pat_test_mmio_rules),
	KTEST_CASE(pat_test_bad_ranges),
	KTEST_CASE(pat_test_mixed_and_isa),
	KTEST_CASE(pat_test_page_granular),
	KTEST_CASE(pat_test_partial_ram_page),
	KTEST_CASE(pat_test_isa_straddle),
	KTEST_CASE(pat_test_free_owner),
	KTEST_CASE(pat_test_granted_mappable),
	{}
};
KTEST_SUITE(pat_memtype, pat_cases);
