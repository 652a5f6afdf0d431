// SPDX-License-Identifier: GPL-2.0
/*
 * setup_arch(): from the firmware memory map to working page tables.
 */
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/printk.h>
#include <asm/bootparam.h>
#include <asm/mtrr.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/setup.h>

extern char _head[], _ehead[], _text[], _end[];

/*
 * Keep the allocator off the initramfs until it is unpacked.  It must be
 * whole pages of RAM, or the direct map cannot reach it: anything else is
 * ignored, with Linux's RAMDISK line saying where it was.
 */
static void reserve_initrd(void)
{
	u64 start = boot_params.initrd_paddr;
	u64 size = boot_params.initrd_size;

	if (!start)
		return;
	pr_info("RAMDISK: [mem %#010llx-%#010llx]\n",
		(unsigned long long)start,
		(unsigned long long)(start + size - 1));
	if (!size || start + size < start ||
	    !e820__mapped_all(start & PAGE_MASK, PAGE_ALIGN(start + size),
			      E820_TYPE_RAM) ||
	    memblock_reserve(start & PAGE_MASK,
			     PAGE_ALIGN(start + size) - (start & PAGE_MASK))) {
		pr_err("initrd: not in RAM or cannot be reserved: ignored\n");
		boot_params.initrd_paddr = 0;
		boot_params.initrd_size = 0;
	}
}

void setup_arch(void)
{
	e820__memory_setup();
	x86_report_nx();
	mtrr_check_ram();
	/*
	 * The first MiB holds the BIOS data area, the EBDA and, later, the
	 * SMP trampoline: never hand it out.  Then the kernel image itself,
	 * and the 32-bit entry page below it: QEMU reloads both from the
	 * ELF on every reset, the wake from S3 included.
	 */
	memblock_reserve(0, SZ_1M);
	memblock_reserve(__pa_symbol(_text), __pa_symbol(_end) - __pa_symbol(_text));
	memblock_reserve(__pa_symbol(_head), __pa_symbol(_ehead) - __pa_symbol(_head));
	reserve_initrd();
	paging_init();
}
