/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the boot CPU saves before ACPI S3 and gets back on wake
 * (arch/x86/kernel/acpi/sleep.c and wakeup_64.S): the SC_* offsets are
 * shared by the assembly and the C struct, which checks them.
 */
#ifndef _ASM_X86_SUSPEND_H
#define _ASM_X86_SUSPEND_H

#define SC_CR0		0
#define SC_CR3		8
#define SC_CR4		16
#define SC_EFER		24
#define SC_RSP		32
#define SC_RBX		40
#define SC_RBP		48
#define SC_R12		56
#define SC_R13		64
#define SC_R14		72
#define SC_R15		80
#define SC_FS_BASE	88
#define SC_GS_BASE	96
#define SC_KGS_BASE	104
#define SC_CS		112
#define SC_DS		114
#define SC_ES		116
#define SC_SS		118
#define SC_FS		120
#define SC_GS		122
#define SC_TR		124
#define SC_GDT		128	/* 2-byte limit, 8-byte base */
#define SC_IDT		144
#define SC_SIZE		160

#ifndef __ASSEMBLY__
#include <linux/types.h>

struct x86_desc_ptr {
	u16 limit;
	u64 base;
} __packed;

struct x86_saved_context {
	u64 cr0, cr3, cr4, efer;
	u64 rsp, rbx, rbp, r12, r13, r14, r15;
	u64 fs_base, gs_base, kernel_gs_base;
	u16 cs, ds, es, ss, fs, gs, tr, pad0;
	struct x86_desc_ptr gdt;
	u8 pad1[6];
	struct x86_desc_ptr idt;
	u8 pad2[6];
};

extern struct x86_saved_context x86_saved_context;
/* the kernel image's writable part (vmlinux.lds.S) */
extern char _sdata[], _edata[];

/*
 * wakeup_64.S: save, copy [_sdata, _edata) to @image_copy, call @enter;
 * returns its error, or 0 after a wake
 */
int do_suspend_lowlevel(int (*enter)(void), void *image_copy);
/* wakeup_64.S: the 64-bit entry the real-mode image's wake path jumps to */
extern const char wakeup_long64[];

int x86_acpi_suspend_lowlevel(void);
int x86_acpi_sleep_init(void);
#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_SUSPEND_H */
