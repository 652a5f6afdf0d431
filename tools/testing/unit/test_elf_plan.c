// SPDX-License-Identifier: GPL-2.0
/*
 * fs/binfmt_elf_plan.c against hand-made headers (one mutation per check
 * Linux's load_elf_binary() makes, every truncation of a small file) and
 * against real static executables built here with gcc and musl-gcc, whose
 * expected plan comes from what readelf -hlW says about them.
 */
#include <linux/binfmt_elf.h>
#include <linux/errno.h>
#include <linux/mman.h>

#include "elf_host.h"
#include "unit.h"

#define PG 0x1000ULL

/*
 * A small ET_EXEC: text R-X at 0x400000 (file 0..0x180), data RW- at
 * 0x401180 (file 0x180..0x200, bss to 0x402100), an NX stack request,
 * the program headers at 0x40 inside the text segment.
 */
struct tiny {
	struct elf64_hdr eh;
	struct elf64_phdr ph[3];
	unsigned char pad[0x200 - 64 - 3 * 56];
};

static void tiny_init(struct tiny *t)
{
	static const unsigned char ident[EI_NIDENT] = {
		0x7f, 'E', 'L', 'F', ELFCLASS64, ELFDATA2LSB, EV_CURRENT };

	host_memset(t, 0, sizeof(*t));
	host_memcpy(t->eh.e_ident, ident, sizeof(ident));
	t->eh.e_type = ET_EXEC;
	t->eh.e_machine = EM_X86_64;
	t->eh.e_version = EV_CURRENT;
	t->eh.e_entry = 0x400100;
	t->eh.e_phoff = 64;
	t->eh.e_ehsize = 64;
	t->eh.e_phentsize = 56;
	t->eh.e_phnum = 3;
	t->ph[0] = (struct elf64_phdr){ PT_LOAD, PF_R | PF_X, 0, 0x400000,
		0x400000, 0x180, 0x180, 0x1000 };
	t->ph[1] = (struct elf64_phdr){ PT_LOAD, PF_R | PF_W, 0x180, 0x401180,
		0x401180, 0x80, 0xf80, 0x1000 };
	t->ph[2] = (struct elf64_phdr){ PT_GNU_STACK, PF_R | PF_W, 0, 0, 0,
		0, 0, 16 };
}

static struct elf_plan plan;

static int tiny_plan(const struct tiny *t, u64 rnd)
{
	return elf_plan_buffer(t, sizeof(*t), rnd, &plan);
}

UNIT_TEST(elf_plan, tiny_exec_plan)
{
	struct tiny t;

	tiny_init(&t);
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_NULL(plan.reason);
	EXPECT_EQ(plan.e_type, ET_EXEC);
	EXPECT_EQ(plan.load_bias, 0);
	EXPECT_EQ(plan.entry, 0x400100);
	EXPECT_EQ(plan.phdr_addr, 0x400040);
	EXPECT_EQ(plan.phnum, 3);
	EXPECT_EQ(plan.exec_stack, EXSTACK_DISABLE_X);
	ASSERT_EQ(plan.nr_loads, 2);
	EXPECT_EQ(plan.loads[0].start, 0x400000);
	EXPECT_EQ(plan.loads[0].end, 0x401000);
	EXPECT_EQ(plan.loads[0].offset, 0);
	EXPECT_EQ(plan.loads[0].file_bytes, 0x180);
	EXPECT_EQ(plan.loads[0].mem_bytes, 0x180);	/* no bss */
	EXPECT_EQ(plan.loads[0].prot, PROT_READ | PROT_EXEC);
	EXPECT_EQ(plan.loads[1].start, 0x401000);
	EXPECT_EQ(plan.loads[1].end, 0x403000);	/* 0x401180 + 0xf80 */
	EXPECT_EQ(plan.loads[1].offset, 0);
	EXPECT_EQ(plan.loads[1].file_bytes, 0x200);
	EXPECT_EQ(plan.loads[1].mem_bytes, 0x1100);	/* 0x180 + 0xf80 */
	EXPECT_EQ(plan.loads[1].prot, PROT_READ | PROT_WRITE);
	EXPECT_EQ(plan.start_brk, 0x403000);
	EXPECT_EQ(plan.start_code, 0x400000);
	EXPECT_EQ(plan.end_code, 0x400180);
	EXPECT_EQ(plan.start_data, 0x401180);
	EXPECT_EQ(plan.end_data, 0x401200);
}

UNIT_TEST(elf_plan, dyn_bias_is_two_thirds_of_task_size)
{
	struct tiny t;

	tiny_init(&t);
	t.eh.e_type = ET_DYN;
	t.eh.e_entry = 0x100;
	t.ph[0].p_vaddr = 0;
	t.ph[1].p_vaddr = 0x1180;
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	/* what a PIE gets on Linux x86-64 with randomisation off */
	EXPECT_EQ(plan.load_bias, 0x555555554000ULL);
	EXPECT_EQ(plan.entry, 0x555555554100ULL);
	EXPECT_EQ(plan.phdr_addr, 0x555555554040ULL);
	EXPECT_EQ(plan.loads[0].start, 0x555555554000ULL);
	EXPECT_EQ(plan.loads[1].start, 0x555555555000ULL);
	EXPECT_EQ(plan.start_brk, 0x555555557000ULL);

	ASSERT_EQ(tiny_plan(&t, 0x7654321000ULL), 0);
	EXPECT_EQ(plan.load_bias, 0x555555554000ULL + 0x7654321000ULL);

	/* a 2 MiB p_align aligns the base down to 2 MiB */
	t.ph[1].p_align = 0x200000;
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_EQ(plan.load_bias, 0x555555400000ULL);
	/* a non-power-of-two alignment is ignored, as maximum_alignment() */
	t.ph[1].p_align = 0x3000;
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_EQ(plan.load_bias, 0x555555554000ULL);
}

UNIT_TEST(elf_plan, exec_stack_request)
{
	struct tiny t;

	tiny_init(&t);
	t.ph[2].p_flags |= PF_X;
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_EQ(plan.exec_stack, EXSTACK_ENABLE_X);
	t.ph[2].p_type = PT_NOTE;
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_EQ(plan.exec_stack, EXSTACK_DEFAULT);
}

UNIT_TEST(elf_plan, phdr_outside_any_load_is_the_bias)
{
	struct tiny t;

	tiny_init(&t);
	t.ph[0].p_offset = 0x100;	/* headers at 0x40 no longer loaded */
	t.ph[0].p_vaddr = 0x400100;
	t.ph[0].p_filesz = 0x80;
	t.ph[0].p_memsz = 0x80;
	ASSERT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_EQ(plan.phdr_addr, 0);
}

struct mutation {
	const char *what;
	void (*apply)(struct tiny *t);
	int err;
	u64 rnd;
};

#define MUT(name, body) static void mut_##name(struct tiny *t) { body; }
MUT(magic, t->eh.e_ident[1] = 'e')
MUT(class32, t->eh.e_ident[EI_CLASS] = ELFCLASS32)
MUT(msb, t->eh.e_ident[EI_DATA] = ELFDATA2MSB)
MUT(version, t->eh.e_ident[EI_VERSION] = 2)
MUT(rel, t->eh.e_type = ET_REL)
MUT(core, t->eh.e_type = ET_CORE)
MUT(i386, t->eh.e_machine = EM_386)
MUT(phentsize, t->eh.e_phentsize = 64)
MUT(phnum0, t->eh.e_phnum = 0)
MUT(phnum74, t->eh.e_phnum = 74)
MUT(phnum_xnum, t->eh.e_phnum = PN_XNUM)
MUT(phoff_past_end, t->eh.e_phoff = 0x200 - 56 * 3 + 8)
MUT(phoff_huge, t->eh.e_phoff = ~0ULL - 8)
MUT(interp, t->ph[2].p_type = PT_INTERP)
MUT(no_load, t->ph[0].p_type = PT_NOTE; t->ph[1].p_type = PT_NOTE)
MUT(all_empty, t->ph[0].p_filesz = t->ph[0].p_memsz = 0;
    t->ph[1].p_vaddr = 0x402000; t->ph[1].p_offset = 0;
    t->ph[1].p_filesz = t->ph[1].p_memsz = 0)
MUT(filesz_gt_memsz, t->ph[1].p_filesz = 0x1000)
MUT(memsz_huge, t->ph[1].p_memsz = 0x800000000000ULL)
MUT(end_past_task, t->ph[1].p_memsz = 0x7ffffffff000ULL - 0x401180 + 1)
MUT(vaddr_wrap, t->ph[1].p_vaddr = ~0ULL - 0x7f; t->ph[1].p_offset = 0x180)
MUT(incongruent, t->ph[1].p_offset = 0x181)
MUT(past_eof, t->ph[1].p_filesz = 0x81; t->ph[1].p_memsz = 0x1000)
MUT(offset_wraps, t->ph[1].p_offset += 0xfffffffffffff000ULL;
    t->ph[1].p_filesz = t->ph[1].p_memsz = 0x1000)
MUT(offset_past_eof, t->ph[1].p_offset = 0x10000180)
MUT(overlap, t->ph[1].p_vaddr = 0x400180)
MUT(descending, t->ph[1].p_vaddr = 0x3ff180)
MUT(below_min_addr, t->ph[0].p_vaddr = 0x1000; t->eh.e_entry = 0x1100)
MUT(entry_kernel, t->eh.e_entry = 0xffffffff81000000ULL)
MUT(entry_task_size, t->eh.e_entry = 0x7ffffffff000ULL)
MUT(dyn, t->eh.e_type = ET_DYN)
MUT(dyn_high_first, t->eh.e_type = ET_DYN; t->ph[0].p_vaddr = 0x600000000000ULL;
    t->ph[1].p_vaddr = 0x600000001180ULL; t->eh.e_entry = 0x600000000100ULL)
MUT(dyn_past_task, t->eh.e_type = ET_DYN; t->ph[1].p_vaddr = 0x2aaaaaeaf180ULL)

static const struct mutation mutations[] = {
	{ "magic", mut_magic, -ENOEXEC, 0 },
	{ "ELFCLASS32", mut_class32, -ENOEXEC, 0 },
	{ "ELFDATA2MSB", mut_msb, -ENOEXEC, 0 },
	{ "EI_VERSION 2", mut_version, -ENOEXEC, 0 },
	{ "ET_REL", mut_rel, -ENOEXEC, 0 },
	{ "ET_CORE", mut_core, -ENOEXEC, 0 },
	{ "EM_386", mut_i386, -ENOEXEC, 0 },
	{ "e_phentsize 64", mut_phentsize, -ENOEXEC, 0 },
	{ "e_phnum 0", mut_phnum0, -ENOEXEC, 0 },
	{ "e_phnum 74: over a page", mut_phnum74, -ENOEXEC, 0 },
	{ "e_phnum PN_XNUM", mut_phnum_xnum, -ENOEXEC, 0 },
	{ "headers past the end", mut_phoff_past_end, -ENOEXEC, 0 },
	{ "e_phoff wraps", mut_phoff_huge, -ENOEXEC, 0 },
	{ "PT_INTERP", mut_interp, -ENOEXEC, 0 },
	{ "no PT_LOAD", mut_no_load, -ENOEXEC, 0 },
	{ "every PT_LOAD empty", mut_all_empty, -ENOEXEC, 0 },
	{ "p_filesz > p_memsz", mut_filesz_gt_memsz, -EINVAL, 0 },
	{ "p_memsz > TASK_SIZE", mut_memsz_huge, -EINVAL, 0 },
	{ "end one past TASK_SIZE", mut_end_past_task, -EINVAL, 0 },
	{ "p_vaddr + p_memsz wraps", mut_vaddr_wrap, -EINVAL, 0 },
	{ "p_offset incongruent", mut_incongruent, -EINVAL, 0 },
	{ "p_offset + p_filesz wraps", mut_offset_wraps, -EINVAL, 0 },
	{ "overlapping PT_LOADs", mut_overlap, -EINVAL, 0 },
	{ "descending PT_LOADs", mut_descending, -EINVAL, 0 },
	{ "below mmap_min_addr", mut_below_min_addr, -EPERM, 0 },
	{ "entry in the kernel", mut_entry_kernel, -EINVAL, 0 },
	{ "entry at TASK_SIZE", mut_entry_task_size, -EINVAL, 0 },
	{ "rnd not page aligned", mut_dyn, -EINVAL, 0x1234 },
	{ "rnd too large", mut_dyn, -EINVAL, 0x2aaaaaaab000ULL },
	{ "ET_DYN first above base", mut_dyn_high_first, -EINVAL, 0 },
	{ "ET_DYN biased past TASK_SIZE", mut_dyn_past_task, -EINVAL, 0 },
};

UNIT_TEST(elf_plan, every_check_refuses_its_mutation)
{
	unsigned int i;
	struct tiny t;
	int err;

	for (i = 0; i < sizeof(mutations) / sizeof(mutations[0]); i++) {
		tiny_init(&t);
		mutations[i].apply(&t);
		err = tiny_plan(&t, mutations[i].rnd);
		if (err != mutations[i].err)
			EXPECT_FAIL("%s: got %d, want %d (%s)", mutations[i].what,
				    err, mutations[i].err,
				    plan.reason ? plan.reason : "no reason");
		else if (!plan.reason)
			EXPECT_FAIL("%s: no reason", mutations[i].what);
		else
			unit_note("%s: %d %s", mutations[i].what, err,
				  plan.reason);
	}
	/* and the unmutated file still passes */
	tiny_init(&t);
	EXPECT_EQ(tiny_plan(&t, 0), 0);
}

/* Linux maps file bytes past the end; the program faults when it gets there */
UNIT_TEST(elf_plan, past_eof_is_accepted)
{
	struct tiny t;

	tiny_init(&t);
	mut_past_eof(&t);
	EXPECT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_TRUE(plan.reason == NULL);
	tiny_init(&t);
	mut_offset_past_eof(&t);
	EXPECT_EQ(tiny_plan(&t, 0), 0);
	EXPECT_TRUE(plan.reason == NULL);
}

UNIT_TEST(elf_plan, interp_reason_says_static_only)
{
	struct tiny t;

	tiny_init(&t);
	t.ph[2].p_type = PT_INTERP;
	ASSERT_EQ(tiny_plan(&t, 0), -ENOEXEC);
	EXPECT_TRUE(host_strstr(plan.reason, "static"));
}

/* every prefix of the file, in a buffer of exactly that size (ASan) */
UNIT_TEST(elf_plan, every_truncation)
{
	struct tiny t;
	size_t len;
	int err, want;

	tiny_init(&t);
	for (len = 0; len <= sizeof(t); len++) {
		unsigned char *copy = host_dup(&t, len);

		err = elf_plan_buffer(copy, len, 0, &plan);
		host_free(copy);
		/*
		 * headers end at 64 + 3 * 56 = 232; a file cut after them
		 * still plans (its segments past the end fault at run time)
		 */
		want = len < 232 ? -ENOEXEC : 0;
		if (err != want) {
			EXPECT_FAIL("length %zu: got %d, want %d", len, err, want);
			break;
		}
		if (len < 232 && !plan.reason) {
			EXPECT_FAIL("length %zu: no reason", len);
			break;
		}
	}
}

struct failing_file {
	const struct tiny *t;
	unsigned int good_reads;
};

/* serve the tiny file, then fail with -EIO */
static long failing_read(void *arg, u64 pos, void *buf, size_t len)
{
	struct failing_file *f = arg;

	if (!f->good_reads--)
		return -EIO;
	if (pos >= sizeof(*f->t))
		return 0;
	if (len > sizeof(*f->t) - pos)
		len = sizeof(*f->t) - pos;
	host_memcpy(buf, (const char *)f->t + pos, len);
	return len;
}

UNIT_TEST(elf_plan, reader_errors_are_enoexec)
{
	struct failing_file f;
	struct tiny t;
	unsigned int n;

	tiny_init(&t);
	f.t = &t;
	/* the header, then 3 program headers twice: 7 reads in all */
	for (n = 0; n < 7; n++) {
		f.good_reads = n;
		EXPECT_EQ(elf_plan_load(failing_read, &f, sizeof(t), 0, &plan),
			  -ENOEXEC);
	}
	f.good_reads = 7;
	EXPECT_EQ(elf_plan_load(failing_read, &f, sizeof(t), 0, &plan), 0);
}

/* ---- real executables against readelf ---------------------------------- */

static void check_against_readelf(const char *cc, const char *flags,
				  u64 rnd)
{
	struct readelf_info ri;
	char path[256];
	void *data;
	size_t size;
	u64 bias = 0, brk = 0, phdr = 0, align = 0;
	unsigned int i, n = 0;
	int err;

	if (elf_host_build(cc, flags, path, sizeof(path)))
		unit_skip("the compiler is missing or cannot link this way");
	ASSERT_EQ(elf_host_readelf(path, &ri), 0);
	if (ri.has_interp) {
		/* Debian's musl-gcc wrapper links -static-pie with an
		 * interpreter: not the static executable this test is about */
		elf_host_remove(path);
		unit_skip("the toolchain linked a PT_INTERP: not static here");
	}
	ASSERT_EQ(elf_host_slurp(path, &data, &size), 0);
	err = elf_plan_buffer(data, size, rnd, &plan);
	host_free(data);
	elf_host_remove(path);
	ASSERT_EQ(err, 0);

	EXPECT_EQ(plan.e_type, ri.dyn ? ET_DYN : ET_EXEC);
	EXPECT_EQ(plan.phnum, ri.phnum);
	for (i = 0; i < ri.nr; i++)
		if (ri.seg[i].load && host_is_pow2(ri.seg[i].align) &&
		    ri.seg[i].align > align)
			align = ri.seg[i].align;
	if (align < PG)
		align = PG;
	if (ri.dyn) {
		/* Linux's 0x7ffffffff000 / 3 * 2, then p_align, then pages */
		bias = ((0x555555554aaaULL + rnd) & ~(align - 1)) -
		       ri.seg[ri.first_load].vaddr;
		bias &= ~(PG - 1);
	}
	EXPECT_EQ(plan.load_bias, bias);
	EXPECT_EQ(plan.entry, ri.entry + bias);
	for (i = 0; i < ri.nr; i++) {
		const struct readelf_seg *s = &ri.seg[i];
		const struct elf_load_seg *p = &plan.loads[n];

		if (!s->load)
			continue;
		if (n >= plan.nr_loads) {
			EXPECT_FAIL("plan has fewer PT_LOADs than readelf");
			return;
		}
		EXPECT_EQ(p->start, (s->vaddr + bias) & ~(PG - 1));
		EXPECT_EQ(p->end, (s->vaddr + bias + s->memsz + PG - 1) & ~(PG - 1));
		EXPECT_EQ(p->offset, s->offset & ~(PG - 1));
		EXPECT_EQ(p->file_bytes, (s->offset & (PG - 1)) + s->filesz);
		EXPECT_EQ(p->mem_bytes, (s->vaddr & (PG - 1)) + s->memsz);
		EXPECT_EQ(p->prot, (s->r ? PROT_READ : 0) | (s->w ? PROT_WRITE : 0) |
			  (s->x ? PROT_EXEC : 0));
		if (s->offset <= ri.phoff && ri.phoff < s->offset + s->filesz)
			phdr = ri.phoff - s->offset + s->vaddr;
		if (s->vaddr + s->memsz > brk)
			brk = s->vaddr + s->memsz;
		n++;
	}
	EXPECT_EQ(plan.nr_loads, n);
	EXPECT_EQ(plan.phdr_addr, phdr + bias);
	if (ri.has_pt_phdr)	/* the linker's own word for it */
		EXPECT_EQ(plan.phdr_addr, ri.pt_phdr + bias);
	EXPECT_EQ(plan.start_brk, (brk + bias + PG - 1) & ~(PG - 1));
	EXPECT_EQ(plan.exec_stack, !ri.has_stack ? EXSTACK_DEFAULT :
		  ri.stack_x ? EXSTACK_ENABLE_X : EXSTACK_DISABLE_X);
	unit_note("%s %s: %u PT_LOADs, bias %#llx, entry %#llx", cc, flags,
		  n, (unsigned long long)bias, (unsigned long long)plan.entry);
}

UNIT_TEST(elf_plan, gcc_static)
{
	check_against_readelf("gcc", "-static", 0);
}

UNIT_TEST(elf_plan, gcc_static_execstack)
{
	check_against_readelf("gcc", "-static -Wl,-z,execstack", 0);
	EXPECT_EQ(plan.exec_stack, EXSTACK_ENABLE_X);
}

UNIT_TEST(elf_plan, gcc_static_pie)
{
	check_against_readelf("gcc", "-static-pie", 0);
	check_against_readelf("gcc", "-static-pie", 0x3c0de000ULL);
}

UNIT_TEST(elf_plan, musl_static)
{
	check_against_readelf("musl-gcc", "-static", 0);
}

UNIT_TEST(elf_plan, musl_static_pie)
{
	check_against_readelf("musl-gcc", "-static-pie", 0x5000);
}

UNIT_TEST(elf_plan, gcc_dynamic_is_refused)
{
	char path[256];
	void *data;
	size_t size;

	if (elf_host_build("gcc", "", path, sizeof(path)))
		unit_skip("gcc is missing");
	ASSERT_EQ(elf_host_slurp(path, &data, &size), 0);
	elf_host_remove(path);
	EXPECT_EQ(elf_plan_buffer(data, size, 0, &plan), -ENOEXEC);
	host_free(data);
	EXPECT_TRUE(plan.reason && host_strstr(plan.reason, "PT_INTERP"));
}
