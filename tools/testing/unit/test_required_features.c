// SPDX-License-Identifier: GPL-2.0
/*
 * asm/required-features.h: the features the 32-bit entry code refuses to
 * boot without, against Linux 6.1's x86-64 baseline written out here as
 * CPUID leaf, register and bit (SDM Vol. 2A, CPUID, Tables 3-11 and
 * 3-20), and the limits verify_cpu.S's table format sets.
 */
#include <ctype.h>
#include <string.h>
#include <asm/required-features.h>

#include "unit.h"

struct req {
	unsigned int feature;
	const char *name;
};

#define REQ_ENTRY(f, n)	{ (f), (n) },
static const struct req reqs[] = { X86_REQUIRED_FEATURES(REQ_ENTRY) };
#define NR_REQS	(sizeof(reqs) / sizeof(reqs[0]))

enum reg { EDX, ECX, EBX };

/* Linux 6.1, REQUIRED_MASK0 and REQUIRED_MASK1 with CONFIG_X86_64 */
static const struct {
	unsigned int leaf;
	enum reg reg;
	unsigned int bit;
	const char *name;
} linux_x86_64[] = {
	{ 0x1, EDX, 0, "fpu" },
	{ 0x1, EDX, 5, "msr" },
	{ 0x1, EDX, 6, "pae" },
	{ 0x1, EDX, 8, "cx8" },
	{ 0x1, EDX, 13, "pge" },
	{ 0x1, EDX, 15, "cmov" },
	{ 0x1, EDX, 24, "fxsr" },
	{ 0x1, EDX, 25, "sse" },
	{ 0x1, EDX, 26, "sse2" },
	{ 0x80000001, EDX, 29, "lm" },
};

/* where cpufeatures.h keeps a CPUID register, or -1 */
static int word_of(unsigned int leaf, enum reg reg)
{
	if (leaf == 0x1 && reg == EDX)
		return CPUID_WORD_1_EDX;
	if (leaf == 0x1 && reg == ECX)
		return CPUID_WORD_1_ECX;
	if (leaf == 0x80000001 && reg == EDX)
		return CPUID_WORD_80000001_EDX;
	if (leaf == 0x7 && reg == EBX)
		return CPUID_WORD_7_EBX;
	return -1;
}

UNIT_TEST(required_features, linux_x86_64_baseline_in_linux_order)
{
	unsigned int i;

	ASSERT_EQ(NR_REQS, sizeof(linux_x86_64) / sizeof(linux_x86_64[0]));
	for (i = 0; i < NR_REQS; i++) {
		int w = word_of(linux_x86_64[i].leaf, linux_x86_64[i].reg);

		ASSERT_TRUE(w >= 0);
		EXPECT_EQ(reqs[i].feature,
			  (unsigned int)w * 32 + linux_x86_64[i].bit);
		EXPECT_STREQ(reqs[i].name, linux_x86_64[i].name);
	}
}

UNIT_TEST(required_features, named_features_match_cpufeatures)
{
	/* the ones cpufeatures.h names must be the same bits */
	static const struct req named[] = {
		{ X86_FEATURE_FPU, "fpu" }, { X86_FEATURE_MSR, "msr" },
		{ X86_FEATURE_PAE, "pae" }, { X86_FEATURE_CX8, "cx8" },
		{ X86_FEATURE_PGE, "pge" }, { X86_FEATURE_CMOV, "cmov" },
		{ X86_FEATURE_FXSR, "fxsr" }, { X86_FEATURE_XMM, "sse" },
		{ X86_FEATURE_XMM2, "sse2" }, { X86_FEATURE_LM, "lm" },
	};
	unsigned int i, j, found;

	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		found = 0;
		for (j = 0; j < NR_REQS; j++)
			if (reqs[j].feature == named[i].feature) {
				EXPECT_STREQ(reqs[j].name, named[i].name);
				found++;
			}
		EXPECT_EQ(found, 1u);
	}
}

UNIT_TEST(required_features, fits_the_entry_code_table)
{
	unsigned int i, j;

	/* one bit per entry in a 32-bit register; bytes, 0xff ends */
	EXPECT_TRUE(NR_REQS <= 32);
	for (i = 0; i < NR_REQS; i++) {
		EXPECT_TRUE(reqs[i].feature < NCAPINTS * 32);
		EXPECT_TRUE(reqs[i].feature < 0xff);
		EXPECT_TRUE(reqs[i].name[0] != '\0');
		for (j = 0; reqs[i].name[j]; j++)
			EXPECT_TRUE(islower((unsigned char)reqs[i].name[j]) ||
				    isdigit((unsigned char)reqs[i].name[j]));
		/* Linux lists missing features by word, then bit */
		if (i)
			EXPECT_TRUE(reqs[i - 1].feature < reqs[i].feature);
	}
}
