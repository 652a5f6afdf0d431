// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/cpu/mtrr/plan.c: mtrr_add_page() and mtrr_del_page()'s
 * rules on SeaBIOS's q35 MTRRs (8 variable ranges, WC supported, range 0
 * UC over 0xc0000000-0xffffffff, 40 physical address bits).  Every
 * refusal is checked to leave the ranges and the counts as they were.
 * Bases and sizes are pages.
 */
#include <string.h>
#include <linux/errno.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>

#include "unit.h"

#define UC	MTRR_TYPE_UNCACHABLE
#define WC	MTRR_TYPE_WRCOMB
#define WT	MTRR_TYPE_WRTHROUGH
#define WP	MTRR_TYPE_WRPROT
#define WB	MTRR_TYPE_WRBACK

/* the framebuffer's BAR on q35: 16 MiB at 0xfd000000 */
#define FB	0xfd000UL
#define FB_SZ	0x1000UL

struct world {
	struct mtrr_state s;
	unsigned int usage[MTRR_MAX_VAR_RANGES];
};

static void q35(struct world *w)
{
	unsigned int i;

	memset(w, 0, sizeof(*w));
	w->s.have_mtrr = true;
	w->s.enabled = true;
	w->s.have_fixed = true;
	w->s.fixed_enabled = true;
	w->s.cap = 0x508;
	w->s.def_type = WB;
	w->s.def_type_msr = 0xc06;
	w->s.phys_bits = 40;
	w->s.num_var = 8;
	w->s.var[0].base = 0xc0000000ULL | UC;
	w->s.var[0].mask = 0xffc0000800ULL;
	/* Linux's init_table(): every register starts at count 1 */
	for (i = 0; i < w->s.num_var; i++)
		w->usage[i] = 1;
}

/* a refusal: @err, @msg, and nothing changed */
#define EXPECT_REFUSED(w, call, err, why)				\
	do {								\
		struct world before_ = *(w);				\
		EXPECT_EQ(call, err);					\
		EXPECT_EQ(r.msg, why);					\
		EXPECT_EQ(r.changed, 0);				\
		EXPECT_MEMEQ(&(w)->s, &before_.s, sizeof(before_.s));	\
		EXPECT_MEMEQ((w)->usage, before_.usage,			\
			     sizeof(before_.usage));			\
	} while (0)

static int add(struct world *w, unsigned long base, unsigned long size,
	       unsigned int type, struct mtrr_plan_report *r)
{
	return mtrr_plan_add(&w->s, w->usage, base, size, type, true, r);
}

static int del(struct world *w, int reg, unsigned long base,
	       unsigned long size, struct mtrr_plan_report *r)
{
	return mtrr_plan_del(&w->s, w->usage, reg, base, size, r);
}

UNIT_TEST(mtrr_plan, var_get_and_set)
{
	struct world w;
	unsigned long base, size;
	u8 type;

	q35(&w);
	mtrr_var_get(&w.s, 0, &base, &size, &type);
	EXPECT_EQ(base, 0xc0000);
	EXPECT_EQ(size, 0x40000);
	EXPECT_EQ(type, UC);
	mtrr_var_get(&w.s, 1, &base, &size, &type);
	EXPECT_EQ(size, 0);
	mtrr_var_set(&w.s, 1, FB, FB_SZ, WC);
	EXPECT_EQ(w.s.var[1].base, 0xfd000001ULL);
	EXPECT_EQ(w.s.var[1].mask, 0xffff000800ULL);
	mtrr_var_get(&w.s, 1, &base, &size, &type);
	EXPECT_EQ(base, FB);
	EXPECT_EQ(size, FB_SZ);
	EXPECT_EQ(type, WC);
	mtrr_var_set(&w.s, 1, 0, 0, 0);
	EXPECT_EQ(w.s.var[1].base, 0);
	EXPECT_EQ(w.s.var[1].mask, 0);
	/* a mask with a hole reads as its lowest bit, as Linux fixes it */
	w.s.var[2].base = 0x10000000ULL | WB;
	w.s.var[2].mask = 0xfff0f00800ULL;
	mtrr_var_get(&w.s, 2, &base, &size, &type);
	EXPECT_EQ(size, 0x100);
	/* beyond the CPU's ranges: unused */
	w.s.var[9].mask = 0xfff0000800ULL;
	mtrr_var_get(&w.s, 9, &base, &size, &type);
	EXPECT_EQ(size, 0);
}

UNIT_TEST(mtrr_plan, add_wc_under_uc_then_count_and_delete)
{
	struct mtrr_plan_report r;
	struct world w, boot;

	q35(&w);
	boot = w;
	EXPECT_EQ(add(&w, FB, FB_SZ, WC, &r), 1);
	EXPECT_EQ(r.msg, MTRR_MSG_NONE);
	EXPECT_EQ(r.changed, 1U << 1);
	EXPECT_EQ(w.s.var[1].base, 0xfd000001ULL);
	EXPECT_EQ(w.s.var[1].mask, 0xffff000800ULL);
	EXPECT_EQ(w.usage[1], 1);
	/* the same range and type again: the same register, counted */
	EXPECT_EQ(add(&w, FB, FB_SZ, WC, &r), 1);
	EXPECT_EQ(r.changed, 0);
	EXPECT_EQ(w.usage[1], 2);
	EXPECT_EQ(mtrr_plan_add(&w.s, w.usage, FB, FB_SZ, WC, false, &r), 1);
	EXPECT_EQ(w.usage[1], 2);
	/* a page inside it, same type: that MTRR too */
	EXPECT_EQ(add(&w, FB + 0x10, 1, WC, &r), 1);
	EXPECT_EQ(w.usage[1], 3);
	EXPECT_EQ(del(&w, 1, 0, 0, &r), 1);
	EXPECT_EQ(del(&w, -1, FB, FB_SZ, &r), 1);
	EXPECT_EQ(r.changed, 0);
	EXPECT_EQ(w.s.var[1].mask, 0xffff000800ULL);
	EXPECT_EQ(del(&w, 1, 0, 0, &r), 1);
	EXPECT_EQ(r.changed, 1U << 1);
	EXPECT_MEMEQ(&w.s, &boot.s, sizeof(w.s));
	EXPECT_EQ(w.usage[1], 0);
	EXPECT_REFUSED(&w, del(&w, 1, 0, 0, &r), -EINVAL, MTRR_MSG_NOT_USED);
	EXPECT_EQ(r.reg, 1);
}

UNIT_TEST(mtrr_plan, request_checks_in_linux_order)
{
	struct mtrr_plan_report r;
	static const unsigned int bad_types[] = { 2, 3, 7, 8, 255, 1000 };
	unsigned int i;
	struct world w;

	q35(&w);
	EXPECT_REFUSED(&w, add(&w, FB + 1, FB_SZ, WC, &r), -EINVAL,
		       MTRR_MSG_NOT_ALIGNED);
	EXPECT_REFUSED(&w, add(&w, 0x100, 3, WB, &r), -EINVAL,
		       MTRR_MSG_NOT_ALIGNED);
	EXPECT_REFUSED(&w, add(&w, 0x100, 0x180, WB, &r), -EINVAL,
		       MTRR_MSG_NOT_ALIGNED);
	/* alignment comes first: a bad type at a bad base names the base */
	EXPECT_REFUSED(&w, add(&w, 0x101, 0x100, 9, &r), -EINVAL,
		       MTRR_MSG_NOT_ALIGNED);
	for (i = 0; i < sizeof(bad_types) / sizeof(bad_types[0]); i++)
		EXPECT_REFUSED(&w, add(&w, FB, FB_SZ, bad_types[i], &r),
			       -EINVAL, MTRR_MSG_TYPE_INVALID);
	/* size 0: at base 0 Linux's alignment loop lets it through */
	EXPECT_REFUSED(&w, add(&w, 0, 0, WB, &r), -EINVAL,
		       MTRR_MSG_ZERO_SIZE);
	EXPECT_REFUSED(&w, add(&w, 0x100, 0, WB, &r), -EINVAL,
		       MTRR_MSG_NOT_ALIGNED);
	/* 40 bits: 1 TiB is the first address out of reach */
	EXPECT_REFUSED(&w, add(&w, 1UL << 28, 0x100, WB, &r), -EINVAL,
		       MTRR_MSG_TOO_WIDE);
	EXPECT_REFUSED(&w, add(&w, 0, 1UL << 29, WB, &r), -EINVAL,
		       MTRR_MSG_TOO_WIDE);
	EXPECT_EQ(add(&w, (1UL << 28) - 0x100, 0x100, UC, &r), 1);
}

UNIT_TEST(mtrr_plan, wc_needs_mtrrcap_wc)
{
	struct mtrr_plan_report r;
	struct world w;

	q35(&w);
	w.s.cap &= ~(u64)MTRR_CAP_WC;
	EXPECT_REFUSED(&w, add(&w, FB, FB_SZ, WC, &r), -ENOSYS,
		       MTRR_MSG_NO_WRCOMB);
	/* the other types do not need it */
	EXPECT_EQ(add(&w, FB, FB_SZ, WB, &r), 1);
}

UNIT_TEST(mtrr_plan, absent_or_disabled)
{
	struct mtrr_plan_report r;
	struct world w;

	q35(&w);
	w.s.enabled = false;
	EXPECT_REFUSED(&w, add(&w, FB, FB_SZ, WC, &r), -ENXIO, MTRR_MSG_NONE);
	EXPECT_REFUSED(&w, del(&w, 0, 0, 0, &r), -ENXIO, MTRR_MSG_NONE);
	q35(&w);
	w.s.have_mtrr = false;
	EXPECT_REFUSED(&w, add(&w, FB, FB_SZ, WC, &r), -ENXIO, MTRR_MSG_NONE);
	EXPECT_REFUSED(&w, del(&w, 0, 0, 0, &r), -ENXIO, MTRR_MSG_NONE);
}

/* may ranges of @a and @b overlap?  SDM 11.11.4.1, written out */
static bool compatible(u8 a, u8 b)
{
	static const char *const ok[] = { "00", "01", "04", "05", "06", "10",
					  "40", "50", "60", "46", "64" };
	unsigned int i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (ok[i][0] - '0' == a && ok[i][1] - '0' == b)
			return true;
	return false;
}

/*
 * Every pair of types, the new range enclosing, enclosed by and equal to
 * an existing one: Linux's answer for each.
 */
UNIT_TEST(mtrr_plan, every_type_pair_and_nesting)
{
	static const u8 types[] = { UC, WC, WT, WP, WB };
	/* existing 1 MiB at 0x10000000; new ranges around and inside it */
	static const struct {
		unsigned long base, size;
	} shapes[] = {
		{ 0x10000, 0x100 },	/* equal */
		{ 0x10000, 0x200 },	/* encloses */
		{ 0x10080, 0x10 },	/* enclosed */
	};
	struct mtrr_plan_report r;
	unsigned int i, j, k;
	struct world w;
	int ret;

	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++)
			for (k = 0; k < 3; k++) {
				u8 old = types[i], new = types[j];
				bool encloses = k == 1;

				q35(&w);
				mtrr_var_set(&w.s, 3, 0x10000, 0x100, old);
				if (old == new && !encloses) {
					ret = add(&w, shapes[k].base,
						  shapes[k].size, new, &r);
					EXPECT_EQ(ret, 3);
					EXPECT_EQ(w.usage[3], 2);
					EXPECT_EQ(r.changed, 0);
				} else if (old == new) {
					/* replaced in place, count kept + 1 */
					ret = add(&w, shapes[k].base,
						  shapes[k].size, new, &r);
					EXPECT_EQ(ret, 3);
					EXPECT_EQ(w.usage[3], 2);
					EXPECT_EQ(r.changed, 1U << 3);
					EXPECT_EQ(w.s.var[3].mask,
						  0xffffe00800ULL);
				} else if (compatible(old, new)) {
					ret = add(&w, shapes[k].base,
						  shapes[k].size, new, &r);
					EXPECT_EQ(ret, 1);
					EXPECT_EQ(w.usage[1], 1);
					EXPECT_EQ(r.changed, 1U << 1);
				} else {
					EXPECT_REFUSED(&w,
						add(&w, shapes[k].base,
						    shapes[k].size, new, &r),
						-EINVAL,
						encloses ? MTRR_MSG_OVERLAP :
							   MTRR_MSG_TYPE_MISMATCH);
					EXPECT_EQ(r.reg, 3);
					EXPECT_EQ(r.lbase, 0x10000);
					EXPECT_EQ(r.lsize, 0x100);
					EXPECT_EQ(r.ltype, old);
				}
			}
}

/* firmware may leave a base below its mask: a partial overlap */
UNIT_TEST(mtrr_plan, partial_overlap_refused)
{
	struct mtrr_plan_report r;
	struct world w;

	q35(&w);
	/* 1 MiB mask, base 0x10080000: covers 0x10000000-0x100fffff */
	w.s.var[2].base = 0x10080000ULL | UC;
	w.s.var[2].mask = 0xfffff00800ULL;
	EXPECT_REFUSED(&w, add(&w, 0x10000, 0x100, UC, &r), -EINVAL,
		       MTRR_MSG_OVERLAP);
	EXPECT_EQ(r.lbase, 0x10080);
	EXPECT_EQ(r.lsize, 0x100);
}

UNIT_TEST(mtrr_plan, enclosing_several_of_one_type_takes_a_new_register)
{
	struct mtrr_plan_report r;
	struct world w;

	q35(&w);
	EXPECT_EQ(add(&w, FB, 0x10, WC, &r), 1);
	EXPECT_EQ(add(&w, FB + 0x10, 0x10, WC, &r), 2);
	EXPECT_EQ(add(&w, FB, FB_SZ, WC, &r), 3);
	EXPECT_EQ(r.changed, 1U << 3);
	EXPECT_EQ(w.usage[3], 1);
	EXPECT_NE(w.s.var[1].mask, 0);
	EXPECT_NE(w.s.var[2].mask, 0);
}

UNIT_TEST(mtrr_plan, no_free_register)
{
	struct mtrr_plan_report r;
	struct world w;
	unsigned int i;

	q35(&w);
	for (i = 1; i < 8; i++)
		EXPECT_EQ(add(&w, i * 0x100, 0x100, WC, &r), (int)i);
	EXPECT_REFUSED(&w, add(&w, 0x1000, 0x100, WC, &r), -ENOSPC,
		       MTRR_MSG_NO_FREE);
	/* an existing one is still found and counted */
	EXPECT_EQ(add(&w, 0x100, 0x100, WC, &r), 1);
	EXPECT_EQ(w.usage[1], 2);
}

UNIT_TEST(mtrr_plan, delete_refusals)
{
	struct mtrr_plan_report r;
	struct world w;

	q35(&w);
	EXPECT_REFUSED(&w, del(&w, 8, 0, 0, &r), -EINVAL,
		       MTRR_MSG_REG_TOO_BIG);
	EXPECT_REFUSED(&w, del(&w, 1000, 0, 0, &r), -EINVAL,
		       MTRR_MSG_REG_TOO_BIG);
	EXPECT_REFUSED(&w, del(&w, 2, 0, 0, &r), -EINVAL, MTRR_MSG_NOT_USED);
	EXPECT_REFUSED(&w, del(&w, -1, FB, FB_SZ, &r), -EINVAL,
		       MTRR_MSG_NOT_FOUND);
	w.usage[0] = 0;
	EXPECT_REFUSED(&w, del(&w, 0, 0, 0, &r), -EINVAL,
		       MTRR_MSG_COUNT_ZERO);
	/* by base and size: the firmware's range, count 1 at boot */
	w.usage[0] = 1;
	EXPECT_EQ(del(&w, -1, 0xc0000, 0x40000, &r), 0);
	EXPECT_EQ(w.s.var[0].mask, 0);
	EXPECT_EQ(r.changed, 1U);
}
