// SPDX-License-Identifier: GPL-2.0
/*
 * The log's records for /dev/kmsg: a ring of KMSG_RECORDS fixed slots,
 * the oldest overwritten, each a line with Linux's record fields (the
 * priority is facility << 3 | level, the sequence number counts records
 * from boot, the time is microseconds since boot).  printk's lock
 * guards the ring for writers; readers take records_lock, which printk
 * takes inside its own.
 *
 * Text is stored as printed; the reader escapes what Linux escapes in
 * /dev/kmsg (bytes below 0x20 but for the final newline, 0x7f and
 * above, and the backslash) as "\xNN".
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kmsg.h>
#include <linux/spinlock.h>
#include <linux/string.h>

struct kmsg_record {
	u64 seq;
	u64 usec;
	u16 len;
	u8 prio;
	bool done;		/* the line ended */
	char text[KMSG_TEXT_MAX];
};

static struct kmsg_record records[KMSG_RECORDS];
static u64 next_seq;		/* the sequence number the next record gets */
static DEFINE_SPINLOCK(records_lock);

static struct kmsg_record *slot(u64 seq)
{
	return &records[seq % KMSG_RECORDS];
}

void kmsg_record_add(bool begin, u8 prio, u64 usec, const char *text,
		     size_t len)
{
	struct kmsg_record *r;
	size_t n;

	spin_lock(&records_lock);
	if (begin || !next_seq) {
		if (next_seq)
			slot(next_seq - 1)->done = true;
		r = slot(next_seq);
		r->seq = next_seq++;
		r->usec = usec;
		r->prio = prio;
		r->len = 0;
		r->done = false;
	}
	r = slot(next_seq - 1);
	n = min_t(size_t, len, KMSG_TEXT_MAX - r->len);
	memcpy(r->text + r->len, text, n);
	r->len += n;
	if (len && text[len - 1] == '\n')
		r->done = true;
	spin_unlock(&records_lock);
}

static u64 first_seq(void)
{
	return next_seq > KMSG_RECORDS ? next_seq - KMSG_RECORDS : 0;
}

void kmsg_record_bounds(u64 *first, u64 *next)
{
	unsigned long flags;

	spin_lock_irqsave(&records_lock, flags);
	*first = first_seq();
	*next = next_seq;
	spin_unlock_irqrestore(&records_lock, flags);
}

/* "prio,seq,usec,-;" then the escaped text and one newline */
static long format_record(const struct kmsg_record *r, char *buf, size_t size)
{
	size_t len = r->len, i, n;

	if (len && r->text[len - 1] == '\n')
		len--;
	n = scnprintf(buf, size, "%u,%llu,%llu,-;", r->prio,
		      (unsigned long long)r->seq,
		      (unsigned long long)r->usec);
	for (i = 0; i < len; i++) {
		unsigned char c = r->text[i];

		if (size - n < 6)
			return -EINVAL;
		if (c < ' ' || c >= 0x7f || c == '\\')
			n += scnprintf(buf + n, size - n, "\\x%02x", c);
		else
			buf[n++] = c;
	}
	if (size - n < 2)
		return -EINVAL;
	buf[n++] = '\n';
	return n;
}

long kmsg_record_read(u64 *seq, char *buf, size_t size)
{
	unsigned long flags;
	long ret = 0;

	/* printk takes the lock with interrupts off: a reader must too */
	spin_lock_irqsave(&records_lock, flags);
	if (*seq < first_seq()) {
		*seq = first_seq();
		ret = -EPIPE;
	} else if (*seq < next_seq && slot(*seq)->done) {
		ret = format_record(slot(*seq), buf, size);
		if (ret > 0)
			(*seq)++;
	}
	spin_unlock_irqrestore(&records_lock, flags);
	return ret;
}
