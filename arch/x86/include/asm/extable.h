/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Exception fixups: an instruction allowed to fault records where to go
 * instead (the __ex_table section).  The kernel uses it to probe memory on
 * purpose, e.g. a test that writes to a read-only page and expects #PF.
 */
#ifndef _ASM_X86_EXTABLE_H
#define _ASM_X86_EXTABLE_H

#include <linux/types.h>

struct exception_table_entry {
	unsigned long insn;
	unsigned long fixup;
};

#define _ASM_EXTABLE(from, to)				\
	".pushsection __ex_table, \"a\"\n"		\
	".balign 8\n"					\
	".quad " #from ", " #to "\n"			\
	".popsection\n"

struct pt_regs;
bool fixup_exception(struct pt_regs *regs);
bool search_exception_table(unsigned long ip);

/**
 * probe_write_u8() - write a byte, surviving a fault
 * Returns 0, or -EFAULT if the write faulted (nothing was written).
 */
int probe_write_u8(volatile u8 *p, u8 v);
/**
 * probe_read_u8() - read a byte, surviving a fault
 * Returns 0 and the byte in *v, or -EFAULT.
 */
int probe_read_u8(const volatile u8 *p, u8 *v);

#endif /* _ASM_X86_EXTABLE_H */
