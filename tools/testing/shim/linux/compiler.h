/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: the kernel's compiler.h is host-safe; use it as is. */
#include "../../../../include/linux/compiler.h"
