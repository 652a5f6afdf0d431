// SPDX-License-Identifier: GPL-2.0
/*
 * Backtraces by frame pointer (the kernel is built with
 * -fno-omit-frame-pointer): each frame holds the caller's %rbp and the
 * return address.  The walk stops at a null, misaligned or non-kernel
 * frame pointer, so a corrupted stack cannot make the oops fault again.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <asm/page_types.h>
#include <asm/stacktrace.h>

#define MAX_FRAMES	32

static bool frame_ok(unsigned long rbp)
{
	/* kernel stacks live in the image (.bss) or the direct map */
	return rbp && !(rbp & 7) && rbp >= __PAGE_OFFSET &&
	       rbp < ~0UL - 16;
}

void show_trace_log(unsigned long rbp, unsigned long rip)
{
	int n;

	pr_emerg("Call Trace:\n");
	if (rip)
		pr_emerg(" [<%016lx>] %pS\n", rip, (void *)rip);
	for (n = 0; n < MAX_FRAMES && frame_ok(rbp); n++) {
		unsigned long ret = ((unsigned long *)rbp)[1];
		unsigned long next = ((unsigned long *)rbp)[0];

		if (!ret)
			break;
		pr_emerg(" [<%016lx>] %pS\n", ret, (void *)ret);
		if (next <= rbp)
			break;
		rbp = next;
	}
}

void dump_stack(void)
{
	show_trace_log((unsigned long)__builtin_frame_address(0), 0);
}
