/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's cryptographic random numbers (drivers/char/random.c): a
 * ChaCha20 generator seeded at boot, for /dev/urandom, /dev/random and
 * whatever needs unpredictable bytes (exec's AT_RANDOM).
 */
#ifndef _CACHET_LINUX_RANDOM_H
#define _CACHET_LINUX_RANDOM_H

#include <linux/types.h>

/* seed the generator; before anything reads it (vfs_register_filesystems) */
void rand_initialize(void);
/* @len unpredictable bytes; never blocks, never fails */
void get_random_bytes(void *buf, size_t len);
/* mix caller-provided bytes in (a write to /dev/urandom), credit nothing */
void add_device_randomness(const void *buf, size_t len);

#endif /* _CACHET_LINUX_RANDOM_H */
