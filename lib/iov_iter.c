// SPDX-License-Identifier: GPL-2.0
/*
 * iov_iter: copy into or out of the buffer a read or write was given,
 * user or kernel (include/linux/uio.h).  A user buffer goes through
 * copy_to_user()/copy_from_user(), so a bad address ends the copy
 * short instead of faulting; the iterator advances by what was copied.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/uio.h>
#include <asm/uaccess.h>

void iov_iter_ubuf(struct iov_iter *i, unsigned int direction,
		   void __user *buf, size_t count)
{
	i->iter_type = ITER_UBUF;
	i->data_source = direction;
	i->ubuf = buf;
	i->count = count;
}

void iov_iter_kbuf(struct iov_iter *i, unsigned int direction, void *buf,
		   size_t count)
{
	i->iter_type = ITER_KVEC;
	i->data_source = direction;
	i->kbuf = buf;
	i->count = count;
}

/**
 * iov_iter_advance() - skip @n bytes of the buffer without copying
 * @i: the iterator
 * @n: at most iov_iter_count(@i)
 */
void iov_iter_advance(struct iov_iter *i, size_t n)
{
	if (i->iter_type == ITER_UBUF)
		i->ubuf = (char __user *)i->ubuf + n;
	else
		i->kbuf = (char *)i->kbuf + n;
	i->count -= n;
}

/* into the buffer: the bytes copied (short at a bad user address) */
size_t copy_to_iter(const void *from, size_t bytes, struct iov_iter *i)
{
	size_t n = min(bytes, i->count), left = 0;

	if (WARN_ON_ONCE(i->data_source != READ))
		return 0;
	if (i->iter_type == ITER_UBUF)
		left = copy_to_user(i->ubuf, from, n);
	else
		memcpy(i->kbuf, from, n);
	iov_iter_advance(i, n - left);
	return n - left;
}

/*
 * out of the buffer; after a fault the rest of @to is left as it was
 * (a file's page keeps its bytes), as Linux's copy_from_iter() does
 */
size_t copy_from_iter(void *to, size_t bytes, struct iov_iter *i)
{
	size_t n = min(bytes, i->count), left = 0;

	if (WARN_ON_ONCE(i->data_source != WRITE))
		return 0;
	if (i->iter_type == ITER_UBUF)
		left = raw_copy_from_user(to, i->ubuf, n);
	else
		memcpy(to, i->kbuf, n);
	iov_iter_advance(i, n - left);
	return n - left;
}

size_t iov_iter_zero(size_t bytes, struct iov_iter *i)
{
	size_t n = min(bytes, i->count), left = 0;

	if (WARN_ON_ONCE(i->data_source != READ))
		return 0;
	if (i->iter_type == ITER_UBUF)
		left = clear_user(i->ubuf, n);
	else
		memset(i->kbuf, 0, n);
	iov_iter_advance(i, n - left);
	return n - left;
}
