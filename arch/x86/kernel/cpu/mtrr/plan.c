// SPDX-License-Identifier: GPL-2.0
/*
 * The rules of Linux 6.1's mtrr_add_page() and mtrr_del_page(), as a pure
 * function of the variable ranges (struct mtrr_state) and their usage
 * counts: host tests run every case, and the kernel's glue only locks,
 * prints and writes the result to the CPUs.  Units are 4 KiB pages.
 *
 * Adding [base, base + size) of a type, in Linux's order of checks:
 *   1. MTRRs absent or disabled: -ENXIO;
 *   2. size a power of two and base a multiple of it (Linux's loop that
 *      shifts base and base + size - 1 together), else -EINVAL;
 *   3. a type the MTRRs know (UC, WC, WT, WP, WB), else -EINVAL.  Linux
 *      takes the reserved encodings 2 and 3 too and writes them, which
 *      faults on hardware; cachet refuses them with the same message;
 *   4. WC only with MTRRcap.WC, else -ENOSYS;
 *   5. size not zero, and the range within MAXPHYADDR, else -EINVAL;
 *   6. against every range in use:
 *      - disjoint: no matter;
 *      - the new range encloses it: of the same type it is replaced
 *        (its register is reused, its count kept; enclosing two such is
 *        adding a new one and freeing the second); a compatible type
 *        (UC with anything, WT with WB) may stay under it; else -EINVAL;
 *      - it encloses the new one (or equals it): the same type is the
 *        same MTRR, whose count goes up (with @increment) and whose
 *        register is returned; a compatible type may stay; else -EINVAL;
 *      - any other overlap: -EINVAL;
 *   7. a free register (size 0), or -ENOSPC.
 * A new register starts at count 1.  Deleting (by register, or by exact
 * base and size when @reg < 0) takes the count down and frees the
 * register at 0.  A refusal changes nothing.
 */
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>

#define MTRR_PAGE_SHIFT	12

static unsigned int mtrr_plan_phys_bits(const struct mtrr_state *s)
{
	unsigned int bits = s->phys_bits ? s->phys_bits : 36;

	return bits > 52 ? 52 : bits;
}

/* the physical-address bits of a PHYSBASE/PHYSMASK, in pages */
static u64 mtrr_plan_page_mask(const struct mtrr_state *s)
{
	return (1ULL << (mtrr_plan_phys_bits(s) - MTRR_PAGE_SHIFT)) - 1;
}

void mtrr_var_get(const struct mtrr_state *s, unsigned int reg,
		  unsigned long *base, unsigned long *size, u8 *type)
{
	const struct mtrr_var_range *v = &s->var[reg];
	u64 pm = mtrr_plan_page_mask(s), mask;

	*base = 0;
	*size = 0;
	*type = 0;
	if (reg >= s->num_var || !(v->mask & MTRR_PHYSMASK_V))
		return;
	/* a mask with holes reads as its lowest set bit, as Linux fixes it */
	mask = (v->mask >> MTRR_PAGE_SHIFT) & pm;
	*size = mask ? mask & -mask : pm + 1;
	*base = (v->base >> MTRR_PAGE_SHIFT) & pm;
	*type = v->base & 0xff;
}

void mtrr_var_set(struct mtrr_state *s, unsigned int reg, unsigned long base,
		  unsigned long size, u8 type)
{
	u64 pm = mtrr_plan_page_mask(s);

	if (!size) {
		s->var[reg].base = 0;
		s->var[reg].mask = 0;
		return;
	}
	s->var[reg].base = ((base & pm) << MTRR_PAGE_SHIFT) | type;
	s->var[reg].mask = ((-(u64)size & pm) << MTRR_PAGE_SHIFT) |
			   MTRR_PHYSMASK_V;
}

/* Linux's generic_validate_add_page() test: a power of two, aligned */
static bool mtrr_plan_aligned(unsigned long base, unsigned long size)
{
	unsigned long lbase = base, last = base + size - 1;

	while (!(lbase & 1) && (last & 1)) {
		lbase >>= 1;
		last >>= 1;
	}
	return lbase == last;
}

static bool mtrr_plan_type_valid(unsigned int type)
{
	return type == MTRR_TYPE_UNCACHABLE || type == MTRR_TYPE_WRCOMB ||
	       type == MTRR_TYPE_WRTHROUGH || type == MTRR_TYPE_WRPROT ||
	       type == MTRR_TYPE_WRBACK;
}

/* may ranges of these types overlap?  (SDM 11.11.4.1) */
static bool mtrr_plan_compatible(u8 a, u8 b)
{
	return a == MTRR_TYPE_UNCACHABLE || b == MTRR_TYPE_UNCACHABLE ||
	       (a == MTRR_TYPE_WRTHROUGH && b == MTRR_TYPE_WRBACK) ||
	       (a == MTRR_TYPE_WRBACK && b == MTRR_TYPE_WRTHROUGH);
}

static int mtrr_plan_refuse(struct mtrr_plan_report *r,
			    enum mtrr_plan_msg msg, int err)
{
	r->msg = msg;
	return err;
}

/* checks 1-5: the request on its own */
static int mtrr_plan_check_request(const struct mtrr_state *s,
				   unsigned long base, unsigned long size,
				   unsigned int type, struct mtrr_plan_report *r)
{
	unsigned int shift = mtrr_plan_phys_bits(s) - MTRR_PAGE_SHIFT;

	if (!s->have_mtrr || !s->enabled)
		return -ENXIO;
	if (!mtrr_plan_aligned(base, size))
		return mtrr_plan_refuse(r, MTRR_MSG_NOT_ALIGNED, -EINVAL);
	if (!mtrr_plan_type_valid(type))
		return mtrr_plan_refuse(r, MTRR_MSG_TYPE_INVALID, -EINVAL);
	if (type == MTRR_TYPE_WRCOMB && !(s->cap & MTRR_CAP_WC))
		return mtrr_plan_refuse(r, MTRR_MSG_NO_WRCOMB, -ENOSYS);
	if (!size)
		return mtrr_plan_refuse(r, MTRR_MSG_ZERO_SIZE, -EINVAL);
	if ((base | (base + size - 1)) >> shift)
		return mtrr_plan_refuse(r, MTRR_MSG_TOO_WIDE, -EINVAL);
	return 0;
}

static void mtrr_plan_name(struct mtrr_plan_report *r, unsigned int reg,
			   unsigned long lbase, unsigned long lsize, u8 ltype)
{
	r->reg = reg;
	r->lbase = lbase;
	r->lsize = lsize;
	r->ltype = ltype;
}

/*
 * Check 6 against every range in use.  Returns 0 to go on to a free
 * register (*replace: -1, the register of the one same-type range the
 * new one encloses, or -2 for several), 1 when register r->reg already
 * is this MTRR, or -EINVAL.
 */
static int mtrr_plan_scan(const struct mtrr_state *s, unsigned long base,
			  unsigned long size, u8 type, int *replace,
			  struct mtrr_plan_report *r)
{
	unsigned long lbase, lsize, last = base + size - 1;
	unsigned int i;
	u8 ltype;

	*replace = -1;
	for (i = 0; i < s->num_var; i++) {
		mtrr_var_get(s, i, &lbase, &lsize, &ltype);
		if (!lsize || base > lbase + lsize - 1 || last < lbase)
			continue;
		mtrr_plan_name(r, i, lbase, lsize, ltype);
		if (base < lbase || last > lbase + lsize - 1) {
			if (base > lbase || last < lbase + lsize - 1)
				return mtrr_plan_refuse(r, MTRR_MSG_OVERLAP,
							-EINVAL);
			if (type == ltype) {
				*replace = *replace == -1 ? (int)i : -2;
				continue;
			}
			if (mtrr_plan_compatible(type, ltype))
				continue;
			return mtrr_plan_refuse(r, MTRR_MSG_OVERLAP, -EINVAL);
		}
		if (type == ltype)
			return 1;
		if (mtrr_plan_compatible(type, ltype))
			continue;
		return mtrr_plan_refuse(r, MTRR_MSG_TYPE_MISMATCH, -EINVAL);
	}
	return 0;
}

/* step 7: a register of size 0, or the one to replace */
static int mtrr_plan_free_reg(const struct mtrr_state *s, int replace)
{
	unsigned long lbase, lsize;
	unsigned int i;
	u8 ltype;

	if (replace >= 0)
		return replace;
	for (i = 0; i < s->num_var; i++) {
		mtrr_var_get(s, i, &lbase, &lsize, &ltype);
		if (!lsize)
			return i;
	}
	return -ENOSPC;
}

/**
 * mtrr_plan_add() - mtrr_add_page()'s decision, applied to a state
 * @s: the variable ranges; changed only on success
 * @usage: one count per variable range; changed only on success
 * @base: first page
 * @size: pages
 * @type: MTRR_TYPE_*
 * @increment: count a use of an existing MTRR of this range and type
 * @r: the message a refusal prints, and the registers rewritten
 *
 * Returns the register now holding the range, or -ENXIO, -EINVAL,
 * -ENOSYS or -ENOSPC (see the top of this file).
 */
int mtrr_plan_add(struct mtrr_state *s, unsigned int *usage,
		  unsigned long base, unsigned long size, unsigned int type,
		  bool increment, struct mtrr_plan_report *r)
{
	int err, replace, reg;

	*r = (struct mtrr_plan_report){ .reg = -1 };
	err = mtrr_plan_check_request(s, base, size, type, r);
	if (err)
		return err;
	err = mtrr_plan_scan(s, base, size, type, &replace, r);
	if (err < 0)
		return err;
	if (err == 1) {
		if (increment)
			usage[r->reg]++;
		return r->reg;
	}
	r->reg = -1;
	reg = mtrr_plan_free_reg(s, replace);
	if (reg < 0)
		return mtrr_plan_refuse(r, MTRR_MSG_NO_FREE, reg);
	mtrr_var_set(s, reg, base, size, type);
	r->changed |= 1U << reg;
	if (replace < 0) {
		usage[reg] = 1;
		return reg;
	}
	if (increment)
		usage[reg]++;
	return reg;
}

/* Linux's search by exact base and size, for @reg < 0 */
static int mtrr_plan_find(const struct mtrr_state *s, unsigned long base,
			  unsigned long size)
{
	unsigned long lbase, lsize;
	unsigned int i;
	u8 ltype;

	for (i = 0; i < s->num_var; i++) {
		mtrr_var_get(s, i, &lbase, &lsize, &ltype);
		if (lbase == base && lsize == size)
			return i;
	}
	return -1;
}

/**
 * mtrr_plan_del() - mtrr_del_page()'s decision, applied to a state
 * @s: the variable ranges; changed only when the count reaches 0
 * @usage: one count per variable range
 * @reg: the register, or < 0 to find it by @base and @size
 * @base: first page, when @reg < 0
 * @size: pages, when @reg < 0
 * @r: the message a refusal prints, and the register freed
 *
 * Returns the register, or -ENXIO (MTRRs absent or disabled) or -EINVAL.
 */
int mtrr_plan_del(struct mtrr_state *s, unsigned int *usage, int reg,
		  unsigned long base, unsigned long size,
		  struct mtrr_plan_report *r)
{
	unsigned long lbase, lsize;
	u8 ltype;

	*r = (struct mtrr_plan_report){ .reg = reg };
	if (!s->have_mtrr || !s->enabled)
		return -ENXIO;
	if (reg < 0) {
		reg = mtrr_plan_find(s, base, size);
		if (reg < 0) {
			mtrr_plan_name(r, -1, base, size, 0);
			return mtrr_plan_refuse(r, MTRR_MSG_NOT_FOUND, -EINVAL);
		}
		r->reg = reg;
	}
	if ((unsigned int)reg >= s->num_var)
		return mtrr_plan_refuse(r, MTRR_MSG_REG_TOO_BIG, -EINVAL);
	mtrr_var_get(s, reg, &lbase, &lsize, &ltype);
	if (!lsize)
		return mtrr_plan_refuse(r, MTRR_MSG_NOT_USED, -EINVAL);
	if (usage[reg] < 1)
		return mtrr_plan_refuse(r, MTRR_MSG_COUNT_ZERO, -EINVAL);
	if (--usage[reg] < 1) {
		mtrr_var_set(s, reg, 0, 0, 0);
		r->changed |= 1U << reg;
	}
	return reg;
}
