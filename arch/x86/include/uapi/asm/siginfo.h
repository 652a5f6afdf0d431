/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * siginfo_t as the x86-64 Linux ABI lays it out: 128 bytes, three ints,
 * then (8-byte aligned) the union the si_code selects.
 */
#ifndef _UAPI_ASM_X86_SIGINFO_H
#define _UAPI_ASM_X86_SIGINFO_H

#define SI_MAX_SIZE	128

/* si_code: who sent it */
#define SI_USER		0
#define SI_KERNEL	0x80
#define SI_QUEUE	(-1)
#define SI_TIMER	(-2)
#define SI_TKILL	(-6)

#define ILL_ILLOPC	1
#define ILL_ILLOPN	2
#define FPE_INTDIV	1
#define FPE_FLTDIV	3
#define FPE_FLTOVF	4
#define FPE_FLTUND	5
#define FPE_FLTRES	6
#define FPE_FLTINV	7
#define SEGV_MAPERR	1
#define SEGV_ACCERR	2
#define BUS_ADRALN	1
#define BUS_ADRERR	2
#define TRAP_BRKPT	1
#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_DUMPED	3
#define CLD_TRAPPED	4
#define CLD_STOPPED	5
#define CLD_CONTINUED	6

#ifndef __ASSEMBLY__
#ifndef __user
#define __user
#endif

typedef struct {
	int si_signo;
	int si_errno;
	int si_code;
	union {
		int _pad[(SI_MAX_SIZE - 16) / sizeof(int)];
		struct {		/* kill, tgkill */
			int _pid;
			unsigned int _uid;
		} _kill;
		struct {		/* setitimer */
			int _tid;
			int _overrun;
			unsigned long _sigval;
		} _timer;
		struct {		/* SIGCHLD */
			int _pid;
			unsigned int _uid;
			int _status;
			long _utime;
			long _stime;
		} _sigchld;
		struct {		/* SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP */
			void __user *_addr;
			short _addr_lsb;
		} _sigfault;
	} _sifields;
} siginfo_t;

#define si_pid		_sifields._kill._pid
#define si_uid		_sifields._kill._uid
#define si_status	_sifields._sigchld._status
#define si_utime	_sifields._sigchld._utime
#define si_stime	_sifields._sigchld._stime
#define si_addr		_sifields._sigfault._addr
#define si_timerid	_sifields._timer._tid
#define si_overrun	_sifields._timer._overrun
#endif

#endif /* _UAPI_ASM_X86_SIGINFO_H */
