// SPDX-License-Identifier: GPL-2.0
/*
 * The CRNG: a ChaCha20 key that turns into key stream, with fast key
 * erasure (every request ends by replacing the key with fresh key
 * stream, so a later compromise of the state cannot reveal earlier
 * output), as Linux's crng does.
 *
 * The seed comes from the CPU's RDSEED or RDRAND where it has them
 * (several 64-bit values XORed into the key), else from TSC jitter: the
 * low bits of the TSC around work whose duration varies, each sample
 * stirred in through a ChaCha20 block.  The boot says which, then
 * Linux's "random: crng init done".  Writes to /dev/urandom are mixed in
 * the same way.
 */
#include <linux/chacha.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/cpufeatures.h>
#include <asm/processor.h>
#include <asm/special_insns.h>

/* CPUID.01H:ECX bit 30 and CPUID.(EAX=07H,ECX=0):EBX bit 18 */
#define RANDOM_FEATURE_RDRAND	(CPUID_WORD_1_ECX * 32 + 30)
#define RANDOM_FEATURE_RDSEED	(CPUID_WORD_7_EBX * 32 + 18)
#define TSC_JITTER_SAMPLES	4096

static u8 crng_key[CHACHA_KEY_SIZE];
static u64 crng_generation;	/* a nonce: never the same block twice */
static DEFINE_SPINLOCK(crng_lock);

/* one block from the current key; crng_lock held */
static void crng_block(u8 out[CHACHA_BLOCK_SIZE])
{
	u32 state[CHACHA_STATE_WORDS];
	u8 nonce[12] = { 0 };

	memcpy(nonce, &crng_generation, sizeof(crng_generation));
	crng_generation++;
	chacha_init(state, crng_key, 0, nonce);
	chacha20_block(state, out);
	memset(state, 0, sizeof(state));
}

/* XOR @buf into the key and stir: crng_lock held */
static void crng_mix(const void *buf, size_t len)
{
	u8 block[CHACHA_BLOCK_SIZE];
	const u8 *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		crng_key[i % CHACHA_KEY_SIZE] ^= p[i];
	crng_block(block);
	memcpy(crng_key, block, CHACHA_KEY_SIZE);
	memset(block, 0, sizeof(block));
}

static bool rdseed64(u64 *v)
{
	bool ok;

	asm volatile("rdseed %0; setc %1" : "=r"(*v), "=qm"(ok));
	return ok;
}

static bool rdrand64(u64 *v)
{
	bool ok;

	asm volatile("rdrand %0; setc %1" : "=r"(*v), "=qm"(ok));
	return ok;
}

/* fill the key from @insn; false when it keeps failing */
static bool seed_from(bool (*insn)(u64 *v))
{
	u64 v[CHACHA_KEY_SIZE / 8];
	unsigned int i, tries;

	for (i = 0; i < ARRAY_SIZE(v); i++) {
		for (tries = 0; tries < 16 && !insn(&v[i]); tries++)
			cpu_relax();
		if (tries == 16)
			return false;
	}
	crng_mix(v, sizeof(v));
	memset(v, 0, sizeof(v));
	return true;
}

/* TSC jitter: the variation of a short, memory-touching loop */
static void seed_from_jitter(void)
{
	static volatile u8 scratch[4096];
	unsigned int i, j;
	u64 t[8];

	for (i = 0; i < TSC_JITTER_SAMPLES / ARRAY_SIZE(t); i++) {
		for (j = 0; j < ARRAY_SIZE(t); j++) {
			t[j] = rdtsc();
			scratch[(t[j] * 61) % sizeof(scratch)] += t[j];
		}
		crng_mix(t, sizeof(t));
	}
}

void rand_initialize(void)
{
	const char *source = "TSC jitter";
	unsigned long flags;
	u64 tsc = rdtsc();

	spin_lock_irqsave(&crng_lock, flags);
	crng_mix(&tsc, sizeof(tsc));
	if (boot_cpu_has(RANDOM_FEATURE_RDSEED) && seed_from(rdseed64))
		source = "RDSEED";
	else if (boot_cpu_has(RANDOM_FEATURE_RDRAND) && seed_from(rdrand64))
		source = "RDRAND";
	else
		seed_from_jitter();
	spin_unlock_irqrestore(&crng_lock, flags);
	pr_info("random: crng seeded from %s\n", source);
	pr_info("random: crng init done\n");
}

/**
 * get_random_bytes() - @len bytes of ChaCha20 key stream
 * @buf: where they go
 * @len: any length
 *
 * The key is replaced by fresh key stream after each call.
 */
void get_random_bytes(void *buf, size_t len)
{
	u8 block[CHACHA_BLOCK_SIZE];
	unsigned long flags;
	u8 *p = buf;

	spin_lock_irqsave(&crng_lock, flags);
	while (len) {
		size_t n = min_t(size_t, len, sizeof(block));

		crng_block(block);
		memcpy(p, block, n);
		p += n;
		len -= n;
	}
	crng_block(block);
	memcpy(crng_key, block, CHACHA_KEY_SIZE);
	spin_unlock_irqrestore(&crng_lock, flags);
	memset(block, 0, sizeof(block));
}

void add_device_randomness(const void *buf, size_t len)
{
	unsigned long flags;
	u64 tsc = rdtsc();

	spin_lock_irqsave(&crng_lock, flags);
	crng_mix(&tsc, sizeof(tsc));
	crng_mix(buf, len);
	spin_unlock_irqrestore(&crng_lock, flags);
}
