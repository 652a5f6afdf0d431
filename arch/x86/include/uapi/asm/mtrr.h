/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The /proc/mtrr ioctl interface as Linux x86-64 defines it: the entry
 * structures, the ioctl numbers (_IOW/_IOWR('M', n, struct), spelled out)
 * and the type numbers.  Every value and offset is Linux's (sizes checked
 * at compile time); tools/testing/selftests/pat/mtrr.c runs against Linux
 * 6.1 with them.  Plain C types, so user programs can include it too.
 */
#ifndef _CACHET_UAPI_ASM_MTRR_H
#define _CACHET_UAPI_ASM_MTRR_H

struct mtrr_sentry {
	unsigned long long base;	/* bytes, or pages for *_PAGE_ENTRY */
	unsigned int size;
	unsigned int type;
};

struct mtrr_gentry {
	unsigned long long base;
	unsigned int size;
	unsigned int regnum;		/* in: the register asked about */
	unsigned int type;
	unsigned int _pad;
};

_Static_assert(sizeof(struct mtrr_sentry) == 16, "Linux's mtrr_sentry");
_Static_assert(sizeof(struct mtrr_gentry) == 24, "Linux's mtrr_gentry");

#define MTRRIOC_ADD_ENTRY	0x40104d00	/* _IOW('M', 0, sentry) */
#define MTRRIOC_SET_ENTRY	0x40104d01
#define MTRRIOC_DEL_ENTRY	0x40104d02
#define MTRRIOC_GET_ENTRY	0xc0184d03	/* _IOWR('M', 3, gentry) */
#define MTRRIOC_KILL_ENTRY	0x40104d04
#define MTRRIOC_ADD_PAGE_ENTRY	0x40104d05
#define MTRRIOC_SET_PAGE_ENTRY	0x40104d06
#define MTRRIOC_DEL_PAGE_ENTRY	0x40104d07
#define MTRRIOC_GET_PAGE_ENTRY	0xc0184d08
#define MTRRIOC_KILL_PAGE_ENTRY	0x40104d09

/* memory types as MTRRs and the PAT MSR encode them (SDM Vol. 3A 11.11) */
#define MTRR_TYPE_UNCACHABLE	0
#define MTRR_TYPE_WRCOMB	1
#define MTRR_TYPE_WRTHROUGH	4
#define MTRR_TYPE_WRPROT	5
#define MTRR_TYPE_WRBACK	6
#define MTRR_NUM_TYPES		7

#endif /* _CACHET_UAPI_ASM_MTRR_H */
