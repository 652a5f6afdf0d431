// SPDX-License-Identifier: GPL-2.0
/*
 * x86's part of suspend to RAM (ACPI S3): the waking vector set to the
 * real-mode image (arch/x86/realmode/), the boot CPU's state saved before
 * sleeping, and on wake everything put back in an order that matters
 * (Documentation/power/suspend.rst):
 *
 *   0. the real-mode image (arch/x86/realmode/rm.S): the kernel's .data
 *      and .bss as they were at the save, should the firmware have
 *      reloaded the image (QEMU does).
 *   1. wakeup_64.S: EFER, CR3, CR4, CR0, GDT, IDT, segments, TR, the
 *      FS/GS bases, the stack.  Nothing has touched memory through a
 *      mapping other than write-back yet: PAT entry 0 is WB both in the
 *      power-on layout and in the kernel's, and WB is all the kernel text,
 *      data and stacks use.
 *   2. IA32_PAT, then the MTRRs from mtrr_state, each by the SDM sequence,
 *      before any mapping that selects another PAT entry (the framebuffer
 *      is WC, the APICs and HPET UC-) is touched: with the power-on PAT
 *      the framebuffer's WC entry would mean WT.
 *   3. SYSCALL MSRs, the FPU and the sched clock (the TSC may have been
 *      reset): before anything reads the time or returns to user space.
 *   4. The serial port (so messages come out), PCI configuration (the
 *      ECAM window, PM1's I/O base, BARs: drivers/pci/pm.c), the 8259
 *      masks, the local APIC, the IO-APIC's routes, the HPET, the tick,
 *      the bochs mode and the console's pixels.
 * Interrupts stay off throughout: the IDT is back at step 1 but the
 * APIC that would deliver them is not until step 4.
 */
#define pr_fmt(fmt) "ACPI: PM: " fmt

#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/fb.h>
#include <linux/hpet.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/serial_8250.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tick.h>
#include <linux/timekeeping.h>
#include <asm/apic.h>
#include <asm/fpu.h>
#include <asm/msr-index.h>
#include <asm/mtrr.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/realmode.h>
#include <asm/special_insns.h>
#include <asm/suspend.h>
#include <asm/tsc.h>

_Static_assert(offsetof(struct x86_saved_context, cr0) == SC_CR0, "SC_CR0");
_Static_assert(offsetof(struct x86_saved_context, efer) == SC_EFER, "SC_EFER");
_Static_assert(offsetof(struct x86_saved_context, rsp) == SC_RSP, "SC_RSP");
_Static_assert(offsetof(struct x86_saved_context, r15) == SC_R15, "SC_R15");
_Static_assert(offsetof(struct x86_saved_context, fs_base) == SC_FS_BASE,
	       "SC_FS_BASE");
_Static_assert(offsetof(struct x86_saved_context, kernel_gs_base) ==
	       SC_KGS_BASE, "SC_KGS_BASE");
_Static_assert(offsetof(struct x86_saved_context, cs) == SC_CS, "SC_CS");
_Static_assert(offsetof(struct x86_saved_context, tr) == SC_TR, "SC_TR");
_Static_assert(offsetof(struct x86_saved_context, gdt) == SC_GDT, "SC_GDT");
_Static_assert(offsetof(struct x86_saved_context, idt) == SC_IDT, "SC_IDT");
_Static_assert(sizeof(struct x86_saved_context) == SC_SIZE, "SC_SIZE");

struct x86_saved_context x86_saved_context;

static u32 wk_vector;

/* MSRs C restores: the rest of the CPU's set-up is in wakeup_64.S */
static const u32 wk_msrs[] = {
	MSR_STAR, MSR_LSTAR, MSR_CSTAR, MSR_SYSCALL_MASK,
};
static u64 wk_msr_values[ARRAY_SIZE(wk_msrs)];

/**
 * x86_acpi_sleep_init() - point the waking vector's target at the
 * real-mode image
 *
 * Returns 0, or -ENOMEM when no RAM below the EBDA is free for the image,
 * or -EINVAL when its place cannot be a waking vector; S3 is then refused.
 */
int x86_acpi_sleep_init(void)
{
	int err = realmode_init();

	if (!err)
		err = acpi_waking_vector(realmode_wakeup_addr(),
					 realmode_wakeup_size(), &wk_vector);
	if (err)
		pr_warn("no RAM below 640 KiB for the wake trampoline: no S3\n");
	return err;
}

/* step 2, then 3: see the top of this file */
static void wk_restore_cpu(struct fpu *fpu)
{
	unsigned int i;

	if (pat_cpu_init())
		pr_err("the boot CPU did not take its IA32_PAT back\n");
	mtrr_bp_restore();
	for (i = 0; i < ARRAY_SIZE(wk_msrs); i++)
		wrmsr(wk_msrs[i], wk_msr_values[i]);
	fpu_init_cpu();
	if (fpu)
		fpu_restore(fpu);
	restore_sched_clock_state();
}

/* step 4 */
static void wk_restore_devices(void)
{
	serial8250_resume();
	pci_restore_state_all();
	legacy_pic_mask_all();
	lapic_setup_cpu();
	ioapic_resume();
	hpet_resume_counter();
	if (tick_running() && !lapic_timer_setup())
		pr_err("CPU0: no tick after resume\n");
	bochs_fb_resume();
}

/* what do_suspend_lowlevel() calls with everything saved */
static int wk_enter(void)
{
	/* ACPI 6.5, 7.4.2.5 / 16.1.1: caches written back before sleeping */
	wbinvd();
	return acpi_enter_s3();
}

/**
 * x86_acpi_suspend_lowlevel() - sleep in S3 and come back
 *
 * Interrupts must be off and only the boot CPU online.  Returns 0 after a
 * wake, with the boot CPU and its devices as they were, or an error when
 * the machine did not sleep (the waking vector could not be set, or PM1
 * control was ignored).
 */
int x86_acpi_suspend_lowlevel(void)
{
	unsigned long image_len = _edata - _sdata;
	struct fpu *fpu;
	unsigned int i;
	void *image;
	int err;

	if (!wk_vector)
		return -ENODEV;
	image = kmalloc(image_len, GFP_KERNEL);
	if (!image)
		return -ENOMEM;
	err = acpi_set_waking_vector(wk_vector);
	if (err)
		goto out_free_image;
	realmode_set_wake_copy(image, _sdata, image_len);
	/* the interrupted user task's registers, if any, are live */
	fpu = fpu_alloc();
	if (fpu)
		fpu_save(fpu);
	for (i = 0; i < ARRAY_SIZE(wk_msrs); i++)
		wk_msr_values[i] = rdmsr(wk_msrs[i]);
	timekeeping_suspend();
	save_sched_clock_state();
	realmode_sync_kernel_half();
	err = do_suspend_lowlevel(wk_enter, image);
	if (!err) {
		wk_restore_cpu(fpu);
		wk_restore_devices();
		timekeeping_resume();
	} else {
		restore_sched_clock_state();
	}
	fpu_free(fpu);
	acpi_set_waking_vector(0);
out_free_image:
	kfree(image);
	return err;
}
