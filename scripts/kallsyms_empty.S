/* SPDX-License-Identifier: GPL-2.0 */
/* An empty symbol table for the first link; see scripts/kallsyms.sh. */
	.section .kallsyms, "a"
	.balign 8
	.globl kallsyms_num
kallsyms_num:
	.quad 0
	.globl kallsyms_addresses
kallsyms_addresses:
	.globl kallsyms_offsets
kallsyms_offsets:
	.globl kallsyms_names
kallsyms_names:
	.byte 0
