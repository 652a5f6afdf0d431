// SPDX-License-Identifier: GPL-2.0
/*
 * gzip (RFC 1952) member framing around lib/inflate.c: the header with
 * its optional fields, the DEFLATE data, then the CRC-32 and the length
 * (mod 2^32) of the member's data, both checked.  A gzip file is one or
 * more members back to back, and the data is their outputs concatenated;
 * a member's matches may not reach into the member before it.
 *
 *	+---+---+---+---+---+---+---+---+---+---+
 *	|ID1|ID2|CM |FLG|     MTIME     |XFL|OS |   ID1 ID2 = 1f 8b, CM = 8
 *	+---+---+---+---+---+---+---+---+---+---+
 *	FEXTRA:   XLEN (2 bytes, little-endian), XLEN bytes
 *	FNAME:    a zero-terminated name
 *	FCOMMENT: a zero-terminated comment
 *	FHCRC:    the low 16 bits of the CRC-32 of the header bytes before it
 *	DEFLATE data, CRC32 (4 bytes), ISIZE (4 bytes)
 *
 * The header is only checked, never interpreted: MTIME, XFL, OS, FTEXT,
 * the extra field, the name and the comment do not change the output.
 */
#include <linux/crc32.h>
#include <linux/errno.h>
#include <linux/inflate.h>

#define GZ_FTEXT	0x01
#define GZ_FHCRC	0x02
#define GZ_FEXTRA	0x04
#define GZ_FNAME	0x08
#define GZ_FCOMMENT	0x10
#define GZ_FRESERVED	0xe0

#define GZ_HEADER_LEN	10
#define GZ_TRAILER_LEN	8

static u32 get_le16(const u8 *p)
{
	return p[0] | p[1] << 8;
}

static u32 get_le32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static bool gz_magic(const u8 *p, size_t len)
{
	return len >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

/* the end of a zero-terminated field starting at @pos, or 0 if none */
static size_t skip_string(const u8 *p, size_t len, size_t pos)
{
	while (pos < len)
		if (!p[pos++])
			return pos;
	return 0;
}

/* the length of a member's header, or a negative errno */
static ssize_t gz_header(const u8 *p, size_t len, const char **why)
{
	size_t pos = GZ_HEADER_LEN;
	u8 flg;

	if (!gz_magic(p, len)) {
		*why = "not in gzip format";
		return -EINVAL;
	}
	if (len < GZ_HEADER_LEN) {
		*why = "gzip header ends early";
		return -EINVAL;
	}
	if (p[2] != 8) {
		*why = "unknown gzip compression method";
		return -EINVAL;
	}
	flg = p[3];
	if (flg & GZ_FRESERVED) {
		*why = "reserved gzip header flag set";
		return -EINVAL;
	}
	if (flg & GZ_FEXTRA) {
		size_t xlen;

		if (len - pos < 2)
			goto short_header;
		xlen = get_le16(p + pos);
		pos += 2;
		if (len - pos < xlen)
			goto short_header;
		pos += xlen;
	}
	if (flg & GZ_FNAME) {
		pos = skip_string(p, len, pos);
		if (!pos)
			goto short_header;
	}
	if (flg & GZ_FCOMMENT) {
		pos = skip_string(p, len, pos);
		if (!pos)
			goto short_header;
	}
	if (flg & GZ_FHCRC) {
		u32 crc = ~crc32_le(~0u, p, pos);

		if (len - pos < 2)
			goto short_header;
		if ((crc & 0xffff) != get_le16(p + pos)) {
			*why = "gzip header CRC mismatch";
			return -EBADMSG;
		}
		pos += 2;
	}
	return pos;

short_header:
	*why = "gzip header ends early";
	return -EINVAL;
}

/* one member: its output length, the input it took in *used */
static ssize_t gz_member(struct inflate_state *st, const u8 *in, size_t len,
			 size_t *used, u8 *out, size_t out_len,
			 const char **why)
{
	ssize_t hdr, n;
	size_t taken;

	hdr = gz_header(in, len, why);
	if (hdr < 0)
		return hdr;
	n = inflate_raw(st, in + hdr, len - hdr, &taken, out, out_len, why);
	if (n < 0)
		return n;
	taken += hdr;
	if (len - taken < GZ_TRAILER_LEN) {
		*why = "gzip trailer ends early";
		return -EINVAL;
	}
	if (get_le32(in + taken) != ~crc32_le(~0u, out, n)) {
		*why = "gzip data CRC mismatch";
		return -EBADMSG;
	}
	if (get_le32(in + taken + 4) != (u32)n) {
		*why = "gzip data length mismatch";
		return -EBADMSG;
	}
	*used = taken + GZ_TRAILER_LEN;
	return n;
}

/**
 * gunzip_buf() - decompress gzip data: one member or several in a row
 * @st: working state, owned by the caller for the call
 * @in: the gzip data
 * @in_len: its length in bytes
 * @in_used: NULL when @in must be gzip members to its last byte; else
 *	decoding stops after the first member not followed by the gzip
 *	magic, and on success this is set to the bytes the members took
 * @out: where the data goes
 * @out_len: its size in bytes; each member's ISIZE trailer gives its
 *	length mod 2^32, the last four bytes of a one-member file the size
 * @reason: if not NULL, set to NULL on success, else to why it failed
 *
 * Return: the number of bytes written to @out; -EINVAL for data that is
 * not gzip, malformed or truncated (empty input included); -ENOSPC when
 * @out is too small; -EBADMSG when a CRC or a length does not match.
 */
ssize_t gunzip_buf(struct inflate_state *st, const void *in, size_t in_len,
		   size_t *in_used, void *out, size_t out_len,
		   const char **reason)
{
	const u8 *p = in;
	size_t pos = 0, done = 0, used;
	const char *why = NULL;
	ssize_t n;

	if (out_len > (size_t)-1 >> 1)
		out_len = (size_t)-1 >> 1;
	for (;;) {
		n = gz_member(st, p + pos, in_len - pos, &used,
			      (u8 *)out + done, out_len - done, &why);
		if (n < 0)
			goto out;
		pos += used;
		done += n;
		if (pos == in_len)
			break;
		if (!gz_magic(p + pos, in_len - pos)) {
			if (in_used)
				break;
			why = "data after the last gzip member";
			n = -EINVAL;
			goto out;
		}
	}

	if (in_used)
		*in_used = pos;
	n = done;
out:
	if (reason)
		*reason = why;
	return n;
}
