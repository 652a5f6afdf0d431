// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_filemap: mappings of ramfs files, driven from the boot
 * context through the kernel's user-copy routines with a new address
 * space loaded on this CPU, so every access is a real #PF that reaches
 * ramfs's fault handler:
 *
 *  - a MAP_SHARED page is the file's page: the file's data, and what
 *    pread() and pwrite() see;
 *  - a private write copies, leaving the file's page alone;
 *  - handle_mm_fault() answers VM_FAULT_SIGBUS past the last page;
 *  - each VMA holds one reference to its file, through splits and fork;
 *  - injected allocation failures in a fault on a hole leak nothing: the
 *    only page not back is the one the file kept.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/uaccess.h>
#include "vfs_helpers.h"

#define PATH	"/tfilemap"
#define BASE	0x30000000UL
#define RW	(PROT_READ | PROT_WRITE)

struct fm_ctx {
	struct mm_struct *mm;
	struct mm_struct *saved_mm, *saved_active;
	struct file *file;
	long fd;
};

static struct mm_struct *loaded(void)
{
	return current->active_mm ?: &init_mm;
}

static void load_mm(struct mm_struct *mm)
{
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(loaded(), mm);
	current->active_mm = mm;
	current->mm = mm == &init_mm ? NULL : mm;
	local_irq_restore(flags);
}

/* a file of @pages pages, byte i holding (i % 251), and a space to map it */
static bool fm_begin(struct ktest *t, struct fm_ctx *c, unsigned int pages)
{
	static u8 buf[PAGE_SIZE];
	unsigned int i;

	c->fd = t_open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (c->fd < 0) {
		ktest_fail(t, __FILE__, __LINE__, "open: %ld", c->fd);
		return false;
	}
	for (i = 0; i < pages * PAGE_SIZE; i++) {
		buf[i % PAGE_SIZE] = i % 251;
		if (i % PAGE_SIZE == PAGE_SIZE - 1)
			t_write(c->fd, buf, PAGE_SIZE);
	}
	c->file = fget(c->fd);
	c->saved_mm = current->mm;
	c->saved_active = current->active_mm;
	c->mm = mm_alloc();
	if (!c->file || !c->mm) {
		ktest_fail(t, __FILE__, __LINE__, "no file or space");
		return false;
	}
	load_mm(c->mm);
	return true;
}

static void fm_end(struct fm_ctx *c)
{
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(loaded(), &init_mm);
	current->mm = c->saved_mm;
	current->active_mm = c->saved_active;
	local_irq_restore(flags);
	mmput(c->mm);
	fput(c->file);
	close_fd(c->fd);
	t_unlink(PATH);
}

static unsigned long fm_map(struct fm_ctx *c, unsigned long len,
			    unsigned long prot, unsigned long flags,
			    unsigned long pgoff)
{
	return do_mmap(c->mm, c->file, BASE, len, prot, flags | MAP_FIXED,
		       pgoff);
}

static int file_refs(struct fm_ctx *c)
{
	return __atomic_load_n(&c->file->f_count, __ATOMIC_ACQUIRE);
}

static void test_shared_is_the_file(struct ktest *t)
{
	struct fm_ctx c;
	u8 v = 0, b = 0;

	if (!fm_begin(t, &c, 2))
		return;
	KTEST_ASSERT_TRUE(t, fm_map(&c, 2 * PAGE_SIZE, RW, MAP_SHARED, 0) ==
			  BASE);
	KTEST_EXPECT_EQ(t, get_user(v, (u8 __user *)(BASE + 300)), 0);
	KTEST_EXPECT_EQ(t, v, 300 % 251);
	KTEST_EXPECT_EQ(t, c.mm->rss, 1);
	KTEST_EXPECT_EQ(t, put_user((u8)0xee, (u8 __user *)(BASE + 5000)), 0);
	KTEST_EXPECT_EQ(t, t_pread(c.fd, &b, 1, 5000), 1);
	KTEST_EXPECT_EQ(t, b, 0xee);
	b = 0x77;
	KTEST_EXPECT_EQ(t, t_pwrite(c.fd, &b, 1, 301), 1);
	KTEST_EXPECT_EQ(t, get_user(v, (u8 __user *)(BASE + 301)), 0);
	KTEST_EXPECT_EQ(t, v, 0x77);
	fm_end(&c);
}

static void test_private_copies(struct ktest *t)
{
	struct fm_ctx c;
	u8 v = 0, b = 0;

	if (!fm_begin(t, &c, 1))
		return;
	KTEST_ASSERT_TRUE(t, fm_map(&c, PAGE_SIZE, RW, MAP_PRIVATE, 0) ==
			  BASE);
	KTEST_EXPECT_EQ(t, put_user((u8)0xaa, (u8 __user *)(BASE + 9)), 0);
	KTEST_EXPECT_EQ(t, get_user(v, (u8 __user *)(BASE + 9)), 0);
	KTEST_EXPECT_EQ(t, v, 0xaa);
	KTEST_EXPECT_EQ(t, t_pread(c.fd, &b, 1, 9), 1);
	KTEST_EXPECT_EQ(t, b, 9);
	fm_end(&c);
}

static void test_sigbus_past_end(struct ktest *t)
{
	struct vm_area_struct *vma;
	unsigned int ret;
	struct fm_ctx c;
	u8 v;

	if (!fm_begin(t, &c, 1))
		return;
	KTEST_ASSERT_TRUE(t, fm_map(&c, 3 * PAGE_SIZE, PROT_READ, MAP_SHARED,
				    0) == BASE);
	mmap_write_lock(c.mm);
	vma = find_vma(c.mm, BASE);
	ret = vma ? handle_mm_fault(vma, BASE + PAGE_SIZE, 0) : 0;
	mmap_write_unlock(c.mm);
	KTEST_EXPECT_TRUE(t, ret & VM_FAULT_SIGBUS);
	KTEST_EXPECT_EQ(t, get_user(v, (u8 __user *)(BASE + 2 * PAGE_SIZE)),
			-EFAULT);
	KTEST_EXPECT_EQ(t, get_user(v, (u8 __user *)(BASE + PAGE_SIZE - 1)),
			0);
	KTEST_EXPECT_EQ(t, v, (PAGE_SIZE - 1) % 251);
	KTEST_EXPECT_EQ(t, c.mm->rss, 1);
	fm_end(&c);
}

static void test_file_references(struct ktest *t)
{
	struct mm_struct *child;
	struct fm_ctx c;
	int base;

	if (!fm_begin(t, &c, 4))
		return;
	base = file_refs(&c);
	KTEST_ASSERT_TRUE(t, fm_map(&c, 4 * PAGE_SIZE, RW, MAP_SHARED, 0) ==
			  BASE);
	KTEST_EXPECT_EQ(t, file_refs(&c), base + 1);
	/* two splits: three VMAs */
	KTEST_EXPECT_EQ(t, do_mprotect(c.mm, BASE + PAGE_SIZE, PAGE_SIZE,
				       PROT_READ), 0);
	KTEST_EXPECT_EQ(t, file_refs(&c), base + 3);
	child = dup_mm(c.mm);
	KTEST_ASSERT_TRUE(t, child);
	KTEST_EXPECT_EQ(t, file_refs(&c), base + 6);
	mmput(child);
	KTEST_EXPECT_EQ(t, do_munmap(c.mm, BASE, 2 * PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, file_refs(&c), base + 1);
	/* a refused mapping takes none */
	KTEST_EXPECT_EQ(t, (long)do_mmap(c.mm, c.file, BASE, PAGE_SIZE,
					 RW, MAP_SHARED | MAP_GROWSDOWN, 0),
			-EINVAL);
	KTEST_EXPECT_EQ(t, file_refs(&c), base + 1);
	fm_end(&c);
}

static void test_hole_fault_enomem(struct ktest *t)
{
	unsigned long free, injected;
	int err = -EFAULT;
	struct kstat k;
	struct fm_ctx c;
	unsigned int i;
	u64 first, blocks;
	u8 v = 1;

	if (!fm_begin(t, &c, 0))
		return;
	/* a file of three holes */
	KTEST_EXPECT_EQ(t, t_pwrite(c.fd, "", 1, 3 * PAGE_SIZE - 1), 1);
	KTEST_ASSERT_TRUE(t, fm_map(&c, 3 * PAGE_SIZE, RW, MAP_SHARED, 0) ==
			  BASE);
	KTEST_EXPECT_EQ(t, t_stat(PATH, &k), 0);
	first = k.blocks;
	for (i = 0; i < 8 && err; i++) {
		free = nr_free_pages();
		blocks = k.blocks;
		injected = fail_page_alloc_injected();
		fail_page_alloc_after(i);
		err = get_user(v, (u8 __user *)(BASE + PAGE_SIZE));
		fail_page_alloc_after(-1);
		KTEST_EXPECT_EQ(t, t_stat(PATH, &k), 0);
		if (!err)
			break;
		KTEST_EXPECT_EQ(t, err, -EFAULT);
		KTEST_EXPECT_TRUE(t, fail_page_alloc_injected() > injected);
		KTEST_EXPECT_EQ(t, c.mm->rss, 0);
		/* every page back but the one the file may have kept */
		KTEST_EXPECT_EQ(t, nr_free_pages() +
				(k.blocks - blocks) / (PAGE_SIZE / 512), free);
	}
	KTEST_EXPECT_EQ(t, err, 0);
	/* the page failed first, then a table with the file's page made */
	KTEST_EXPECT_TRUE(t, i > 1);
	KTEST_EXPECT_EQ(t, v, 0);
	/* the file gained the page once, whichever attempt made it */
	KTEST_EXPECT_EQ(t, k.blocks, first + PAGE_SIZE / 512);
	fm_end(&c);
}

static struct ktest_case fs_filemap_cases[] = {
	KTEST_CASE(test_shared_is_the_file),
	KTEST_CASE(test_private_copies),
	KTEST_CASE(test_sigbus_past_end),
	KTEST_CASE(test_file_references),
	KTEST_CASE(test_hole_fault_enomem),
	{}
};
KTEST_SUITE(fs_filemap, fs_filemap_cases);
