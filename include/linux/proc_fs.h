/* SPDX-License-Identifier: GPL-2.0 */
/* /proc's own files, beside the drivers' (Documentation/filesystems/proc.rst) */
#ifndef _CACHET_LINUX_PROC_FS_H
#define _CACHET_LINUX_PROC_FS_H

void proc_uptime_init(void);

#endif /* _CACHET_LINUX_PROC_FS_H */
