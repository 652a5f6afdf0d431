// SPDX-License-Identifier: GPL-2.0
/*
 * The load plan of a static ELF64 x86-64 executable, pure (see
 * Documentation/process/conventions.rst): the file is read through the
 * caller's function and nothing is mapped, so the same code checks a file
 * in the kernel's RAM root and in the host tests and fuzzer.
 *
 * The checks are those of Linux 6.1's load_elf_binary() and
 * load_elf_phdrs(), with the same error codes: -ENOEXEC for what is not an
 * x86-64 executable or has unreadable program headers, -EINVAL for the
 * PT_LOAD values Linux's mapping step refuses (p_filesz > p_memsz, a
 * segment reaching past TASK_SIZE, an offset not congruent to its address
 * modulo the page size, an entry point outside user space), -EPERM for a
 * mapping below mmap_min_addr.  Where cachet is stricter (the identity
 * bytes, PT_INTERP, segment order, no
 * PT_LOAD at all), Documentation/filesystems/binfmt-elf.rst says so.
 *
 * Every value is 64-bit and every sum is checked before it is formed, so a
 * hostile header can neither wrap an address nor make the reader go
 * outside the file.
 */
#include <linux/binfmt_elf.h>
#include <linux/errno.h>
#include <linux/mman.h>
#include <linux/string.h>

#define ELF_PAGESTART(v)	((v) & ~(u64)(ELF_MIN_ALIGN - 1))
#define ELF_PAGEOFFSET(v)	((v) & (ELF_MIN_ALIGN - 1))
#define ELF_PAGEALIGN(v)	ELF_PAGESTART((v) + ELF_MIN_ALIGN - 1)

static int elf_refuse(struct elf_plan *plan, int err, const char *reason)
{
	plan->reason = reason;
	return err;
}

/* read exactly @len bytes at @pos, which the caller knows are in the file */
static int elf_read_exact(elf_read_t read, void *arg, u64 pos, void *buf,
			  size_t len)
{
	long got = read(arg, pos, buf, len);

	return got == (long)len ? 0 : -ENOEXEC;
}

/* the file header checks, in load_elf_binary()'s order where it has them */
static int elf_check_header(const struct elf64_hdr *eh, u64 file_size,
			    struct elf_plan *plan)
{
	u64 size;

	if (memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return elf_refuse(plan, -ENOEXEC, "not an ELF file");
	/* Linux leaves these to e_phentsize and e_machine; cachet asks */
	if (eh->e_ident[EI_CLASS] != ELFCLASS64)
		return elf_refuse(plan, -ENOEXEC, "not ELFCLASS64");
	if (eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return elf_refuse(plan, -ENOEXEC, "not little-endian (ELFDATA2LSB)");
	if (eh->e_ident[EI_VERSION] != EV_CURRENT)
		return elf_refuse(plan, -ENOEXEC, "EI_VERSION is not EV_CURRENT");
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return elf_refuse(plan, -ENOEXEC, "not ET_EXEC or ET_DYN");
	if (eh->e_machine != EM_X86_64)
		return elf_refuse(plan, -ENOEXEC, "e_machine is not EM_X86_64");
	if (eh->e_phentsize != sizeof(struct elf64_phdr))
		return elf_refuse(plan, -ENOEXEC, "e_phentsize is not 56");
	size = (u64)eh->e_phnum * sizeof(struct elf64_phdr);
	if (size == 0 || size > 65536 || size > ELF_MIN_ALIGN)
		return elf_refuse(plan, -ENOEXEC,
				  "e_phnum is 0 or the headers exceed a page");
	if (eh->e_phoff > file_size || file_size - eh->e_phoff < size)
		return elf_refuse(plan, -ENOEXEC,
				  "program headers outside the file");
	return 0;
}

/*
 * The first pass: refuse an interpreter, note the stack request (the last
 * PT_GNU_STACK wins, as in Linux), and find the PT_LOAD span and largest
 * alignment that place an ET_DYN file.
 */
static int elf_scan(elf_read_t read, void *arg, const struct elf64_hdr *eh,
		    struct elf_plan *plan, u64 *max_align)
{
	struct elf64_phdr ph;
	unsigned int i;

	*max_align = 0;
	for (i = 0; i < eh->e_phnum; i++) {
		if (elf_read_exact(read, arg, eh->e_phoff + i * sizeof(ph),
				   &ph, sizeof(ph)))
			return elf_refuse(plan, -ENOEXEC,
					  "program headers unreadable");
		switch (ph.p_type) {
		case PT_INTERP:
			return elf_refuse(plan, -ENOEXEC,
					  "PT_INTERP: dynamically linked, only static executables are supported");
		case PT_GNU_STACK:
			plan->exec_stack = ph.p_flags & PF_X ?
				EXSTACK_ENABLE_X : EXSTACK_DISABLE_X;
			break;
		case PT_LOAD:
			plan->nr_loads++;
			/* maximum_alignment(): powers of two only */
			if (ph.p_align && !(ph.p_align & (ph.p_align - 1)) &&
			    ph.p_align > *max_align)
				*max_align = ph.p_align;
			break;
		}
	}
	if (!plan->nr_loads)
		return elf_refuse(plan, -ENOEXEC, "no PT_LOAD segment");
	plan->nr_loads = 0;	/* counted again as they are planned */
	*max_align = ELF_PAGEALIGN(*max_align);
	return 0;
}

static u32 elf_prot(u32 p_flags)
{
	u32 prot = 0;

	if (p_flags & PF_R)
		prot |= PROT_READ;
	if (p_flags & PF_W)
		prot |= PROT_WRITE;
	if (p_flags & PF_X)
		prot |= PROT_EXEC;
	return prot;
}

/* the values Linux's mapping step refuses, on the unbiased header */
static int elf_check_load(const struct elf64_phdr *ph,
			  struct elf_plan *plan)
{
	if (ph->p_filesz > ph->p_memsz)
		return elf_refuse(plan, -EINVAL, "PT_LOAD p_filesz > p_memsz");
	if (ph->p_memsz > ELF_TASK_SIZE ||
	    ELF_TASK_SIZE - ph->p_memsz < ph->p_vaddr)
		return elf_refuse(plan, -EINVAL,
				  "PT_LOAD reaches past TASK_SIZE");
	if (ELF_PAGEOFFSET(ph->p_offset) != ELF_PAGEOFFSET(ph->p_vaddr))
		return elf_refuse(plan, -EINVAL,
				  "PT_LOAD p_offset and p_vaddr differ modulo the page size");
	/* as mmap() refuses a file range that wraps */
	if (ph->p_filesz > ~0ULL - ph->p_offset)
		return elf_refuse(plan, -EINVAL,
				  "PT_LOAD p_offset + p_filesz wraps");
	/*
	 * File bytes past the end of the file are not refused: Linux maps
	 * them and the program faults when it reaches them.
	 */
	return 0;
}

/*
 * Where an ET_DYN file goes: ELF_ET_DYN_BASE plus the caller's random
 * offset, aligned to the largest PT_LOAD alignment, minus the first
 * address, page aligned (load_elf_binary()'s first-PT_LOAD step).
 */
static int elf_dyn_bias(const struct elf64_phdr *first, u64 rnd, u64 align,
			struct elf_plan *plan)
{
	u64 base;

	if (ELF_PAGEOFFSET(rnd) || rnd > ELF_TASK_SIZE - ELF_ET_DYN_BASE)
		return elf_refuse(plan, -EINVAL,
				  "random offset not page aligned or too large");
	base = (ELF_ET_DYN_BASE + rnd) & ~(align - 1);
	if (first->p_vaddr > base)
		return elf_refuse(plan, -EINVAL,
				  "ET_DYN first PT_LOAD above the load base");
	plan->load_bias = ELF_PAGESTART(base - first->p_vaddr);
	return 0;
}

static void elf_note_ranges(const struct elf64_phdr *ph,
			    const struct elf64_hdr *eh, struct elf_plan *plan,
			    u64 *brk)
{
	u64 file_end = ph->p_vaddr + ph->p_filesz;

	if ((ph->p_flags & PF_X) && ph->p_vaddr < plan->start_code)
		plan->start_code = ph->p_vaddr;
	if (ph->p_vaddr > plan->start_data)
		plan->start_data = ph->p_vaddr;
	if ((ph->p_flags & PF_X) && file_end > plan->end_code)
		plan->end_code = file_end;
	if (file_end > plan->end_data)
		plan->end_data = file_end;
	if (ph->p_vaddr + ph->p_memsz > *brk)
		*brk = ph->p_vaddr + ph->p_memsz;
	/* AT_PHDR: the PT_LOAD whose file bytes hold the headers */
	if (ph->p_offset <= eh->e_phoff &&
	    eh->e_phoff - ph->p_offset < ph->p_filesz)
		plan->phdr_addr = eh->e_phoff - ph->p_offset + ph->p_vaddr;
}

/* the second pass: one elf_load_seg per non-empty PT_LOAD */
static int elf_plan_loads(elf_read_t read, void *arg,
			  const struct elf64_hdr *eh, u64 file_size, u64 rnd,
			  u64 align, struct elf_plan *plan, u64 *brk)
{
	u64 prev_end = 0;
	bool first = true;
	struct elf64_phdr ph;
	unsigned int i;
	int err;

	for (i = 0; i < eh->e_phnum; i++) {
		struct elf_load_seg *seg = &plan->loads[plan->nr_loads];
		u64 vaddr;

		if (elf_read_exact(read, arg, eh->e_phoff + i * sizeof(ph),
				   &ph, sizeof(ph)))
			return elf_refuse(plan, -ENOEXEC,
					  "program headers unreadable");
		if (ph.p_type != PT_LOAD)
			continue;
		err = elf_check_load(&ph, plan);
		if (err)
			return err;
		if (first && eh->e_type == ET_DYN) {
			err = elf_dyn_bias(&ph, rnd, align, plan);
			if (err)
				return err;
		}
		first = false;
		/* both terms are below TASK_SIZE, the sum cannot wrap */
		vaddr = plan->load_bias + ph.p_vaddr;
		if (vaddr + ph.p_memsz > ELF_TASK_SIZE)
			return elf_refuse(plan, -EINVAL,
					  "PT_LOAD reaches past TASK_SIZE");
		elf_note_ranges(&ph, eh, plan, brk);
		seg->start = ELF_PAGESTART(vaddr);
		seg->end = ELF_PAGEALIGN(vaddr + ph.p_memsz);
		if (seg->start == seg->end)
			continue;	/* an empty segment maps nothing */
		if (seg->start < ELF_MIN_MAP_ADDR)
			return elf_refuse(plan, -EPERM,
					  "PT_LOAD below mmap_min_addr");
		if (seg->start < prev_end)
			return elf_refuse(plan, -EINVAL,
					  "PT_LOAD segments overlap or are not in ascending order");
		prev_end = seg->end;
		seg->offset = ph.p_offset - ELF_PAGEOFFSET(ph.p_vaddr);
		seg->file_bytes = ELF_PAGEOFFSET(ph.p_vaddr) + ph.p_filesz;
		seg->mem_bytes = ELF_PAGEOFFSET(ph.p_vaddr) + ph.p_memsz;
		seg->prot = elf_prot(ph.p_flags);
		plan->nr_loads++;
	}
	if (!plan->nr_loads)
		return elf_refuse(plan, -ENOEXEC, "every PT_LOAD is empty");
	return 0;
}

/**
 * elf_plan_load() - check an executable and plan its mappings
 * @read: reads the file (see elf_read_t)
 * @arg: passed to @read
 * @file_size: the file's size in bytes
 * @rnd: page-aligned random offset added to an ET_DYN file's base, 0 for
 *       a fixed layout (Linux's arch_mmap_rnd())
 * @plan: receives the plan; on failure only @plan->reason is meaningful
 *
 * Returns 0, or -ENOEXEC, -EINVAL or -EPERM with @plan->reason set, or the
 * first error of @read that kept a header from being read as -ENOEXEC.
 */
int elf_plan_load(elf_read_t read, void *arg, u64 file_size, u64 rnd,
		  struct elf_plan *plan)
{
	struct elf64_hdr eh;
	u64 align, brk = 0;
	int err;

	memset(plan, 0, sizeof(*plan));
	if (file_size < sizeof(eh) ||
	    elf_read_exact(read, arg, 0, &eh, sizeof(eh)))
		return elf_refuse(plan, -ENOEXEC,
				  "file shorter than an ELF header");
	err = elf_check_header(&eh, file_size, plan);
	if (!err)
		err = elf_scan(read, arg, &eh, plan, &align);
	plan->start_code = ~(u64)0;
	if (!err)
		err = elf_plan_loads(read, arg, &eh, file_size, rnd, align,
				     plan, &brk);
	if (err)
		return err;

	plan->e_type = eh.e_type;
	plan->phnum = eh.e_phnum;
	/* Linux checks only that the entry is in user space (BAD_ADDR) */
	if (eh.e_entry >= ELF_TASK_SIZE - plan->load_bias)
		return elf_refuse(plan, -EINVAL, "entry point outside user space");
	plan->entry = eh.e_entry + plan->load_bias;
	plan->phdr_addr += plan->load_bias;
	plan->start_code += plan->load_bias;
	plan->end_code += plan->load_bias;
	plan->start_data += plan->load_bias;
	plan->end_data += plan->load_bias;
	plan->start_brk = ELF_PAGEALIGN(brk + plan->load_bias);
	return 0;
}

struct elf_buffer {
	const u8 *data;
	size_t size;
};

static long elf_buffer_read(void *arg, u64 pos, void *buf, size_t len)
{
	const struct elf_buffer *b = arg;

	if (pos >= b->size)
		return 0;
	if (len > b->size - pos)
		len = b->size - pos;
	memcpy(buf, b->data + pos, len);
	return len;
}

/**
 * elf_plan_buffer() - elf_plan_load() on a file held in memory
 * @data: the whole file
 * @size: its size
 * @rnd: as for elf_plan_load()
 * @plan: as for elf_plan_load()
 */
int elf_plan_buffer(const void *data, size_t size, u64 rnd,
		    struct elf_plan *plan)
{
	struct elf_buffer b = { data, size };

	return elf_plan_load(elf_buffer_read, &b, size, rnd, plan);
}
