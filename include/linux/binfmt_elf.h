/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The load plan of a static ELF64 x86-64 executable: what execve must map
 * where, computed by fs/binfmt_elf_plan.c from the file alone, before any
 * address space is touched (Documentation/filesystems/binfmt-elf.rst).
 */
#ifndef _CACHET_LINUX_BINFMT_ELF_H
#define _CACHET_LINUX_BINFMT_ELF_H

#include <linux/elf.h>
#include <linux/types.h>
#include <asm/page_types.h>

/*
 * The top of user space with 4-level paging: Linux's TASK_SIZE_MAX and
 * DEFAULT_MAP_WINDOW, one guard page below the 47-bit boundary.
 */
#define ELF_TASK_SIZE		((_AC(1, UL) << 47) - PAGE_SIZE)
/* where Linux puts ET_DYN programs: 2/3 of the map window, as asm/elf.h */
#define ELF_ET_DYN_BASE		(ELF_TASK_SIZE / 3 * 2)
/* Linux's default vm.mmap_min_addr: nothing is mapped below it */
#define ELF_MIN_MAP_ADDR	_AC(0x10000, UL)
/* the program headers must fit in one page, as load_elf_phdrs() wants */
#define ELF_MIN_ALIGN		PAGE_SIZE
#define ELF_PLAN_MAX_PHNUM	(ELF_MIN_ALIGN / sizeof(struct elf64_phdr))

/* what PT_GNU_STACK asked for; Linux's names from linux/binfmts.h */
enum elf_exec_stack {
	EXSTACK_DEFAULT,	/* no PT_GNU_STACK */
	EXSTACK_DISABLE_X,	/* PT_GNU_STACK without PF_X */
	EXSTACK_ENABLE_X,	/* PT_GNU_STACK with PF_X */
};

/*
 * One PT_LOAD, page-granular: [start, end) is mapped with @prot; its first
 * @file_bytes bytes are the file's from offset @offset (p_filesz and the
 * bytes before p_vaddr in its page), its first @mem_bytes the segment's
 * (p_memsz, counted the same way).  The pages holding the file bytes are
 * the file's; when @mem_bytes is larger (a bss) the rest of the last of
 * them reads as zeros, and so do the pages after them.
 */
struct elf_load_seg {
	u64 start;
	u64 end;
	u64 offset;
	u64 file_bytes;
	u64 mem_bytes;
	u32 prot;		/* PROT_READ | PROT_WRITE | PROT_EXEC */
};

/*
 * About 3 KiB with room for every PT_LOAD a page of headers can hold:
 * allocate it, do not put it on a kernel stack.
 */
struct elf_plan {
	u16 e_type;		/* ET_EXEC or ET_DYN */
	u16 phnum;		/* AT_PHNUM */
	unsigned int nr_loads;
	u64 load_bias;		/* added to every p_vaddr: 0 for ET_EXEC */
	u64 entry;		/* AT_ENTRY, the first user rip */
	u64 phdr_addr;		/* AT_PHDR */
	/* Linux's mm fields; start_code is ~0 + bias with no PF_X segment */
	u64 start_code, end_code, start_data, end_data;
	u64 start_brk;		/* page after the highest bss */
	enum elf_exec_stack exec_stack;
	const char *reason;	/* why the file was refused, or NULL */
	struct elf_load_seg loads[ELF_PLAN_MAX_PHNUM];
};

/*
 * Read up to @len bytes at @pos of the file into @buf: returns the number
 * of bytes read (fewer only at the end of the file) or a -errno.
 */
typedef long (*elf_read_t)(void *arg, u64 pos, void *buf, size_t len);

int elf_plan_load(elf_read_t read, void *arg, u64 file_size, u64 rnd,
		  struct elf_plan *plan);
int elf_plan_buffer(const void *data, size_t size, u64 rnd,
		    struct elf_plan *plan);

#endif /* _CACHET_LINUX_BINFMT_ELF_H */
