// SPDX-License-Identifier: GPL-2.0
/*
 * User FPU state (asm/fpu.h): enabling SSE and XSAVE on each CPU, the
 * size of a task's buffer, its initial contents, saving and restoring.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/extable.h>
#include <asm/fpu.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/special_insns.h>

u64 fpu_xfeatures;
unsigned int fpu_state_size = FXSAVE_SIZE;
/* what exec gives: FNINIT's x87 state, MXCSR_DEFAULT, all else zero */
static struct fpu *init_fpstate;
/* the MXCSR bits this CPU implements; others make FXRSTOR/XRSTOR fault */
static u32 mxcsr_mask = 0xffbf;

/* legacy-region fields (SDM Vol. 1, Table 10-2) */
#define FXSAVE_FCW		0
#define FXSAVE_MXCSR		24
#define FXSAVE_MXCSR_MASK	28

static void xsetbv(u32 index, u64 v)
{
	__asm__ __volatile__("xsetbv" : : "c"(index), "a"((u32)v),
			     "d"((u32)(v >> 32)));
}

/* the features to enable: x87 and SSE always, AVX and AVX-512 whole */
static u64 xfeatures_wanted(void)
{
	u32 a, b, c, d;
	u64 mask;

	cpuid_count(0xd, 0, &a, &b, &c, &d);
	mask = ((u64)d << 32 | a) &
	       (XFEATURE_MASK_FP | XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
		XFEATURE_MASK_AVX512);
	if (!boot_cpu_has(X86_FEATURE_AVX))
		mask &= ~(XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512);
	if ((mask & XFEATURE_MASK_AVX512) != XFEATURE_MASK_AVX512)
		mask &= ~XFEATURE_MASK_AVX512;
	return mask;
}

/**
 * fpu_init_cpu() - let this CPU run user FPU/SSE/AVX code
 *
 * FXSR and SSE are required features (arch/x86/boot/verify_cpu.S).  CR0.EM
 * off and MP on: FPU instructions run and WAIT honours TS; NE for native
 * x87 error reporting.  With XSAVE, XCR0 gets the boot CPU's features, so
 * every CPU saves the same layout.
 */
void fpu_init_cpu(void)
{
	u64 cr0 = read_cr0();

	cr0 &= ~(X86_CR0_EM | X86_CR0_TS);
	write_cr0(cr0 | X86_CR0_MP | X86_CR0_NE);
	write_cr4(read_cr4() | X86_CR4_OSFXSR | X86_CR4_OSXMMEXCPT);
	if (boot_cpu_has(X86_FEATURE_XSAVE)) {
		if (!fpu_xfeatures)
			fpu_xfeatures = xfeatures_wanted();
		write_cr4(read_cr4() | X86_CR4_OSXSAVE);
		xsetbv(0, fpu_xfeatures);
	}
	__asm__ __volatile__("fninit");
}

static void fxsave(struct fpu *fpu)
{
	__asm__ __volatile__("fxsaveq %0" : "=m"(*(u8 (*)[FXSAVE_SIZE])fpu));
}

static void fxrstor(const struct fpu *fpu)
{
	__asm__ __volatile__("fxrstorq %0"
			     : : "m"(*(const u8 (*)[FXSAVE_SIZE])fpu));
}

void fpu_save(struct fpu *fpu)
{
	if (fpu_xfeatures)
		__asm__ __volatile__("xsaveq (%0)"
				     : : "r"(fpu), "a"((u32)fpu_xfeatures),
				       "d"((u32)(fpu_xfeatures >> 32))
				     : "memory");
	else
		fxsave(fpu);
}

void fpu_restore(const struct fpu *fpu)
{
	if (fpu_xfeatures)
		__asm__ __volatile__("xrstorq (%0)"
				     : : "r"(fpu), "a"((u32)fpu_xfeatures),
				       "d"((u32)(fpu_xfeatures >> 32))
				     : "memory");
	else
		fxrstor(fpu);
}

/**
 * fpu_alloc() - a state buffer for a user task, not yet initialised
 *
 * Returns NULL without memory.
 */
struct fpu *fpu_alloc(void)
{
	struct fpu *fpu = kmalloc(fpu_state_size, GFP_KERNEL);

	/* kmalloc's power-of-two classes are naturally aligned */
	BUG_ON((unsigned long)fpu & 63);
	return fpu;
}

void fpu_free(struct fpu *fpu)
{
	kfree(fpu);
}

/* the state exec gives a program */
/* XRSTOR/FXRSTOR of an image that came from user space: may fault */
static int fpu_restore_checked(const struct fpu *fpu)
{
	int err = 0;

	if (fpu_xfeatures)
		__asm__ __volatile__("1: xrstorq (%[f])\n"
				     "2:\n"
				     ".pushsection .text.fixup, \"ax\"\n"
				     "3: movl %[e], %[err]\n"
				     "jmp 2b\n"
				     ".popsection\n"
				     _ASM_EXTABLE(1b, 3b)
				     : [err] "+r"(err)
				     : [f] "r"(fpu), "a"((u32)fpu_xfeatures),
				       "d"((u32)(fpu_xfeatures >> 32)),
				       [e] "i"(-EINVAL)
				     : "memory");
	else
		__asm__ __volatile__("1: fxrstorq (%[f])\n"
				     "2:\n"
				     ".pushsection .text.fixup, \"ax\"\n"
				     "3: movl %[e], %[err]\n"
				     "jmp 2b\n"
				     ".popsection\n"
				     _ASM_EXTABLE(1b, 3b)
				     : [err] "+r"(err)
				     : [f] "r"(fpu), [e] "i"(-EINVAL)
				     : "memory");
	return err;
}

/**
 * fpu_restore_user_image() - load FPU state that user space handed in
 * @fpu: the task's buffer, holding the image (a signal frame's)
 * @whole: the XSAVE part is there too; else only the FXSAVE image
 *
 * What the CPU would refuse is cleaned first (MXCSR bits it lacks,
 * features not enabled, a compacted or dirty XSAVE header), and a load
 * that faults anyway leaves the initial state.  Returns 0 or -EINVAL.
 */
int fpu_restore_user_image(struct fpu *fpu, bool whole)
{
	u8 *s = fpu->state;
	u64 *hdr = (u64 *)(s + XSAVE_HDR_OFFSET);

	*(u32 *)(s + FXSAVE_MXCSR) &= mxcsr_mask;
	if (fpu_xfeatures) {
		if (!whole)
			hdr[0] = XFEATURE_MASK_FP | XFEATURE_MASK_SSE;
		hdr[0] &= fpu_xfeatures;
		memset(&hdr[1], 0, XSAVE_HDR_SIZE - sizeof(u64));
	}
	if (fpu_restore_checked(fpu)) {
		fpu_init_state(fpu);
		fpu_restore(fpu);
		return -EINVAL;
	}
	return 0;
}

void fpu_init_state(struct fpu *fpu)
{
	memcpy(fpu, init_fpstate, fpu_state_size);
}

void fpu_copy(struct fpu *dst, const struct fpu *src)
{
	memcpy(dst, src, fpu_state_size);
}


/**
 * fpu_init_boot() - size the buffers and build the initial state
 *
 * After kmalloc_init() and fpu_init_cpu() on the boot CPU.  The initial
 * state is written by hand rather than saved from the CPU, so it is the
 * architectural one whatever firmware left in the registers; with XSAVE
 * its header's XSTATE_BV is 0, which XRSTOR reads as "every component in
 * its initial configuration", except x87 and SSE whose legacy fields are
 * marked valid so that the control words below are loaded.
 */
void fpu_init_boot(void)
{
	u32 a, b, c, d;
	u8 *s;

	if (fpu_xfeatures) {
		/* EBX: the size for the features enabled in XCR0 now */
		cpuid_count(0xd, 0, &a, &b, &c, &d);
		fpu_state_size = b;
	}
	init_fpstate = fpu_alloc();
	if (!init_fpstate)
		panic("x86/fpu: no memory for the initial FPU state");
	s = init_fpstate->state;
	/* FXSAVE reports the MXCSR mask; 0 there means the original 0xffbf */
	memset(s, 0, fpu_state_size);
	fxsave(init_fpstate);
	if (*(u32 *)(s + FXSAVE_MXCSR_MASK))
		mxcsr_mask = *(u32 *)(s + FXSAVE_MXCSR_MASK);
	memset(s, 0, fpu_state_size);
	*(u16 *)(s + FXSAVE_FCW) = FCW_DEFAULT;
	*(u32 *)(s + FXSAVE_MXCSR) = MXCSR_DEFAULT;
	if (fpu_xfeatures)
		*(u64 *)(s + XSAVE_HDR_OFFSET) =
			XFEATURE_MASK_FP | XFEATURE_MASK_SSE;
	/* Linux's lines */
	if (fpu_xfeatures)
		pr_info("x86/fpu: Enabled xstate features 0x%llx, context size is %u bytes, using 'standard' format.\n",
			(unsigned long long)fpu_xfeatures, fpu_state_size);
	else
		pr_info("x86/fpu: x87 FPU will use FXSAVE\n");
}
