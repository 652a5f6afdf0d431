// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/mm/pat/mtrr_lookup.c on firmware layouts: SeaBIOS's q35 and pc
 * MTRR programming as QEMU shows it, overlap rules, disabled and absent
 * MTRRs, ranges straddling boundaries and non-contiguous masks.
 */
#include <string.h>
#include <asm/mtrr.h>

#include "unit.h"

#define UC	MTRR_TYPE_UNCACHABLE
#define WC	MTRR_TYPE_WRCOMB
#define WT	MTRR_TYPE_WRTHROUGH
#define WP	MTRR_TYPE_WRPROT
#define WB	MTRR_TYPE_WRBACK
#define INVALID	MTRR_TYPE_INVALID

/* MTRRcap 0x508, DEF_TYPE WB|FE|E, fixed ranges as SeaBIOS sets them */
static void seabios_state(struct mtrr_state *s, u64 hole_base, u64 hole_mask)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->cap = 0x508;
	s->def_type_msr = WB | MTRR_DEF_TYPE_FE | MTRR_DEF_TYPE_E;
	s->have_mtrr = true;
	s->enabled = s->def_type_msr & MTRR_DEF_TYPE_E;
	s->have_fixed = s->cap & MTRR_CAP_FIX;
	s->fixed_enabled = s->def_type_msr & MTRR_DEF_TYPE_FE;
	s->def_type = s->def_type_msr & MTRR_DEF_TYPE_MASK;
	s->phys_bits = 40;
	s->num_var = s->cap & MTRR_CAP_VCNT_MASK;
	for (i = 0; i < 16; i++)	/* 0-0x9ffff: 8 x 64K, 8 x 16K */
		s->fixed_ranges[i] = WB;
	for (; i < 24; i++)		/* 0xa0000-0xbffff: VGA */
		s->fixed_ranges[i] = UC;
	for (; i < MTRR_NUM_FIXED_RANGES; i++)	/* 0xc0000-0xfffff: ROMs */
		s->fixed_ranges[i] = WP;
	s->var[0].base = hole_base | UC;
	s->var[0].mask = hole_mask;
}

static void q35(struct mtrr_state *s)
{
	seabios_state(s, 0xc0000000, 0xffc0000800ULL);
}

static void pc(struct mtrr_state *s)
{
	seabios_state(s, 0x80000000, 0xff80000800ULL);
}

#define EXPECT_LOOKUP(s, start, end, type, uni)				\
	do {								\
		unsigned int flags_ = 0;				\
		u8 uniform_ = 0xaa;					\
									\
		EXPECT_EQ(mtrr_state_type_lookup(s, start, end,		\
						 &uniform_, &flags_), type); \
		EXPECT_EQ(uniform_, uni);				\
		EXPECT_EQ(flags_, 0);					\
	} while (0)

UNIT_TEST(mtrr, q35_layout)
{
	struct mtrr_state s;

	q35(&s);
	EXPECT_LOOKUP(&s, 0, 0x80000, WB, 1);
	EXPECT_LOOKUP(&s, 0, 0xa0000, WB, 1);
	EXPECT_LOOKUP(&s, 0x9f000, 0xa1000, UC, 0);
	EXPECT_LOOKUP(&s, 0xa0000, 0xc0000, UC, 1);
	EXPECT_LOOKUP(&s, 0xb8000, 0xb9000, UC, 1);
	EXPECT_LOOKUP(&s, 0xc0000, 0x100000, WP, 1);
	EXPECT_LOOKUP(&s, 0xe0000, 0xe0001, WP, 1);
	EXPECT_LOOKUP(&s, 0x100000, 0xc0000000, WB, 1);
	EXPECT_LOOKUP(&s, 0xc0000000, 0x100000000ULL, UC, 1);
	EXPECT_LOOKUP(&s, 0xfee00000, 0xfee01000, UC, 1);
	EXPECT_LOOKUP(&s, 0xbffff000, 0xc0001000, UC, 0);
	EXPECT_LOOKUP(&s, 0x100000000ULL, 0x1c0000000ULL, WB, 1);
	EXPECT_LOOKUP(&s, 0xff000000, 0x100001000ULL, UC, 0);
	EXPECT_EQ(mtrr_state_type_at(&s, 0xfffff, NULL), WP);
	EXPECT_EQ(mtrr_state_type_at(&s, 0x9ffff, NULL), WB);
	EXPECT_EQ(mtrr_state_type_at(&s, 0xa0000, NULL), UC);
	EXPECT_EQ(mtrr_state_type_at(&s, 0xffffffff, NULL), UC);
	EXPECT_EQ(mtrr_state_type_at(&s, 0xbfffffff, NULL), WB);
}

/* a range of WP ROM and WB RAM: two types that do not combine */
UNIT_TEST(mtrr, q35_straddling_1m)
{
	struct mtrr_state s;
	unsigned int flags = 0;
	u8 uniform = 1;

	q35(&s);
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0xff000, 0x101000, &uniform,
					 &flags), UC);
	EXPECT_EQ(uniform, 0);
	EXPECT_EQ(flags, 0);
}

UNIT_TEST(mtrr, pc_layout)
{
	struct mtrr_state s;
	u64 b, e;

	pc(&s);
	EXPECT_LOOKUP(&s, 0x100000, 0x80000000, WB, 1);
	EXPECT_LOOKUP(&s, 0x80000000, 0x100000000ULL, UC, 1);
	EXPECT_LOOKUP(&s, 0x7ffff000, 0x80001000, UC, 0);
	EXPECT_LOOKUP(&s, 0x100000000ULL, 0x100001000ULL, WB, 1);
	ASSERT_TRUE(mtrr_var_range_bounds(&s, 0, &b, &e));
	EXPECT_EQ(b, 0x80000000);
	EXPECT_EQ(e, 0x100000000ULL);
	EXPECT_TRUE(mtrr_var_range_contiguous(&s, 0));
	EXPECT_FALSE(mtrr_var_range_bounds(&s, 1, &b, &e));
	EXPECT_FALSE(mtrr_var_range_bounds(&s, 8, &b, &e));
}

/* two variable ranges over [0, 4G) with @a and @b: the combined answer */
static u8 overlap(u8 a, u8 b, unsigned int *flags)
{
	struct mtrr_state s;
	u8 uniform;

	q35(&s);
	s.var[0].base = a;
	s.var[0].mask = 0xff00000800ULL;
	s.var[1].base = b;
	s.var[1].mask = 0xff00000800ULL;
	*flags = 0;
	return mtrr_state_type_lookup(&s, 0x200000, 0x300000, &uniform, flags);
}

UNIT_TEST(mtrr, overlap_rules)
{
	static const u8 types[] = { UC, WC, WT, WP, WB };
	unsigned int i, j, flags;

	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++) {
			u8 a = types[i], b = types[j], want;
			bool undefined = false;

			if (a == b)
				want = a;
			else if (a == UC || b == UC)
				want = UC;
			else if ((a == WT && b == WB) || (a == WB && b == WT))
				want = WT;
			else
				want = UC, undefined = true;
			EXPECT_EQ(overlap(a, b, &flags), want);
			EXPECT_EQ(flags, undefined ?
				  MTRR_LOOKUP_UNDEFINED_OVERLAP : 0);
		}
}

UNIT_TEST(mtrr, invalid_ranges_ignored)
{
	struct mtrr_state s;
	u8 uniform;

	q35(&s);
	s.var[0].mask &= ~(u64)MTRR_PHYSMASK_V;
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0xc0000000, 0xc0001000,
					 &uniform, NULL), WB);
	q35(&s);
	s.num_var = 0;
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0xc0000000, 0xc0001000,
					 &uniform, NULL), WB);
}

UNIT_TEST(mtrr, disabled_or_absent)
{
	struct mtrr_state s;
	u8 uniform = 0;

	q35(&s);
	s.enabled = false;
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0, 0x1000, &uniform, NULL),
		  INVALID);
	EXPECT_EQ(uniform, 1);
	EXPECT_EQ(mtrr_state_type_at(&s, 0xc0000000, NULL), INVALID);
	memset(&s, 0, sizeof(s));
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0, 0x1000, &uniform, NULL),
		  INVALID);
	q35(&s);
	s.have_mtrr = false;
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0xc0000000, 0xd0000000,
					 &uniform, NULL), INVALID);
}

UNIT_TEST(mtrr, fixed_disabled_uses_variable_ranges)
{
	struct mtrr_state s;

	q35(&s);
	s.fixed_enabled = false;
	EXPECT_LOOKUP(&s, 0xa0000, 0xc0000, WB, 1);
	EXPECT_LOOKUP(&s, 0, 0x100000, WB, 1);
	q35(&s);
	s.have_fixed = false;
	EXPECT_LOOKUP(&s, 0xc0000, 0x100000, WB, 1);
}

UNIT_TEST(mtrr, empty_range)
{
	struct mtrr_state s;
	u8 uniform = 0;

	q35(&s);
	EXPECT_EQ(mtrr_state_type_lookup(&s, 0x1000, 0x1000, &uniform, NULL),
		  INVALID);
}

/*
 * A legal but odd mask with bit 24 clear: base 0 matches [0, 4K) and
 * [16M, 16M + 4K) only.  Fixed ranges are off so both are variable.
 */
static void holey(struct mtrr_state *s)
{
	q35(s);
	s->have_fixed = false;
	s->var[0].base = 0 | UC;
	s->var[0].mask = (0xfffffff000ULL & ~(1ULL << 24)) | MTRR_PHYSMASK_V;
}

UNIT_TEST(mtrr, noncontiguous_mask_points)
{
	struct mtrr_state s;

	holey(&s);
	EXPECT_FALSE(mtrr_var_range_contiguous(&s, 0));
	EXPECT_EQ(mtrr_state_type_at(&s, 0, NULL), UC);
	EXPECT_EQ(mtrr_state_type_at(&s, 0x1000, NULL), WB);
	EXPECT_EQ(mtrr_state_type_at(&s, 0x1000000, NULL), UC);
	EXPECT_EQ(mtrr_state_type_at(&s, 0x1000fff, NULL), UC);
	EXPECT_EQ(mtrr_state_type_at(&s, 0x1001000, NULL), WB);
	EXPECT_LOOKUP(&s, 0x1000000, 0x1001000, UC, 1);
	EXPECT_LOOKUP(&s, 0x1000, 0x2000, WB, 1);
}

/*
 * A range that starts outside the second block and covers it: the lookup
 * must split at every block edge of a hole-y mask, not only the first.
 */
UNIT_TEST(mtrr, noncontiguous_mask_range_covering_a_block)
{
	struct mtrr_state s;

	holey(&s);
	EXPECT_LOOKUP(&s, 0x800000, 0x2000000, UC, 0);
}

UNIT_TEST(mtrr, attrib_names)
{
	EXPECT_STREQ(mtrr_attrib_to_str(UC), "uncachable");
	EXPECT_STREQ(mtrr_attrib_to_str(WC), "write-combining");
	EXPECT_STREQ(mtrr_attrib_to_str(WT), "write-through");
	EXPECT_STREQ(mtrr_attrib_to_str(WP), "write-protect");
	EXPECT_STREQ(mtrr_attrib_to_str(WB), "write-back");
	EXPECT_STREQ(mtrr_attrib_to_str(2), "?");
	EXPECT_STREQ(mtrr_attrib_to_str(INVALID), "?");
}

/* SMP: what a secondary CPU that firmware never programmed looks like */
static void unprogrammed(struct mtrr_state *s, const struct mtrr_state *bsp)
{
	memset(s, 0, sizeof(*s));
	s->have_mtrr = true;
	s->have_fixed = bsp->have_fixed;
	s->num_var = bsp->num_var;
	s->cap = bsp->cap;
	s->phys_bits = bsp->phys_bits;
}

UNIT_TEST(mtrr, compare_identical_and_digest)
{
	struct mtrr_state a, b;

	q35(&a);
	q35(&b);
	EXPECT_EQ(mtrr_state_compare(&a, &b), 0);
	EXPECT_EQ(mtrr_state_digest(&a), mtrr_state_digest(&b));
}

UNIT_TEST(mtrr, compare_unprogrammed_ap)
{
	struct mtrr_state bsp, ap;

	q35(&bsp);
	unprogrammed(&ap, &bsp);
	EXPECT_EQ(mtrr_state_compare(&bsp, &ap),
		  MTRR_CHANGE_MASK_FIXED | MTRR_CHANGE_MASK_VARIABLE |
		  MTRR_CHANGE_MASK_DEFTYPE);
	EXPECT_NE(mtrr_state_digest(&bsp), mtrr_state_digest(&ap));
}

UNIT_TEST(mtrr, compare_each_kind_alone)
{
	struct mtrr_state a, b;

	q35(&a);
	b = a;
	b.def_type_msr ^= MTRR_DEF_TYPE_FE;
	EXPECT_EQ(mtrr_state_compare(&a, &b), MTRR_CHANGE_MASK_DEFTYPE);
	EXPECT_NE(mtrr_state_digest(&a), mtrr_state_digest(&b));
	b = a;
	b.var[3].base = 0x12345006;	/* a stale base under a clear V bit */
	EXPECT_EQ(mtrr_state_compare(&a, &b), MTRR_CHANGE_MASK_VARIABLE);
	EXPECT_NE(mtrr_state_digest(&a), mtrr_state_digest(&b));
	b = a;
	b.fixed_ranges[87] = MTRR_TYPE_UNCACHABLE;
	EXPECT_EQ(mtrr_state_compare(&a, &b), MTRR_CHANGE_MASK_FIXED);
	EXPECT_NE(mtrr_state_digest(&a), mtrr_state_digest(&b));
}

UNIT_TEST(mtrr, compare_different_range_counts)
{
	struct mtrr_state a, b;

	q35(&a);
	b = a;
	b.num_var = a.num_var - 1;
	EXPECT_EQ(mtrr_state_compare(&a, &b), MTRR_CHANGE_MASK_VARIABLE);
}
