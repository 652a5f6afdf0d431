// SPDX-License-Identifier: GPL-2.0
/*
 * First C code.  Runs on the boot stack with the early mapping from
 * head.S: physical memory below 1 GiB is reachable at __START_KERNEL_map +
 * physical, and below 4 GiB at its own address.  Its one job is to copy
 * what the loader handed over (PVH's start_info, the memory map, the
 * command line; or the Multiboot2 structure, multiboot2.c) into
 * boot_params before anything can allocate the RAM they live in, then
 * enter start_kernel().
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/serial_8250.h>
#include <linux/start_kernel.h>
#include <linux/string.h>
#include <asm/bootparam.h>
#include <asm/multiboot2.h>
#include <asm/page_types.h>
#include <asm/percpu.h>

struct boot_params boot_params;

#define EARLY_MAP_LIMIT		KERNEL_IMAGE_SIZE

/* Physical memory through the early mapping, or NULL if it is not there. */
static const void *early_phys(u64 paddr, u64 len)
{
	if (paddr >= EARLY_MAP_LIMIT || len > EARLY_MAP_LIMIT - paddr)
		return NULL;
	return (const void *)(__START_KERNEL_map + paddr);
}

static void copy_cmdline(u64 paddr)
{
	const char *src;
	size_t i;

	if (!paddr)
		return;
	src = early_phys(paddr, 1);
	if (!src)
		panic("PVH: command line at %#llx is outside the early mapping",
		      (unsigned long long)paddr);
	for (i = 0; i < COMMAND_LINE_SIZE - 1 && early_phys(paddr + i, 1); i++) {
		if (!src[i])
			break;
		boot_params.cmdline[i] = src[i];
	}
	boot_params.cmdline[i] = '\0';
	if (src[i] && i == COMMAND_LINE_SIZE - 1)
		pr_warn("PVH: command line truncated to %d bytes\n",
			COMMAND_LINE_SIZE - 1);
}

static void copy_memmap(const struct hvm_start_info *si)
{
	const struct hvm_memmap_table_entry *map;
	u32 n = si->memmap_entries;

	if (si->version < 1 || !si->memmap_paddr || !n)
		panic("PVH: start_info (version %u) has no memory map",
		      si->version);
	if (n > BOOT_MEMMAP_MAX) {
		boot_params.memmap_dropped = n - BOOT_MEMMAP_MAX;
		n = BOOT_MEMMAP_MAX;
	}
	map = early_phys(si->memmap_paddr, (u64)n * sizeof(*map));
	if (!map)
		panic("PVH: memory map at %#llx is outside the early mapping",
		      (unsigned long long)si->memmap_paddr);
	memcpy(boot_params.memmap, map, n * sizeof(*map));
	boot_params.nr_memmap = n;
}

/* the first PVH module is the initramfs (QEMU -initrd), as in Linux */
static void copy_initrd(const struct hvm_start_info *si)
{
	const struct hvm_modlist_entry *m;

	if (!si->nr_modules || !si->modlist_paddr)
		return;
	m = early_phys(si->modlist_paddr, sizeof(*m));
	if (!m) {
		pr_warn("PVH: module list at %#llx is outside the early mapping: initramfs ignored\n",
			(unsigned long long)si->modlist_paddr);
		return;
	}
	boot_params.initrd_paddr = m->paddr;
	boot_params.initrd_size = m->size;
}

void x86_64_start_kernel(u32 info_paddr, u32 loader);

/**
 * x86_64_start_kernel() - C entry from head.S
 * @info_paddr: physical address of the loader's structure (%ebx)
 * @loader: XEN_HVM_START_MAGIC_VALUE from the PVH entry, else %eax as
 *          the Multiboot2 loader left it
 */
void x86_64_start_kernel(u32 info_paddr, u32 loader)
{
	const struct hvm_start_info *si;

	pcpu_setup(0);
	serial8250_early_init();
	if (loader != XEN_HVM_START_MAGIC_VALUE) {
		multiboot2_copy(info_paddr, loader);
		start_kernel();
	}
	boot_params.start_info_paddr = info_paddr;
	si = early_phys(info_paddr, sizeof(*si));
	if (!si)
		panic("PVH: start_info at %#x is outside the early mapping",
		      info_paddr);
	if (si->magic != XEN_HVM_START_MAGIC_VALUE)
		panic("PVH: bad start_info magic %#x at %#x (expected %#x): not booted by a PVH loader?",
		      si->magic, info_paddr, XEN_HVM_START_MAGIC_VALUE);
	copy_cmdline(si->cmdline_paddr);
	copy_memmap(si);
	copy_initrd(si);
	boot_params.rsdp_paddr = si->rsdp_paddr;
	start_kernel();
}
