/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * What a signal handler finds about the interrupted code: x86-64 Linux's
 * struct sigcontext (the general registers, 256 bytes) and the FPU state
 * it points to, which is the FXSAVE image followed, when the kernel used
 * XSAVE, by the rest of the XSAVE area and a closing magic word.
 */
#ifndef _UAPI_ASM_X86_SIGCONTEXT_H
#define _UAPI_ASM_X86_SIGCONTEXT_H

/* in the FXSAVE image's software-reserved bytes, when XSAVE state follows */
#define FP_XSTATE_MAGIC1	0x46505853U
/* right after the XSAVE area */
#define FP_XSTATE_MAGIC2	0x46505845U
#define FP_XSTATE_MAGIC2_SIZE	4
/* offset of struct _fpx_sw_bytes in the FXSAVE image */
#define FP_SW_BYTES_OFFSET	464

#ifndef __ASSEMBLY__
struct _fpx_sw_bytes {
	unsigned int magic1;
	unsigned int extended_size;	/* XSAVE area + FP_XSTATE_MAGIC2 */
	unsigned long long xfeatures;
	unsigned int xstate_size;	/* the XSAVE area */
	unsigned int padding[7];
};

struct sigcontext {
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
	unsigned long di, si, bp, bx, dx, ax, cx, sp, ip, flags;
	unsigned short cs, gs, fs, ss;
	unsigned long err, trapno, oldmask, cr2;
	unsigned long fpstate;		/* user address of the FPU state */
	unsigned long reserved1[8];
};
#endif

#endif /* _UAPI_ASM_X86_SIGCONTEXT_H */
