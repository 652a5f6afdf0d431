/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ut_fault.h - touch an address and report the signal it raised, for the
 * memory and hostile selftests.  The SIGSEGV/SIGBUS handler records
 * si_signo, si_code and si_addr and jumps back out of the faulting access
 * (the access would fault again if the handler returned).
 */
#ifndef UT_FAULT_H
#define UT_FAULT_H

#include <setjmp.h>
#include <signal.h>

struct ut_fault {
	int sig;	/* 0: no fault */
	int code;
	void *addr;
};

static sigjmp_buf ut_fault_env;
static volatile struct ut_fault ut_fault_last;

static void ut_fault_handler(int sig, siginfo_t *si, void *uc)
{
	ut_fault_last.sig = sig;
	ut_fault_last.code = si->si_code;
	ut_fault_last.addr = si->si_addr;
	siglongjmp(ut_fault_env, 1);
}

static inline void ut_fault_catch(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = ut_fault_handler;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

/*
 * ut_touch() - read ('r'), write ('w') or call ('x') @addr
 * Returns what was caught (sig 0 when the access worked).
 */
static inline struct ut_fault ut_touch(void *addr, int how)
{
	struct ut_fault f = { 0, 0, NULL };

	ut_fault_catch();
	ut_fault_last.sig = 0;
	if (sigsetjmp(ut_fault_env, 1) == 0) {
		if (how == 'r')
			(void)*(volatile char *)addr;
		else if (how == 'w')
			*(volatile char *)addr = 1;
		else
			((void (*)(void))addr)();
	}
	f.sig = ut_fault_last.sig;
	f.code = ut_fault_last.code;
	f.addr = ut_fault_last.addr;
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	return f;
}

/* one access that must raise SIGSEGV with @code at exactly @addr */
#define UT_SEGV(where, how, want_code)					\
	do {								\
		struct ut_fault __f = ut_touch((void *)(where), how);	\
		UT_EXPECT(__f.sig == SIGSEGV && __f.code == (want_code) && \
			  __f.addr == (void *)(where),			\
			  "'%c' at %p: signal %d code %d addr %p, want "	\
			  "SIGSEGV code %d", how, (void *)(where), __f.sig,	\
			  __f.code, __f.addr, want_code);		\
	} while (0)

#endif /* UT_FAULT_H */
