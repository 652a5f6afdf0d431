/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The terminal ioctl numbers of Linux x86-64 (asm-generic's, which x86
 * uses): the old 'T' << 8 numbering, not _IOC-encoded.  Only the ones
 * cachet's tty answers are listed.
 */
#ifndef _CACHET_UAPI_ASM_GENERIC_IOCTLS_H
#define _CACHET_UAPI_ASM_GENERIC_IOCTLS_H

#define TCGETS		0x5401
#define TCSETS		0x5402
#define TCSETSW		0x5403
#define TCSETSF		0x5404
#define TCSBRK		0x5409
#define TCXONC		0x540A
#define TCFLSH		0x540B
#define TIOCSCTTY	0x540E
#define TIOCGPGRP	0x540F
#define TIOCSPGRP	0x5410
#define TIOCGWINSZ	0x5413
#define TIOCSWINSZ	0x5414
#define FIONREAD	0x541B
#define TIOCNOTTY	0x5422
#define TIOCGSID	0x5429

#endif /* _CACHET_UAPI_ASM_GENERIC_IOCTLS_H */
