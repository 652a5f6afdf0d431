// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/mtrr, Linux 6.1's interface (its arch/x86/kernel/cpu/mtrr/if.c):
 *
 * - reading lists the variable ranges in use with their usage counts;
 * - writing "base=0x... size=0x... type=NAME" adds a range, "disable=N"
 *   drops a use of register N (if_parse.c reads the line), through
 *   mtrr_add_page() and mtrr_del_page() with their errors; a write
 *   returns what it was given, cut at 79 bytes;
 * - the MTRRIOC_* ioctls (uapi/asm/mtrr.h) add, delete and read entries.
 *   MTRRIOC_ADD_ENTRY and MTRRIOC_DEL_ENTRY count per open file, and what
 *   a file added and did not delete goes at its last close, so a program
 *   that dies leaves nothing behind; the SET and KILL forms are not
 *   counted per file.  An add returns the register, as Linux's ioctl does.
 *
 * Opening it needs CAP_SYS_ADMIN (EPERM), as since Linux 5.6: the ranges
 * are physical addresses.  The file is 0644, so others opening it for
 * writing meet EACCES first.  It exists only where MTRRs are enabled, as
 * in Linux.
 */
#define pr_fmt(fmt) "mtrr: " fmt

#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <linux/vfile.h>
#include <asm/mtrr.h>
#include <asm/mtrr_plan.h>
#include <asm/uaccess.h>

/* Linux's format; the counts are mtrr_add()'s (1 for firmware's ranges) */
static int mtrr_proc_show(struct seq_file *m, void *priv)
{
	struct mtrr_state s;
	unsigned int usage[MTRR_MAX_VAR_RANGES];
	unsigned long base, size;
	unsigned int i;
	char factor;
	u8 type;

	mtrr_snapshot(&s, usage);
	for (i = 0; i < s.num_var; i++) {
		mtrr_var_get(&s, i, &base, &size, &type);
		if (!size)
			continue;
		if (size < (0x100000 >> 12)) {
			factor = 'K';
			size <<= 12 - 10;
		} else {
			factor = 'M';
			size >>= 20 - 12;
		}
		seq_printf(m, "reg%02u: base=0x%06lx000 (%5luMB), size=%5lu%cB, count=%u: %s\n",
			   i, base, base >> (20 - 12), size, factor, usage[i],
			   mtrr_attrib_to_str(type));
	}
	return 0;
}

static ssize_t mtrr_write(struct file *file, struct iov_iter *from)
{
	size_t len = min_t(size_t, iov_iter_count(from), MTRR_LINE_SIZE - 1);
	char line[MTRR_LINE_SIZE] = { 0 };
	struct mtrr_line l;
	int err;

	if (copy_from_iter(line, len, from) != len)
		return -EFAULT;
	err = mtrr_parse_line(line, &l);
	if (err)
		return err;
	if (l.disable)
		err = mtrr_del_page((int)l.reg, 0, 0);
	else
		err = mtrr_add_page(l.base >> 12, l.size >> 12, l.type, true);
	return err < 0 ? err : (ssize_t)len;
}

/* the uses this open file holds of each register (MTRRIOC_ADD_ENTRY) */
static unsigned int *mtrr_file_counts(struct file *file, bool create)
{
	unsigned int **fcount = (unsigned int **)vfile_file_private(file);

	if (!*fcount && create)
		*fcount = kcalloc(MTRR_MAX_VAR_RANGES, sizeof(**fcount),
				  GFP_KERNEL);
	return *fcount;
}

static int mtrr_to_pages(unsigned long *base, unsigned long *size, bool page)
{
	if (page)
		return 0;
	if ((*base | *size) & 0xfff)
		return -EINVAL;
	*base >>= 12;
	*size >>= 12;
	return 0;
}

static int mtrr_file_add(struct file *file, unsigned long base,
			 unsigned long size, unsigned int type, bool page)
{
	unsigned int *fcount = mtrr_file_counts(file, true);
	int reg;

	if (!fcount)
		return -ENOMEM;
	if (mtrr_to_pages(&base, &size, page))
		return -EINVAL;
	reg = mtrr_add_page(base, size, type, true);
	if (reg >= 0)
		fcount[reg]++;
	return reg;
}

static int mtrr_file_del(struct file *file, unsigned long base,
			 unsigned long size, bool page)
{
	unsigned int *fcount = mtrr_file_counts(file, false);
	int reg;

	if (mtrr_to_pages(&base, &size, page))
		return -EINVAL;
	reg = mtrr_del_page(-1, base, size);
	if (reg < 0 || !fcount)
		return reg;
	if (fcount[reg] < 1)
		return -EINVAL;
	fcount[reg]--;
	return reg;
}

/* Linux's MTRRIOC_GET_ENTRY: a range it cannot describe in 32 bits is 0s */
static int mtrr_get_entry(struct mtrr_gentry *g, bool page)
{
	unsigned long base, size;
	u8 type;

	if (g->regnum >= mtrr_state.num_var)
		return -EINVAL;
	mtrr_var_get(&mtrr_state, g->regnum, &base, &size, &type);
	g->base = g->size = g->type = 0;
	if (page) {
		if (size != (unsigned int)size)
			return 0;
		g->base = base;
		g->size = size;
	} else {
		if (base + size - 1 >= (1UL << (32 - 12)) ||
		    size >= (1UL << (32 - 12)))
			return 0;
		g->base = (u64)base << 12;
		g->size = size << 12;
	}
	g->type = type;
	return 0;
}

static long mtrr_sentry_ioctl(struct file *file, unsigned int cmd,
			      const struct mtrr_sentry *e)
{
	switch (cmd) {
	case MTRRIOC_ADD_ENTRY:
		return mtrr_file_add(file, e->base, e->size, e->type, false);
	case MTRRIOC_ADD_PAGE_ENTRY:
		return mtrr_file_add(file, e->base, e->size, e->type, true);
	case MTRRIOC_SET_ENTRY:
		return mtrr_add(e->base, e->size, e->type, false);
	case MTRRIOC_SET_PAGE_ENTRY:
		return mtrr_add_page(e->base, e->size, e->type, false);
	case MTRRIOC_DEL_ENTRY:
		return mtrr_file_del(file, e->base, e->size, false);
	case MTRRIOC_DEL_PAGE_ENTRY:
		return mtrr_file_del(file, e->base, e->size, true);
	case MTRRIOC_KILL_ENTRY:
		return mtrr_del(-1, e->base, e->size);
	default:	/* MTRRIOC_KILL_PAGE_ENTRY */
		return mtrr_del_page(-1, e->base, e->size);
	}
}

static long mtrr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct mtrr_sentry e;
	struct mtrr_gentry g;
	int err;

	switch (cmd) {
	case MTRRIOC_ADD_ENTRY:
	case MTRRIOC_SET_ENTRY:
	case MTRRIOC_DEL_ENTRY:
	case MTRRIOC_KILL_ENTRY:
	case MTRRIOC_ADD_PAGE_ENTRY:
	case MTRRIOC_SET_PAGE_ENTRY:
	case MTRRIOC_DEL_PAGE_ENTRY:
	case MTRRIOC_KILL_PAGE_ENTRY:
		if (copy_from_user(&e, uarg, sizeof(e)))
			return -EFAULT;
		return mtrr_sentry_ioctl(file, cmd, &e);
	case MTRRIOC_GET_ENTRY:
	case MTRRIOC_GET_PAGE_ENTRY:
		if (copy_from_user(&g, uarg, sizeof(g)))
			return -EFAULT;
		err = mtrr_get_entry(&g, cmd == MTRRIOC_GET_PAGE_ENTRY);
		if (err)
			return err;
		return copy_to_user(uarg, &g, sizeof(g)) ? -EFAULT : 0;
	default:
		return -ENOTTY;
	}
}

static int mtrr_open(struct file *file)
{
	return capable(CAP_SYS_ADMIN) ? 0 : -EPERM;
}

/* the uses this file added and did not delete go with it */
static void mtrr_release(struct file *file)
{
	unsigned int *fcount = mtrr_file_counts(file, false);
	unsigned int i;

	if (!fcount)
		return;
	for (i = 0; i < MTRR_MAX_VAR_RANGES; i++)
		for (; fcount[i]; fcount[i]--)
			mtrr_del(i, 0, 0);
	kfree(fcount);
}

static const struct vfile_ops mtrr_proc_ops = {
	.mode = S_IWUSR | S_IRUGO,
	.open = mtrr_open,
	.write = mtrr_write,
	.ioctl = mtrr_ioctl,
	.release = mtrr_release,
};

/* /proc/mtrr exists only where MTRRs do, as in Linux */
void mtrr_proc_init(void)
{
	if (mtrr_state.have_mtrr && mtrr_state.enabled)
		proc_create_ops("mtrr", mtrr_proc_show, &mtrr_proc_ops, NULL);
}
