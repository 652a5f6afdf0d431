// SPDX-License-Identifier: GPL-2.0
/*
 * What the MTRRs say about a physical range (SDM Vol. 3A 11.11.4-11.11.4.1).
 * Pure: the state comes in as an argument, nothing is read from hardware,
 * so host tests can check firmware layouts, including broken ones.
 *
 * Precedence, per address:
 *   1. MTRRs absent or DEF_TYPE.E clear: no answer (MTRR_TYPE_INVALID).
 *      The SDM says E=0 means UC for everything, but that is the state of
 *      a CPU whose MTRRs nobody programmed (TCG answers 0 to every MSR of a
 *      CPU without MTRRs): the kernel then trusts its page tables alone.
 *   2. Below 1 MiB with fixed ranges present and enabled: the fixed range.
 *   3. Otherwise every enabled variable range that matches, combined: UC
 *      wins; WT with WB gives WT; any other mix is undefined, reported, and
 *      taken as UC because that can never corrupt device memory.
 *   4. No variable range matches: the default type.
 *
 * A range is split at every boundary where that answer can change (fixed
 * sub-range edges, variable range edges, and for a mask with holes every
 * edge of its lattice of blocks), and the parts are combined with
 * the same rules, so a range is "uniform" only if every byte has one type.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/mtrr.h>

static u64 mtrr_addr_mask(const struct mtrr_state *s)
{
	unsigned int bits = s->phys_bits ? s->phys_bits : 36;

	if (bits > 52)
		bits = 52;
	return ((1ULL << bits) - 1) & ~0xfffULL;
}

static bool mtrr_var_valid(const struct mtrr_state *s, unsigned int i)
{
	return s->var[i].mask & MTRR_PHYSMASK_V;
}

static unsigned int mtrr_fixed_index(u64 addr)
{
	if (addr < 0x80000)
		return addr >> 16;
	if (addr < 0xc0000)
		return 8 + ((addr - 0x80000) >> 14);
	return 24 + ((addr - 0xc0000) >> 12);
}

/* end (exclusive) of the fixed sub-range holding addr */
static u64 mtrr_fixed_end(u64 addr)
{
	if (addr < 0x80000)
		return (addr | 0xffff) + 1;
	if (addr < 0xc0000)
		return (addr | 0x3fff) + 1;
	return (addr | 0xfff) + 1;
}

static bool mtrr_use_fixed(const struct mtrr_state *s, u64 addr)
{
	return addr < MTRR_FIXED_END && s->have_fixed && s->fixed_enabled;
}

/* Combine two types that both apply; sets *undefined for SDM-undefined mixes. */
static u8 mtrr_combine(u8 a, u8 b, bool *undefined)
{
	if (a == MTRR_TYPE_INVALID || a == b)
		return b;
	if (a == MTRR_TYPE_UNCACHABLE || b == MTRR_TYPE_UNCACHABLE)
		return MTRR_TYPE_UNCACHABLE;
	if ((a == MTRR_TYPE_WRTHROUGH && b == MTRR_TYPE_WRBACK) ||
	    (a == MTRR_TYPE_WRBACK && b == MTRR_TYPE_WRTHROUGH))
		return MTRR_TYPE_WRTHROUGH;
	*undefined = true;
	return MTRR_TYPE_UNCACHABLE;
}

bool mtrr_var_range_bounds(const struct mtrr_state *s, unsigned int i,
			   u64 *base, u64 *end)
{
	u64 amask = mtrr_addr_mask(s), mask, size;

	if (i >= s->num_var || i >= MTRR_MAX_VAR_RANGES || !mtrr_var_valid(s, i))
		return false;
	mask = s->var[i].mask & amask;
	if (!mask)
		return false;
	size = mask & -mask;	/* lowest set bit: the range's size */
	*base = s->var[i].base & mask;
	*end = *base + size;
	return true;
}

bool mtrr_var_range_contiguous(const struct mtrr_state *s, unsigned int i)
{
	u64 amask = mtrr_addr_mask(s);
	u64 mask = s->var[i].mask & amask;

	/* every address bit above the lowest set one is set */
	return mask && (mask | ((mask & -mask) - 1) | ~amask) == ~0ULL;
}

u8 mtrr_state_type_at(const struct mtrr_state *s, u64 addr,
		      unsigned int *flags)
{
	u64 amask = mtrr_addr_mask(s);
	bool undefined = false;
	u8 type = MTRR_TYPE_INVALID;
	unsigned int i;

	if (!s->have_mtrr || !s->enabled)
		return MTRR_TYPE_INVALID;
	if (mtrr_use_fixed(s, addr))
		return s->fixed_ranges[mtrr_fixed_index(addr)];
	for (i = 0; i < s->num_var && i < MTRR_MAX_VAR_RANGES; i++) {
		u64 mask = s->var[i].mask & amask;

		if (!mtrr_var_valid(s, i))
			continue;
		if ((addr & mask) == (s->var[i].base & mask))
			type = mtrr_combine(type, s->var[i].base & 0xff,
					    &undefined);
	}
	if (undefined && flags)
		*flags |= MTRR_LOOKUP_UNDEFINED_OVERLAP;
	return type == MTRR_TYPE_INVALID ? s->def_type : type;
}

/* the next address after p, below end, where the type may change */
static u64 mtrr_next_boundary(const struct mtrr_state *s, u64 p, u64 end)
{
	u64 next = end, b, e;
	unsigned int i;

	if (mtrr_use_fixed(s, p))
		return mtrr_fixed_end(p) < end ? mtrr_fixed_end(p) : end;
	if (p < MTRR_FIXED_END && MTRR_FIXED_END < next)
		next = MTRR_FIXED_END;
	for (i = 0; i < s->num_var && i < MTRR_MAX_VAR_RANGES; i++) {
		if (!mtrr_var_range_bounds(s, i, &b, &e))
			continue;
		if (!mtrr_var_range_contiguous(s, i)) {
			/*
			 * A mask with holes matches a lattice of blocks the
			 * size of its lowest bit: the answer can change at
			 * every block edge.
			 */
			u64 blk = e - b, edge = (p | (blk - 1)) + 1;

			if (edge > p && edge < next)
				next = edge;
			continue;
		}
		if (b > p && b < next)
			next = b;
		if (e > p && e < next)
			next = e;
	}
	return next;
}

u8 mtrr_state_type_lookup(const struct mtrr_state *s, u64 start, u64 end,
			  u8 *uniform, unsigned int *flags)
{
	bool mixed = false;	/* parts of different types: not a firmware bug */
	u8 type = MTRR_TYPE_INVALID, t;
	u64 p;

	*uniform = 1;
	if (!s->have_mtrr || !s->enabled || start >= end)
		return MTRR_TYPE_INVALID;
	for (p = start; p < end; p = mtrr_next_boundary(s, p, end)) {
		t = mtrr_state_type_at(s, p, flags);
		if (type != MTRR_TYPE_INVALID && t != type)
			*uniform = 0;
		type = mtrr_combine(type, t, &mixed);
	}
	return type;
}

const char *mtrr_attrib_to_str(u8 type)
{
	static const char *const names[MTRR_NUM_TYPES] = {
		[MTRR_TYPE_UNCACHABLE] = "uncachable",
		[MTRR_TYPE_WRCOMB] = "write-combining",
		[MTRR_TYPE_WRTHROUGH] = "write-through",
		[MTRR_TYPE_WRPROT] = "write-protect",
		[MTRR_TYPE_WRBACK] = "write-back",
	};

	if (type < MTRR_NUM_TYPES && names[type])
		return names[type];
	return "?";
}

/**
 * mtrr_state_compare() - how two CPUs' MTRRs differ
 * @a: one CPU's state (the boot CPU's)
 * @b: another's
 *
 * Returns a mask of MTRR_CHANGE_MASK_* bits, 0 when they agree.  Compares
 * what the MSRs hold, including variable ranges that are not valid: a
 * stale base under a clear valid bit becomes live once someone sets it.
 */
unsigned int mtrr_state_compare(const struct mtrr_state *a,
				const struct mtrr_state *b)
{
	unsigned int mask = 0, i;

	if (a->def_type_msr != b->def_type_msr)
		mask |= MTRR_CHANGE_MASK_DEFTYPE;
	for (i = 0; i < a->num_var || i < b->num_var; i++)
		if (i >= a->num_var || i >= b->num_var ||
		    a->var[i].base != b->var[i].base ||
		    a->var[i].mask != b->var[i].mask)
			mask |= MTRR_CHANGE_MASK_VARIABLE;
	if (a->have_fixed != b->have_fixed ||
	    (a->have_fixed && __builtin_memcmp(a->fixed_ranges, b->fixed_ranges,
					       sizeof(a->fixed_ranges))))
		mask |= MTRR_CHANGE_MASK_FIXED;
	return mask;
}

static u64 fnv1a(u64 h, u64 v)
{
	unsigned int i;

	for (i = 0; i < 8; i++, v >>= 8) {
		h ^= v & 0xff;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/**
 * mtrr_state_digest() - a 64-bit FNV-1a fingerprint of every MTRR MSR
 * @s: the state
 *
 * Equal for CPUs whose MTRRs agree (mtrr_state_compare() == 0), so one
 * number per CPU shows an admin whether they all agree.
 */
u64 mtrr_state_digest(const struct mtrr_state *s)
{
	u64 h = 0xcbf29ce484222325ULL;
	unsigned int i;

	h = fnv1a(h, s->def_type_msr);
	for (i = 0; i < s->num_var; i++) {
		h = fnv1a(h, s->var[i].base);
		h = fnv1a(h, s->var[i].mask);
	}
	if (s->have_fixed)
		for (i = 0; i < MTRR_NUM_FIXED_RANGES; i++)
			h = fnv1a(h, s->fixed_ranges[i]);
	return h;
}
