// SPDX-License-Identifier: GPL-2.0
/*
 * panic() and warnings.  A panic prints its reason and a backtrace, then
 * tries QEMU's isa-debug-exit port (so a scripted run ends at once with a
 * failure status instead of timing out) and halts.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/stacktrace.h>

#define ISA_DEBUG_EXIT_PORT	0xf4

/**
 * qemu_exit() - leave QEMU through isa-debug-exit, if the device exists
 * @code: QEMU exits with status (code << 1) | 1
 *
 * Without the device the write is ignored and the caller goes on.
 */
void qemu_exit(u8 code)
{
	outb(code, ISA_DEBUG_EXIT_PORT);
}

void panic(const char *fmt, ...)
{
	static char buf[512];
	static bool in_panic;
	va_list args;

	local_irq_disable();
	if (!in_panic) {
		in_panic = true;
		va_start(args, fmt);
		vscnprintf(buf, sizeof(buf), fmt, args);
		va_end(args);
		pr_emerg("Kernel panic - not syncing: %s\n", buf);
		dump_stack();
		pr_emerg("---[ end Kernel panic - not syncing: %s ]---\n", buf);
	}
	qemu_exit(1);
	for (;;)
		halt();
}

void warn_slowpath(const char *file, int line, void *caller)
{
	pr_warn("WARNING: at %s:%d %pS\n", file, line, caller);
	dump_stack();
}
