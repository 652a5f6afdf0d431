/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The real-mode image (arch/x86/realmode/): the pages below 1 MiB through
 * which a secondary CPU's STARTUP and the boot CPU's wake from ACPI S3
 * both reach long mode and the kernel.  Documentation/x86/realmode.rst.
 */
#ifndef _ASM_X86_REALMODE_H
#define _ASM_X86_REALMODE_H

#include <linux/types.h>

int realmode_init(void);
/* the STARTUP vector: the image's page, or a page that halts (tests) */
unsigned int realmode_startup_page(bool dead_end);
/* the waking vector's target, and the bytes from there to the end */
phys_addr_t realmode_wakeup_addr(void);
size_t realmode_wakeup_size(void);
void realmode_sync_kernel_half(void);
/* did the last secondary CPU sent there reach real-mode code? */
bool realmode_ap_alive(void);
void realmode_ap_alive_clear(void);
void realmode_set_wake_copy(const void *src, void *dst, size_t len);

#endif /* _ASM_X86_REALMODE_H */
