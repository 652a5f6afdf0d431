/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read-only virtual files under /proc, /sys and /sys/kernel/debug.  A
 * file is a path and a show callback that writes its whole contents into a
 * bounded buffer through seq_printf(); the shell's cat and ls read them.
 * The call names follow Linux (debugfs_create_file, proc_create_single) so
 * drivers read the same.
 */
#ifndef _CACHET_LINUX_VFILE_H
#define _CACHET_LINUX_VFILE_H

#include <linux/compiler.h>
#include <linux/stat.h>
#include <linux/types.h>

struct file;
struct iov_iter;
struct vm_area_struct;

struct seq_file {
	char *buf;
	size_t size;
	size_t count;
	bool overflow;		/* output did not fit */
	void *private;
};

typedef int (*vfile_show_t)(struct seq_file *m, void *private);

__printf(2, 3) void seq_printf(struct seq_file *m, const char *fmt, ...);
void seq_puts(struct seq_file *m, const char *s);
void seq_putc(struct seq_file *m, char c);

/**
 * debugfs_create_file() - add /sys/kernel/debug/@path
 * @path: relative to /sys/kernel/debug, e.g. "x86/pat_memtype_list"
 * @show: writes the contents
 * @private: passed to @show
 *
 * Returns 0, -EEXIST, -ENOMEM or -EINVAL.  Without CONFIG_DEBUG_FS it
 * does nothing and returns 0.
 */
int debugfs_create_file(const char *path, vfile_show_t show, void *private);
int debugfs_remove(const char *path);
/* add /proc/@path; same rules */
int proc_create_single(const char *path, vfile_show_t show, void *private);
/* add /sys/@path; same rules */
int sysfs_create_single(const char *path, vfile_show_t show, void *private);

/*
 * A text file that also takes writes and ioctls, as Linux's proc_ops
 * give /proc/mtrr: reads show @show's text as for proc_create_single();
 * @open may refuse an opener (its error is open's), @write gets what the
 * caller wrote (it copies it in itself), @ioctl the command and its
 * argument, @release runs at the last close.  Each open file has a
 * private pointer for them, vfile_file_private(), NULL at open.
 */
struct vfile_ops {
	umode_t mode;
	int (*open)(struct file *file);
	ssize_t (*write)(struct file *file, struct iov_iter *from);
	long (*ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	void (*release)(struct file *file);
};

int proc_create_ops(const char *path, vfile_show_t show,
		    const struct vfile_ops *ops, void *private);
int vfile_ops_get(const char *path, const struct vfile_ops **ops);
void **vfile_file_private(struct file *file);

/*
 * A binary sysfs file (Linux's struct bin_attribute): a mode, a size
 * for stat, and callbacks that move bytes at an offset.  The open file
 * checks them as Linux's kernfs does: reading needs @read or @mmap,
 * writing @write or @mmap (else EACCES at open); a transfer is at most
 * a page, cut at the size; a missing callback is EIO.  @mmap is the
 * file's ->mmap() (the VMA's vm_pgoff counts from the file's start); a
 * file without it cannot be mapped: ENODEV, as kernfs.
 */
struct vfile_bin {
	umode_t mode;
	ssize_t (*read)(void *private, char *buf, loff_t pos, size_t count);
	ssize_t (*write)(void *private, const char *buf, loff_t pos,
			 size_t count);
	int (*mmap)(void *private, struct file *file,
		    struct vm_area_struct *vma);
};

/* add /sys/@path as a binary file of @size bytes; sysfs_create_single()'s rules */
int sysfs_create_bin_file(const char *path, const struct vfile_bin *bin,
			  loff_t size, void *private);
/* the binary file at the absolute @path: 0, or -ENOENT if it is not one */
int vfile_bin_get(const char *path, const struct vfile_bin **bin,
		  loff_t *size, void **private);

/* longest absolute path, NUL included */
#define VFILE_PATH_MAX	128

/* what vfile_stat() finds at a path */
#define VFILE_REG	1
#define VFILE_DIR	2
#define VFILE_LNK	3	/* only /proc's process part has links */

typedef void (*vfile_filldir_t)(const char *name, bool is_dir, void *arg);

/* what is at a resolved path: VFILE_REG, VFILE_DIR or -ENOENT */
typedef int (*vfile_lookup_t)(const char *path, void *arg);

int vfile_path_walk(const char *path, char *out, size_t size,
		    vfile_lookup_t lookup, void *arg);
int vfile_stat(const char *path);
int vfile_show(const char *path, struct seq_file *m);
int vfile_list(const char *dir, vfile_filldir_t fill, void *arg);
int vfile_remove(const char *path);
void vfile_init(void);

#endif /* _CACHET_LINUX_VFILE_H */
