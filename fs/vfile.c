// SPDX-License-Identifier: GPL-2.0
/*
 * The virtual-file registry behind /proc, /sys and /sys/kernel/debug.
 *
 * A file is an absolute path and a show callback; it has no contents of its
 * own.  Reading a file runs the callback into a buffer the reader supplies
 * (struct seq_file), so a file always shows the current state and nothing
 * is cached.  Directories are not stored: a directory exists because a
 * mount point ("/proc", "/sys/kernel/debug") is, or a file below it is, in
 * its subtree.  That keeps the table flat and removal trivial.
 *
 * The table is a bounded static array rather than a list of allocations
 * because files are registered before the allocators are up (and this code
 * must never depend on them); VFILE_MAX is far more than the kernel uses.
 * vfile_lock guards the table; show callbacks run outside it, so they may
 * take their own locks and print.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sort.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/utsname.h>
#include <linux/vfile.h>
#include <asm/bootparam.h>

/* /sys/bus/pci and /sys/firmware/memmap alone take about a hundred */
#define VFILE_MAX	384

struct vfile {
	char path[VFILE_PATH_MAX];	/* absolute; "" marks a free slot */
	vfile_show_t show;		/* text files */
	const struct vfile_bin *bin;	/* binary files */
	const struct vfile_ops *ops;	/* text files that take writes */
	loff_t size;			/* binary files */
	void *private;
};

static struct vfile vfiles[VFILE_MAX];
static DEFINE_SPINLOCK(vfile_lock);

/* mount points: they exist even when nothing is registered below them */
static const char *const vfile_roots[] = {
	"/proc",
#ifdef CONFIG_DEBUG_FS
	"/sys/kernel/debug",
#endif
};

static void seq_advance(struct seq_file *m, size_t wanted)
{
	size_t room = m->size - m->count;

	/* vsnprintf() keeps one byte for the NUL: a fit needs wanted < room */
	if (wanted < room) {
		m->count += wanted;
	} else {
		m->count = m->size ? m->size - 1 : 0;
		m->overflow = true;
	}
}

/**
 * seq_printf() - append formatted text to a virtual file being read
 * @m: the reader's buffer
 * @fmt: printf format
 *
 * Text that does not fit is cut off and @m->overflow is set, so the reader
 * can say the output is incomplete instead of showing a silently short file.
 */
void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;
	int n;

	if (m->overflow || m->count >= m->size) {
		m->overflow = true;
		return;
	}
	va_start(args, fmt);
	n = vsnprintf(m->buf + m->count, m->size - m->count, fmt, args);
	va_end(args);
	seq_advance(m, n < 0 ? 0 : n);
}

/**
 * seq_puts() - append a string to a virtual file being read
 * @m: the reader's buffer
 * @s: the string
 */
void seq_puts(struct seq_file *m, const char *s)
{
	seq_printf(m, "%s", s);
}

/**
 * seq_putc() - append one character to a virtual file being read
 * @m: the reader's buffer
 * @c: the character
 */
void seq_putc(struct seq_file *m, char c)
{
	seq_printf(m, "%c", c);
}

/* Is @path strictly below directory @dir ("/" contains everything)? */
static bool vfile_below(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	if (n == 1)
		return path[0] == '/' && path[1];
	return !strncmp(dir, path, n) && path[n] == '/';
}

/* a relative path as drivers pass it: "a/b", no empty, "." or ".." parts */
static bool vfile_valid_relpath(const char *p)
{
	const char *comp = p, *c;
	size_t n;

	for (c = p; ; c++) {
		if (*c && *c != '/') {
			if (*c <= ' ' || *c > '~')
				return false;
			continue;
		}
		n = c - comp;
		if (!n || (n == 1 && comp[0] == '.') ||
		    (n == 2 && comp[0] == '.' && comp[1] == '.'))
			return false;
		if (!*c)
			return true;
		comp = c + 1;
	}
}

static struct vfile *vfile_find(const char *path)
{
	unsigned int i;

	for (i = 0; i < VFILE_MAX; i++)
		if (vfiles[i].path[0] && !strcmp(vfiles[i].path, path))
			return &vfiles[i];
	return NULL;
}

static int vfile_add(const char *root, const char *rel, vfile_show_t show,
		     const struct vfile_bin *bin, const struct vfile_ops *ops,
		     loff_t size, void *private)
{
	struct vfile *slot = NULL;
	char path[VFILE_PATH_MAX];
	unsigned long flags;
	unsigned int i;
	int ret = 0;

	if (!rel || !show == !bin || !vfile_valid_relpath(rel))
		return -EINVAL;
	if (snprintf(path, sizeof(path), "%s/%s", root, rel) >=
	    (int)sizeof(path))
		return -EINVAL;

	spin_lock_irqsave(&vfile_lock, flags);
	for (i = 0; i < VFILE_MAX; i++) {
		struct vfile *f = &vfiles[i];

		if (!f->path[0]) {
			if (!slot)
				slot = f;
			continue;
		}
		/* a name is either a file or a directory, never both */
		if (!strcmp(f->path, path) || vfile_below(f->path, path) ||
		    vfile_below(path, f->path)) {
			ret = -EEXIST;
			goto out;
		}
	}
	if (!slot) {
		ret = -ENOMEM;
		goto out;
	}
	strscpy(slot->path, path, sizeof(slot->path));
	slot->show = show;
	slot->bin = bin;
	slot->ops = ops;
	slot->size = size;
	slot->private = private;
out:
	spin_unlock_irqrestore(&vfile_lock, flags);
	return ret;
}

int debugfs_create_file(const char *path, vfile_show_t show, void *private)
{
#ifdef CONFIG_DEBUG_FS
	return vfile_add("/sys/kernel/debug", path, show, NULL, NULL, 0, private);
#else
	return 0;
#endif
}

/**
 * debugfs_remove() - remove /sys/kernel/debug/@path
 * @path: as given to debugfs_create_file()
 *
 * Returns 0, or -ENOENT when no such file exists.  Without CONFIG_DEBUG_FS
 * it does nothing and returns 0.
 */
int debugfs_remove(const char *path)
{
#ifdef CONFIG_DEBUG_FS
	char full[VFILE_PATH_MAX];

	if (!path || snprintf(full, sizeof(full), "/sys/kernel/debug/%s",
			      path) >= (int)sizeof(full))
		return -ENOENT;
	return vfile_remove(full);
#else
	return 0;
#endif
}

/**
 * proc_create_single() - add /proc/@path
 * @path: relative to /proc, e.g. "cpuinfo"
 * @show: writes the contents
 * @private: passed to @show
 *
 * Returns 0, -EEXIST, -ENOMEM (table full) or -EINVAL (bad path).
 */
int proc_create_single(const char *path, vfile_show_t show, void *private)
{
	return vfile_add("/proc", path, show, NULL, NULL, 0, private);
}

/**
 * sysfs_create_single() - add /sys/@path
 * @path: relative to /sys, e.g. "devices/system/cpu/online"
 * @show: writes the contents
 * @private: passed to @show
 *
 * Linux builds /sys from kobjects and attributes; cachet's sysfs files are
 * read-only texts like /proc's, so they take proc_create_single()'s form
 * and rules.  Returns 0, -EEXIST, -ENOMEM (table full) or -EINVAL.
 */
int sysfs_create_single(const char *path, vfile_show_t show, void *private)
{
	return vfile_add("/sys", path, show, NULL, NULL, 0, private);
}

/**
 * sysfs_create_bin_file() - add /sys/@path as a binary file
 * @path: relative to /sys
 * @bin: its mode and callbacks (must outlive the file)
 * @size: what stat reports, and where transfers stop (0: no limit)
 * @private: passed to the callbacks
 *
 * Returns 0, -EEXIST, -ENOMEM (table full) or -EINVAL (bad path).
 */
int sysfs_create_bin_file(const char *path, const struct vfile_bin *bin,
			  loff_t size, void *private)
{
	return vfile_add("/sys", path, NULL, bin, NULL, size, private);
}

/**
 * proc_create_ops() - add /proc/@path, a text file that also takes writes
 * @path: relative to /proc
 * @show: writes the contents, as for proc_create_single()
 * @ops: its mode and its write, ioctl and release calls
 * @private: passed to @show
 *
 * proc_create_single()'s rules and return values.
 */
int proc_create_ops(const char *path, vfile_show_t show,
		    const struct vfile_ops *ops, void *private)
{
	if (!ops)
		return -EINVAL;
	return vfile_add("/proc", path, show, NULL, ops, 0, private);
}

/**
 * vfile_ops_get() - the calls of the text file registered at @path
 * @path: absolute and resolved, as an inode of vfilefs keeps it
 * @ops: receives them
 *
 * Returns 0, or -ENOENT when no file with calls is registered there.
 */
int vfile_ops_get(const char *path, const struct vfile_ops **ops)
{
	unsigned long flags;
	struct vfile *f;
	int ret = -ENOENT;

	spin_lock_irqsave(&vfile_lock, flags);
	f = vfile_find(path);
	if (f && f->ops) {
		*ops = f->ops;
		ret = 0;
	}
	spin_unlock_irqrestore(&vfile_lock, flags);
	return ret;
}

/**
 * vfile_bin_get() - the binary file registered at @path
 * @path: absolute and resolved, as an inode of vfilefs keeps it
 * @bin: its callbacks
 * @size: its size
 * @private: its private pointer (may be NULL when not wanted)
 *
 * Returns 0, or -ENOENT when no binary file is registered there.
 */
int vfile_bin_get(const char *path, const struct vfile_bin **bin,
		  loff_t *size, void **private)
{
	unsigned long flags;
	struct vfile *f;
	int ret = -ENOENT;

	spin_lock_irqsave(&vfile_lock, flags);
	f = vfile_find(path);
	if (f && f->bin) {
		*bin = f->bin;
		*size = f->size;
		if (private)
			*private = f->private;
		ret = 0;
	}
	spin_unlock_irqrestore(&vfile_lock, flags);
	return ret;
}

/* under vfile_lock: what is at @path, resolved (vfile_path_walk()) */
static int __vfile_stat(const char *path, void *unused)
{
	unsigned int i;

	if (!strcmp(path, "/"))
		return VFILE_DIR;
	if (vfile_find(path))
		return VFILE_REG;
	for (i = 0; i < ARRAY_SIZE(vfile_roots); i++)
		if (!strcmp(vfile_roots[i], path) ||
		    vfile_below(path, vfile_roots[i]))
			return VFILE_DIR;
	for (i = 0; i < VFILE_MAX; i++)
		if (vfiles[i].path[0] && vfile_below(path, vfiles[i].path))
			return VFILE_DIR;
	return -ENOENT;
}

/* under vfile_lock: resolve @path into @norm (VFILE_PATH_MAX bytes) */
static int vfile_resolve(const char *path, char *norm)
{
	return vfile_path_walk(path, norm, VFILE_PATH_MAX, __vfile_stat, NULL);
}

/**
 * vfile_stat() - what is at a path
 * @path: as typed (see vfile_path_walk() for the rules)
 *
 * Returns VFILE_REG, VFILE_DIR, -ENOENT (nothing there, or an empty path),
 * -ENOTDIR (a file followed by a slash) or -ENAMETOOLONG.
 */
int vfile_stat(const char *path)
{
	char norm[VFILE_PATH_MAX];
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&vfile_lock, flags);
	ret = vfile_resolve(path, norm);
	spin_unlock_irqrestore(&vfile_lock, flags);
	return ret;
}

/**
 * vfile_remove() - remove a file
 * @path: as typed (see vfile_stat())
 *
 * Returns 0, -EISDIR for a directory, or vfile_stat()'s error.
 */
int vfile_remove(const char *path)
{
	char norm[VFILE_PATH_MAX];
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&vfile_lock, flags);
	ret = vfile_resolve(path, norm);
	if (ret == VFILE_REG)
		memset(vfile_find(norm), 0, sizeof(struct vfile));
	spin_unlock_irqrestore(&vfile_lock, flags);
	if (ret == VFILE_DIR)
		return -EISDIR;
	return ret < 0 ? ret : 0;
}

/**
 * vfile_show() - read a whole file into the caller's buffer
 * @path: as typed (see vfile_stat())
 * @m: @m->buf and @m->size set by the caller; count and overflow are reset
 *
 * Returns the show callback's result (0 normally), -EISDIR for a
 * directory, or vfile_stat()'s error.  @m->overflow tells whether the
 * output was cut off.
 */
int vfile_show(const char *path, struct seq_file *m)
{
	char norm[VFILE_PATH_MAX];
	vfile_show_t show = NULL;
	unsigned long flags;
	void *private = NULL;
	struct vfile *f;
	int ret;

	m->count = 0;
	m->overflow = false;
	spin_lock_irqsave(&vfile_lock, flags);
	ret = vfile_resolve(path, norm);
	if (ret == VFILE_REG) {
		f = vfile_find(norm);
		show = f->show;
		private = f->private;
	}
	spin_unlock_irqrestore(&vfile_lock, flags);
	if (ret == VFILE_DIR)
		return -EISDIR;
	if (ret < 0)
		return ret;
	if (!show)
		return -EIO;	/* a binary file has no text */
	m->private = private;
	return show(m, private);
}

struct vfile_dirent {
	const char *name;	/* points into a path: not NUL-terminated */
	unsigned int len;
	bool dir;
};

static int vfile_dirent_cmp(const void *a, const void *b)
{
	const struct vfile_dirent *x = a, *y = b;
	unsigned int n = min(x->len, y->len);
	int c = strncmp(x->name, y->name, n);

	if (c)
		return c;
	return (int)x->len - (int)y->len;
}

/* add the child of @dir on the way to @path, once */
static unsigned int vfile_add_child(struct vfile_dirent *ents, unsigned int n,
				    const char *dir, const char *path,
				    bool path_is_dir)
{
	const char *name = path + strlen(dir) + (strlen(dir) > 1);
	const char *slash = strchr(name, '/');
	unsigned int len = slash ? (unsigned int)(slash - name) : strlen(name);
	unsigned int i;

	for (i = 0; i < n; i++)
		if (ents[i].len == len && !strncmp(ents[i].name, name, len))
			return n;
	ents[n].name = name;
	ents[n].len = len;
	ents[n].dir = slash || path_is_dir;
	return n + 1;
}

/**
 * vfile_list() - list a directory, sorted by name
 * @dir: as typed (see vfile_stat())
 * @fill: called once per entry with its name (no path) and whether it is a
 *	directory; it runs under the registry lock, so it must not call
 *	back into the vfile functions
 * @arg: passed to @fill
 *
 * Returns the number of entries, -ENOTDIR for a file, or vfile_stat()'s
 * error.
 */
int vfile_list(const char *dir, vfile_filldir_t fill, void *arg)
{
	static struct vfile_dirent ents[VFILE_MAX + ARRAY_SIZE(vfile_roots)];
	char norm[VFILE_PATH_MAX], name[VFILE_PATH_MAX];
	unsigned int i, n = 0;
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&vfile_lock, flags);
	ret = vfile_resolve(dir, norm);
	if (ret != VFILE_DIR) {
		spin_unlock_irqrestore(&vfile_lock, flags);
		return ret < 0 ? ret : -ENOTDIR;
	}
	for (i = 0; i < ARRAY_SIZE(vfile_roots); i++)
		if (vfile_below(norm, vfile_roots[i]))
			n = vfile_add_child(ents, n, norm, vfile_roots[i], true);
	for (i = 0; i < VFILE_MAX; i++)
		if (vfiles[i].path[0] && vfile_below(norm, vfiles[i].path))
			n = vfile_add_child(ents, n, norm, vfiles[i].path,
					    false);
	sort(ents, n, sizeof(ents[0]), vfile_dirent_cmp, NULL);
	for (i = 0; i < n; i++) {
		memcpy(name, ents[i].name, ents[i].len);
		name[ents[i].len] = '\0';
		fill(name, ents[i].dir, arg);
	}
	spin_unlock_irqrestore(&vfile_lock, flags);
	return n;
}

static int cmdline_show(struct seq_file *m, void *private)
{
	seq_printf(m, "%s\n", boot_params.cmdline);
	return 0;
}

static int version_show(struct seq_file *m, void *private)
{
	seq_puts(m, linux_banner);
	return 0;
}

/**
 * vfile_init() - add the files the registry itself provides:
 * /proc/cmdline and /proc/version
 */
void vfile_init(void)
{
	if (proc_create_single("cmdline", cmdline_show, NULL) ||
	    proc_create_single("version", version_show, NULL))
		pr_err("vfile: cannot create /proc/cmdline or /proc/version\n");
}
