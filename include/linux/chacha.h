/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ChaCha20 block function (RFC 7539, section 2.3): 16 words of state
 * (constants, 256-bit key, 32-bit counter, 96-bit nonce) to 64 bytes of
 * key stream.  Pure, for the CRNG (drivers/char/random.c) and the host
 * tests, which check it against the RFC's vectors.
 */
#ifndef _CACHET_LINUX_CHACHA_H
#define _CACHET_LINUX_CHACHA_H

#include <linux/types.h>

#define CHACHA_KEY_SIZE		32
#define CHACHA_BLOCK_SIZE	64
#define CHACHA_STATE_WORDS	16

/* state[0..3] "expand 32-byte k", [4..11] key, [12] counter, [13..15] nonce */
void chacha_init(u32 state[CHACHA_STATE_WORDS], const u8 key[CHACHA_KEY_SIZE],
		 u32 counter, const u8 nonce[12]);
/* one block of key stream into @out; the counter (state[12]) advances */
void chacha20_block(u32 state[CHACHA_STATE_WORDS],
		    u8 out[CHACHA_BLOCK_SIZE]);

#endif /* _CACHET_LINUX_CHACHA_H */
