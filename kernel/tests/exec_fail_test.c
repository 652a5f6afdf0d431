// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite exec_enomem: execve's failure paths after the arguments
 * are copied (the strings, the file, the ELF plan, the new address
 * space, its segments and stack), reached by injected allocation
 * failures, each answer -ENOMEM, leave the caller as it was and give
 * back every page and kmalloc object.
 *
 * The program is a 128-byte static ELF written to the RAM root.  The
 * test's kernel thread (the init task, before it becomes a process)
 * execs it with failslab and then the page countdown armed at 0, 1, 2,
 * ... successes.  The run where nothing fails really execs: the test
 * then takes the thread back (its registers, flags, name and the kernel's
 * address space, the new one dropped), which must also give everything
 * back.  Nothing ever enters user mode.
 */
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/ptrace.h>
#include "../../fs/tests/vfs_helpers.h"

#define PROG		"/exec_enomem_prog"
#define LOAD_ADDR	0x400000UL
#define CODE_OFF	(sizeof(struct elf64_hdr) + sizeof(struct elf64_phdr))
#define MAX_STEPS	256

/* exit(0): mov $60, %eax; xor %edi, %edi; syscall */
static const u8 exit_code[] = { 0xb8, 0x3c, 0, 0, 0, 0x31, 0xff, 0x0f, 0x05 };

static int write_prog(void)
{
	u8 img[CODE_OFF + sizeof(exit_code)];
	struct elf64_hdr *eh = (void *)img;
	struct elf64_phdr *ph = (void *)(img + sizeof(*eh));
	long fd;
	ssize_t n;

	memset(img, 0, sizeof(img));
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_entry = LOAD_ADDR + CODE_OFF;
	eh->e_phoff = sizeof(*eh);
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(*ph);
	eh->e_phnum = 1;
	ph->p_type = PT_LOAD;
	ph->p_flags = PF_R | PF_X;
	ph->p_vaddr = ph->p_paddr = LOAD_ADDR;
	ph->p_filesz = ph->p_memsz = sizeof(img);
	ph->p_align = 0x1000;
	memcpy(img + CODE_OFF, exit_code, sizeof(exit_code));
	fd = t_open(PROG, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0)
		return fd;
	n = t_write(fd, img, sizeof(img));
	close_fd(fd);
	return n == (ssize_t)sizeof(img) ? 0 : -EIO;
}

/* what the thread was before an exec that worked */
struct thread_state {
	struct pt_regs regs;
	char comm[TASK_COMM_LEN];
	unsigned int flags;
	unsigned long fsbase, gsbase;
	struct mm_struct *active_mm;
};

struct exec_counts {
	unsigned long free_pages, objects;
};

static void counts(struct exec_counts *c)
{
	struct kmalloc_class_stats st;
	unsigned int i;

	c->objects = 0;
	for (i = 0; !kmalloc_class_stats(i, &st); i++)
		c->objects += st.objects;
	c->free_pages = nr_free_pages();
}

static void save_thread(struct thread_state *s)
{
	struct task_struct *t = current;

	s->regs = *current_pt_regs();
	memcpy(s->comm, t->comm, sizeof(s->comm));
	s->flags = t->flags;
	s->fsbase = t->fsbase;
	s->gsbase = t->gsbase;
	s->active_mm = t->active_mm;
}

/* undo a successful exec: back to the kernel's space, the new one freed */
static void restore_thread(const struct thread_state *s)
{
	struct task_struct *t = current;
	struct mm_struct *mm = t->mm;
	unsigned long flags;

	task_lock(t);
	local_irq_save(flags);
	switch_mm_irqs_off(t->active_mm, s->active_mm ?: &init_mm);
	t->mm = NULL;
	t->active_mm = s->active_mm;
	local_irq_restore(flags);
	task_unlock(t);
	if (mm)
		mmput(mm);
	*current_pt_regs() = s->regs;
	memcpy(t->comm, s->comm, sizeof(t->comm));
	t->flags = s->flags;
	t->fsbase = s->fsbase;
	t->gsbase = s->gsbase;
	t->did_exec = false;
	t->vfork_done = false;
}

static const char *const argv[] = { PROG, "one", "two", NULL };
static const char *const envp[] = { "HOME=/", "TERM=linux", NULL };

/*
 * Exec with the countdown @arm at 0, 1, ...: each injected failure is
 * -ENOMEM and changes nothing; the first run without one execs, and is
 * undone.  Returns the failure points seen.
 */
static unsigned int exec_failures(struct ktest *t, void (*arm)(long),
				  unsigned long (*injected)(void))
{
	struct exec_counts before, after;
	struct thread_state s;
	unsigned int points = 0;
	unsigned long inj;
	long i;
	int err = 0;

	for (i = 0; i < MAX_STEPS; i++) {
		save_thread(&s);
		counts(&before);
		inj = injected();
		arm(i);
		err = kernel_execve(PROG, argv, envp);
		arm(-1);
		if (!err) {
			KTEST_EXPECT_TRUE(t, current->mm != NULL);
			KTEST_EXPECT_EQ(t, current_pt_regs()->ip,
					LOAD_ADDR + CODE_OFF);
			restore_thread(&s);
		} else {
			KTEST_EXPECT_EQ(t, err, -ENOMEM);
			KTEST_EXPECT_TRUE(t, current->mm == NULL);
			KTEST_EXPECT_EQ(t, current->flags, s.flags);
			KTEST_EXPECT_TRUE(t, !strcmp(current->comm, s.comm));
		}
		counts(&after);
		KTEST_EXPECT_EQ(t, after.free_pages, before.free_pages);
		KTEST_EXPECT_EQ(t, after.objects, before.objects);
		if (injected() == inj)
			break;
		points++;
	}
	KTEST_EXPECT_EQ(t, err, 0);
	return points;
}

static void page_arm(long n)
{
	fail_page_alloc_after(n);
}

static void slab_arm(long n)
{
	fail_slab_alloc_after(n);
}

struct exec_ctx_saved {
	struct sighand_struct *sighand;
	struct fpu *fpu;
};

/* what exec needs of a process: signal actions, an FPU buffer, the file */
static bool begin(struct ktest *t, struct exec_ctx_saved *c)
{
	struct task_struct *cur = current;
	struct sighand_struct *sh;
	struct thread_state s;
	struct fpu *fpu;
	int err;

	if (cur->mm) {
		ktest_skip(t, "the test thread already has a program");
		return false;
	}
	err = write_prog();
	if (err) {
		ktest_fail(t, __FILE__, __LINE__, "writing %s: %d", PROG, err);
		return false;
	}
	sh = sighand_alloc();
	fpu = fpu_alloc();
	if (!sh || !fpu) {
		sighand_free(sh);
		fpu_free(fpu);
		ktest_fail(t, __FILE__, __LINE__, "no memory");
		return false;
	}
	fpu_init_state(fpu);
	c->sighand = cur->sighand;
	c->fpu = cur->fpu;
	cur->sighand = sh;
	cur->fpu = fpu;
	/* one exec that works first: lookups cached, the file read once */
	save_thread(&s);
	if (kernel_execve(PROG, argv, envp) == 0)
		restore_thread(&s);
	return true;
}

static void end(struct exec_ctx_saved *c)
{
	struct task_struct *cur = current;
	struct sighand_struct *sh = cur->sighand;
	struct fpu *fpu = cur->fpu;
	unsigned long flags;

	local_irq_save(flags);
	cur->sighand = c->sighand;
	cur->fpu = c->fpu;
	local_irq_restore(flags);
	sighand_free(sh);
	fpu_free(fpu);
	t_unlink(PROG);
}

static void test_exec_kmalloc_failures(struct ktest *t)
{
	struct exec_ctx_saved c;

	if (!begin(t, &c))
		return;
	/* the context, the path, the file, the mm, the VMAs */
	KTEST_EXPECT_TRUE(t, exec_failures(t, slab_arm,
					   fail_slab_injected) >= 4);
	end(&c);
}

static void test_exec_page_failures(struct ktest *t)
{
	struct exec_ctx_saved c;

	if (!begin(t, &c))
		return;
	/* the strings, the pgd, the segment, its tables, the stack */
	KTEST_EXPECT_TRUE(t, exec_failures(t, page_arm,
					   fail_page_alloc_injected) >= 6);
	end(&c);
}

static struct ktest_case exec_enomem_cases[] = {
	KTEST_CASE(test_exec_kmalloc_failures),
	KTEST_CASE(test_exec_page_failures),
	{}
};
KTEST_SUITE(exec_enomem, exec_enomem_cases);
