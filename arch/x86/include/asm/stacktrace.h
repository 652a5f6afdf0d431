/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_STACKTRACE_H
#define _ASM_X86_STACKTRACE_H

/* print the call chain by walking saved frame pointers */
void dump_stack(void);
void show_trace_log(unsigned long rbp, unsigned long rip);

#endif
