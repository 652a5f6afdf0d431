// SPDX-License-Identifier: GPL-2.0
/*
 * The "pat" shell command: reserve, free and look up memory types through
 * the real API, for admins and scripted tests.
 *
 *	pat reserve START END MODE [strict]
 *	pat free START END
 *	pat lookup ADDR
 *
 * Addresses are hex (with or without 0x), END exclusive, and must lie
 * below MAXPHYADDR; modes are the trace format's names (wb wc uc- uc wt
 * wp).  A type belongs to whole pages, so the memtype core reserves the
 * pages the range touches.  The answer, "ok MODE", names the mode
 * granted, strict or not (WB becomes UC- where the MTRRs do not say WB,
 * WT and WP become UC- in the erratum layout, a non-strict request adopts
 * the mode already there), and a second line names the pages when they
 * are more than was asked.  A reservation of RAM remaps
 * the direct map to the mode, as set_memory_*() does, and its free maps it
 * back.  The shell is an owner like any other: "pat free" releases only
 * a reservation the shell holds, of the same pages, through
 * memtype_free_owner(), so an admin cannot pull a range from under a
 * driver by mistake, nor free the driver's entry in place of the shell's;
 * anything else is refused, naming its holder.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/string.h>
#include <asm/page_cache_mode.h>
#include <asm/pat.h>
#include <asm/processor.h>
#include "memtype.h"

#define PAT_SHELL_MAX	64

struct pat_shell_resv {
	u64 start, end;
	bool used;
};

static struct pat_shell_resv pat_shell_resv[PAT_SHELL_MAX];

static const char *errname(int err)
{
	switch (err) {
	case -EINVAL:
		return "-EINVAL (invalid range; RAM and non-RAM, or the ISA range and memory outside it, mixed)";
	case -EBUSY:
		return "-EBUSY (conflicting memory types)";
	case -ENOMEM:
		return "-ENOMEM";
	case -ENOSPC:
		return "-ENOSPC (too many reservations)";
	default:
		return "error";
	}
}

#ifdef CONFIG_KTEST
#define PAT_BENCH_USAGE	" | pat bench"
#else
#define PAT_BENCH_USAGE	""
#endif

static int pat_usage(void)
{
	shell_printf("usage: pat reserve START END MODE [strict] | pat free START END | pat lookup ADDR"
		     PAT_BENCH_USAGE "\n");
	return 1;
}

static int parse_addr(const char *s, u64 *v)
{
	unsigned long long x;

	if (kstrtoull(s, 16, &x)) {
		shell_printf("pat: invalid hex address '%s'\n", s);
		return -EINVAL;
	}
	*v = x;
	return 0;
}

/*
 * Addresses the CPU cannot form are refused by every subcommand, before
 * anything is asked: no type is ever answered for them.  @last: the last
 * byte of what is asked about.
 */
static int check_phys(u64 last)
{
	unsigned int bits = boot_cpu_data.x86_phys_bits;

	if (last >> bits) {
		shell_printf("pat: %#llx is beyond the physical address space (MAXPHYADDR %u bits)\n",
			     (unsigned long long)last, bits);
		return -EINVAL;
	}
	return 0;
}

static int parse_range(char **argv, u64 *start, u64 *end)
{
	if (parse_addr(argv[0], start) || parse_addr(argv[1], end))
		return -EINVAL;
	if (check_phys(*start) || (*end && check_phys(*end - 1)))
		return -EINVAL;
	return 0;
}

/* @start, @end: whole pages, as memtype_page_range() gives them */
static struct pat_shell_resv *pat_shell_find(u64 start, u64 end)
{
	unsigned int i;

	for (i = 0; i < PAT_SHELL_MAX; i++)
		if (pat_shell_resv[i].used && pat_shell_resv[i].start == start &&
		    pat_shell_resv[i].end == end)
			return &pat_shell_resv[i];
	return NULL;
}

/* the owner the shell's reservations are made for, and freed by */
#define PAT_SHELL_OWNER	((unsigned long)pat_cmd_reserve)

static int pat_cmd_reserve(int argc, char **argv);

/* "ok MODE" names the mode granted, which may not be the one asked for */
static void pat_report_granted(u64 start, u64 end, u64 ps, u64 pe,
			       enum page_cache_mode got)
{
	shell_printf("ok %s\n", cachemode_short_name(got));
	if (ps != start || pe != end)
		shell_printf("pat: reserved the whole pages [mem %#010llx-%#010llx]\n",
			     (unsigned long long)ps, (unsigned long long)pe - 1);
}

static int pat_cmd_reserve(int argc, char **argv)
{
	enum page_cache_mode req, got;
	struct pat_shell_resv *slot;
	bool strict = false;
	u64 start, end, ps, pe;
	unsigned int i;
	int err;

	if (argc == 5 && !strcmp(argv[4], "strict"))
		strict = true;
	else if (argc != 4)
		return pat_usage();
	if (parse_range(argv + 1, &start, &end))
		return 1;
	if (cachemode_parse(argv[3], &req)) {
		shell_printf("pat: unknown mode '%s' (expected wb wc uc- uc wt wp)\n",
			     argv[3]);
		return 1;
	}
	for (i = 0, slot = NULL; i < PAT_SHELL_MAX && !slot; i++)
		if (!pat_shell_resv[i].used)
			slot = &pat_shell_resv[i];
	if (!slot) {
		shell_printf("pat: the shell holds %d reservations already\n",
			     PAT_SHELL_MAX);
		return 1;
	}
	err = memtype_reserve_owner(start, end, req,
				    MEMTYPE_OWNED | (strict ? MEMTYPE_STRICT : 0),
				    &got, PAT_SHELL_OWNER);
	if (err) {
		shell_printf("pat: reserve %#llx-%#llx %s: %s\n",
			     (unsigned long long)start, (unsigned long long)end,
			     argv[3], errname(err));
		return 1;
	}
	ps = start;
	pe = end;
	memtype_page_range(&ps, &pe);
	*slot = (struct pat_shell_resv){ ps, pe, true };
	pat_report_granted(start, end, ps, pe, got);
	return 0;
}

static int pat_cmd_free(int argc, char **argv)
{
	struct memtype_tree_entry holder;
	struct pat_shell_resv *r;
	u64 start, end, ps, pe;
	int err;

	if (argc != 3)
		return pat_usage();
	if (parse_range(argv + 1, &start, &end))
		return 1;
	ps = start;
	pe = end;
	if (start < end)
		memtype_page_range(&ps, &pe);
	r = pat_shell_find(ps, pe);
	if (!r) {
		if (start < end && memtype_find_holder(ps, pe, &holder) == 0)
			shell_printf("pat: free %#llx-%#llx: not reserved by the shell; [mem %#llx-%#llx] %s is held by %pS%s%s\n",
				     (unsigned long long)start,
				     (unsigned long long)end,
				     (unsigned long long)holder.start,
				     (unsigned long long)holder.end,
				     cattr_name(holder.mode),
				     (void *)holder.owner.caller,
				     holder.owner.driver ? " driver " : "",
				     holder.owner.driver ?: "");
		else
			shell_printf("pat: free %#llx-%#llx: not reserved by the shell\n",
				     (unsigned long long)start,
				     (unsigned long long)end);
		return 1;
	}
	err = memtype_free_owner(ps, pe, PAT_SHELL_OWNER);
	if (err) {
		shell_printf("pat: free %#llx-%#llx: %s\n",
			     (unsigned long long)start, (unsigned long long)end,
			     errname(err));
		return 1;
	}
	r->used = false;
	shell_printf("ok\n");
	return 0;
}

static int pat_cmd_lookup(int argc, char **argv)
{
	enum page_cache_mode m;
	u64 addr;

	if (argc != 2)
		return pat_usage();
	if (parse_addr(argv[1], &addr) || check_phys(addr))
		return 1;
	m = lookup_memtype(addr);
	shell_printf("%s (%s)\n", cachemode_short_name(m), cattr_name(m));
	return 0;
}

static int cmd_pat(int argc, char **argv)
{
	struct task_ident old;
	int ret = 1;

	if (argc < 2)
		return pat_usage();
	override_current_ident("sh", NULL, &old);
	if (!strcmp(argv[1], "reserve"))
		ret = pat_cmd_reserve(argc - 1, argv + 1);
	else if (!strcmp(argv[1], "free"))
		ret = pat_cmd_free(argc - 1, argv + 1);
	else if (!strcmp(argv[1], "lookup"))
		ret = pat_cmd_lookup(argc - 1, argv + 1);
#ifdef CONFIG_KTEST
	else if (!strcmp(argv[1], "bench"))
		ret = pat_bench_cmd(argc - 1, argv + 1);
#endif
	else
		shell_printf("pat: unknown subcommand '%s'\n", argv[1]);
	revert_current_ident(&old);
	return ret;
}
SHELL_CMD(pat, cmd_pat, "reserve START END MODE | free START END | lookup ADDR"
	  PAT_BENCH_USAGE ": memory types");
