/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device access: port I/O (inb/outb...), and memory-mapped I/O: the
 * ioremap family that maps a physical range with a reserved cache mode
 * (arch/x86/mm/ioremap.c) and the readl/writel accessors for what it maps.
 */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <linux/types.h>

static inline void outb(u8 v, u16 port)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outw(u16 v, u16 port)
{
	__asm__ __volatile__("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outl(u32 v, u16 port)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline u8 inb(u16 port)
{
	u8 v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u16 inw(u16 port)
{
	u16 v;

	__asm__ __volatile__("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u32 inl(u16 port)
{
	u32 v;

	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/*
 * Memory-mapped I/O.  ioremap*() map a physical range (MMIO, or firmware
 * tables for the cached variants) into the ioremap area with a cache mode,
 * after reserving that mode for the range (Documentation/x86/pat.rst):
 *
 *   ioremap(), ioremap_nocache()  UC-  registers (an MTRR of WC may combine)
 *   ioremap_uc()                  UC   registers that must never combine
 *   ioremap_wc()                  WC   framebuffers
 *   ioremap_wt()                  WT
 *   ioremap_cache()               WB   firmware tables in reserved memory
 *
 * The legacy ISA range 0xa0000-0xfffff is untracked and mapped WB
 * whatever was asked, its MTRRs deciding the type (as in Linux).  Each
 * returns NULL on failure (RAM, a conflicting reservation, size 0, a range
 * past MAXPHYADDR or wrapping) after printing why; ioremap_wc_err() also
 * hands the error code back, for code that reports it.
 */
#include <linux/compiler.h>

void __iomem *ioremap(resource_size_t phys_addr, unsigned long size);
void __iomem *ioremap_nocache(resource_size_t phys_addr, unsigned long size);
void __iomem *ioremap_uc(resource_size_t phys_addr, unsigned long size);
void __iomem *ioremap_wc(resource_size_t phys_addr, unsigned long size);
void __iomem *ioremap_wc_err(resource_size_t phys_addr, unsigned long size,
			     int *err);

/*
 * Write-combining through a WC MTRR where PAT is off (Linux's calls,
 * arch/x86/kernel/cpu/mtrr/api.c): drivers call arch_phys_wc_add() next
 * to ioremap_wc() and keep the handle for arch_phys_wc_del().
 */
int arch_phys_wc_add(unsigned long base, unsigned long size);
void arch_phys_wc_del(int handle);
int arch_phys_wc_index(int handle);
void __iomem *ioremap_wt(resource_size_t phys_addr, unsigned long size);
void __iomem *ioremap_cache(resource_size_t phys_addr, unsigned long size);
void iounmap(volatile void __iomem *addr);

#define MEMREMAP_WB	(1 << 0)
#define MEMREMAP_WT	(1 << 1)
#define MEMREMAP_WC	(1 << 2)
/* RAM through the direct map, anything else through ioremap_cache() etc. */
void *memremap(resource_size_t offset, size_t size, unsigned long flags);
void memunmap(void *addr);

#define build_mmio_read(name, type)					\
static inline type name(const volatile void __iomem *addr)		\
{									\
	type v;								\
	__asm__ __volatile__("mov %1, %0"				\
			     : "=r"(v)					\
			     : "m"(*(const volatile type __force *)addr)	\
			     : "memory");				\
	return v;							\
}

#define build_mmio_write(name, type)					\
static inline void name(type v, volatile void __iomem *addr)		\
{									\
	__asm__ __volatile__("mov %0, %1"				\
			     : : "r"(v),				\
			       "m"(*(volatile type __force *)addr)	\
			     : "memory");				\
}

build_mmio_read(readb, u8)
build_mmio_read(readw, u16)
build_mmio_read(readl, u32)
build_mmio_read(readq, u64)
build_mmio_write(writeb, u8)
build_mmio_write(writew, u16)
build_mmio_write(writel, u32)
build_mmio_write(writeq, u64)

void memcpy_toio(volatile void __iomem *dst, const void *src, size_t n);
void memcpy_fromio(void *dst, const volatile void __iomem *src, size_t n);
void memset_io(volatile void __iomem *dst, int c, size_t n);

#endif /* _ASM_X86_IO_H */
