// SPDX-License-Identifier: GPL-2.0
/*
 * Where the real-mode image (rm.S) lives and what it is told: one copy,
 * set up once, for both of its users, the secondary CPUs' bring-up
 * (smpboot.c) and the wake from ACPI S3 (acpi/sleep.c).  Each user
 * copies the kernel's upper half into the image's page table just before
 * sending a CPU there, since kernel top-level entries may be added at any
 * time.
 */
#include <linux/e820.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/msr-index.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/realmode.h>
#include <asm/suspend.h>

extern const u8 rm_start[], rm_wakeup[], rm_end[];
extern u8 rm_gdt_desc[], rm_pm_ptr[], rm_lm_ptr[], rm_cr3[], rm_efer[],
	rm_ap_entry[], rm_wake_entry[], rm_copy_src[], rm_copy_dst[],
	rm_copy_len[], rm_alive[];
extern const char secondary_startup_64[];

/* five pages: code, PML4, PDPT, PD, and a dead end for tests */
#define RM_PAGES	5
/*
 * The highest RAM pages below the EBDA, as Linux places its trampoline,
 * but never under 0x20000: SeaBIOS's stacks are at 0x1000 on resume and
 * 0x7000 at boot, and on every S3 resume, before it jumps to the waking
 * vector, it scans the APs again, borrowing the page at 0x10000 and
 * sending every AP a STARTUP to it.  An image there had the APs running
 * it too, copying .data back under the boot CPU.
 */
#define RM_LOWEST	0x20000
#define RM_TOP		0x9f000

static phys_addr_t rm_base;
static int rm_err = -EAGAIN;	/* -EAGAIN: not set up yet */

static void *rm_va(unsigned int page)
{
	return __va(rm_base + page * PAGE_SIZE);
}

#define RM_FIELD(sym, type) \
	((type *)((u8 *)rm_va(0) + ((sym) - (u8 *)rm_start)))

static int rm_find(void)
{
	phys_addr_t p;

	for (p = RM_TOP - RM_PAGES * PAGE_SIZE; p >= RM_LOWEST; p -= PAGE_SIZE)
		if (e820__mapped_all(p, p + RM_PAGES * PAGE_SIZE,
				     E820_TYPE_RAM)) {
			rm_base = p;
			return 0;
		}
	return -ENOMEM;
}

static void rm_setup(void)
{
	u64 *pgd = rm_va(1), *pdpt = rm_va(2), *pd = rm_va(3);
	u8 *dead = rm_va(4);
	u64 efer = EFER_LME;

	memset(rm_va(0), 0, RM_PAGES * PAGE_SIZE);
	memcpy(rm_va(0), rm_start, rm_end - rm_start);
	*RM_FIELD(rm_gdt_desc + 2, u32) += rm_base;
	*RM_FIELD(rm_pm_ptr, u32) += rm_base;
	*RM_FIELD(rm_lm_ptr, u32) += rm_base;
	*RM_FIELD(rm_cr3, u32) = rm_base + PAGE_SIZE;
	if (boot_cpu_has(X86_FEATURE_NX))
		efer |= EFER_NX;
	*RM_FIELD(rm_efer, u32) = efer;
#ifdef CONFIG_SMP
	*RM_FIELD(rm_ap_entry, u64) = (u64)secondary_startup_64;
#endif
	*RM_FIELD(rm_wake_entry, u64) = (u64)wakeup_long64;
	/* the first 2 MiB identity-mapped, executable, WB (PAT entry 0) */
	pd[0] = _PAGE_PRESENT | _PAGE_RW | _PAGE_PSE;
	pdpt[0] = (rm_base + 3 * PAGE_SIZE) | _PAGE_PRESENT | _PAGE_RW;
	pgd[0] = (rm_base + 2 * PAGE_SIZE) | _PAGE_PRESENT | _PAGE_RW;
	/* cli; hlt; jmp .-1: a CPU that starts and never answers */
	dead[0] = 0xfa;
	dead[1] = 0xf4;
	dead[2] = 0xeb;
	dead[3] = 0xfd;
}

/**
 * realmode_init() - place and relocate the real-mode image
 *
 * Called by each user at boot; the first call does the work.  Needs the
 * e820 map (the whole first MiB is kept from the page allocator, so the
 * pages found stay free).  Returns 0, or -ENOMEM when no RAM between
 * 0x20000 and the EBDA is free for it: then no secondary CPU can start
 * and S3 is refused.
 */
int realmode_init(void)
{
	if (rm_err == -EAGAIN) {
		rm_err = rm_find();
		if (!rm_err)
			rm_setup();
	}
	return rm_err;
}

/**
 * realmode_startup_page() - the STARTUP vector for a secondary CPU
 * @dead_end: the page that halts at once instead (smpboot.test_deaf)
 */
unsigned int realmode_startup_page(bool dead_end)
{
	return (rm_base >> PAGE_SHIFT) + (dead_end ? RM_PAGES - 1 : 0);
}

/**
 * realmode_wakeup_addr() - where the FACS waking vector must point
 */
phys_addr_t realmode_wakeup_addr(void)
{
	return rm_base + (rm_wakeup - rm_start);
}

/**
 * realmode_wakeup_size() - the image's bytes from the waking vector on
 */
size_t realmode_wakeup_size(void)
{
	return rm_end - rm_wakeup;
}

/**
 * realmode_sync_kernel_half() - copy the kernel's top-level entries in
 *
 * Before sending a CPU through the image: the kernel half of every top
 * level is init_mm's.
 */
void realmode_sync_kernel_half(void)
{
	u64 *pgd = rm_va(1);
	const u64 *kpgd = __va(init_pgd_phys);

	memcpy(&pgd[256], &kpgd[256], 256 * sizeof(u64));
}

/**
 * realmode_ap_alive() - whether the CPU last sent to rm_start got there
 */
bool realmode_ap_alive(void)
{
	return READ_ONCE(*RM_FIELD(rm_alive, u32)) != 0;
}

/**
 * realmode_ap_alive_clear() - forget it, before the next STARTUP
 */
void realmode_ap_alive_clear(void)
{
	WRITE_ONCE(*RM_FIELD(rm_alive, u32), 0);
}

/**
 * realmode_set_wake_copy() - what a waking CPU copies before the kernel
 * @src: the saved copy (a kernel virtual address)
 * @dst: where it goes back
 * @len: bytes
 */
void realmode_set_wake_copy(const void *src, void *dst, size_t len)
{
	*RM_FIELD(rm_copy_src, u64) = (u64)src;
	*RM_FIELD(rm_copy_dst, u64) = (u64)dst;
	*RM_FIELD(rm_copy_len, u64) = len;
}
