// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/kernel/mpparse_table.c: the MP floating pointer and
 * configuration table, as SeaBIOS builds them for "-M pc,acpi=off" and
 * as broken firmware gets them wrong.  A rejected table must leave the
 * caller's result untouched.
 */
#include <asm/mpspec.h>

#include "unit.h"

static u8 buf[1024];
static struct mp_config cfg;
static struct mpc_error err;

static void put32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static u8 sum(const u8 *p, unsigned int n)
{
	u8 s = 0;

	while (n--)
		s += *p++;
	return s;
}

/* set the base table's length and make its checksum right */
static void finish(unsigned int len)
{
	buf[4] = len;
	buf[5] = len >> 8;
	buf[7] = 0;
	buf[7] = -sum(buf, len);
}

static unsigned int add_cpu(unsigned int off, u8 apicid, u8 flags)
{
	u8 *e = buf + off;

	for (unsigned int i = 0; i < 20; i++)
		e[i] = 0;
	e[0] = MP_PROCESSOR;
	e[1] = apicid;
	e[2] = 0x14;
	e[3] = flags;
	return off + 20;
}

static unsigned int add8(unsigned int off, u8 type, u8 b1, u8 b2, u8 b3,
			 u32 v)
{
	u8 *e = buf + off;

	e[0] = type;
	e[1] = b1;
	e[2] = b2;
	e[3] = b3;
	put32(e + 4, v);
	return off + 8;
}

/* SeaBIOS's table for two sockets: CPUs, buses, an IO-APIC, interrupts */
static unsigned int good_table(void)
{
	unsigned int off = sizeof(struct mpc_table), i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = 0;
	buf[0] = 'P'; buf[1] = 'C'; buf[2] = 'M'; buf[3] = 'P';
	buf[6] = 4;
	for (i = 0; i < 8; i++)
		buf[8 + i] = "BOCHSCPU"[i];
	for (i = 0; i < 12; i++)
		buf[16 + i] = "0.1         "[i];
	put32(buf + 36, 0xfee00000);
	off = add_cpu(off, 0, CPU_ENABLED | CPU_BOOTPROCESSOR);
	off = add_cpu(off, 1, CPU_ENABLED);
	off = add_cpu(off, 2, 0);			/* not present */
	off = add8(off, MP_BUS, 0, 'P', 'C', 0x20204920);
	off = add8(off, MP_BUS, 1, 'I', 'S', 0x20202041);
	off = add8(off, MP_IOAPIC, 2, 0x11, MPC_APIC_USABLE, 0xfec00000);
	off = add8(off, MP_IOAPIC, 3, 0x11, 0, 0xfec10000);	/* unusable */
	off = add8(off, MP_INTSRC, 0, 0, 1, 0x01020001);
	off = add8(off, MP_LINTSRC, 3, 0, 0, 0x00ff0000);
	finish(off);
	return off;
}

/* cfg filled with a sentinel: a rejected table must not change it */
static void poison(void)
{
	unsigned char *p = (unsigned char *)&cfg;

	for (size_t i = 0; i < sizeof(cfg); i++)
		p[i] = 0xa5;
}

static bool untouched(void)
{
	const unsigned char *p = (const unsigned char *)&cfg;

	for (size_t i = 0; i < sizeof(cfg); i++)
		if (p[i] != 0xa5)
			return false;
	return true;
}

UNIT_TEST(mptable, seabios_two_sockets)
{
	unsigned int len = good_table();

	ASSERT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_OK);
	EXPECT_STREQ(cfg.oem, "BOCHSCPU");
	EXPECT_STREQ(cfg.productid, "0.1         ");
	EXPECT_EQ(cfg.lapic, 0xfee00000);
	ASSERT_EQ(cfg.nr_cpus, 3);
	EXPECT_EQ(cfg.cpus[0].apicid, 0);
	EXPECT_TRUE(cfg.cpus[0].enabled);
	EXPECT_TRUE(cfg.cpus[0].bsp);
	EXPECT_EQ(cfg.cpus[1].apicid, 1);
	EXPECT_TRUE(cfg.cpus[1].enabled);
	EXPECT_FALSE(cfg.cpus[1].bsp);
	EXPECT_EQ(cfg.cpus[2].apicid, 2);
	EXPECT_FALSE(cfg.cpus[2].enabled);
	ASSERT_EQ(cfg.nr_ioapics, 1);
	EXPECT_EQ(cfg.ioapics[0].apicid, 2);
	EXPECT_EQ(cfg.ioapics[0].apicver, 0x11);
	EXPECT_EQ(cfg.ioapics[0].addr, 0xfec00000);
	EXPECT_EQ(cfg.nr_dropped, 0);
	EXPECT_EQ(mpc_length(buf, len), len);
}

UNIT_TEST(mptable, extra_bytes_after_the_table_are_not_read)
{
	unsigned int len = good_table();

	buf[len] = 0x77;	/* an unknown type, past the end */
	ASSERT_EQ(mpc_parse(buf, sizeof(buf), &cfg, &err), MPC_OK);
	EXPECT_EQ(cfg.nr_cpus, 3);
}

UNIT_TEST(mptable, bad_signature)
{
	unsigned int len = good_table();

	buf[0] = 'X';
	finish(len);
	poison();
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_BAD_SIGNATURE);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, bad_checksum)
{
	unsigned int len = good_table();

	buf[7]++;
	poison();
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_BAD_CHECKSUM);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, bad_version)
{
	unsigned int len = good_table();

	buf[6] = 2;
	finish(len);
	poison();
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_BAD_VERSION);
	EXPECT_TRUE(untouched());
	buf[6] = 1;
	finish(len);
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_OK);
}

UNIT_TEST(mptable, null_lapic)
{
	unsigned int len = good_table();

	put32(buf + 36, 0);
	finish(len);
	poison();
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_NO_LAPIC);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, length_shorter_than_header)
{
	good_table();
	finish(sizeof(struct mpc_table));
	EXPECT_EQ(mpc_parse(buf, sizeof(buf), &cfg, &err), MPC_NO_CPUS);
	buf[4] = 43;
	buf[5] = 0;
	poison();
	EXPECT_EQ(mpc_parse(buf, sizeof(buf), &cfg, &err), MPC_BAD_LENGTH);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, length_past_what_was_read)
{
	unsigned int len = good_table();

	poison();
	EXPECT_EQ(mpc_parse(buf, len - 1, &cfg, &err), MPC_BAD_LENGTH);
	EXPECT_EQ(mpc_parse(buf, 43, &cfg, &err), MPC_BAD_LENGTH);
	EXPECT_EQ(mpc_parse(buf, 0, &cfg, &err), MPC_BAD_LENGTH);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, unknown_entry_type_rejects_the_table)
{
	unsigned int len = good_table(), off = sizeof(struct mpc_table) + 40;

	/* the third CPU entry becomes type 9: after two good CPUs */
	buf[off] = 9;
	finish(len);
	poison();
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_BAD_ENTRY);
	EXPECT_EQ(err.offset, off);
	EXPECT_EQ(err.type, 9);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, entry_running_past_the_end)
{
	unsigned int len = good_table();

	/* cut the table inside its last (8-byte) entry */
	finish(len - 4);
	poison();
	EXPECT_EQ(mpc_parse(buf, len, &cfg, &err), MPC_SHORT_ENTRY);
	EXPECT_EQ(err.offset, len - 8);
	EXPECT_EQ(err.type, MP_LINTSRC);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, no_enabled_cpu)
{
	unsigned int off = sizeof(struct mpc_table);

	good_table();
	off = add_cpu(off, 0, 0);
	off = add8(off, MP_BUS, 0, 'I', 'S', 0x20202041);
	finish(off);
	poison();
	EXPECT_EQ(mpc_parse(buf, off, &cfg, &err), MPC_NO_CPUS);
	EXPECT_TRUE(untouched());
}

UNIT_TEST(mptable, more_ioapics_than_kept)
{
	unsigned int off = sizeof(struct mpc_table), i;

	good_table();
	off = add_cpu(off, 0, CPU_ENABLED | CPU_BOOTPROCESSOR);
	for (i = 0; i < MPC_MAX_IOAPICS + 2; i++)
		off = add8(off, MP_IOAPIC, i, 0x11, MPC_APIC_USABLE,
			   0xfec00000 + i * 0x1000);
	finish(off);
	ASSERT_EQ(mpc_parse(buf, off, &cfg, &err), MPC_OK);
	EXPECT_EQ(cfg.nr_ioapics, MPC_MAX_IOAPICS);
	EXPECT_EQ(cfg.nr_dropped, 2);
	EXPECT_EQ(cfg.ioapics[MPC_MAX_IOAPICS - 1].addr,
		  0xfec00000 + (MPC_MAX_IOAPICS - 1) * 0x1000);
}

/* a floating pointer at @off in buf, pointing at 0x9fd00 */
static void put_mpf(unsigned int off, u8 spec)
{
	u8 *p = buf + off;

	for (unsigned int i = 0; i < 16; i++)
		p[i] = 0;
	p[0] = '_'; p[1] = 'M'; p[2] = 'P'; p[3] = '_';
	put32(p + 4, 0x9fd00);
	p[8] = 1;
	p[9] = spec;
	p[10] = -sum(p, 16);
}

static void clear(void)
{
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = 0;
}

UNIT_TEST(mptable, floating_pointer_found_aligned)
{
	clear();
	put_mpf(0x3a0, 4);
	EXPECT_TRUE(mpf_valid(buf + 0x3a0, 16));
	EXPECT_EQ(mpf_scan(buf, sizeof(buf)), 0x3a0);
	/* the last 16 bytes of the area still count */
	clear();
	put_mpf(sizeof(buf) - 16, 1);
	EXPECT_EQ(mpf_scan(buf, sizeof(buf)), (long)sizeof(buf) - 16);
}

UNIT_TEST(mptable, floating_pointer_unaligned_is_not_seen)
{
	clear();
	put_mpf(0x108, 4);
	EXPECT_TRUE(mpf_valid(buf + 0x108, 16));
	EXPECT_EQ(mpf_scan(buf, sizeof(buf)), -1);
}

UNIT_TEST(mptable, floating_pointer_checks)
{
	clear();
	put_mpf(0, 4);
	buf[10]++;				/* checksum */
	EXPECT_FALSE(mpf_valid(buf, 16));
	put_mpf(0, 2);				/* revision 1.2 */
	EXPECT_FALSE(mpf_valid(buf, 16));
	put_mpf(0, 4);
	buf[8] = 2;				/* length 32 bytes */
	buf[10] -= 1;				/* checksum kept right */
	EXPECT_EQ(sum(buf, 16), 0);
	EXPECT_FALSE(mpf_valid(buf, 16));
	put_mpf(0, 4);
	EXPECT_FALSE(mpf_valid(buf, 15));	/* cut short */
	buf[3] = 'X';
	buf[10] += '_' - 'X';
	EXPECT_EQ(sum(buf, 16), 0);
	EXPECT_FALSE(mpf_valid(buf, 16));
	/* a bad one first, a good one after it: the good one is found */
	clear();
	put_mpf(0, 4);
	buf[10]++;
	put_mpf(0x40, 4);
	EXPECT_EQ(mpf_scan(buf, sizeof(buf)), 0x40);
}
