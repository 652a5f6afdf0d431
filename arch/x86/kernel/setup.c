// SPDX-License-Identifier: GPL-2.0
/*
 * setup_arch(): from the firmware memory map to working page tables.
 */
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <asm/mtrr.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/setup.h>

extern char _text[], _end[];

void setup_arch(void)
{
	e820__memory_setup();
	x86_report_nx();
	mtrr_check_ram();
	/*
	 * The first MiB holds the BIOS data area, the EBDA and, later, the
	 * SMP trampoline: never hand it out.  Then the kernel image itself.
	 */
	memblock_reserve(0, SZ_1M);
	memblock_reserve(__pa_symbol(_text), __pa_symbol(_end) - __pa_symbol(_text));
	paging_init();
}
