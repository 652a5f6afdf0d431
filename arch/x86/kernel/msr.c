// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/cpu/N/msr: Linux's msr driver.  Major 202, minor N; a read of a
 * multiple of 8 bytes at file offset = MSR index returns that MSR, read
 * on CPU N, once per 8 bytes (the offset does not move, as in Linux).
 * An MSR the CPU faults on gives -EIO.  pread() or lseek() + read() both
 * work; SEEK_END is refused.
 *
 * Writes: Linux 6.1 allows them by default, with a warning, and refuses
 * them with "msr.allow_writes=off".  cachet refuses them (-EPERM) unless
 * the command line says "msr.allow_writes=on": a stray write to
 * IA32_PAT or an MTRR would undo what this kernel exists to keep
 * consistent.  There are no capabilities yet, so the CAP_SYS_RAWIO check
 * of Linux's open is not made.
 */
#include <linux/devtmpfs.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/uio.h>
#include <asm/msr.h>
#include <asm/processor.h>

#define MSR_MAJOR	202

static bool msr_allow_writes;

/* Linux's values: "on" or "off"; anything else is refused */
static int msr_param_allow_writes(char *val)
{
	if (val && !strcmp(val, "on"))
		msr_allow_writes = true;
	else if (val && !strcmp(val, "off"))
		msr_allow_writes = false;
	else
		return -EINVAL;
	return 0;
}
core_param("msr.allow_writes", msr_param_allow_writes);

struct msr_call {
	u32 reg;
	u64 val;
	int err;
};

static void msr_read_here(void *arg)
{
	struct msr_call *c = arg;

	c->err = rdmsrl_safe(c->reg, &c->val);
}

static void msr_write_here(void *arg)
{
	struct msr_call *c = arg;

	c->err = wrmsrl_safe(c->reg, c->val);
}

/* run @fn for @c on @cpu; -EIO when the CPU went away */
static int msr_on_cpu(unsigned int cpu, smp_call_func_t fn,
		      struct msr_call *c)
{
	if (smp_call_function_single(cpu, fn, c))
		return -EIO;
	return c->err;
}

static ssize_t msr_read(struct file *file, struct iov_iter *to, loff_t *ppos)
{
	unsigned int cpu = MINOR(file_inode(file)->i_rdev);
	size_t count = iov_iter_count(to);
	struct msr_call c = { .reg = (u32)*ppos };
	ssize_t bytes = 0;
	int err = 0;

	if (count % 8)
		return -EINVAL;
	for (; count; count -= 8) {
		err = msr_on_cpu(cpu, msr_read_here, &c);
		if (err)
			break;
		if (copy_to_iter(&c.val, 8, to) != 8) {
			err = -EFAULT;
			break;
		}
		bytes += 8;
	}
	return bytes ? bytes : err;
}

/* once per boot: say why, so the user is not left guessing */
static void msr_refusal_notice(u32 reg)
{
	static bool said;

	if (__atomic_exchange_n(&said, true, __ATOMIC_RELAXED))
		return;
	pr_notice("msr: write to MSR %#x by %s (pid %d) refused; boot with msr.allow_writes=on to allow\n",
		  reg, current->comm, current->pid);
}

static ssize_t msr_write(struct file *file, struct iov_iter *from,
			 loff_t *ppos)
{
	unsigned int cpu = MINOR(file_inode(file)->i_rdev);
	size_t count = iov_iter_count(from);
	struct msr_call c = { .reg = (u32)*ppos };
	ssize_t bytes = 0;
	int err = 0;

	if (!msr_allow_writes) {
		msr_refusal_notice(c.reg);
		return -EPERM;
	}
	if (count % 8)
		return -EINVAL;
	for (; count; count -= 8) {
		if (copy_from_iter(&c.val, 8, from) != 8) {
			err = -EFAULT;
			break;
		}
		pr_warn("msr: %s (pid %d) writes %#llx to MSR %#x on CPU %u\n",
			current->comm, current->pid,
			(unsigned long long)c.val, c.reg, cpu);
		err = msr_on_cpu(cpu, msr_write_here, &c);
		if (err)
			break;
		bytes += 8;
	}
	return bytes ? bytes : err;
}

/* the offset is the MSR index: SEEK_END has nothing to count from */
static loff_t msr_seek(struct file *file, loff_t offset, int whence)
{
	if (whence == SEEK_END)
		return -EINVAL;
	return generic_file_llseek(file, offset, whence);
}

static int msr_open(struct inode *inode, struct file *file)
{
	unsigned int cpu = MINOR(inode->i_rdev);

	if (cpu >= NR_CPUS || !cpu_online(cpu))
		return -ENXIO;
	if (!cpu_has(&cpu_data(cpu), X86_FEATURE_MSR))
		return -EIO;
	return 0;
}

static const struct file_operations msr_fops = {
	.llseek = msr_seek,
	.read_iter = msr_read,
	.write_iter = msr_write,
	.open = msr_open,
};

/**
 * msr_init() - register major 202 and add /dev/cpu/N/msr per online CPU
 *
 * Needs devtmpfs and the CPUs up.
 */
void msr_init(void)
{
	char name[32];
	unsigned int cpu;

	if (register_chrdev(MSR_MAJOR, "cpu/msr", &msr_fops)) {
		pr_err("msr: unable to get major %d for msr\n", MSR_MAJOR);
		return;
	}
	for_each_online_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu/%u/msr", cpu);
		if (devtmpfs_add_node(name, S_IFCHR | 0600,
				      MKDEV(MSR_MAJOR, cpu)))
			pr_err("msr: cannot create /dev/%s\n", name);
	}
}
