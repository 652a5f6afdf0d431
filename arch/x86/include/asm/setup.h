/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_SETUP_H
#define _ASM_X86_SETUP_H

/* memory map, memblock and page tables; needs the CPU identified */
void setup_arch(void);

#endif
