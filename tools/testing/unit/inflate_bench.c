// SPDX-License-Identifier: GPL-2.0
/*
 * Throughput of lib/gunzip.c on one gzip file, next to the host's zlib on
 * the same file and the same output buffer: "make inflate-bench".  Built
 * with -O2 and no sanitizers; a measurement, not a test.
 *
 *	inflate_bench FILE.gz [SECONDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include <linux/inflate.h>

static struct inflate_state state;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long zlib_gunzip(const unsigned char *in, size_t len,
			unsigned char *out, size_t out_len)
{
	z_stream z;
	int st;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 15 + 16) != Z_OK)
		return -1;
	z.next_in = (unsigned char *)in;
	z.avail_in = len;
	z.next_out = out;
	z.avail_out = out_len;
	st = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	return st == Z_STREAM_END ? (long)z.total_out : -1;
}

int main(int argc, char **argv)
{
	double secs = argc > 2 ? atof(argv[2]) : 1.0, t0, t;
	double best_mine = 1e9, best_zlib = 1e9;
	unsigned char *in, *out;
	size_t len, out_len;
	const char *why;
	long n = 0, runs;
	FILE *f;

	if (argc < 2 || !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: %s FILE.gz [SECONDS]\n", argv[0]);
		return 2;
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	in = malloc(len);
	if (!in || fread(in, 1, len, f) != len)
		return 2;
	fclose(f);
	/* a one-member file: ISIZE, the last four bytes, is the size */
	out_len = len >= 4 ? in[len - 4] | in[len - 3] << 8 |
			     in[len - 2] << 16 | (size_t)in[len - 1] << 24 : 0;
	out = malloc(out_len + 1);
	if (!out)
		return 2;

	/*
	 * The two take turns and each keeps its fastest run, so that other
	 * work on a shared machine slows neither figure more than the other.
	 */
	for (runs = 0, t0 = now(); now() - t0 < secs; runs++) {
		t = now();
		n = gunzip_buf(&state, in, len, NULL, out, out_len, &why);
		t = now() - t;
		if (n < 0) {
			fprintf(stderr, "gunzip_buf: %ld (%s)\n", n, why);
			return 1;
		}
		if (t < best_mine)
			best_mine = t;
		t = now();
		if (zlib_gunzip(in, len, out, out_len) != n) {
			fprintf(stderr, "zlib disagrees\n");
			return 1;
		}
		t = now() - t;
		if (t < best_zlib)
			best_zlib = t;
	}
	printf("%zu -> %ld bytes, best of %ld runs each\n", len, n, runs);
	printf("gunzip_buf:  %.1f MiB/s of output\n",
	       n / best_mine / (1 << 20));
	printf("zlib %s: %.1f MiB/s of output\n", zlibVersion(),
	       n / best_zlib / (1 << 20));
	return 0;
}
