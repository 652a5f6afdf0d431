/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel image layout.  Every section is linked at its address in the
 * kernel mapping (0xffffffff80000000 + physical) and loaded at its physical
 * address, which is what QEMU's PVH loader uses.  Text, read-only data and
 * data sit on separate pages so each can get its own W^X permissions.  The
 * symbol table comes last so that filling it in moves nothing.
 */
#include <asm/page_types.h>

OUTPUT_FORMAT("elf64-x86-64")
OUTPUT_ARCH(i386:x86-64)
ENTRY(pvh_start_xen)

PHDRS {
	head PT_LOAD FLAGS(5);
	text PT_LOAD FLAGS(5);
	rodata PT_LOAD FLAGS(4);
	data PT_LOAD FLAGS(6);
	syms PT_LOAD FLAGS(4);
	note PT_NOTE FLAGS(4);
}

#define LOAD(sec) AT(ADDR(sec) - __START_KERNEL_map)

SECTIONS
{
	/*
	 * The 32-bit entry code, 1 MiB below the image, so that it runs and
	 * can say so on a machine with too little RAM to hold the image
	 * (arch/x86/boot/verify_mem.S).  Used once, by the boot CPU, and not
	 * part of [_text, _end), but [_head, _ehead) stays reserved like the
	 * image: QEMU rewrites every PT_LOAD segment of a -kernel ELF on each
	 * reset, the wake from S3 included, so a page handed out here would
	 * get this code written over it.
	 */
	. = __START_KERNEL_map + BOOT_ENTRY_PHYS;
	_head = .;
	.head.text : LOAD(.head.text) {
		KEEP(*(.head.multiboot2))
		*(.head.text)
	} :head
	. = ALIGN(4096);
	_ehead = .;

	. = __START_KERNEL;
	_text = .;
	.text : LOAD(.text) {
		*(.text .text.*)
	} :text
	. = ALIGN(4096);
	_etext = .;

	_rodata = .;
	.rodata : LOAD(.rodata) {
		*(.rodata .rodata.*)
		. = ALIGN(8);
		__start___ex_table = .;
		KEEP(*(__ex_table))
		__stop___ex_table = .;
		. = ALIGN(8);
		__start_ktest_suites = .;
		KEEP(*(.ktest_suites))
		__stop_ktest_suites = .;
		. = ALIGN(8);
		__start_kernel_params = .;
		KEEP(*(.kernel_params))
		__stop_kernel_params = .;
		. = ALIGN(8);
		__start_initcalls = .;
		KEEP(*(.initcalls))
		__stop_initcalls = .;
		. = ALIGN(8);
		__start_shell_cmds = .;
		KEEP(*(.shell_cmds))
		__stop_shell_cmds = .;
	} :rodata
	.notes : LOAD(.notes) {
		. = ALIGN(4);
		KEEP(*(.note.Xen))
	} :rodata :note
	. = ALIGN(4096);
	_erodata = .;

	_sdata = .;
	.data : LOAD(.data) {
		*(.data.page_aligned)
		*(.data .data.*)
	} :data
	.bss : LOAD(.bss) {
		__bss_start = .;
		*(.bss.page_aligned)
		*(.bss .bss.* COMMON)
		__bss_stop = .;
	} :data
	. = ALIGN(4096);
	_edata = .;

	.kallsyms : LOAD(.kallsyms) {
		*(.kallsyms)
	} :syms
	. = ALIGN(4096);
	_end = .;

	/DISCARD/ : {
		*(.comment) *(.eh_frame) *(.note.GNU-stack)
		*(.note.gnu.property) *(.note.gnu.build-id)
	}
}
