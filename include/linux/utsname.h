/* SPDX-License-Identifier: GPL-2.0 */
/* Who the kernel is: the banner printed at boot and shown in /proc/version. */
#ifndef _CACHET_LINUX_UTSNAME_H
#define _CACHET_LINUX_UTSNAME_H

#define CACHET_VERSION	"0.1.0"

/*
 * uname()'s release and version.  The release leads with the Linux ABI
 * level cachet implements (6.1), as programs compare it as a version
 * number (glibc refused kernels older than its minimum, tools check for
 * features by it), and then names cachet and its own version.
 */
#define UTS_RELEASE	"6.1.0-cachet-" CACHET_VERSION
#define UTS_VERSION	"#1 SMP cachet " CACHET_VERSION

/* "cachet version 0.1.0 (compiler)\n" */
extern const char linux_banner[];

#endif /* _CACHET_LINUX_UTSNAME_H */
