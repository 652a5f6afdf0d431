// SPDX-License-Identifier: GPL-2.0
/*
 * A DEFLATE decoder (RFC 1951) for whole buffers: the compressed stream is
 * all in memory and the output buffer is contiguous, so the output itself
 * is the sliding window and a match copies from earlier output.  Nothing
 * is allocated: the decode tables live in the caller's struct
 * inflate_state.
 *
 * Codes are decoded through tables, not bit by bit: the next 9 input bits
 * (6 for distances) index a first-level table whose entry gives the
 * symbol, already turned into a literal, a base length or distance with
 * its extra-bit count, or end-of-block, and the code's length.  Codes
 * longer than that point to a second-level table indexed by the bits that
 * follow.  Input is read into a 64-bit buffer, least significant bit
 * first as section 3.1.1 packs it, and refilled once per literal or
 * length/distance pair (at most 15 + 5 + 15 + 13 = 48 bits).
 *
 * Every check of the RFC, with zlib's choices where the RFC leaves one:
 * over-subscribed codes are refused; an incomplete literal/length or
 * distance code is accepted only when it is a single code of one bit (or,
 * for distances, no code at all), the code-length code never; symbols
 * 286, 287 and distances 30, 31 are invalid; a distance may not reach back
 * before the start of the output.  Running out of input is an error,
 * never a read past the end.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/inflate.h>

#define LEN_ROOT	9
#define DIST_ROOT	6
#define CL_ROOT		7
#define MAX_CODE_BITS	15

/* entry kinds, in the high nibble of inflate_code.op; 0 is "invalid" */
enum {
	KIND_BAD,
	KIND_LIT,	/* val: a literal byte, or a code-length symbol */
	KIND_BASE,	/* val: base length or distance; low nibble: extra */
	KIND_EOB,
	KIND_LINK,	/* val: second-level offset; low nibble: its bits */
};

enum table_type { TABLE_LEN, TABLE_DIST, TABLE_CL };

static const char *const oversubscribed[] = {
	[TABLE_LEN] = "over-subscribed literal/length code",
	[TABLE_DIST] = "over-subscribed distance code",
	[TABLE_CL] = "over-subscribed code-length code",
};
static const char *const incomplete[] = {
	[TABLE_LEN] = "incomplete literal/length code",
	[TABLE_DIST] = "incomplete distance code",
	[TABLE_CL] = "incomplete code-length code",
};

/* section 3.2.5: length codes 257..285, distance codes 0..29 */
static const u16 len_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
};
static const u8 len_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
};
static const u16 dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
	8193, 12289, 16385, 24577
};
static const u8 dist_extra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
};

/* section 3.2.7: the order code-length code lengths are sent in */
static const u8 cl_order[19] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

struct inflate_ctx {
	const u8 *in;
	size_t in_len, in_pos;
	u64 bitbuf;		/* unread bits, next one at bit 0 */
	unsigned int bitcnt;	/* how many of them came from the input */
	u8 *out;
	size_t out_len, out_pos;
	const char *why;
	struct inflate_state *st;
};

static int bad(struct inflate_ctx *c, const char *why)
{
	c->why = why;
	return -EINVAL;
}

static int truncated(struct inflate_ctx *c)
{
	return bad(c, "compressed data ends early");
}

static u64 load_le64(const u8 *p)
{
	return (u64)p[0] | (u64)p[1] << 8 | (u64)p[2] << 16 |
	       (u64)p[3] << 24 | (u64)p[4] << 32 | (u64)p[5] << 40 |
	       (u64)p[6] << 48 | (u64)p[7] << 56;
}

/* top the bit buffer up to at least 56 bits, or to the end of the input */
static inline void refill(struct inflate_ctx *c)
{
	if (c->bitcnt >= 56)
		return;
	if (c->in_len - c->in_pos >= 8) {
		/*
		 * Whole bytes are counted; the bits loaded above them are
		 * the following input bytes and are or-ed in again, at the
		 * same place, by the next refill.
		 */
		c->bitbuf |= load_le64(c->in + c->in_pos) << c->bitcnt;
		c->in_pos += (63 - c->bitcnt) >> 3;
		c->bitcnt |= 56;
		return;
	}
	while (c->bitcnt <= 55 && c->in_pos < c->in_len) {
		c->bitbuf |= (u64)c->in[c->in_pos++] << c->bitcnt;
		c->bitcnt += 8;
	}
}

/* take @n (<= 32) bits the caller has refilled for, or fail */
static inline int take_bits(struct inflate_ctx *c, unsigned int n, u32 *v)
{
	if (unlikely(n > c->bitcnt))
		return truncated(c);
	*v = (u32)(c->bitbuf & ((1ull << n) - 1));
	c->bitbuf >>= n;
	c->bitcnt -= n;
	return 0;
}

static int get_bits(struct inflate_ctx *c, unsigned int n, u32 *v)
{
	refill(c);
	return take_bits(c, n, v);
}

/* decode one code through @t; an invalid code comes back as KIND_BAD */
static inline int decode(struct inflate_ctx *c, const struct inflate_code *t,
			 unsigned int root, struct inflate_code *e)
{
	struct inflate_code x = t[c->bitbuf & ((1u << root) - 1)];
	unsigned int n = x.bits;

	if (x.op >> 4 == KIND_LINK) {
		unsigned int sub = x.op & 15;

		x = t[x.val + ((c->bitbuf >> root) & ((1u << sub) - 1))];
		n = root + x.bits;
	}
	*e = x;
	if (x.op >> 4 == KIND_BAD)
		return 0;
	if (unlikely(n > c->bitcnt))
		return truncated(c);
	c->bitbuf >>= n;
	c->bitcnt -= n;
	return 0;
}

static struct inflate_code symbol_entry(enum table_type type,
					unsigned int sym, unsigned int bits)
{
	struct inflate_code e = { .bits = bits, .val = sym };

	if (type == TABLE_CL) {
		e.op = KIND_LIT << 4;
	} else if (type == TABLE_DIST) {
		if (sym < 30) {
			e.op = KIND_BASE << 4 | dist_extra[sym];
			e.val = dist_base[sym];
		}
	} else if (sym < 256) {
		e.op = KIND_LIT << 4;
	} else if (sym == 256) {
		e.op = KIND_EOB << 4;
	} else if (sym < 286) {
		e.op = KIND_BASE << 4 | len_extra[sym - 257];
		e.val = len_base[sym - 257];
	}
	return e;
}

/* the first @len bits of canonical code @code, in input (LSB-first) order */
static unsigned int reverse_bits(unsigned int code, unsigned int len)
{
	unsigned int r = 0;

	while (len--) {
		r = r << 1 | (code & 1);
		code >>= 1;
	}
	return r;
}

/*
 * Check a set of code lengths (section 3.2.2) and fill @t for it: a
 * 2^@root first level, then one second-level table per first-level
 * prefix that longer codes share, sized for the longest of them.
 */
static int build_table(struct inflate_ctx *c, struct inflate_code *t,
		       unsigned int cap, unsigned int root, const u8 *lens,
		       unsigned int n, enum table_type type)
{
	u16 count[MAX_CODE_BITS + 1] = { 0 };
	u16 next[MAX_CODE_BITS + 1], next2[MAX_CODE_BITS + 1];
	unsigned int mask = (1u << root) - 1, size = 1u << root;
	unsigned int sym, len, code, i, ncodes;
	int left = 1;

	for (sym = 0; sym < n; sym++)
		count[lens[sym]]++;
	ncodes = n - count[0];
	count[0] = 0;
	code = 0;
	for (len = 1; len <= MAX_CODE_BITS; len++) {
		left = (left << 1) - count[len];
		if (left < 0)
			return bad(c, oversubscribed[type]);
		code = (code + count[len - 1]) << 1;
		next[len] = next2[len] = code;
	}
	/* zlib's rule: only a lone 1-bit code (or none) may leave codes over */
	if (left > 0 && (type == TABLE_CL || ncodes > 1 ||
			 (ncodes == 1 && count[1] != 1)))
		return bad(c, incomplete[type]);

	for (i = 0; i < size; i++)
		t[i] = (struct inflate_code){ 0 };

	/* short codes fill their entries; long ones size their tables */
	for (sym = 0; sym < n; sym++) {
		len = lens[sym];
		if (!len)
			continue;
		code = reverse_bits(next[len]++, len);
		if (len <= root) {
			for (i = code; i < size; i += 1u << len)
				t[i] = symbol_entry(type, sym, len);
		} else {
			struct inflate_code *l = &t[code & mask];
			unsigned int sub = len - root;

			if (l->op >> 4 == KIND_LINK && (l->op & 15) > sub)
				sub = l->op & 15;
			l->op = KIND_LINK << 4 | sub;
			l->bits = root;
		}
	}
	for (i = 0; i < (1u << root); i++) {
		unsigned int sub_size;

		if (t[i].op >> 4 != KIND_LINK)
			continue;
		sub_size = 1u << (t[i].op & 15);
		if (size + sub_size > cap)
			return bad(c, "decode table too large");
		t[i].val = size;
		for (code = size; code < size + sub_size; code++)
			t[code] = (struct inflate_code){ 0 };
		size += sub_size;
	}
	for (sym = 0; sym < n; sym++) {
		const struct inflate_code *l;

		len = lens[sym];
		if (len <= root)
			continue;
		code = reverse_bits(next2[len]++, len);
		l = &t[code & mask];
		for (i = code >> root; i < (1u << (l->op & 15));
		     i += 1u << (len - root))
			t[l->val + i] = symbol_entry(type, sym, len - root);
	}
	return 0;
}

static int build_fixed(struct inflate_ctx *c)
{
	struct inflate_state *st = c->st;
	u8 *lens = st->lens;
	unsigned int i;

	/* section 3.2.6; 288 and 32 symbols so that 286, 287, 30, 31 decode */
	for (i = 0; i < 288; i++)
		lens[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
	if (build_table(c, st->len_table, INFLATE_LEN_TABLE, LEN_ROOT, lens,
			288, TABLE_LEN))
		return -EINVAL;
	for (i = 0; i < 32; i++)
		lens[i] = 5;
	return build_table(c, st->dist_table, INFLATE_DIST_TABLE, DIST_ROOT,
			   lens, 32, TABLE_DIST);
}

/* section 3.2.7: both codes' lengths, sent with a code of their own */
static int read_lengths(struct inflate_ctx *c, unsigned int total)
{
	struct inflate_state *st = c->st;
	unsigned int i = 0;
	int err;

	while (i < total) {
		struct inflate_code e;
		u32 rep, fill = 0;

		refill(c);
		err = decode(c, st->cl_table, CL_ROOT, &e);
		if (err)
			return err;
		if (e.op >> 4 == KIND_BAD)
			return bad(c, "invalid code-length code");
		if (e.val < 16) {
			st->lens[i++] = e.val;
			continue;
		}
		if (e.val == 16) {
			if (!i)
				return bad(c, "repeat with no previous length");
			fill = st->lens[i - 1];
			err = take_bits(c, 2, &rep);
			rep += 3;
		} else if (e.val == 17) {
			err = take_bits(c, 3, &rep);
			rep += 3;
		} else {
			err = take_bits(c, 7, &rep);
			rep += 11;
		}
		if (err)
			return err;
		if (rep > total - i)
			return bad(c, "length repeat past the last code");
		while (rep--)
			st->lens[i++] = fill;
	}
	return 0;
}

static int build_dynamic(struct inflate_ctx *c)
{
	struct inflate_state *st = c->st;
	unsigned int nlen, ndist, ncl, i;
	u32 v;
	int err;

	err = get_bits(c, 14, &v);
	if (err)
		return err;
	nlen = (v & 31) + 257;
	ndist = (v >> 5 & 31) + 1;
	ncl = (v >> 10) + 4;
	if (nlen > 286 || ndist > 30)
		return bad(c, "too many length or distance codes");

	for (i = 0; i < 19; i++)
		st->lens[cl_order[i]] = 0;
	for (i = 0; i < ncl; i++) {
		err = get_bits(c, 3, &v);
		if (err)
			return err;
		st->lens[cl_order[i]] = v;
	}
	err = build_table(c, st->cl_table, INFLATE_CL_TABLE, CL_ROOT, st->lens,
			  19, TABLE_CL);
	if (err)
		return err;

	err = read_lengths(c, nlen + ndist);
	if (err)
		return err;
	if (!st->lens[256])
		return bad(c, "no end-of-block code");
	err = build_table(c, st->len_table, INFLATE_LEN_TABLE, LEN_ROOT,
			  st->lens, nlen, TABLE_LEN);
	if (err)
		return err;
	return build_table(c, st->dist_table, INFLATE_DIST_TABLE, DIST_ROOT,
			   st->lens + nlen, ndist, TABLE_DIST);
}

static int copy_match(struct inflate_ctx *c, u32 len, u32 dist)
{
	size_t room = c->out_len - c->out_pos;
	u8 *d;
	const u8 *s;

	if (dist > c->out_pos)
		return bad(c, "distance too far back");
	if (len > room) {
		c->why = "output buffer too small";
		return -ENOSPC;
	}
	d = c->out + c->out_pos;
	s = d - dist;
	c->out_pos += len;
	/*
	 * Eight bytes at a time when the source is that far behind and the
	 * buffer has room for the up to seven bytes written past the match
	 * (the next symbols overwrite them); otherwise byte by byte, which
	 * is also what makes a short distance repeat the bytes it copies.
	 */
	if (dist >= 8 && room - len >= 8) {
		for (;;) {
			__builtin_memcpy(d, s, 8);
			if (len <= 8)
				return 0;
			d += 8;
			s += 8;
			len -= 8;
		}
	}
	while (len--)
		*d++ = *s++;
	return 0;
}

/* the symbols of a Huffman-coded block, up to its end-of-block code */
static int inflate_codes(struct inflate_ctx *c)
{
	const struct inflate_code *lt = c->st->len_table;
	const struct inflate_code *dt = c->st->dist_table;

	for (;;) {
		struct inflate_code e;
		u32 len, dist, extra;
		int err;

		refill(c);
		err = decode(c, lt, LEN_ROOT, &e);
		if (err)
			return err;
		switch (e.op >> 4) {
		case KIND_LIT:
			if (unlikely(c->out_pos == c->out_len)) {
				c->why = "output buffer too small";
				return -ENOSPC;
			}
			c->out[c->out_pos++] = e.val;
			continue;
		case KIND_EOB:
			return 0;
		case KIND_BASE:
			break;
		default:
			return bad(c, "invalid literal/length code");
		}
		err = take_bits(c, e.op & 15, &extra);
		if (err)
			return err;
		len = e.val + extra;
		err = decode(c, dt, DIST_ROOT, &e);
		if (err)
			return err;
		if (e.op >> 4 != KIND_BASE)
			return bad(c, "invalid distance code");
		err = take_bits(c, e.op & 15, &extra);
		if (err)
			return err;
		dist = e.val + extra;
		err = copy_match(c, len, dist);
		if (err)
			return err;
	}
}

/* section 3.2.4: byte-aligned LEN, NLEN, then LEN bytes as they are */
static int inflate_stored(struct inflate_ctx *c)
{
	u32 v, len;
	int err;

	c->bitbuf >>= c->bitcnt & 7;
	c->bitcnt &= ~7u;
	err = get_bits(c, 32, &v);
	if (err)
		return err;
	len = v & 0xffff;
	if (len != (~v >> 16))
		return bad(c, "stored block length check fails");
	/* hand the whole bytes still buffered back to the input */
	c->in_pos -= c->bitcnt >> 3;
	c->bitbuf = 0;
	c->bitcnt = 0;
	if (len > c->in_len - c->in_pos)
		return truncated(c);
	if (len > c->out_len - c->out_pos) {
		c->why = "output buffer too small";
		return -ENOSPC;
	}
	for (v = 0; v < len; v++)
		c->out[c->out_pos + v] = c->in[c->in_pos + v];
	c->in_pos += len;
	c->out_pos += len;
	return 0;
}

static int inflate_blocks(struct inflate_ctx *c)
{
	u32 final, type;
	int err;

	do {
		err = get_bits(c, 3, &type);
		if (err)
			return err;
		final = type & 1;
		type >>= 1;
		if (type == 0) {
			err = inflate_stored(c);
		} else if (type == 1) {
			err = build_fixed(c);
			if (!err)
				err = inflate_codes(c);
		} else if (type == 2) {
			err = build_dynamic(c);
			if (!err)
				err = inflate_codes(c);
		} else {
			err = bad(c, "invalid block type");
		}
		if (err)
			return err;
	} while (!final);
	return 0;
}

/**
 * inflate_raw() - decompress one raw DEFLATE stream
 * @st: working state, owned by the caller for the call
 * @in: the compressed stream
 * @in_len: its length in bytes
 * @in_used: if not NULL, set on success to the bytes the stream took, up
 *	to the end of its final block's last byte; the rest is not looked at
 * @out: where the data goes; it is also the window matches copy from
 * @out_len: its size in bytes
 * @reason: if not NULL, set to NULL on success, else to why it failed
 *
 * Return: the number of bytes written to @out, -EINVAL for malformed or
 * truncated data, -ENOSPC when @out is too small.  On failure @out holds
 * whatever was decoded before the error.
 */
ssize_t inflate_raw(struct inflate_state *st, const void *in, size_t in_len,
		    size_t *in_used, void *out, size_t out_len,
		    const char **reason)
{
	struct inflate_ctx c = {
		.in = in, .in_len = in_len,
		.out = out, .out_len = out_len,
		.st = st,
	};
	int err;

	/* the count must fit the return value */
	if (c.out_len > (size_t)-1 >> 1)
		c.out_len = (size_t)-1 >> 1;
	err = inflate_blocks(&c);
	if (reason)
		*reason = c.why;
	if (err)
		return err;
	if (in_used)
		*in_used = c.in_pos - (c.bitcnt >> 3);
	return c.out_pos;
}
