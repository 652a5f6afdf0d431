// SPDX-License-Identifier: GPL-2.0
/*
 * start_kernel(): the order in which the kernel comes up.  Each step may
 * rely only on those before it.
 */
#include <linux/acpi.h>
#include <linux/bug.h>
#include <linux/cmdline.h>
#include <linux/cpu.h>
#include <linux/e820.h>
#include <linux/ioport.h>
#include <linux/fb.h>
#include <linux/firmware-map.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/hpet.h>
#include <linux/initramfs.h>
#include <linux/ktest.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/serial_8250.h>
#include <linux/start_kernel.h>
#include <linux/suspend.h>
#include <linux/tick.h>
#include <linux/timekeeping.h>
#include <linux/utsname.h>
#include <linux/vfile.h>
#include <asm/apic.h>
#include <asm/bootparam.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/setup.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <asm/tsc.h>

/* pid 1: the rest of the boot, in a task of its own, as Linux's */
static int kernel_init(void *unused)
{
	const char *rdinit = populate_rootfs();

	ktest_boot();
	/* the built-in shell when asked for, or with no initramfs at all */
	if (!cmdline_get("shell.run") && boot_params.initrd_paddr)
		run_init(rdinit);
	shell_main();
	return 0;
}

/*
 * Linux's rest_init(): hand the rest of the boot to pid 1 and become CPU
 * 0's idle task.  The boot context has been that task since sched_init().
 */
static void __noreturn rest_init(void)
{
	struct task_struct *init = kthread_create_init(kernel_init, NULL);

	if (!init)
		panic("cannot create the init task");
	/* nobody stops init: drop the creator's reference now */
	wake_up_process(init);
	put_task_struct(init);
	cpu_startup_entry();
}

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
	proc_uptime_init();
	proc_stat_init();
	proc_loadavg_init();
	cpu_sysfs_init();
	firmware_memmap_init();
	e820__reserve_resources();
	resource_proc_init();

	/* drivers: need ACPI tables and ioremap() */
	pci_init();
	e820__reserve_resources_late();
	hpet_init();
	apic_init();
	sched_init();
	smp_init();
	tick_init();
	timekeeping_init(rtc_cmos_read_seconds());
	serial8250_irq_init();	/* needs the IO-APIC and this CPU's APIC */
	crash_test_run();
	pat_cpus_debugfs_init();
	cpu_online_sysfs_init();
	efifb_init();		/* the firmware's, until the device's driver */
	bochs_fb_init();
	pm_init();
	vfs_caches_init();
	msr_init();
	fbmem_init();
	rest_init();
}
