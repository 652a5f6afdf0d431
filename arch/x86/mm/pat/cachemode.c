// SPDX-License-Identifier: GPL-2.0
/*
 * Cache-mode translation, all of it (<asm/page_cache_mode.h>): PAT values
 * and their entries, cache mode <-> PAT index <-> PTE bits, the kernel's
 * live tables behind cachemode2protval() and pgprot2cachemode(), and the
 * names.  Pure: the PAT code (pat.c) reads and writes the MSR and hands the
 * value in force to pat_cachemode_setup(); host tests build the very same
 * file and feed it any value.
 *
 * A PTE selects PAT entry PAT<<2 | PCD<<1 | PWT (SDM Vol. 3A 11.12.3); the
 * entry's encoding is the memory type.  For each cache mode the table
 * keeps the lowest index holding it; a mode the PAT lacks (WC in the
 * power-on layout, WT and WP in the erratum layout) falls back to UC-'s
 * index, which is never less strict (pat_fallback_order[] for layouts
 * without UC-).  Lowest index first means entries 0-3 are used whenever
 * they suffice, so the PAT bit is set only when needed.
 */
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/pgtable_types.h>

static int pat_encoding_to_mode(u8 e)
{
	switch (e) {
	case PAT_UC:
		return _PAGE_CACHE_MODE_UC;
	case PAT_WC:
		return _PAGE_CACHE_MODE_WC;
	case PAT_WT:
		return _PAGE_CACHE_MODE_WT;
	case PAT_WP:
		return _PAGE_CACHE_MODE_WP;
	case PAT_WB:
		return _PAGE_CACHE_MODE_WB;
	case PAT_UC_MINUS:
		return _PAGE_CACHE_MODE_UC_MINUS;
	default:
		return -1;
	}
}

bool pat_value_valid(u64 v)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		if (pat_encoding_to_mode(v >> (i * 8)) < 0)
			return false;
	return true;
}

/* Linux's names in its "Configuration [0-7]:" line, 4 columns each */
static const char *pat_entry_name(u8 e)
{
	switch (e) {
	case PAT_UC:
		return "UC  ";
	case PAT_WC:
		return "WC  ";
	case PAT_WT:
		return "WT  ";
	case PAT_WP:
		return "WP  ";
	case PAT_WB:
		return "WB  ";
	case PAT_UC_MINUS:
		return "UC- ";
	default:
		return "??  ";
	}
}

void pat_format_layout(u64 value, char *buf, size_t size)
{
	size_t n = 0;
	unsigned int i, j;

	if (!size)
		return;
	for (i = 0; i < 8 && n + 4 < size; i++) {
		const char *name = pat_entry_name(value >> (i * 8));

		for (j = 0; j < 4; j++)
			buf[n++] = name[j];
	}
	buf[n] = '\0';
}

pteval_t pat_index_to_pte4k(unsigned int index)
{
	return (index & 1 ? _PAGE_PWT : 0) | (index & 2 ? _PAGE_PCD : 0) |
	       (index & 4 ? _PAGE_PAT : 0);
}

unsigned int pat_pte4k_to_index(pteval_t v)
{
	return (v & _PAGE_PWT ? 1 : 0) | (v & _PAGE_PCD ? 2 : 0) |
	       (v & _PAGE_PAT ? 4 : 0);
}

/*
 * Where a mode the layout lacks goes: to the first of these it has.  UC-
 * is in every layout cachet or Linux programs, and Linux sends WC, WT and
 * WP there too; the rest matter only for a layout someone else left in
 * the MSR, and run from least to most caching.
 */
static const u8 pat_fallback_order[] = {
	_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC, _PAGE_CACHE_MODE_WC,
	_PAGE_CACHE_MODE_WT, _PAGE_CACHE_MODE_WP, _PAGE_CACHE_MODE_WB,
};

void pat_cachemode_init(struct pat_cachemode_tables *t, u64 pat_value)
{
	unsigned int i, m;
	u8 fallback = 0xff;
	int mode;

	for (m = 0; m < _PAGE_CACHE_MODE_NUM; m++)
		t->mode2index[m] = 0xff;
	for (i = 0; i < 8; i++) {
		mode = pat_encoding_to_mode(pat_value >> (i * 8));
		/* a reserved encoding: treat the index as UC, the safe reading */
		if (mode < 0)
			mode = _PAGE_CACHE_MODE_UC;
		t->index2mode[i] = mode;
		if (t->mode2index[mode] == 0xff)
			t->mode2index[mode] = i;
	}
	/* found: every index holds one of the six modes */
	for (i = 0; fallback == 0xff; i++)
		fallback = t->mode2index[pat_fallback_order[i]];
	for (m = 0; m < _PAGE_CACHE_MODE_NUM; m++)
		if (t->mode2index[m] == 0xff)
			t->mode2index[m] = fallback;
}

/*
 * The translation in force: the power-on layout (what PWT/PCD select with
 * PAT untouched) until pat_cachemode_setup() builds it from the PAT value
 * the PAT code decided on.
 */
static struct pat_cachemode_tables pat_tables = {
	.mode2index = {
		[_PAGE_CACHE_MODE_WB] = 0, [_PAGE_CACHE_MODE_WC] = 2,
		[_PAGE_CACHE_MODE_UC_MINUS] = 2, [_PAGE_CACHE_MODE_UC] = 3,
		[_PAGE_CACHE_MODE_WT] = 1, [_PAGE_CACHE_MODE_WP] = 2,
		[6] = 2, [7] = 2,
	},
	.index2mode = {
		_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WT,
		_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
		_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WT,
		_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
	},
};

/**
 * pat_cachemode_setup() - make @pat_value the kernel's translation
 * @pat_value: the layout in force: the IA32_PAT value every CPU holds, or
 *	       the power-on layout where PWT/PCD alone select
 *
 * Called once at boot, before any mapping other than WB exists.
 */
void pat_cachemode_setup(u64 pat_value)
{
	pat_cachemode_init(&pat_tables, pat_value);
}

/**
 * cachemode2protval() - the PWT/PCD/PAT bits of a 4 KiB entry for a mode
 * @pcm: the cache mode; anything out of range is treated as UC-
 *
 * Every cache-mode decision about a page-table entry goes through here
 * (large entries convert with protval_4k_2_large()).
 */
pteval_t cachemode2protval(enum page_cache_mode pcm)
{
	if ((unsigned int)pcm >= _PAGE_CACHE_MODE_NUM)
		pcm = _PAGE_CACHE_MODE_UC_MINUS;
	return pat_index_to_pte4k(pat_tables.mode2index[pcm]);
}

/**
 * pgprot2cachemode() - the cache mode a 4 KiB entry's bits select
 * @v: the entry, or its flags; bits other than PWT, PCD and PAT are ignored
 */
enum page_cache_mode pgprot2cachemode(pteval_t v)
{
	return pat_tables.index2mode[pat_pte4k_to_index(v)];
}

/**
 * pgprot_kernel_cachemode() - PAGE_KERNEL with the bits of a cache mode
 * @pcm: the cache mode
 */
pgprot_t pgprot_kernel_cachemode(enum page_cache_mode pcm)
{
	return __pgprot(pgprot_val(PAGE_KERNEL) | cachemode2protval(pcm));
}

const char *cattr_name(enum page_cache_mode pcm)
{
	switch (pcm) {
	case _PAGE_CACHE_MODE_UC:
		return "uncached";
	case _PAGE_CACHE_MODE_UC_MINUS:
		return "uncached-minus";
	case _PAGE_CACHE_MODE_WB:
		return "write-back";
	case _PAGE_CACHE_MODE_WC:
		return "write-combining";
	case _PAGE_CACHE_MODE_WT:
		return "write-through";
	case _PAGE_CACHE_MODE_WP:
		return "write-protected";
	default:
		return "broken";
	}
}

static const char *const cachemode_short[] = {
	[_PAGE_CACHE_MODE_WB] = "wb", [_PAGE_CACHE_MODE_WC] = "wc",
	[_PAGE_CACHE_MODE_UC_MINUS] = "uc-", [_PAGE_CACHE_MODE_UC] = "uc",
	[_PAGE_CACHE_MODE_WT] = "wt", [_PAGE_CACHE_MODE_WP] = "wp",
};

const char *cachemode_short_name(enum page_cache_mode pcm)
{
	if ((unsigned int)pcm > _PAGE_CACHE_MODE_WP)
		return "?";
	return cachemode_short[pcm];
}

int cachemode_parse(const char *s, enum page_cache_mode *pcm)
{
	unsigned int i, j;

	for (i = 0; i <= _PAGE_CACHE_MODE_WP; i++) {
		const char *n = cachemode_short[i];

		for (j = 0; n[j] && s[j] == n[j]; j++)
			;
		if (!n[j] && !s[j]) {
			*pcm = i;
			return 0;
		}
	}
	return -EINVAL;
}
