/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/* x86-64 Linux's struct ucontext, the middle of a signal frame. */
#ifndef _UAPI_ASM_X86_UCONTEXT_H
#define _UAPI_ASM_X86_UCONTEXT_H

#include <asm/sigcontext.h>
#include <asm/signal.h>

/* uc_flags */
#define UC_FP_XSTATE		0x1	/* fpstate has XSAVE state after it */
#define UC_SIGCONTEXT_SS	0x2	/* sigcontext.ss is saved */
#define UC_STRICT_RESTORE_SS	0x4	/* and sigreturn restores it as is */

#ifndef __ASSEMBLY__
struct ucontext {
	unsigned long uc_flags;
	struct ucontext __user *uc_link;
	stack_t uc_stack;
	struct sigcontext uc_mcontext;
	sigset_t uc_sigmask;
};
#endif

#endif /* _UAPI_ASM_X86_UCONTEXT_H */
