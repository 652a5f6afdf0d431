// SPDX-License-Identifier: GPL-2.0
/*
 * start_kernel(): the order in which the kernel comes up.  Each step may
 * rely only on those before it.
 */
#include <linux/acpi.h>
#include <linux/bug.h>
#include <linux/fb.h>
#include <linux/kernel.h>
#include <linux/hpet.h>
#include <linux/initramfs.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/start_kernel.h>
#include <linux/utsname.h>
#include <linux/vfile.h>
#include <asm/apic.h>
#include <asm/bootparam.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/setup.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <asm/tsc.h>

void start_kernel(void)
{
	pr_notice("%s", linux_banner);
	pr_notice("Command line: %s\n", boot_params.cmdline);
	parse_args(true);
	idt_setup();
	tsc_init();
	early_cpu_init();
	mtrr_bp_init();
	pat_bp_init();
	setup_arch();
	mem_init();
	kmalloc_init();
	fpu_init_boot();
	memtype_init();

	/* from here on: needs memory management and page tables (ACPI maps) */
	parse_args(false);
	acpi_table_init();
	vfile_init();
	mm_proc_init();
	cpuinfo_proc_init();
	mtrr_proc_init();
	pat_debugfs_init();
	memtype_debugfs_init();
	pat_verify_debugfs_init();
	ptdump_init();

	/* drivers: need ACPI tables and ioremap() */
	pci_init();
	hpet_init();
	apic_init();
	smp_init();
	crash_test_run();
	pat_cpus_debugfs_init();
	bochs_fb_init();
	populate_rootfs();
	ktest_boot();
	shell_main();
}
