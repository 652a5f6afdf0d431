// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for lib/inflate.c and lib/gunzip.c, with the host's
 * zlib as the oracle: the two must accept the same streams and produce the
 * same bytes from the same input, and neither may read or write outside
 * its buffers (AddressSanitizer, UBSan).
 *
 * Input: one control byte, then the stream.  Bit 0 of the control byte
 * picks gzip (gunzip_buf() against zlib's gzip wrapper) or raw DEFLATE
 * (inflate_raw() against raw zlib); the other seven bits size the output
 * buffer (0: 256 KiB, else 97 bytes per step), so that both fill it up.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <linux/errno.h>
#include <linux/inflate.h>

static struct inflate_state state;

struct zres {
	int status;
	size_t out, in;
};

static struct zres zlib_run(bool gzip, const uint8_t *in, size_t len,
			    uint8_t *out, size_t out_len)
{
	struct zres r = { .status = Z_MEM_ERROR };
	z_stream z;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, gzip ? 15 + 16 : -15) != Z_OK)
		abort();
	z.next_in = (uint8_t *)in;
	z.avail_in = len;
	z.next_out = out;
	z.avail_out = out_len;
	r.status = inflate(&z, Z_FINISH);
	r.out = z.total_out;
	r.in = z.total_in;
	inflateEnd(&z);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t out_len, used = 0;
	bool gzip, more_members;
	uint8_t *in, *mine, *theirs;
	const char *why;
	struct zres z;
	ssize_t n;

	if (!size)
		return 0;
	gzip = data[0] & 1;
	out_len = (data[0] >> 1) ? (data[0] >> 1) * 97u : 256u << 10;
	size--;
	/* exact-size copies, so that a read past the end is caught */
	in = malloc(size ? size : 1);
	mine = malloc(out_len);
	theirs = malloc(out_len);
	if (!in || !mine || !theirs)
		abort();
	memcpy(in, data + 1, size);

	if (gzip)
		n = gunzip_buf(&state, in, size, &used, mine, out_len, &why);
	else
		n = inflate_raw(&state, in, size, &used, mine, out_len, &why);
	z = zlib_run(gzip, in, size, theirs, out_len);

	if (n >= 0 && why)
		abort();		/* a reason given for a success */
	if (n < 0 && (!why || (n != -EINVAL && n != -ENOSPC &&
			       n != -EBADMSG)))
		abort();
	if (z.status == Z_STREAM_END) {
		/* zlib stops after one member; gunzip_buf() goes on */
		more_members = gzip && size - z.in >= 2 &&
			       in[z.in] == 0x1f && in[z.in + 1] == 0x8b;
		if (!more_members && ((size_t)n != z.out || used != z.in))
			abort();
		if (n >= 0 && ((size_t)n < z.out ||
			       memcmp(mine, theirs, z.out)))
			abort();
	} else if (n >= 0) {
		abort();		/* accepted what zlib refuses */
	}
	if (z.status == Z_DATA_ERROR && n >= 0)
		abort();

	free(theirs);
	free(mine);
	free(in);
	return 0;
}
