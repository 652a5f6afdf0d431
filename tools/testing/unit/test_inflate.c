// SPDX-License-Identifier: GPL-2.0
/*
 * lib/inflate.c and lib/gunzip.c against streams the host compressed
 * (gzip, python's zlib) and streams written bit by bit, every expectation
 * being zlib's (inflate_vectors.py makes them at build time), then against
 * damage: every truncation, bit flips, too small an output buffer.
 * Inputs and outputs sit in buffers of their exact size, so AddressSanitizer
 * sees any read or write past them.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/inflate.h>

#include "unit.h"

struct inflate_vector {
	const char *name;
	bool gzip;
	const unsigned char *in;
	size_t in_len;
	long ret;		/* output length, or -errno */
	const unsigned char *out;
	size_t used;		/* input a raw stream takes */
};

#include "inflate_vectors.h"

#define NVEC ARRAY_SIZE(inflate_vectors)
#define ERR_OUT_LEN (1 << 20)

static struct inflate_state state;

static unsigned char *dup_exact(const void *p, size_t len)
{
	unsigned char *d = malloc(len ? len : 1);

	if (!d)
		abort();
	memcpy(d, p, len);
	return d;
}

/* decode @len bytes of @in (copied to an exact-size buffer) into @out_len */
static ssize_t run(bool gzip, const void *in, size_t len, size_t *used,
		   unsigned char **out, size_t out_len, const char **why)
{
	unsigned char *copy = dup_exact(in, len);
	ssize_t n;

	*out = malloc(out_len ? out_len : 1);
	if (!*out)
		abort();
	if (gzip)
		n = gunzip_buf(&state, copy, len, used, *out, out_len, why);
	else
		n = inflate_raw(&state, copy, len, used, *out, out_len, why);
	free(copy);
	return n;
}

static size_t want_out_len(const struct inflate_vector *v)
{
	return v->ret >= 0 ? (size_t)v->ret : ERR_OUT_LEN;
}

UNIT_TEST(inflate, vectors)
{
	for (size_t i = 0; i < NVEC; i++) {
		const struct inflate_vector *v = &inflate_vectors[i];
		const char *why = "unset";
		size_t used = 0;
		unsigned char *out;
		ssize_t n;

		n = run(v->gzip, v->in, v->in_len, v->gzip ? NULL : &used,
			&out, want_out_len(v), &why);
		if (n != v->ret)
			EXPECT_FAIL("%s: returned %zd (%s), want %ld", v->name,
				    n, why ? why : "no reason", v->ret);
		else if (n >= 0 && memcmp(out, v->out, n))
			EXPECT_FAIL("%s: wrong output", v->name);
		else if (n >= 0 && why)
			EXPECT_FAIL("%s: reason \"%s\" on success", v->name,
				    why);
		else if (n < 0 && !why)
			EXPECT_FAIL("%s: no reason for %zd", v->name, n);
		else if (n >= 0 && !v->gzip && used != v->used)
			EXPECT_FAIL("%s: took %zu input bytes, want %zu",
				    v->name, used, v->used);
		free(out);
	}
}

UNIT_TEST(inflate, one_byte_short_is_enospc)
{
	for (size_t i = 0; i < NVEC; i++) {
		const struct inflate_vector *v = &inflate_vectors[i];
		const char *why;
		unsigned char *out;
		ssize_t n;

		if (v->ret <= 0)
			continue;
		n = run(v->gzip, v->in, v->in_len, NULL, &out, v->ret - 1,
			&why);
		if (n != -ENOSPC)
			EXPECT_FAIL("%s: %zd with %ld bytes of room",
				    v->name, n, v->ret - 1);
		free(out);
		n = run(v->gzip, v->in, v->in_len, NULL, &out, 0, &why);
		if (n != -ENOSPC)
			EXPECT_FAIL("%s: %zd with no output room", v->name, n);
		free(out);
	}
}

/* the output length of a prefix of @v that is whole gzip members, or -1 */
static long whole_members(const struct inflate_vector *v, size_t len)
{
	if (strcmp(v->name, "members_3"))
		return -1;
	for (size_t i = 0; i < ARRAY_SIZE(members_3_ends); i++)
		if (members_3_ends[i].in == len)
			return members_3_ends[i].out;
	return -1;
}

/*
 * Every prefix of a small stream, a spread of them for a large one and
 * every member boundary of members_3: an error unless the prefix is
 * whole members, which give their data.
 */
UNIT_TEST(inflate, every_truncation_fails)
{
	unsigned long tried = 0;

	for (size_t i = 0; i < NVEC; i++) {
		const struct inflate_vector *v = &inflate_vectors[i];
		size_t step = v->in_len <= 2048 ? 1 : v->in_len / 512;

		if (v->ret < 0)
			continue;
		for (size_t len = 0; len < v->in_len; len++) {
			const char *why = NULL;
			unsigned char *out;
			ssize_t n;

			long whole = whole_members(v, len);

			if (len % step && v->in_len - len > 64 && whole < 0)
				continue;
			n = run(v->gzip, v->in, len, NULL, &out,
				want_out_len(v), &why);
			if (whole >= 0 ? n != whole || memcmp(out, v->out, n) :
			    n != -EINVAL || !why)
				EXPECT_FAIL("%s cut to %zu of %zu bytes: %zd",
					    v->name, len, v->in_len, n);
			free(out);
			tried++;
		}
	}
	unit_note("%lu truncated streams", tried);
	EXPECT_TRUE(tried > 10000);
}

/*
 * A flipped bit in a gzip member is either caught or harmless (a field
 * nobody checks: MTIME, OS, padding bits); in the trailer it is always a
 * checksum error.  In a raw stream it may decode to other data: there it
 * only must not crash or overrun.
 */
UNIT_TEST(inflate, bit_flips)
{
	unsigned long caught = 0, harmless = 0;

	for (size_t i = 0; i < NVEC; i++) {
		const struct inflate_vector *v = &inflate_vectors[i];

		if (v->ret < 0 || v->in_len > 700)
			continue;
		for (size_t bit = 0; bit < v->in_len * 8; bit++) {
			unsigned char *in = dup_exact(v->in, v->in_len);
			bool trailer = v->gzip && bit / 8 >= v->in_len - 8;
			unsigned char *out;
			ssize_t n;

			in[bit / 8] ^= 1u << (bit % 8);
			n = run(v->gzip, in, v->in_len, NULL, &out,
				want_out_len(v), NULL);
			if (n < 0) {
				caught++;
				if (trailer && n != -EBADMSG)
					EXPECT_FAIL("%s bit %zu: %zd", v->name,
						    bit, n);
			} else if (v->gzip) {
				harmless++;
				if (n != v->ret || memcmp(out, v->out, n) ||
				    trailer)
					EXPECT_FAIL("%s bit %zu: wrong data",
						    v->name, bit);
			}
			free(out);
			free(in);
		}
	}
	unit_note("%lu flips caught, %lu harmless", caught, harmless);
	EXPECT_TRUE(caught > 1000);
}

static const struct inflate_vector *find(const char *name)
{
	for (size_t i = 0; i < NVEC; i++)
		if (!strcmp(inflate_vectors[i].name, name))
			return &inflate_vectors[i];
	return NULL;
}

UNIT_TEST(inflate, reasons)
{
	static const struct {
		const char *vector, *why;
	} cases[] = {
		{ "dist_too_far", "distance too far back" },
		{ "dist_at_start", "distance too far back" },
		{ "fixed_lit_286", "invalid literal/length code" },
		{ "fixed_dist_31", "invalid distance code" },
		{ "dyn_one_dist_other", "invalid distance code" },
		{ "block_type_3", "invalid block type" },
		{ "dyn_no_eob", "no end-of-block code" },
		{ "dyn_cl_oversub", "over-subscribed code-length code" },
		{ "dyn_cl_none", "incomplete code-length code" },
		{ "dyn_dist_incomplete", "incomplete distance code" },
		{ "dyn_one_dist_len2", "incomplete distance code" },
		{ "dyn_lit_oversub", "over-subscribed literal/length code" },
		{ "dyn_repeat_first", "repeat with no previous length" },
		{ "dyn_repeat_past_end", "length repeat past the last code" },
		{ "dyn_ndist_31", "too many length or distance codes" },
		{ "raw_empty_input", "compressed data ends early" },
		{ "gz_empty_input", "not in gzip format" },
		{ "gz_fhcrc_wrong", "gzip header CRC mismatch" },
		{ "gz_crc_wrong", "gzip data CRC mismatch" },
		{ "gz_isize_high", "gzip data length mismatch" },
		{ "gz_reserved_80", "reserved gzip header flag set" },
		{ "gz_trailing_garbage", "data after the last gzip member" },
		{ "gz_match_across_members", "distance too far back" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct inflate_vector *v = find(cases[i].vector);
		const char *why = NULL;
		unsigned char *out;

		ASSERT_NOT_NULL(v);
		run(v->gzip, v->in, v->in_len, NULL, &out, ERR_OUT_LEN, &why);
		EXPECT_STREQ(why ? why : "(none)", cases[i].why);
		free(out);
	}
}

/* what follows the members: a caller that asks is told where they end */
UNIT_TEST(gunzip, in_used_stops_after_members)
{
	const struct inflate_vector *v = find("members_3");
	static const unsigned char tail[][4] = {
		{ 0, 0, 0, 0 }, { 'x', 0x1f, 0x8b, 8 }, { 0x1f, 0, 0, 0 },
	};

	ASSERT_NOT_NULL(v);
	for (size_t t = 0; t < ARRAY_SIZE(tail); t++) {
		unsigned char *in = malloc(v->in_len + 4), *out;
		size_t used = 0;
		ssize_t n;

		ASSERT_NOT_NULL(in);
		memcpy(in, v->in, v->in_len);
		memcpy(in + v->in_len, tail[t], 4);
		n = run(true, in, v->in_len + 4, &used, &out, v->ret, NULL);
		EXPECT_EQ(n, v->ret);
		EXPECT_EQ(used, v->in_len);
		EXPECT_TRUE(n == v->ret && !memcmp(out, v->out, n));
		free(out);
		n = run(true, in, v->in_len + 4, NULL, &out, v->ret, NULL);
		EXPECT_EQ(n, -EINVAL);
		free(out);
		free(in);
	}
}

/* a raw stream's trailing bytes are not looked at */
UNIT_TEST(inflate, in_used_ignores_what_follows)
{
	const struct inflate_vector *v = find("three_block_types");
	unsigned char *in, *out;
	size_t used = 0;
	ssize_t n;

	ASSERT_NOT_NULL(v);
	in = malloc(v->in_len + 3);
	ASSERT_NOT_NULL(in);
	memcpy(in, v->in, v->in_len);
	memcpy(in + v->in_len, "\xff\x07\x00", 3);
	n = run(false, in, v->in_len + 3, &used, &out, v->ret, NULL);
	EXPECT_EQ(n, v->ret);
	EXPECT_EQ(used, v->in_len);
	free(out);
	free(in);
}
