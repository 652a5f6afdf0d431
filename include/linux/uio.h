/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct iov_iter: where a read puts its bytes or a write takes them
 * from, either one user buffer (ITER_UBUF: what read(2) and write(2)
 * hand over, copied with copy_to_user()/copy_from_user(), so a bad
 * pointer costs -EFAULT) or one kernel buffer (ITER_KVEC: the kernel's
 * own reads and the tests).  readv/writev walk their iovec array one
 * segment at a time, each in its own iov_iter.
 */
#ifndef _CACHET_LINUX_UIO_H
#define _CACHET_LINUX_UIO_H

#include <linux/compiler.h>
#include <linux/types.h>

enum iter_type {
	ITER_UBUF,
	ITER_KVEC,
};

/* data direction, as Linux names it: READ fills the buffer */
#define READ	0
#define WRITE	1

struct iov_iter {
	u8 iter_type;
	u8 data_source;		/* WRITE: the buffer is the source */
	size_t count;		/* bytes left */
	union {
		void __user *ubuf;
		void *kbuf;
	};
};

/* Linux x86-64's struct iovec */
struct iovec {
	void __user *iov_base;
	size_t iov_len;
};

#define UIO_MAXIOV	1024

void iov_iter_ubuf(struct iov_iter *i, unsigned int direction,
		   void __user *buf, size_t count);
void iov_iter_kbuf(struct iov_iter *i, unsigned int direction, void *buf,
		   size_t count);
size_t copy_to_iter(const void *from, size_t bytes, struct iov_iter *i);
size_t copy_from_iter(void *to, size_t bytes, struct iov_iter *i);
size_t iov_iter_zero(size_t bytes, struct iov_iter *i);
void iov_iter_advance(struct iov_iter *i, size_t n);

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

#endif /* _CACHET_LINUX_UIO_H */
