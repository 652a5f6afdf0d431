// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/e820_sanitize.c: hand-made broken maps, QEMU's maps, and
 * thousands of random maps checked against a naive page-by-page model of
 * the rules in asm/e820/types.h.
 */
#include <string.h>
#include <linux/errno.h>
#include <asm/e820/types.h>

#include "unit.h"

#define RAM	E820_TYPE_RAM
#define RES	E820_TYPE_RESERVED
#define ACPI	E820_TYPE_ACPI
#define NVS	E820_TYPE_NVS
#define UNUS	E820_TYPE_UNUSABLE
#define PMEM	E820_TYPE_PMEM

struct ent {
	u64 start, end;		/* end exclusive */
	u32 type;
};

static void table_fill(struct e820_table *t, const struct ent *e,
		       unsigned int n)
{
	unsigned int i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n; i++) {
		t->entries[i].addr = e[i].start;
		t->entries[i].size = e[i].end - e[i].start;
		t->entries[i].type = e[i].type;
	}
	t->nr_entries = n;
}

/* compare a table with the expected [start, end) entries */
static void table_expect(const struct e820_table *t, const struct ent *e,
			 unsigned int n, int line)
{
	unsigned int i;

	if (t->nr_entries != n)
		EXPECT_FAIL("line %d: %u entries, want %u", line,
			    t->nr_entries, n);
	for (i = 0; i < n && i < t->nr_entries; i++) {
		const struct e820_entry *x = &t->entries[i];

		if (x->addr != e[i].start || x->addr + x->size != e[i].end ||
		    x->type != e[i].type)
			EXPECT_FAIL("line %d: entry %u is [%#llx-%#llx) type %u, want [%#llx-%#llx) type %u",
				    line, i, (unsigned long long)x->addr,
				    (unsigned long long)(x->addr + x->size),
				    x->type, (unsigned long long)e[i].start,
				    (unsigned long long)e[i].end, e[i].type);
	}
}

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define SANITIZE_EXPECT(in, maxpa, out)					\
	do {								\
		struct e820_table t_;					\
									\
		table_fill(&t_, in, N(in));				\
		ASSERT_EQ(e820__sanitize(&t_, maxpa, NULL), 0);		\
		table_expect(&t_, out, N(out), __LINE__);		\
	} while (0)

UNIT_TEST(e820, unsorted_input_is_sorted)
{
	static const struct ent in[] = {
		{ 0x100000, 0x200000, RAM }, { 0, 0x9f000, RAM },
		{ 0xf0000, 0x100000, RES },
	};
	static const struct ent out[] = {
		{ 0, 0x9f000, RAM }, { 0xf0000, 0x100000, RES },
		{ 0x100000, 0x200000, RAM },
	};

	SANITIZE_EXPECT(in, 0, out);
}

UNIT_TEST(e820, overlap_stricter_type_wins)
{
	static const struct ent in1[] = {
		{ 0, 0x10000, RAM }, { 0x8000, 0x9000, RES },
	};
	static const struct ent out1[] = {
		{ 0, 0x8000, RAM }, { 0x8000, 0x9000, RES },
		{ 0x9000, 0x10000, RAM },
	};
	static const struct ent in2[] = {
		{ 0x1000, 0x5000, ACPI }, { 0x3000, 0x8000, NVS },
		{ 0, 0x4000, RAM },
	};
	static const struct ent out2[] = {
		{ 0, 0x1000, RAM }, { 0x1000, 0x3000, ACPI },
		{ 0x3000, 0x8000, NVS },
	};
	static const struct ent in3[] = {
		{ 0, 0x4000, UNUS }, { 0, 0x4000, PMEM }, { 0x2000, 0x3000, 99 },
	};
	static const struct ent out3[] = {
		{ 0, 0x2000, UNUS }, { 0x2000, 0x3000, 99 },
		{ 0x3000, 0x4000, UNUS },
	};

	SANITIZE_EXPECT(in1, 0, out1);
	SANITIZE_EXPECT(in2, 0, out2);
	SANITIZE_EXPECT(in3, 0, out3);
}

UNIT_TEST(e820, overlap_stats)
{
	static const struct ent in[] = {
		{ 0, 0x10000, RAM }, { 0x8000, 0x9000, RES },
		{ 0x20000, 0x20000, RAM }, { 0x30000, 0x40000, RAM },
		{ 0x38000, 0x40000, RAM },
	};
	struct e820_sanitize_stats st;
	struct e820_table t;

	table_fill(&t, in, N(in));
	ASSERT_EQ(e820__sanitize(&t, 0, &st), 0);
	EXPECT_EQ(t.nr_entries, 4);
	EXPECT_EQ(st.dropped_empty, 1);
	EXPECT_EQ(st.overlaps, 1);
	EXPECT_EQ(st.first_overlap, 0x8000);
	EXPECT_EQ(st.clipped_wrap, 0);
	EXPECT_EQ(st.merged, 0);
}

UNIT_TEST(e820, zero_size_dropped)
{
	static const struct ent in[] = {
		{ 0x5000, 0x5000, RES }, { 0, 0x1000, RAM },
		{ 0x1000, 0x1000, RAM },
	};
	static const struct ent out[] = { { 0, 0x1000, RAM } };
	struct e820_table t;

	SANITIZE_EXPECT(in, 0, out);
	table_fill(&t, in, 1);
	ASSERT_EQ(e820__sanitize(&t, 0, NULL), 0);
	EXPECT_EQ(t.nr_entries, 0);
}

UNIT_TEST(e820, wrap_past_2_64_clipped)
{
	struct e820_sanitize_stats st;
	struct e820_table t = { 0 };

	t.nr_entries = 2;
	t.entries[0] = (struct e820_entry){ 0xfffffffffffff000ULL, 0x2000, RES };
	t.entries[1] = (struct e820_entry){ 0, 0x1000, RAM };
	ASSERT_EQ(e820__sanitize(&t, 0, &st), 0);
	ASSERT_EQ(t.nr_entries, 2);
	EXPECT_EQ(t.entries[1].addr, 0xfffffffffffff000ULL);
	EXPECT_EQ(t.entries[1].addr + t.entries[1].size, ~0ULL);
	EXPECT_TRUE(t.entries[1].addr + t.entries[1].size >= t.entries[1].addr);
	EXPECT_EQ(st.clipped_wrap, 1);
}

UNIT_TEST(e820, ram_above_maxphyaddr_clipped)
{
	static const struct ent in[] = {
		{ 0, 0x80000000, RAM }, { 0xfec00000, 0xfec01000, RES },
		{ 0x100000000ULL, 0x180000000ULL, RAM },
		{ 0x1000000000ULL, 0x1000001000ULL, RES },
	};
	static const struct ent out[] = {
		{ 0, 0x80000000, RAM }, { 0xfec00000, 0xfec01000, RES },
		{ 0x100000000ULL, 0x140000000ULL, RAM },
		{ 0x1000000000ULL, 0x1000001000ULL, RES },
	};
	struct e820_sanitize_stats st;
	struct e820_table t;

	SANITIZE_EXPECT(in, 0x140000000ULL, out);
	table_fill(&t, in, N(in));
	ASSERT_EQ(e820__sanitize(&t, 0x140000000ULL, &st), 0);
	EXPECT_EQ(st.clipped_ram_bytes, 0x40000000ULL);
}

UNIT_TEST(e820, adjacent_same_type_merged)
{
	static const struct ent in[] = {
		{ 0x2000, 0x3000, RAM }, { 0, 0x1000, RAM },
		{ 0x1000, 0x2000, RAM }, { 0x3000, 0x4000, RES },
		{ 0x4000, 0x5000, RES }, { 0x6000, 0x7000, RES },
	};
	static const struct ent out[] = {
		{ 0, 0x3000, RAM }, { 0x3000, 0x5000, RES },
		{ 0x6000, 0x7000, RES },
	};
	struct e820_sanitize_stats st;
	struct e820_table t;

	SANITIZE_EXPECT(in, 0, out);
	table_fill(&t, in, N(in));
	ASSERT_EQ(e820__sanitize(&t, 0, &st), 0);
	EXPECT_EQ(st.merged, 3);
	EXPECT_EQ(st.overlaps, 0);
}

/* QEMU q35, -m 512M, as SeaBIOS hands it over */
static const struct ent qemu_512m[] = {
	{ 0, 0x9fc00, RAM },
	{ 0x9fc00, 0xa0000, RES },
	{ 0xf0000, 0x100000, RES },
	{ 0x100000, 0x1ffdf000, RAM },
	{ 0x1ffdf000, 0x20000000, RES },
	{ 0xb0000000, 0xc0000000, RES },
	{ 0xfffc0000, 0x100000000ULL, RES },
};

/* QEMU q35, -m 5G: 2 GiB low, 3 GiB above 4 GiB */
static const struct ent qemu_5g[] = {
	{ 0, 0x9fc00, RAM },
	{ 0x9fc00, 0xa0000, RES },
	{ 0xf0000, 0x100000, RES },
	{ 0x100000, 0x7ffdf000, RAM },
	{ 0x7ffdf000, 0x80000000, RES },
	{ 0xb0000000, 0xc0000000, RES },
	{ 0xfed1c000, 0xfed20000, RES },
	{ 0xfeffc000, 0xff000000, RES },
	{ 0xfffc0000, 0x100000000ULL, RES },
	{ 0x100000000ULL, 0x1c0000000ULL, RAM },
};

UNIT_TEST(e820, qemu_maps_unchanged)
{
	struct e820_sanitize_stats st;
	struct e820_table t;

	SANITIZE_EXPECT(qemu_512m, 1ULL << 40, qemu_512m);
	SANITIZE_EXPECT(qemu_5g, 1ULL << 40, qemu_5g);
	SANITIZE_EXPECT(qemu_5g, 0, qemu_5g);
	table_fill(&t, qemu_5g, N(qemu_5g));
	ASSERT_EQ(e820__sanitize(&t, 1ULL << 36, &st), 0);
	EXPECT_EQ(st.overlaps, 0);
	EXPECT_EQ(st.merged, 0);
	EXPECT_EQ(st.clipped_ram_bytes, 0);
	EXPECT_EQ(st.dropped_empty, 0);
}

UNIT_TEST(e820, qemu_5g_with_32_phys_bits)
{
	struct e820_sanitize_stats st;
	struct e820_table t;

	table_fill(&t, qemu_5g, N(qemu_5g));
	ASSERT_EQ(e820__sanitize(&t, 1ULL << 32, &st), 0);
	table_expect(&t, qemu_5g, N(qemu_5g) - 1, __LINE__);
	EXPECT_EQ(st.clipped_ram_bytes, 0xc0000000ULL);
}

UNIT_TEST(e820, qemu_512m_shuffled_and_doubled)
{
	struct ent in[2 * N(qemu_512m)];
	unsigned int i;

	for (i = 0; i < N(qemu_512m); i++) {
		in[i] = qemu_512m[N(qemu_512m) - 1 - i];
		in[N(qemu_512m) + i] = qemu_512m[i];
	}
	SANITIZE_EXPECT(in, 1ULL << 40, qemu_512m);
}

UNIT_TEST(e820, mapped_all_any)
{
	struct e820_table t;

	table_fill(&t, qemu_512m, N(qemu_512m));
	EXPECT_TRUE(e820__table_mapped_all(&t, 0x100000, 0x1ffdf000, RAM));
	EXPECT_TRUE(e820__table_mapped_all(&t, 0, 0x9fc00, RAM));
	EXPECT_FALSE(e820__table_mapped_all(&t, 0, 0xa0000, RAM));
	EXPECT_FALSE(e820__table_mapped_all(&t, 0x9f000, 0x100000, RES));
	EXPECT_TRUE(e820__table_mapped_all(&t, 0xb0000000, 0xc0000000, RES));
	EXPECT_TRUE(e820__table_mapped_all(&t, 0xb8000000, 0xb8001000, RES));
	EXPECT_FALSE(e820__table_mapped_all(&t, 0xb0000000, 0xc0001000, RES));
	EXPECT_TRUE(e820__table_mapped_all(&t, 0x1ffdf000, 0x20000000, RES));
	EXPECT_FALSE(e820__table_mapped_all(&t, 0x1ffde000, 0x20000000, RES));
	EXPECT_FALSE(e820__table_mapped_all(&t, 0x20000000, 0x20001000, RAM));
	EXPECT_TRUE(e820__table_mapped_any(&t, 0x9f000, 0xa0000, RES));
	EXPECT_TRUE(e820__table_mapped_any(&t, 0x9f000, 0xa0000, RAM));
	EXPECT_FALSE(e820__table_mapped_any(&t, 0xa0000, 0xf0000, RES));
	EXPECT_FALSE(e820__table_mapped_any(&t, 0xa0000, 0xf0000, RAM));
	EXPECT_TRUE(e820__table_mapped_any(&t, 0xfee00000, 0x100000000ULL, RES));
	EXPECT_FALSE(e820__table_mapped_any(&t, 0x20000000, 0xb0000000, RES));
	/*
	 * An empty range: vacuously all; "any" says whether an entry of the
	 * type contains its address, as Linux's e820__mapped_any() does.
	 */
	EXPECT_TRUE(e820__table_mapped_all(&t, 0x1000, 0x1000, RES));
	EXPECT_TRUE(e820__table_mapped_any(&t, 0x1000, 0x1000, RAM));
	EXPECT_FALSE(e820__table_mapped_any(&t, 0x1000, 0x1000, RES));
}

UNIT_TEST(e820, type_names)
{
	EXPECT_STREQ(e820_type_name(RAM), "usable");
	EXPECT_STREQ(e820_type_name(RES), "reserved");
	EXPECT_STREQ(e820_type_name(ACPI), "ACPI data");
	EXPECT_STREQ(e820_type_name(NVS), "ACPI NVS");
	EXPECT_STREQ(e820_type_name(UNUS), "unusable");
	EXPECT_NULL(e820_type_name(99));
}

UNIT_TEST(e820, too_many_entries)
{
	struct e820_table t = { 0 };
	unsigned int i;

	/* 64 RAM runs, each split by a reserved page: 192 entries out */
	t.nr_entries = E820_MAX_ENTRIES;
	for (i = 0; i < 64; i++) {
		t.entries[i] = (struct e820_entry){ i * 0x4000ULL, 0x3000, RAM };
		t.entries[64 + i] = (struct e820_entry){ i * 0x4000ULL + 0x1000,
							 0x1000, RES };
	}
	ASSERT_EQ(e820__sanitize(&t, 0, NULL), -E2BIG);
	EXPECT_EQ(t.nr_entries, E820_MAX_ENTRIES);
	EXPECT_EQ(t.entries[0].size, 0x3000);
}

/* ---- the randomized model ------------------------------------------------ */

#define MODEL_PAGES	64
#define PG		0x1000ULL

/* the documented order: RAM < ACPI < NVS < persistent < unusable < reserved */
static unsigned int model_rank(u32 type)
{
	switch (type) {
	case RAM:
		return 1;
	case ACPI:
		return 2;
	case NVS:
		return 3;
	case PMEM:
		return 4;
	case UNUS:
		return 5;
	default:
		return 6;
	}
}

static void model_build(const struct e820_table *in, u64 maxpa,
			u32 *page_type)
{
	unsigned int i, p;

	memset(page_type, 0, MODEL_PAGES * sizeof(*page_type));
	for (i = 0; i < in->nr_entries; i++) {
		const struct e820_entry *e = &in->entries[i];

		for (p = e->addr / PG; p < (e->addr + e->size) / PG; p++)
			if (!page_type[p] ||
			    model_rank(e->type) > model_rank(page_type[p]))
				page_type[p] = e->type;
	}
	for (p = 0; p < MODEL_PAGES; p++)
		if (maxpa && p * PG >= maxpa && page_type[p] == RAM)
			page_type[p] = 0;
}

static bool table_check_against(const struct e820_table *t,
				const u32 *page_type, unsigned int round)
{
	u32 got[MODEL_PAGES] = { 0 };
	unsigned int i, p;

	for (i = 0; i < t->nr_entries; i++) {
		const struct e820_entry *e = &t->entries[i];

		if (!e->size || e->addr % PG || e->size % PG ||
		    e->addr + e->size > MODEL_PAGES * PG) {
			EXPECT_FAIL("round %u: odd entry %u", round, i);
			return false;
		}
		if (i && (e->addr < t->entries[i - 1].addr +
				    t->entries[i - 1].size)) {
			EXPECT_FAIL("round %u: entry %u unsorted or overlapping",
				    round, i);
			return false;
		}
		if (i && e->addr == t->entries[i - 1].addr +
				    t->entries[i - 1].size &&
		    e->type == t->entries[i - 1].type) {
			EXPECT_FAIL("round %u: entry %u not merged", round, i);
			return false;
		}
		for (p = e->addr / PG; p < (e->addr + e->size) / PG; p++)
			got[p] = e->type;
	}
	for (p = 0; p < MODEL_PAGES; p++)
		if (got[p] != page_type[p]) {
			EXPECT_FAIL("round %u: page %u is type %u, model says %u",
				    round, p, got[p], page_type[p]);
			return false;
		}
	return true;
}

UNIT_TEST(e820, random_maps_vs_page_model)
{
	static const u32 types[] = { RAM, RAM, RAM, RES, ACPI, NVS, UNUS, PMEM };
	unsigned long long rs = unit_seed();
	u32 page_type[MODEL_PAGES];
	unsigned int round, i, failures = 0;

	for (round = 0; round < 20000 && failures < 3; round++) {
		struct e820_table in = { 0 }, t;
		u64 maxpa = (unit_rand(&rs) % 3) ?
			    (unit_rand(&rs) % (MODEL_PAGES + 1)) * PG : 0;
		unsigned int n = unit_rand(&rs) % 12;
		u64 a, b;

		for (i = 0; i < n; i++) {
			a = unit_rand(&rs) % MODEL_PAGES;
			b = a + unit_rand(&rs) % (MODEL_PAGES / 4 + 1);
			if (b > MODEL_PAGES)
				b = MODEL_PAGES;
			in.entries[i].addr = a * PG;
			in.entries[i].size = (b - a) * PG;
			in.entries[i].type = types[unit_rand(&rs) % 8];
		}
		in.nr_entries = n;
		t = in;
		model_build(&in, maxpa, page_type);
		if (e820__sanitize(&t, maxpa, NULL)) {
			EXPECT_FAIL("round %u: sanitize failed", round);
			failures++;
			continue;
		}
		if (!table_check_against(&t, page_type, round)) {
			failures++;
			continue;
		}
		/* mapped_all/any on random windows, against the model */
		for (i = 0; i < 8; i++) {
			u32 type = types[unit_rand(&rs) % 8];
			bool all = true, any = false;
			unsigned int p;

			a = unit_rand(&rs) % MODEL_PAGES;
			b = a + 1 + unit_rand(&rs) % (MODEL_PAGES - a);
			for (p = a; p < b; p++) {
				all &= page_type[p] == type;
				any |= page_type[p] == type;
			}
			if (e820__table_mapped_all(&t, a * PG, b * PG, type) != all ||
			    e820__table_mapped_any(&t, a * PG, b * PG, type) != any) {
				EXPECT_FAIL("round %u: mapped_all/any [%#llx-%#llx) type %u, model says %d/%d",
					    round, (unsigned long long)(a * PG),
					    (unsigned long long)(b * PG), type,
					    all, any);
				failures++;
				break;
			}
		}
	}
	unit_note("%u random maps checked", round);
}
