/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel log as records (kernel/printk/kmsg_records.c), for
 * /dev/kmsg: each printk line is kept once more with its priority,
 * sequence number and time, and read back in Linux's /dev/kmsg format
 * "prio,seq,usec,-;text\n" (Documentation/ABI/testing/dev-kmsg in
 * Linux).
 */
#ifndef _CACHET_LINUX_KMSG_H
#define _CACHET_LINUX_KMSG_H

#include <linux/types.h>

#define KMSG_RECORDS		256	/* the newest are kept */
#define KMSG_TEXT_MAX		480	/* a longer line is cut */
#define LOG_FACILITY_USER	1	/* Linux's LOG_USER >> 3 */

/*
 * Called by printk under its lock: text of the current line; @begin
 * starts a new record (with @prio and @usec), otherwise @text continues
 * the open one.  A record is complete once its text ends in '\n'.
 */
void kmsg_record_add(bool begin, u8 prio, u64 usec, const char *text,
		     size_t len);

/*
 * kmsg_record_read() - format the record @seq (or the oldest after it)
 * @seq: in: the wanted sequence number; out: the record's, plus one
 * @buf: @size bytes
 *
 * Returns the formatted length, 0 when there is no complete record at
 * or after *@seq yet, -EPIPE when *@seq was overwritten (*@seq is moved
 * to the oldest kept), or -EINVAL when @size is too small.
 */
long kmsg_record_read(u64 *seq, char *buf, size_t size);
/* the sequence numbers of the oldest kept record and of the next one */
void kmsg_record_bounds(u64 *first, u64 *next);

/* kernel/printk/devkmsg.c: the operations of /dev/kmsg (1:11) */
struct file_operations;
extern const struct file_operations kmsg_fops;

/* kernel/printk/printk.c: log @text at @level for @facility (kmsg writes) */
void printk_emit_user(int facility, int level, const char *text, size_t len);

#endif /* _CACHET_LINUX_KMSG_H */
