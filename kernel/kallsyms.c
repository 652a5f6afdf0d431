// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol lookup for backtraces, %pS and memtype owners.  The table is
 * generated at link time (scripts/kallsyms.sh) into the .kallsyms section:
 * text symbols sorted by address, each with an offset into a string table.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/string.h>

extern const u64 kallsyms_num;
extern const u64 kallsyms_addresses[];
extern const u32 kallsyms_offsets[];
extern const char kallsyms_names[];
extern const char _etext[];

const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
			    unsigned long *offset)
{
	u64 lo = 0, hi = kallsyms_num, mid, end;

	if (!kallsyms_num || addr < kallsyms_addresses[0] ||
	    addr >= (unsigned long)_etext)
		return NULL;
	/* the last symbol whose address is <= addr */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (kallsyms_addresses[mid] <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* aliases share an address: report the first name */
	while (lo > 0 && kallsyms_addresses[lo - 1] == kallsyms_addresses[lo])
		lo--;
	end = (unsigned long)_etext;
	for (mid = lo + 1; mid < kallsyms_num; mid++) {
		if (kallsyms_addresses[mid] > kallsyms_addresses[lo]) {
			end = kallsyms_addresses[mid];
			break;
		}
	}
	if (size)
		*size = end - kallsyms_addresses[lo];
	if (offset)
		*offset = addr - kallsyms_addresses[lo];
	return &kallsyms_names[kallsyms_offsets[lo]];
}

unsigned long kallsyms_lookup_name(const char *name)
{
	u64 i;

	for (i = 0; i < kallsyms_num; i++)
		if (!strcmp(&kallsyms_names[kallsyms_offsets[i]], name))
			return kallsyms_addresses[i];
	return 0;
}

int sprint_symbol_hook(char *buf, size_t size, unsigned long addr,
		       bool with_offset)
{
	unsigned long symsize, offset;
	const char *name = kallsyms_lookup(addr, &symsize, &offset);

	if (!name)
		return scnprintf(buf, size, "0x%lx", addr);
	if (!with_offset)
		return scnprintf(buf, size, "%s", name);
	return scnprintf(buf, size, "%s+0x%lx/0x%lx", name, offset, symsize);
}
