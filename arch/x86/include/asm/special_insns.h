/* SPDX-License-Identifier: GPL-2.0 */
/* Control registers, MSRs, CPUID and cache/TLB instructions. */
#ifndef _ASM_X86_SPECIAL_INSNS_H
#define _ASM_X86_SPECIAL_INSNS_H

#include <linux/types.h>

#define DEFINE_CR_ACCESSORS(n)						\
static inline unsigned long read_cr##n(void)				\
{									\
	unsigned long v;						\
	__asm__ __volatile__("mov %%cr" #n ", %0" : "=r"(v) : : "memory"); \
	return v;							\
}									\
static inline void write_cr##n(unsigned long v)				\
{									\
	__asm__ __volatile__("mov %0, %%cr" #n : : "r"(v) : "memory");	\
}

DEFINE_CR_ACCESSORS(0)
DEFINE_CR_ACCESSORS(2)
DEFINE_CR_ACCESSORS(3)
DEFINE_CR_ACCESSORS(4)

static inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static inline void wrmsr(u32 msr, u64 v)
{
	/* masked, not cast: constant arguments then stay warning-free */
	__asm__ __volatile__("wrmsr" : : "c"(msr), "a"((u32)(v & 0xffffffff)),
			     "d"((u32)(v >> 32)) : "memory");
}

static inline void cpuid_count(u32 leaf, u32 sub, u32 *a, u32 *b, u32 *c,
			       u32 *d)
{
	__asm__ __volatile__("cpuid"
			     : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			     : "a"(leaf), "c"(sub));
}

static inline void cpuid(u32 leaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	cpuid_count(leaf, 0, a, b, c, d);
}

/* CR8: the local APIC's task-priority class (SDM Vol. 3A 11.8.6) */
static inline unsigned long read_cr8(void)
{
	unsigned long v;

	__asm__ __volatile__("mov %%cr8, %0" : "=r"(v));
	return v;
}

static inline void write_cr8(unsigned long v)
{
	__asm__ __volatile__("mov %0, %%cr8" : : "r"(v) : "memory");
}

static inline u64 rdtsc(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

static inline void wbinvd(void)
{
	__asm__ __volatile__("wbinvd" : : : "memory");
}

static inline void invlpg(unsigned long addr)
{
	__asm__ __volatile__("invlpg (%0)" : : "r"(addr) : "memory");
}

static inline void clflush(volatile void *p)
{
	__asm__ __volatile__("clflush %0" : "+m"(*(volatile char *)p));
}

static inline void clflushopt(volatile void *p)
{
	/* clflushopt = 66-prefixed clflush; spelled out for old assemblers */
	__asm__ __volatile__(".byte 0x66; clflush %0"
			     : "+m"(*(volatile char *)p));
}

/* MFENCE is SSE2, which the kernel does not boot without (verify_cpu.S) */
static inline void mb(void)
{
	__asm__ __volatile__("mfence" : : : "memory");
}

static inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" : : : "memory");
}

#endif /* _ASM_X86_SPECIAL_INSNS_H */
