/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The terminal attributes of Linux x86-64's TCGETS/TCSETS ioctls: the
 * kernel's struct termios (not libc's, which is larger), its flag bits
 * and the c_cc indices.  User programs pass this layout to the kernel, so
 * every value here is Linux's; tools/testing/unit/test_n_tty.c compares
 * them with the host's <asm/termbits.h>.
 */
#ifndef _CACHET_UAPI_ASM_GENERIC_TERMBITS_H
#define _CACHET_UAPI_ASM_GENERIC_TERMBITS_H

typedef unsigned char	cc_t;
typedef unsigned int	speed_t;
typedef unsigned int	tcflag_t;

#define NCCS 19

struct termios {
	tcflag_t c_iflag;		/* input modes */
	tcflag_t c_oflag;		/* output modes */
	tcflag_t c_cflag;		/* control modes */
	tcflag_t c_lflag;		/* local modes */
	cc_t c_line;			/* line discipline */
	cc_t c_cc[NCCS];		/* control characters */
};

struct winsize {
	unsigned short ws_row;
	unsigned short ws_col;
	unsigned short ws_xpixel;
	unsigned short ws_ypixel;
};

/* c_cc indices */
#define VINTR		0
#define VQUIT		1
#define VERASE		2
#define VKILL		3
#define VEOF		4
#define VTIME		5
#define VMIN		6
#define VSWTC		7
#define VSTART		8
#define VSTOP		9
#define VSUSP		10
#define VEOL		11
#define VREPRINT	12
#define VDISCARD	13
#define VWERASE		14
#define VLNEXT		15
#define VEOL2		16

/* c_iflag */
#define IGNBRK	0000001
#define BRKINT	0000002
#define IGNPAR	0000004
#define PARMRK	0000010
#define INPCK	0000020
#define ISTRIP	0000040
#define INLCR	0000100
#define IGNCR	0000200
#define ICRNL	0000400
#define IUCLC	0001000
#define IXON	0002000
#define IXANY	0004000
#define IXOFF	0010000
#define IMAXBEL	0020000
#define IUTF8	0040000

/* c_oflag */
#define OPOST	0000001
#define OLCUC	0000002
#define ONLCR	0000004
#define OCRNL	0000010
#define ONOCR	0000020
#define ONLRET	0000040

/* c_cflag */
#define CBAUD	0010017
#define B9600	0000015
#define B38400	0000017
#define B115200	0010002
#define CSIZE	0000060
#define CS8	0000060
#define CSTOPB	0000100
#define CREAD	0000200
#define PARENB	0000400
#define HUPCL	0002000
#define CLOCAL	0004000

/* c_lflag */
#define ISIG	0000001
#define ICANON	0000002
#define ECHO	0000010
#define ECHOE	0000020
#define ECHOK	0000040
#define ECHONL	0000100
#define NOFLSH	0000200
#define TOSTOP	0000400
#define ECHOCTL	0001000
#define ECHOPRT	0002000
#define ECHOKE	0004000
#define FLUSHO	0010000
#define PENDIN	0040000
#define IEXTEN	0100000

/* TCFLSH's argument */
#define TCIFLUSH	0
#define TCOFLUSH	1
#define TCIOFLUSH	2

/* TCXONC's argument */
#define TCOOFF		0
#define TCOON		1
#define TCIOFF		2
#define TCION		3

#endif /* _CACHET_UAPI_ASM_GENERIC_TERMBITS_H */
