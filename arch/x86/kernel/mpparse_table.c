// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the Intel MultiProcessor Specification's tables out of a byte
 * buffer: the floating pointer (4.1) and the base configuration table
 * (4.2, 4.3).  Firmware input, so nothing is believed unchecked: a
 * floating pointer needs its signature, length 1, a zero checksum and a
 * known revision; a configuration table its signature, a length that
 * covers its header and lies inside what was read, a zero checksum, a
 * known revision, a local APIC address and at least one enabled CPU, and
 * every entry a known type that ends inside the table.  A table that
 * fails any check is rejected whole and the caller's result is left as
 * it was: half a CPU list is worse than none (the MADT-less machine then
 * runs on the boot CPU alone).  Pure: no hardware, no messages.
 */
#include <linux/types.h>
#include <asm/mpspec.h>

static u8 sum_bytes(const u8 *p, size_t n)
{
	u8 sum = 0;

	while (n--)
		sum += *p++;
	return sum;
}

static bool same4(const char *a, const char *b)
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3];
}

/**
 * mpf_valid() - is there a good MP floating pointer at @buf?
 * @buf: candidate bytes
 * @len: how many are readable
 */
bool mpf_valid(const void *buf, size_t len)
{
	const struct mpf_intel *mpf = buf;

	return len >= sizeof(*mpf) && same4(mpf->signature, "_MP_") &&
	       mpf->length == 1 && !sum_bytes(buf, sizeof(*mpf)) &&
	       (mpf->specification == 1 || mpf->specification == 4);
}

/**
 * mpf_scan() - find the first good floating pointer in a search area
 * @buf: the area
 * @len: its length
 *
 * The structure is 16-byte aligned (4.1), so only those offsets are
 * tried.  Returns the offset, or -1.
 */
long mpf_scan(const void *buf, size_t len)
{
	size_t off;

	for (off = 0; off + sizeof(struct mpf_intel) <= len; off += 16)
		if (mpf_valid((const u8 *)buf + off, len - off))
			return off;
	return -1;
}

/**
 * mpc_length() - the base table length a configuration table claims
 * @buf: its first bytes
 * @len: how many are readable
 *
 * For mapping the whole table before mpc_parse() judges it.  Returns 0
 * when @len does not cover the header.
 */
u16 mpc_length(const void *buf, size_t len)
{
	if (len < sizeof(struct mpc_table))
		return 0;
	return ((const struct mpc_table *)buf)->length;
}

static enum mpc_verdict check_header(const struct mpc_table *mpc, size_t len)
{
	if (len < sizeof(*mpc))
		return MPC_BAD_LENGTH;
	if (!same4(mpc->signature, "PCMP"))
		return MPC_BAD_SIGNATURE;
	if (mpc->length < sizeof(*mpc) || mpc->length > len)
		return MPC_BAD_LENGTH;
	if (sum_bytes((const u8 *)mpc, mpc->length))
		return MPC_BAD_CHECKSUM;
	if (mpc->spec != 1 && mpc->spec != 4)
		return MPC_BAD_VERSION;
	if (!mpc->lapic)
		return MPC_NO_LAPIC;
	return MPC_OK;
}

static unsigned int entry_size(u8 type)
{
	switch (type) {
	case MP_PROCESSOR:
		return sizeof(struct mpc_cpu);
	case MP_BUS:
	case MP_IOAPIC:
	case MP_INTSRC:
	case MP_LINTSRC:
		return 8;
	}
	return 0;
}

/*
 * Walk the entries; with @cfg NULL only judge them.  Returns the verdict
 * and, through @enabled, how many processor entries are enabled.
 */
static enum mpc_verdict walk(const u8 *p, unsigned int end,
			     struct mp_config *cfg, unsigned int *enabled,
			     struct mpc_error *err)
{
	unsigned int off = sizeof(struct mpc_table), size;
	const struct mpc_ioapic *io;
	const struct mpc_cpu *c;

	*enabled = 0;
	while (off < end) {
		size = entry_size(p[off]);
		err->offset = off;
		err->type = p[off];
		if (!size)
			return MPC_BAD_ENTRY;
		if (size > end - off)
			return MPC_SHORT_ENTRY;
		c = (const void *)(p + off);
		io = (const void *)(p + off);
		if (p[off] == MP_PROCESSOR) {
			if (c->cpuflag & CPU_ENABLED)
				(*enabled)++;
			if (cfg && cfg->nr_cpus < MPC_MAX_CPUS)
				cfg->cpus[cfg->nr_cpus++] = (struct mp_cpu){
					.apicid = c->apicid,
					.apicver = c->apicver,
					.enabled = c->cpuflag & CPU_ENABLED,
					.bsp = c->cpuflag & CPU_BOOTPROCESSOR,
				};
			else if (cfg)
				cfg->nr_dropped++;
		} else if (p[off] == MP_IOAPIC && cfg &&
			   (io->flags & MPC_APIC_USABLE)) {
			if (cfg->nr_ioapics < MPC_MAX_IOAPICS)
				cfg->ioapics[cfg->nr_ioapics++] =
					(struct mp_ioapic){
						.apicid = io->apicid,
						.apicver = io->apicver,
						.addr = io->apicaddr,
					};
			else
				cfg->nr_dropped++;
		}
		off += size;
	}
	return MPC_OK;
}

static void copy_str(char *dst, const char *src, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		dst[i] = src[i];
	dst[n] = '\0';
}

/**
 * mpc_parse() - judge an MP configuration table and list what it holds
 * @buf: the table
 * @len: how many bytes of it are readable
 * @cfg: filled in only when the table is good (MPC_OK)
 * @err: for MPC_BAD_ENTRY and MPC_SHORT_ENTRY, the entry's offset and
 *       type byte
 *
 * The extended table after the base table is not read.  Returns the
 * verdict.
 */
enum mpc_verdict mpc_parse(const void *buf, size_t len, struct mp_config *cfg,
			   struct mpc_error *err)
{
	const struct mpc_table *mpc = buf;
	enum mpc_verdict v = check_header(mpc, len);
	unsigned int enabled;

	if (v != MPC_OK)
		return v;
	/* first only judge, so a bad table changes nothing */
	v = walk(buf, mpc->length, NULL, &enabled, err);
	if (v != MPC_OK)
		return v;
	if (!enabled)
		return MPC_NO_CPUS;
	copy_str(cfg->oem, mpc->oem, sizeof(mpc->oem));
	copy_str(cfg->productid, mpc->productid, sizeof(mpc->productid));
	cfg->lapic = mpc->lapic;
	cfg->nr_cpus = 0;
	cfg->nr_ioapics = 0;
	cfg->nr_dropped = 0;
	return walk(buf, mpc->length, cfg, &enabled, err);
}

/**
 * mpc_verdict_name() - a verdict in words, for messages
 */
const char *mpc_verdict_name(enum mpc_verdict v)
{
	switch (v) {
	case MPC_OK:
		return "ok";
	case MPC_BAD_SIGNATURE:
		return "bad signature";
	case MPC_BAD_LENGTH:
		return "bad length";
	case MPC_BAD_CHECKSUM:
		return "checksum error";
	case MPC_BAD_VERSION:
		return "bad table version";
	case MPC_NO_LAPIC:
		return "null local APIC address";
	case MPC_BAD_ENTRY:
		return "entry of unknown type";
	case MPC_SHORT_ENTRY:
		return "entry past the table's end";
	case MPC_NO_CPUS:
		return "no processors registered";
	}
	return "?";
}
