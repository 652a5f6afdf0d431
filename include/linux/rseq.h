/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Restartable sequences (kernel/rseq.c, Documentation/userspace/rseq.rst):
 * Linux 6.1's ABI and the hooks the scheduler, signal delivery, fork and
 * exec call.
 *
 * A task registers one 32-byte struct rseq.  Before it next runs user
 * code after being switched out, migrated or sent a signal, the kernel
 * writes the CPU it runs on into cpu_id_start and cpu_id, and if rseq_cs
 * names a critical section the interrupted instruction lies in, moves
 * the instruction pointer to the section's abort handler.
 */
#ifndef _CACHET_LINUX_RSEQ_H
#define _CACHET_LINUX_RSEQ_H

#include <linux/types.h>

struct pt_regs;
struct ksignal;
struct task_struct;

/* cpu_id before registration, and after unregistration */
#define RSEQ_CPU_ID_UNINITIALIZED	-1

/* sys_rseq()'s flags */
#define RSEQ_FLAG_UNREGISTER		(1 << 0)

/* flags of struct rseq and struct rseq_cs: refused since Linux 6.0 */
#define RSEQ_CS_FLAG_NO_RESTART_ON_PREEMPT	(1U << 0)
#define RSEQ_CS_FLAG_NO_RESTART_ON_SIGNAL	(1U << 1)
#define RSEQ_CS_FLAG_NO_RESTART_ON_MIGRATE	(1U << 2)
#define RSEQ_CS_NO_RESTART_FLAGS	(RSEQ_CS_FLAG_NO_RESTART_ON_PREEMPT | \
					 RSEQ_CS_FLAG_NO_RESTART_ON_SIGNAL | \
					 RSEQ_CS_FLAG_NO_RESTART_ON_MIGRATE)

/* a critical section, as user space describes it: 32 bytes, 32-aligned */
struct rseq_cs {
	u32 version;			/* 0 */
	u32 flags;
	u64 start_ip;
	u64 post_commit_offset;		/* the section is [start_ip, +this) */
	u64 abort_ip;			/* preceded by the 4-byte signature */
} __aligned(4 * sizeof(u64));

/* the per-task area: Linux 6.1's original 32 bytes (no node_id, mm_cid) */
struct rseq {
	u32 cpu_id_start;
	u32 cpu_id;
	u64 rseq_cs;			/* user address of a struct rseq_cs */
	u32 flags;
} __aligned(4 * sizeof(u64));

_Static_assert(sizeof(struct rseq) == 32, "Linux 6.1's rseq_len");
_Static_assert(sizeof(struct rseq_cs) == 32, "Linux's struct rseq_cs");

/* task_struct.rseq_event_mask: what happened since the last fix-up */
#define RSEQ_EVENT_PREEMPT_BIT	0
#define RSEQ_EVENT_SIGNAL_BIT	1
#define RSEQ_EVENT_MIGRATE_BIT	2

void rseq_preempt(struct task_struct *t);
void rseq_migrate(struct task_struct *t);
void rseq_handle_notify_resume(struct ksignal *ksig, struct pt_regs *regs);
void rseq_signal_deliver(struct ksignal *ksig, struct pt_regs *regs);
void rseq_fork(struct task_struct *t, u64 clone_flags);
void rseq_execve(struct task_struct *t);

#endif /* _CACHET_LINUX_RSEQ_H */
