// SPDX-License-Identifier: GPL-2.0
/*
 * ChaCha20's block function, after RFC 7539 section 2.3 (the quarter
 * round of section 2.1, ten double rounds, the input added back, words
 * serialized little-endian).  Pure: the kernel and the host tests build
 * this file.
 */
#include <linux/chacha.h>

static u32 rol32(u32 v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

static u32 get_le32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

#define QR(a, b, c, d) do {					\
	a += b; d = rol32(d ^ a, 16);				\
	c += d; b = rol32(b ^ c, 12);				\
	a += b; d = rol32(d ^ a, 8);				\
	c += d; b = rol32(b ^ c, 7);				\
} while (0)

void chacha_init(u32 state[CHACHA_STATE_WORDS], const u8 key[CHACHA_KEY_SIZE],
		 u32 counter, const u8 nonce[12])
{
	int i;

	/* "expand 32-byte k" */
	state[0] = 0x61707865;
	state[1] = 0x3320646e;
	state[2] = 0x79622d32;
	state[3] = 0x6b206574;
	for (i = 0; i < 8; i++)
		state[4 + i] = get_le32(key + 4 * i);
	state[12] = counter;
	for (i = 0; i < 3; i++)
		state[13 + i] = get_le32(nonce + 4 * i);
}

void chacha20_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE])
{
	u32 x[CHACHA_STATE_WORDS];
	int i;

	for (i = 0; i < CHACHA_STATE_WORDS; i++)
		x[i] = state[i];
	for (i = 0; i < 10; i++) {
		/* columns, then diagonals */
		QR(x[0], x[4], x[8], x[12]);
		QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]);
		QR(x[3], x[7], x[11], x[15]);
		QR(x[0], x[5], x[10], x[15]);
		QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]);
		QR(x[3], x[4], x[9], x[14]);
	}
	for (i = 0; i < CHACHA_STATE_WORDS; i++)
		put_le32(out + 4 * i, x[i] + state[i]);
	state[12]++;
}
