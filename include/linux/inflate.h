/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DEFLATE (RFC 1951) and gzip (RFC 1952) decompression from one buffer
 * into another: no allocation, no printing, the caller owns every byte of
 * state.  Documentation/core-api/inflate.rst describes the interface.
 */
#ifndef _CACHET_LINUX_INFLATE_H
#define _CACHET_LINUX_INFLATE_H

#include <linux/types.h>

/*
 * Largest decode tables a valid code can need: a 2^9-entry first level for
 * literal/length codes (2^6 for distances) plus the second-level tables
 * its longer codes add.  These are the bounds zlib's "enough" program
 * finds for 286 symbols, 9 first-level bits, and 30 symbols, 6 bits, both
 * at most 15 bits long; the table builder still refuses to write past
 * them.
 */
#define INFLATE_LEN_TABLE	852
#define INFLATE_DIST_TABLE	592
#define INFLATE_CL_TABLE	128	/* code-length code: 7 bits, 1 level */

/* one decode table entry: what the next input bits mean */
struct inflate_code {
	u8 op;		/* kind << 4 | extra bits or second-level bits */
	u8 bits;	/* code bits this entry stands for */
	u16 val;	/* literal, base length or distance, or table offset */
};

/* the working state of a call; what it holds between calls does not matter */
struct inflate_state {
	struct inflate_code len_table[INFLATE_LEN_TABLE];
	struct inflate_code dist_table[INFLATE_DIST_TABLE];
	struct inflate_code cl_table[INFLATE_CL_TABLE];
	u8 lens[286 + 30];	/* code lengths of a dynamic block */
};

ssize_t inflate_raw(struct inflate_state *st, const void *in, size_t in_len,
		    size_t *in_used, void *out, size_t out_len,
		    const char **reason);
ssize_t gunzip_buf(struct inflate_state *st, const void *in, size_t in_len,
		   size_t *in_used, void *out, size_t out_len,
		   const char **reason);

#endif /* _CACHET_LINUX_INFLATE_H */
