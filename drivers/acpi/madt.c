// SPDX-License-Identifier: GPL-2.0
/*
 * Walking the MADT's entries.  Each entry says its own length, and that
 * byte is firmware input: a zero would loop forever, a value past the
 * table's end would read beyond it.  So every step is checked against the
 * table's end before anything is read, an entry too short for its type is
 * reported so that the caller skips it, and an entry that cannot be stepped
 * over ends the walk.  Pure: no mapping, no printing.
 */
#include <acpi/madt.h>

/**
 * madt_entry_min_len() - how long an entry of @type must at least be
 * @type: the entry's type byte
 *
 * Returns 0 for types cachet does not parse: any length of at least the
 * two header bytes is then fine, as later ACPI versions add types.
 */
u8 madt_entry_min_len(u8 type)
{
	switch (type) {
	case ACPI_MADT_TYPE_LOCAL_APIC:
		return sizeof(struct acpi_madt_local_apic);
	case ACPI_MADT_TYPE_IO_APIC:
		return sizeof(struct acpi_madt_io_apic);
	case ACPI_MADT_TYPE_INTERRUPT_OVERRIDE:
		return sizeof(struct acpi_madt_interrupt_override);
	case ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE:
		return sizeof(struct acpi_madt_local_apic_override);
	}
	return 0;
}

/**
 * madt_walk_start() - begin a walk over the entries of @madt
 * @w: the walk
 * @madt: the table, @len bytes readable
 * @len: the table's length; below the fixed header there are no entries
 */
void madt_walk_start(struct madt_walk *w, const struct acpi_table_madt *madt,
		     u32 len)
{
	w->table = (const u8 *)madt;
	w->len = len;
	w->off = sizeof(*madt);
	w->index = 0;
	if (len < sizeof(*madt))
		w->off = len;
}

/**
 * madt_walk_next() - the next entry of a walk
 * @w: the walk
 * @e: filled with the entry and what to do with it
 *
 * Returns false at the end of the table.  After %MADT_ENTRY_MALFORMED the
 * walk is over (the next call returns false) and @e->h must not be read:
 * only part of the entry may lie inside the table.
 */
bool madt_walk_next(struct madt_walk *w, struct madt_entry *e)
{
	const struct acpi_subtable_header *h;
	u32 left = w->len - w->off;

	if (!left)
		return false;
	h = (const void *)(w->table + w->off);
	e->h = h;
	e->off = w->off;
	e->index = w->index++;
	e->length = left >= sizeof(*h) ? h->length : 0;
	if (e->length < sizeof(*h) || e->length > left) {
		w->off = w->len;
		e->verdict = MADT_ENTRY_MALFORMED;
		return true;
	}
	w->off += e->length;
	e->verdict = e->length < madt_entry_min_len(h->type) ?
		     MADT_ENTRY_SHORT : MADT_ENTRY_OK;
	return true;
}
