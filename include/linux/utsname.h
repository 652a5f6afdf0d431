/* SPDX-License-Identifier: GPL-2.0 */
/* Who the kernel is: the banner printed at boot and shown in /proc/version. */
#ifndef _CACHET_LINUX_UTSNAME_H
#define _CACHET_LINUX_UTSNAME_H

#define CACHET_VERSION	"0.1.0"

/* "cachet version 0.1.0 (compiler)\n" */
extern const char linux_banner[];

#endif /* _CACHET_LINUX_UTSNAME_H */
