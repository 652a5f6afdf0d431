/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User FPU, SSE and AVX state.  The kernel itself never touches those
 * registers (it is built with -mgeneral-regs-only), so a user task's
 * registers stay live in the CPU while it is in the kernel, and are saved
 * and restored only when the CPU switches tasks: eager switching, with
 * XSAVE/XRSTOR where the CPU has them and FXSAVE/FXRSTOR otherwise.
 *
 * The buffer is the hardware's layout: the 512-byte legacy (FXSAVE)
 * region first, then with XSAVE the 64-byte header and the extended
 * components, in the standard format for the features in XCR0.
 */
#ifndef _ASM_X86_FPU_H
#define _ASM_X86_FPU_H

#include <linux/types.h>

/* XCR0 bits (SDM Vol. 1, 13.1) */
#define XFEATURE_MASK_FP	0x01
#define XFEATURE_MASK_SSE	0x02
#define XFEATURE_MASK_YMM	0x04
#define XFEATURE_MASK_AVX512	0xe0	/* opmask, ZMM_Hi256, Hi16_ZMM */

#define FXSAVE_SIZE		512
#define XSAVE_HDR_OFFSET	512
#define XSAVE_HDR_SIZE		64
/* the MXCSR at power-on and after exec: every exception masked */
#define MXCSR_DEFAULT		0x1f80
/* the x87 control word after FNINIT (what exec gives) */
#define FCW_DEFAULT		0x037f

struct fpu {
	u8 state[0] __aligned(64);	/* fpu_state_size bytes */
};

/* XCR0 as set on every CPU; 0 without XSAVE */
extern u64 fpu_xfeatures;
/* bytes of struct fpu */
extern unsigned int fpu_state_size;

void fpu_init_cpu(void);
void fpu_init_boot(void);
struct fpu *fpu_alloc(void);
void fpu_free(struct fpu *fpu);
void fpu_init_state(struct fpu *fpu);
void fpu_copy(struct fpu *dst, const struct fpu *src);
void fpu_save(struct fpu *fpu);
void fpu_restore(const struct fpu *fpu);
int fpu_restore_user_image(struct fpu *fpu, bool whole);

#endif /* _ASM_X86_FPU_H */
