/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VFS objects, with Linux's names: inodes (a file), dentries (a
 * name of one in a directory), super blocks (a mounted file system's
 * instance), vfsmounts (where an instance is attached), files (an open
 * file), and the operation tables file systems fill in.
 *
 * Locking (Documentation/filesystems/vfs.rst, "Locking"): there is no
 * scheduler yet, so nothing may sleep.  One spinlock, the namespace lock
 * (lock_namespace()), guards every dentry tree, every mount and every
 * link count, and is held for a whole path walk and a whole directory
 * change; file systems' inode operations run under it.  A file's data
 * and size are guarded by its inode's i_lock.  Reference counts are
 * atomic.  Each dentry in a tree holds one reference to itself (file
 * systems here keep their whole tree in memory, as Linux's ramfs does)
 * and one to its inode; an inode is freed when its last reference goes.
 */
#ifndef _CACHET_LINUX_FS_H
#define _CACHET_LINUX_FS_H

#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/stat.h>
#include <linux/types.h>
#include <linux/uio.h>

#define PATH_MAX	4096	/* bytes in a path, NUL included */
#define NAME_MAX	255	/* bytes in a name, NUL excluded */
#define MAXSYMLINKS	40	/* symlinks one lookup may follow */
#define MAX_LFS_FILESIZE	0x7fffffffffffffffLL

/* may_*() masks, Linux's values */
#define MAY_EXEC	0x1
#define MAY_WRITE	0x2
#define MAY_READ	0x4
#define MAY_ACCESS	0x10	/* access(): real ids, no exec bypass rule */
#define MAY_OPEN	0x20

/* file->f_mode */
#define FMODE_READ	0x1
#define FMODE_WRITE	0x2
#define FMODE_LSEEK	0x4
#define FMODE_PREAD	0x8
#define FMODE_PWRITE	0x10
/* positions are unsigned (/dev/mem): negative ones are not errors */
#define FMODE_UNSIGNED_OFFSET	0x2000

/* d_type values of struct linux_dirent64: (mode >> 12) & 15 */
#define DT_UNKNOWN	0
#define DT_FIFO		1
#define DT_CHR		2
#define DT_DIR		4
#define DT_BLK		6
#define DT_REG		8
#define DT_LNK		10
#define DT_SOCK		12

struct dentry;
struct file;
struct inode;
struct super_block;
struct vfsmount;
struct dir_context;
struct iattr;
struct poll_table_struct;
struct vm_area_struct;

struct inode_operations {
	/* find @dentry's name in @dir: d_add() an inode, or leave it negative */
	struct dentry *(*lookup)(struct inode *dir, struct dentry *dentry,
				 unsigned int flags);
	int (*create)(struct inode *dir, struct dentry *dentry, umode_t mode,
		      bool excl);
	int (*link)(struct dentry *old, struct inode *dir, struct dentry *new);
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*symlink)(struct inode *dir, struct dentry *dentry,
		       const char *target);
	int (*mkdir)(struct inode *dir, struct dentry *dentry, umode_t mode);
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
	int (*mknod)(struct inode *dir, struct dentry *dentry, umode_t mode,
		     dev_t dev);
	int (*rename)(struct inode *old_dir, struct dentry *old,
		      struct inode *new_dir, struct dentry *new,
		      unsigned int flags);
	/* a symlink's target, NUL-terminated, valid while @inode is held */
	const char *(*get_link)(struct dentry *dentry, struct inode *inode);
	int (*setattr)(struct dentry *dentry, struct iattr *attr);
};

/*
 * Linux's read_iter/write_iter take a struct kiocb; here the position is
 * passed on its own (there is no asynchronous I/O): *@pos is where to
 * start and is advanced by what was done.
 */
struct file_operations {
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
	ssize_t (*read_iter)(struct file *file, struct iov_iter *to,
			     loff_t *pos);
	ssize_t (*write_iter)(struct file *file, struct iov_iter *from,
			      loff_t *pos);
	int (*iterate_shared)(struct file *file, struct dir_context *ctx);
	long (*unlocked_ioctl)(struct file *file, unsigned int cmd,
			       unsigned long arg);
	/* set up a mapping of the file: vm_ops (mm/filemap.c's rules) */
	int (*mmap)(struct file *file, struct vm_area_struct *vma);
	/* the POLL* events ready now; see include/linux/poll.h */
	unsigned int (*poll)(struct file *file, struct poll_table_struct *pt);
	int (*open)(struct inode *inode, struct file *file);
	int (*release)(struct inode *inode, struct file *file);
};

struct inode {
	umode_t i_mode;
	u32 i_uid;
	u32 i_gid;
	unsigned int i_nlink;		/* namespace lock */
	dev_t i_rdev;
	loff_t i_size;			/* i_lock */
	struct timespec64 i_atime;
	struct timespec64 i_mtime;
	struct timespec64 i_ctime;
	unsigned long i_ino;
	u64 i_blocks;			/* 512-byte units; i_lock */
	int i_count;			/* atomic */
	spinlock_t i_lock;
	const struct inode_operations *i_op;
	const struct file_operations *i_fop;
	struct super_block *i_sb;
	void *i_private;		/* the file system's */
	const char *i_link;		/* a symlink's target, if kept here */
};

/* attributes to change (struct iattr's ia_valid bits, Linux's values) */
#define ATTR_MODE	(1 << 0)
#define ATTR_SIZE	(1 << 3)

struct iattr {
	unsigned int ia_valid;
	umode_t ia_mode;
	loff_t ia_size;
};

/* dentry->d_flags */
#define DCACHE_MOUNTED	0x1	/* something is mounted here */
#define DCACHE_HASHED	0x2	/* in its parent's d_subdirs */

struct qstr {
	const char *name;
	u32 len;
};

struct dentry {
	struct qstr d_name;		/* kmalloc()ed, NUL-terminated */
	struct dentry *d_parent;	/* itself at a file system's root */
	struct list_head d_child;	/* in the parent's d_subdirs */
	struct list_head d_subdirs;
	struct inode *d_inode;		/* NULL: negative */
	struct super_block *d_sb;
	unsigned int d_flags;		/* namespace lock */
	int d_count;			/* atomic */
	void *d_fsdata;
};

struct file_system_type {
	const char *name;
	/* a new or existing instance: its root dentry, referenced */
	struct dentry *(*mount)(struct file_system_type *fs_type, int flags,
				const char *dev_name, void *data);
	void (*kill_sb)(struct super_block *sb);
	struct file_system_type *next;
};

struct super_operations {
	/* is @dentry, found in the tree, still there?  (virtual files) */
	bool (*d_revalidate)(struct dentry *dentry);
	/* the inode's last reference is gone: free what i_private holds */
	void (*evict_inode)(struct inode *inode);
};

struct super_block {
	dev_t s_dev;
	unsigned long s_magic;
	loff_t s_maxbytes;
	struct file_system_type *s_type;
	const struct super_operations *s_op;
	struct dentry *s_root;
	int s_active;			/* mounts of it; namespace lock */
	void *s_fs_info;
};

struct vfsmount {
	struct dentry *mnt_root;
	struct super_block *mnt_sb;
	struct vfsmount *mnt_parent;	/* itself for the root mount */
	struct dentry *mnt_mountpoint;	/* in mnt_parent */
	struct list_head mnt_list;	/* all mounts, namespace lock */
	int mnt_count;			/* atomic */
	char mnt_devname[32];
};

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

struct file {
	struct path f_path;
	struct inode *f_inode;
	const struct file_operations *f_op;
	spinlock_t f_lock;		/* f_pos and f_flags */
	loff_t f_pos;
	unsigned int f_flags;		/* O_* as opened, O_CREAT etc. cleared */
	unsigned int f_mode;		/* FMODE_* */
	int f_count;			/* atomic */
	void *private_data;
};

/* getdents: @actor returns false to stop (the buffer is full) */
struct dir_context;
typedef bool (*filldir_t)(struct dir_context *ctx, const char *name,
			  int namelen, loff_t offset, u64 ino,
			  unsigned int d_type);

struct dir_context {
	filldir_t actor;
	loff_t pos;
};

static inline bool dir_emit(struct dir_context *ctx, const char *name,
			    int namelen, u64 ino, unsigned int type)
{
	return ctx->actor(ctx, name, namelen, ctx->pos, ino, type);
}

static inline unsigned int fs_umode_to_dtype(umode_t mode)
{
	return (mode & S_IFMT) >> 12;
}

static inline struct inode *file_inode(const struct file *f)
{
	return f->f_inode;
}

static inline struct inode *d_inode(const struct dentry *d)
{
	return d->d_inode;
}

static inline bool IS_ROOT(const struct dentry *d)
{
	return d == d->d_parent;
}

/* fs/dcache.c: the namespace lock and the dentry cache */
void lock_namespace(void);
void unlock_namespace(void);
bool namespace_locked(void);
struct dentry *d_alloc(struct dentry *parent, const char *name, u32 len);
struct dentry *d_make_root(struct inode *inode);
void d_add(struct dentry *dentry, struct inode *inode);
void d_instantiate(struct dentry *dentry, struct inode *inode);
void d_delete(struct dentry *dentry);
void d_move(struct dentry *dentry, struct dentry *new_parent,
	    const char *name, u32 len);
struct dentry *d_lookup(struct dentry *parent, const char *name, u32 len);
struct dentry *dget(struct dentry *d);
void dput(struct dentry *d);
void d_genocide(struct dentry *root);
bool simple_empty(struct dentry *dentry);

/* fs/inode.c */
struct inode *new_inode(struct super_block *sb);
struct inode *igrab(struct inode *inode);
void iput(struct inode *inode);
unsigned long get_next_ino(void);
struct timespec64 current_time(struct inode *inode);
void inode_init_owner(struct inode *inode, const struct inode *dir,
		      umode_t mode);
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev);
void inc_nlink(struct inode *inode);
void drop_nlink(struct inode *inode);
void clear_nlink(struct inode *inode);
void set_nlink(struct inode *inode, unsigned int n);
void inode_touch(struct inode *inode, bool mtime);

/* fs/super.c: file system types and instances */
int register_filesystem(struct file_system_type *fs);
struct file_system_type *get_fs_type(const char *name);
struct super_block *sget_anon(struct file_system_type *type,
			      const struct super_operations *ops);
void kill_anon_super(struct super_block *sb);

/* fs/namespace.c */
void path_get(const struct path *p);
void path_put(const struct path *p);
struct vfsmount *mntget(struct vfsmount *m);
void mntput(struct vfsmount *m);
/* under the namespace lock: the mount on (@parent, @dentry), or NULL */
struct vfsmount *lookup_mnt(struct vfsmount *parent, struct dentry *dentry);
int path_mount(const char *dev_name, struct path *path, const char *type,
	       unsigned long flags, void *data);
int path_umount(struct path *path, int flags);
void get_root_path(struct path *root);

/* fs/d_path.c: @path from the caller's root, at the end of @buf */
char *d_path(const struct path *path, char *buf, size_t size);
char *d_absolute_path_locked(const struct path *path, char *buf, size_t size);

/* fs/file_table.c */
struct file *alloc_file(const struct path *path, unsigned int flags,
			const struct file_operations *fop);
struct file *get_file(struct file *f);
void fput(struct file *f);

/* fs/namei.c */
int inode_permission(struct inode *inode, int mask);
int generic_permission(struct inode *inode, int mask);

/* fs/read_write.c */
ssize_t vfs_read(struct file *file, struct iov_iter *to, loff_t *pos);
ssize_t vfs_write(struct file *file, struct iov_iter *from, loff_t *pos);
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos);
ssize_t kernel_write(struct file *file, const void *buf, size_t count,
		     loff_t *pos);
loff_t vfs_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
loff_t llseek_from_end(struct file *file, loff_t offset, int whence,
		       loff_t eof);
loff_t no_llseek(struct file *file, loff_t offset, int whence);

/* fs/readdir.c */
int iterate_dir(struct file *file, struct dir_context *ctx);
int dcache_readdir(struct file *file, struct dir_context *ctx);
extern const struct file_operations simple_dir_operations;

/* fs/stat.c */
void generic_fillattr(struct inode *inode, struct kstat *stat);

/* fs/open.c */
int vfs_truncate_inode(struct dentry *dentry, loff_t length);
struct file *open_exec(const char *name);

/* fs/char_dev.c: character devices by major (Linux's register_chrdev) */
int register_chrdev(unsigned int major, const char *name,
		    const struct file_operations *fops);
void unregister_chrdev(unsigned int major, const char *name);
extern const struct file_operations def_chr_fops;

/* fs/init.c: the VFS and the root file system, before populate_rootfs() */
void vfs_caches_init(void);

#endif /* _CACHET_LINUX_FS_H */
