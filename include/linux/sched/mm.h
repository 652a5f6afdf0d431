/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Making, sharing and dropping address spaces (mm/mm_life.c, mm_dup.c),
 * Linux's names.  fork() calls dup_mm(), exec mm_alloc(), exit mmput().
 */
#ifndef _CACHET_LINUX_SCHED_MM_H
#define _CACHET_LINUX_SCHED_MM_H

#include <linux/mm_types.h>

struct task_struct;

struct mm_struct *mm_alloc(void);
struct mm_struct *dup_mm(struct mm_struct *oldmm);
void mmget(struct mm_struct *mm);
void mmput(struct mm_struct *mm);
struct mm_struct *get_task_mm(struct task_struct *t);
void exit_mmap(struct mm_struct *mm);

#endif /* _CACHET_LINUX_SCHED_MM_H */
