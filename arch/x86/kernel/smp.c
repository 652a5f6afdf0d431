// SPDX-License-Identifier: GPL-2.0
/*
 * Cross-CPU calls over the local APIC.
 *
 * Each CPU owns one call slot (function, argument, count of CPUs still to
 * run it).  To call, a CPU waits until its slot is free, fills it, sets
 * its bit in each target's call_pending word and sends each target
 * CALL_FUNCTION_VECTOR.  A target serves every pending bit, from the
 * interrupt or from any loop in which it waits with interrupts off (see
 * smp_poll_calls() in spin_lock() and in the waits below): the rule that
 * keeps a CPU spinning with interrupts off from deadlocking a CPU that
 * waits for it to flush its TLB.
 *
 * CPU hotplug: a caller reads cpu_online_mask and marks its targets'
 * call_pending bits with interrupts off and call_sending set, so a CPU
 * leaving (smp_leave_online()) clears its online bit, waits until no CPU
 * is inside such a window, and then serves what it finds: every call that
 * counted it is served, and none counts it later.
 */
#define pr_fmt(fmt) "smp: " fmt

#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/time.h>
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/special_insns.h>

struct call_slot {
	smp_call_func_t func;
	void *info;
	unsigned int pending;		/* targets that have not run it yet */
	bool wake;			/* the caller halts: the last one wakes it */
} __aligned(64);

static struct call_slot call_slot[NR_CPUS];
u64 cpu_online_mask = 1;		/* the boot CPU */
u64 cpu_active_mask = 1;

#define CALL_WARN_NS	(5 * NSEC_PER_SEC)

/*
 * Halt inside a section that runs with interrupts off: open them for the
 * HLT only.  An interrupt that comes in meanwhile may find locks held
 * that the section's owner holds, so only the local APIC's own vectors
 * may come in: the task priority is raised to HALT_IRQS_OFF_TPR first,
 * and every device's vector waits in the local APIC until the section
 * ends.  A device handler takes locks (the serial port's wakes a reader,
 * which takes the scheduler's), and one that ran here deadlocked against
 * the lock the section held or waited for.  What does come in is told
 * (irqs_off_halt): the tick leaves its timers to a vector held back
 * until the section ends (kernel/time/tick.c), no interrupt's return
 * preempts (traps.c), and the cross-CPU calls it serves take no locks.
 * do_trap() counts a device vector that still got here
 * (irqs_off_halt_leaks).
 */
static void halt_irqs_off(void)
{
	struct pcpu *p = this_pcpu();
	unsigned long tpr = read_cr8();

	write_cr8(HALT_IRQS_OFF_TPR);
	p->irqs_off_halt = true;
	__asm__ __volatile__("sti; hlt; cli" : : : "memory");
	p->irqs_off_halt = false;
	write_cr8(tpr);
}

void __smp_serve_calls(void)
{
	struct pcpu *p = this_pcpu();
	unsigned long flags;
	struct call_slot *c;
	unsigned int src;
	u64 bits;

	local_irq_save(flags);
	bits = __atomic_exchange_n(&p->call_pending, 0, __ATOMIC_ACQUIRE);
	while (bits) {
		src = __builtin_ctzll(bits);
		bits &= bits - 1;
		c = &call_slot[src];
		c->func(c->info);
		p->calls_served++;
		if (__atomic_sub_fetch(&c->pending, 1, __ATOMIC_ACQ_REL) == 0 &&
		    __atomic_load_n(&c->wake, __ATOMIC_ACQUIRE))
			apic_send_ipi(per_cpu_ptr(src)->apicid,
				      CALL_FUNCTION_VECTOR);
	}
	local_irq_restore(flags);
}

static void call_function_interrupt(unsigned int vector, void *data)
{
	__smp_serve_calls();
}

/**
 * smp_halt_until() - wait, halted, until *@word is @val
 *
 * Whoever changes *@word sends this CPU an IPI.  Halting rather than
 * spinning matters under emulation: with more virtual CPUs than host
 * cores, a spinning CPU takes host time from the very CPUs it waits for.
 * Interrupts are on only inside STI;HLT (STI's shadow covers the HLT, so
 * an IPI that came after the check still wakes it).  The cross-CPU call
 * takes no locks, and the tick runs no timers inside such a halt
 * (halt_irqs_off()), so this is as safe inside an irqsave section as
 * smp_poll_calls().
 */
void smp_halt_until(const unsigned long *word, unsigned long val)
{
	unsigned long flags;
	u64 t0 = local_clock();
	bool warned = false;

	local_irq_save(flags);
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) != val) {
		halt_irqs_off();
		smp_poll_calls();
		if (!warned && local_clock() - t0 > CALL_WARN_NS) {
			pr_warn("CPU%u: still waiting after 5 s\n",
				smp_processor_id());
			warned = true;
		}
	}
	local_irq_restore(flags);
}

/* Wait for @c to be done, serving calls meanwhile; say so if it hangs. */
static void call_wait(struct call_slot *c)
{
	unsigned long flags;
	u64 t0 = local_clock();
	bool warned = false;

	local_irq_save(flags);
	while (__atomic_load_n(&c->pending, __ATOMIC_ACQUIRE)) {
		if (__atomic_load_n(&c->wake, __ATOMIC_ACQUIRE))
			halt_irqs_off();
		else
			cpu_relax();
		smp_poll_calls();
		if (!warned && local_clock() - t0 > CALL_WARN_NS) {
			pr_warn("CPU%u: %u CPU(s) have not run %ps for 5 s\n",
				smp_processor_id(), c->pending, c->func);
			warned = true;
		}
	}
	local_irq_restore(flags);
}

/* the window smp_leave_online() waits out: see the top of this file */
static void call_window_begin(struct pcpu *p)
{
	__atomic_store_n(&p->call_sending, true, __ATOMIC_SEQ_CST);
}

static void call_window_end(struct pcpu *p)
{
	__atomic_store_n(&p->call_sending, false, __ATOMIC_RELEASE);
}

void smp_call_function_many(u64 mask, smp_call_func_t func, void *info,
			    bool wait)
{
	struct pcpu *p = this_pcpu();
	unsigned int me = p->cpu, cpu;
	struct call_slot *c = &call_slot[me];
	unsigned long flags;

	call_wait(c);		/* a previous call without wait */
	local_irq_save(flags);
	call_window_begin(p);
	mask &= __atomic_load_n(&cpu_online_mask, __ATOMIC_SEQ_CST);
	mask &= ~(1ULL << me);
	if (!mask) {
		call_window_end(p);
		local_irq_restore(flags);
		return;
	}
	c->func = func;
	c->info = info;
	__atomic_store_n(&c->wake, wait, __ATOMIC_RELEASE);
	__atomic_store_n(&c->pending, hweight64(mask),
			 __ATOMIC_RELEASE);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!(mask & (1ULL << cpu)))
			continue;
		__atomic_fetch_or(&per_cpu_ptr(cpu)->call_pending, 1ULL << me,
				  __ATOMIC_RELEASE);
		apic_send_ipi(per_cpu_ptr(cpu)->apicid, CALL_FUNCTION_VECTOR);
	}
	call_window_end(p);
	local_irq_restore(flags);
	if (wait)
		call_wait(c);
}

/**
 * smp_leave_online() - this CPU stops being a target of cross-CPU calls
 *
 * For a CPU going offline, interrupts off, on its idle task.  Clears its
 * online bit, waits until no CPU can still be addressing a call to it
 * (the sending window above), and serves every call already addressed:
 * no CPU waits on it after this returns.  From here on shootdowns skip
 * it, so it must not use a kernel translation that can change (it parks).
 */
void smp_leave_online(void)
{
	unsigned int me = smp_processor_id(), cpu;

	__atomic_fetch_and(&cpu_online_mask, ~(1ULL << me), __ATOMIC_SEQ_CST);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		while (cpu != me &&
		       __atomic_load_n(&per_cpu_ptr(cpu)->call_sending,
				       __ATOMIC_SEQ_CST))
			cpu_relax();
	__smp_serve_calls();
}

int smp_call_function_single(unsigned int cpu, smp_call_func_t func,
			     void *info)
{
	unsigned long flags;

	if (!cpu_online(cpu))
		return -ENXIO;
	if (cpu == smp_processor_id()) {
		local_irq_save(flags);
		func(info);
		local_irq_restore(flags);
		return 0;
	}
	smp_call_function_many(1ULL << cpu, func, info, true);
	return 0;
}

void on_each_cpu(smp_call_func_t func, void *info)
{
	unsigned long flags;

	smp_call_function_many(cpu_online_mask, func, info, true);
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
}

/* spins before a lock waiter halts: a short hold is cheaper to spin out */
#define SPINS_BEFORE_HALT	256

static bool can_halt(void)
{
	return apic_usable() && num_online_cpus() > 1;
}

/**
 * __spin_lock_wait() - wait for ticket @me of @l (spin_lock()'s slow path)
 *
 * Serves calls while it spins; then halts, registered in this CPU's
 * wait_lock/wait_ticket, until the unlocker before it wakes it.  The
 * registration and the unlocker's store of the owner are both full
 * barriers and each side checks the other's after its own, so either the
 * waiter sees its turn or the unlocker sees the waiter.
 */
void __spin_lock_wait(spinlock_t *l, u16 me)
{
	struct pcpu *p = this_pcpu();
	unsigned int spins = 0;
	unsigned long flags;

	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me) {
		cpu_relax();
		smp_poll_calls();
		if (++spins < SPINS_BEFORE_HALT || !can_halt())
			continue;
		local_irq_save(flags);
		p->wait_ticket = me;
		__atomic_store_n(&p->wait_lock, l, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&l->owner, __ATOMIC_SEQ_CST) != me)
			halt_irqs_off();
		__atomic_store_n(&p->wait_lock, NULL, __ATOMIC_RELAXED);
		local_irq_restore(flags);
	}
}

/* @owner's turn has come: wake its CPU if it halted (spin_unlock()) */
void __spin_unlock_wake(spinlock_t *l, u16 owner)
{
	struct pcpu *p;
	unsigned int cpu;

	/* not only online CPUs: one coming up may take printk's lock */
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		p = per_cpu_ptr(cpu);
		if (p->self &&
		    __atomic_load_n(&p->wait_lock, __ATOMIC_ACQUIRE) == l &&
		    __atomic_load_n(&p->wait_ticket, __ATOMIC_RELAXED) == owner) {
			apic_send_ipi(p->apicid, CALL_FUNCTION_VECTOR);
			return;
		}
	}
}

struct stop_data {
	smp_call_func_t func;
	void *info;
	unsigned int nr;
	unsigned int arrived;
	unsigned int done;
};

static void stop_wait(unsigned int *count, unsigned int nr)
{
	while (__atomic_load_n(count, __ATOMIC_ACQUIRE) != nr)
		cpu_relax();
}

/*
 * Every CPU in here at once, interrupts off: nobody runs anything else
 * while @func runs anywhere.  No polling while waiting: every online CPU
 * is in here, so there is nobody to serve.
 */
static void stop_cpu(void *arg)
{
	struct stop_data *d = arg;

	__atomic_fetch_add(&d->arrived, 1, __ATOMIC_ACQ_REL);
	stop_wait(&d->arrived, d->nr);
	d->func(d->info);
	__atomic_fetch_add(&d->done, 1, __ATOMIC_ACQ_REL);
	stop_wait(&d->done, d->nr);
}

static DEFINE_SPINLOCK(stop_lock);

void stop_machine_all(smp_call_func_t func, void *info)
{
	cpus_read_lock();
	stop_machine_cpuslocked(func, info);
	cpus_read_unlock();
}

/**
 * stop_machine_cpuslocked() - stop_machine_all() for a caller that holds
 * cpus_read_lock() or the hotplug write side already
 * @func: run on every online CPU at once, interrupts off
 * @info: its argument
 *
 * The set of online CPUs cannot change while it runs: the count of CPUs
 * to wait for is the number called.
 */
void stop_machine_cpuslocked(smp_call_func_t func, void *info)
{
	struct stop_data d = { .func = func, .info = info };
	unsigned long flags;

	/* a second caller spins here serving calls, so it joins ours */
	spin_lock_irqsave(&stop_lock, flags);
	d.nr = num_online_cpus();
	smp_call_function_many(cpu_online_mask, stop_cpu, &d, false);
	stop_cpu(&d);
	call_wait(&call_slot[smp_processor_id()]);
	spin_unlock_irqrestore(&stop_lock, flags);
}

/* set once the stop vector has had its chance; the NMI handler looks */
static bool stop_with_nmi;

static void __noreturn stop_this_cpu(void)
{
	__atomic_fetch_and(&cpu_online_mask, ~(1ULL << smp_processor_id()),
			   __ATOMIC_RELEASE);
	for (;;)
		__asm__ __volatile__("cli; hlt" : : : "memory");
}

static void stop_interrupt(unsigned int vector, void *data)
{
	stop_this_cpu();
}

/**
 * smp_stop_nmi() - the NMI handler's part in smp_send_stop()
 *
 * Does not return once a panic has fallen back to NMIs; returns false for
 * any other NMI, which is not ours to handle.
 */
bool smp_stop_nmi(void)
{
	if (!__atomic_load_n(&stop_with_nmi, __ATOMIC_ACQUIRE))
		return false;
	stop_this_cpu();
}

/* the others clear their own online bit as they stop */
static bool others_stopped(unsigned long usecs)
{
	while (num_online_cpus() > 1 && usecs--)
		udelay(1);
	return num_online_cpus() == 1;
}

static void send_to_others(bool nmi)
{
	unsigned int cpu, me = smp_processor_id();

	for_each_online_cpu(cpu) {
		if (cpu == me)
			continue;
		if (nmi)
			apic_send_nmi(per_cpu_ptr(cpu)->apicid);
		else
			apic_send_ipi(per_cpu_ptr(cpu)->apicid, STOP_VECTOR);
	}
}

/*
 * A vector of its own rather than a call: the panicking CPU may hold its
 * call slot or a lock, and must not wait for anyone.  A CPU stuck with
 * interrupts off (a hard lockup, or a second panic) ignores the vector;
 * after a second, as in Linux, an NMI stops it.  The wait is bounded, so
 * the panic goes on whatever the others do.
 */
void smp_send_stop(void)
{
	if (!apic_usable() || num_online_cpus() == 1)
		return;
	send_to_others(false);
	if (others_stopped(1000000))
		return;
	__atomic_store_n(&stop_with_nmi, true, __ATOMIC_RELEASE);
	/* Linux's words, without this file's prefix */
	printk(KERN_EMERG "Shutting down cpus with NMI\n");
	send_to_others(true);
	if (!others_stopped(10000))
		pr_emerg("%u CPU(s) did not stop, online mask %#llx\n",
			 num_online_cpus() - 1,
			 (unsigned long long)cpu_online_mask);
}

/**
 * smp_prepare_boot_cpu() - let the boot CPU send and take IPIs
 */
void smp_prepare_boot_cpu(void)
{
	this_pcpu()->apicid = apic_usable() ? apic_read_id() : 0;
	legacy_pic_mask_all();
	lapic_setup_cpu();
	if (request_irq_vector(CALL_FUNCTION_VECTOR, call_function_interrupt,
			       NULL) ||
	    request_irq_vector(STOP_VECTOR, stop_interrupt, NULL))
		pr_err("cannot take vectors %#x and %#x for cross-CPU calls\n",
		       CALL_FUNCTION_VECTOR, STOP_VECTOR);
}
