// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/x86/pat_memtype_list (Linux's format, byte for byte)
 * and /sys/kernel/debug/x86/pat_memtype_owners (cachet's: who holds each
 * range and the type the CPU really uses there; for a user mapping of
 * raw frames, the process that made it and the file it maps).
 *
 * With PAT on both print from one snapshot of the tree copied under
 * memtype_lock, so the listing is consistent even while other CPUs
 * reserve and free, and costs O(n) rather than Linux's walk from the
 * start for every line.
 *
 * With PAT off nothing outside RAM is reserved, so pat_memtype_list is
 * absent (as in Linux) and pat_memtype_owners lists, under its own first
 * line, the live mappings of non-RAM memory instead (memtype_mappings.c):
 * each with the mode its page-table entries select under the power-on
 * PAT layout (a WC request is UC- there) and the effective type that
 * gives under the MTRRs, in the same line format.
 */
#include <linux/kernel.h>
#include <linux/pfnmap_track.h>
#include <linux/printk.h>
#include <linux/vmalloc.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include <asm/mtrr.h>
#include <asm/pat.h>
#include <asm/pat_rules.h>
#include "memtype.h"

struct memtype_snap {
	struct memtype_tree_entry *e;
	unsigned long n;
};

static unsigned long memtype_copy_tree(void *buf, unsigned long max,
				       void *arg)
{
	unsigned long total;

	memtype_snapshot(buf, max, &total);
	return total;
}

/* a consistent copy of the tree, or -ENOMEM */
static int memtype_snap_take(struct memtype_snap *s)
{
	s->e = memtype_copy_growing(sizeof(*s->e), 64, 0, memtype_copy_tree,
				    NULL, &s->n);
	return s->e ? 0 : -ENOMEM;
}

static int memtype_list_show(struct seq_file *m, void *priv)
{
	struct memtype_snap s;
	unsigned long i;

	if (memtype_snap_take(&s))
		return -ENOMEM;
	seq_puts(m, "PAT memtype list:\n");
	for (i = 0; i < s.n; i++)
		seq_printf(m, "PAT: [mem 0x%016llx-0x%016llx] %s\n",
			   (unsigned long long)s.e[i].start,
			   (unsigned long long)s.e[i].end,
			   cattr_name(s.e[i].mode));
	kvfree(s.e);
	return 0;
}

/* the type the CPU uses for [start, end) mapped @mode, by the SDM's table */
static const char *memtype_effective_name(u64 start, u64 end,
					  enum page_cache_mode mode)
{
	u8 uniform, mtrr = mtrr_type_lookup(start, end, &uniform);

	if (!uniform)
		return "mixed (MTRRs differ within the range)";
	return cattr_name(pat_effective_type(mtrr, mode));
}

/* one line of pat_memtype_owners: @user names a user mapping's maker */
static void memtype_owner_line(struct seq_file *m, u64 start, u64 end,
			       enum page_cache_mode mode,
			       const struct memtype_owner *owner,
			       const char *user)
{
	if (user) {
		seq_printf(m, "[mem 0x%016llx-0x%016llx] %-15s effective %-15s owner user %s\n",
			   (unsigned long long)start, (unsigned long long)end,
			   cattr_name(mode),
			   memtype_effective_name(start, end, mode), user);
		return;
	}
	seq_printf(m, "[mem 0x%016llx-0x%016llx] %-15s effective %-15s owner %pS%s%s%s\n",
		   (unsigned long long)start, (unsigned long long)end,
		   cattr_name(mode), memtype_effective_name(start, end, mode),
		   (void *)owner->caller, owner->driver ? " (" : "",
		   owner->driver ? owner->driver : "",
		   owner->driver ? ")" : "");
}

/*
 * A user mapping's entry names the process and file: the @i-th entry is
 * the nth mapping of its exact range, counting the user entries of that
 * range before it (the tree keeps duplicates in the order they came).
 */
static bool memtype_user_owner(const struct memtype_snap *s, unsigned long i,
			       char *buf, size_t len)
{
	const struct memtype_tree_entry *e = &s->e[i];
	unsigned long caller = pfnmap_owner_caller(), j;
	unsigned int nth = 0;

	if (e->owner.caller != caller)
		return false;
	for (j = i; j-- > 0 && s->e[j].start == e->start;)
		if (s->e[j].end == e->end && s->e[j].owner.caller == caller)
			nth++;
	if (pfnmap_owner_describe(e->start, e->end, nth, buf, len))
		strscpy(buf, "?", len);
	return true;
}

static int memtype_owners_show(struct seq_file *m, void *priv)
{
	char user[96];
	struct memtype_snap s;
	unsigned long i;

	if (memtype_snap_take(&s))
		return -ENOMEM;
	seq_puts(m, "PAT memtype owners:\n");
	for (i = 0; i < s.n; i++) {
		const struct memtype_tree_entry *e = &s.e[i];
		bool is_user = memtype_user_owner(&s, i, user, sizeof(user));

		memtype_owner_line(m, e->start, e->end, e->mode, &e->owner,
				   is_user ? user : NULL);
	}
	kvfree(s.e);
	return 0;
}

/* PAT off: the mappings, since nothing is reserved */
static int memtype_mappings_show(struct seq_file *m, void *priv)
{
	char user[96];
	struct memtype_mappings s;
	unsigned long i;

	if (memtype_mappings_take(&s))
		return -ENOMEM;
	seq_puts(m, "PAT memtype owners (PAT off: mappings, nothing reserved):\n");
	for (i = 0; i < s.n; i++) {
		const struct memtype_mapping *e = &s.m[i];

		if (e->user)
			pfnmap_owner_format(e->user, user, sizeof(user));
		memtype_owner_line(m, e->start, e->end, e->mode, &e->owner,
				   e->user ? user : NULL);
	}
	memtype_mappings_free(&s);
	return 0;
}

/*
 * pat_memtype_list and pat_user_ptes exist only while PAT is on, like
 * Linux's file; pat_memtype_owners, cachet's, always.
 */
void memtype_debugfs_init(void)
{
	if (!pat_enabled()) {
		debugfs_create_file("x86/pat_memtype_owners",
				    memtype_mappings_show, NULL);
		return;
	}
	debugfs_create_file("x86/pat_memtype_list", memtype_list_show, NULL);
	debugfs_create_file("x86/pat_memtype_owners", memtype_owners_show,
			    NULL);
	pat_user_ptes_debugfs_init();
}
