// SPDX-License-Identifier: GPL-2.0
/*
 * drivers/acpi/madt.c and drivers/acpi/table_checks.c: the MADT walk and
 * the table checks, fed the corrupt tables no virtual machine produces.
 * Tables live in heap buffers of exactly their length, so AddressSanitizer
 * reports any read past a table's end.
 */
#include <stdlib.h>
#include <string.h>
#include <acpi/madt.h>
#include <linux/errno.h>

#include "unit.h"

#define MADT_HDR	sizeof(struct acpi_table_madt)

struct blob {
	u8 buf[1024];
	size_t len;
};

static void blob_madt(struct blob *b)
{
	struct acpi_table_madt m;

	memset(&m, 0, sizeof(m));
	memcpy(m.header.signature, "APIC", 4);
	m.address = 0xfee00000;
	m.flags = 1;
	memcpy(b->buf, &m, sizeof(m));
	b->len = sizeof(m);
}

static void blob_add(struct blob *b, const void *p, size_t n)
{
	memcpy(b->buf + b->len, p, n);
	b->len += n;
}

static void add_lapic(struct blob *b, u8 acpi_id, u8 id, u32 flags)
{
	struct acpi_madt_local_apic la = {
		{ ACPI_MADT_TYPE_LOCAL_APIC, sizeof(la) }, acpi_id, id, flags
	};

	blob_add(b, &la, sizeof(la));
}

static void add_raw(struct blob *b, u8 type, u8 length, size_t n)
{
	u8 e[256] = { type, length };

	blob_add(b, e, n);
}

/* the table as firmware would have mapped it: exactly b->len bytes */
static struct acpi_table_madt *blob_table(const struct blob *b)
{
	void *t = malloc(b->len ? b->len : 1);

	memcpy(t, b->buf, b->len);
	if (b->len >= sizeof(struct acpi_table_header))
		((struct acpi_table_header *)t)->length = b->len;
	return t;
}

/* walk the table; record up to @max entries; return how many */
static unsigned int walk(const struct blob *b, struct madt_entry *e,
			 unsigned int max)
{
	struct acpi_table_madt *t = blob_table(b);
	struct madt_walk w;
	struct madt_entry tmp;
	unsigned int n = 0;

	madt_walk_start(&w, t, b->len);
	while (madt_walk_next(&w, n < max ? &e[n] : &tmp)) {
		if (n < max && e[n].verdict != MADT_ENTRY_MALFORMED)
			e[n].h = NULL;	/* the table is freed below */
		n++;
		if (n > 1000)
			break;
	}
	free(t);
	return n;
}

static struct madt_entry e[16];

UNIT_TEST(madt, qemu_q35_two_cpus)
{
	struct acpi_madt_io_apic io = {
		{ ACPI_MADT_TYPE_IO_APIC, sizeof(io) }, 0, 0, 0xfec00000, 0
	};
	struct acpi_madt_interrupt_override iso = {
		{ ACPI_MADT_TYPE_INTERRUPT_OVERRIDE, sizeof(iso) }, 0, 0, 2, 0
	};
	struct blob b;
	unsigned int i, n;

	blob_madt(&b);
	add_lapic(&b, 0, 0, 1);
	add_lapic(&b, 1, 1, 1);
	blob_add(&b, &io, sizeof(io));
	for (i = 0; i < 5; i++)
		blob_add(&b, &iso, sizeof(iso));
	add_raw(&b, ACPI_MADT_TYPE_LOCAL_APIC_NMI, 6, 6);
	ASSERT_EQ(b.len, 0x80);		/* QEMU's APIC table at -smp 2 */

	n = walk(&b, e, 16);
	ASSERT_EQ(n, 9);
	for (i = 0; i < n; i++) {
		EXPECT_EQ(e[i].verdict, MADT_ENTRY_OK);
		EXPECT_EQ(e[i].index, i);
	}
	EXPECT_EQ(e[0].off, MADT_HDR);
	EXPECT_EQ(e[1].off, MADT_HDR + 8);
	EXPECT_EQ(e[2].off, MADT_HDR + 16);
	EXPECT_EQ(e[2].length, 12);
	EXPECT_EQ(e[3].off, MADT_HDR + 28);
	EXPECT_EQ(e[8].off, MADT_HDR + 28 + 50);
	EXPECT_EQ(e[8].length, 6);
}

UNIT_TEST(madt, zero_length_entry_ends_the_walk)
{
	struct blob b;

	blob_madt(&b);
	add_lapic(&b, 0, 0, 1);
	add_raw(&b, ACPI_MADT_TYPE_LOCAL_APIC, 0, 8);
	add_lapic(&b, 1, 1, 1);
	ASSERT_EQ(walk(&b, e, 16), 2);
	EXPECT_EQ(e[0].verdict, MADT_ENTRY_OK);
	EXPECT_EQ(e[1].verdict, MADT_ENTRY_MALFORMED);
	EXPECT_EQ(e[1].index, 1);
	EXPECT_EQ(e[1].off, MADT_HDR + 8);
	EXPECT_EQ(e[1].length, 0);
}

UNIT_TEST(madt, length_one_entry_ends_the_walk)
{
	struct blob b;

	blob_madt(&b);
	add_raw(&b, 0x7f, 1, 8);
	add_lapic(&b, 0, 0, 1);
	ASSERT_EQ(walk(&b, e, 16), 1);
	EXPECT_EQ(e[0].verdict, MADT_ENTRY_MALFORMED);
	EXPECT_EQ(e[0].length, 1);
}

UNIT_TEST(madt, entry_running_past_the_end)
{
	struct blob b;

	blob_madt(&b);
	add_lapic(&b, 0, 0, 1);
	add_raw(&b, ACPI_MADT_TYPE_IO_APIC, 12, 8);	/* 4 bytes cut off */
	ASSERT_EQ(walk(&b, e, 16), 2);
	EXPECT_EQ(e[1].verdict, MADT_ENTRY_MALFORMED);
	EXPECT_EQ(e[1].length, 12);
	EXPECT_EQ(e[1].off, MADT_HDR + 8);
}

UNIT_TEST(madt, one_stray_byte_at_the_end)
{
	struct blob b;

	blob_madt(&b);
	add_lapic(&b, 0, 0, 1);
	add_raw(&b, ACPI_MADT_TYPE_LOCAL_APIC, 0, 1);
	ASSERT_EQ(walk(&b, e, 16), 2);
	EXPECT_EQ(e[1].verdict, MADT_ENTRY_MALFORMED);
	EXPECT_EQ(e[1].length, 0);	/* its length byte is not there */
}

UNIT_TEST(madt, short_entries_are_skipped_not_fatal)
{
	struct blob b;

	blob_madt(&b);
	add_raw(&b, ACPI_MADT_TYPE_LOCAL_APIC, 6, 6);
	add_raw(&b, ACPI_MADT_TYPE_IO_APIC, 11, 11);
	add_raw(&b, ACPI_MADT_TYPE_INTERRUPT_OVERRIDE, 2, 2);
	add_raw(&b, ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE, 8, 8);
	add_lapic(&b, 3, 3, 1);
	ASSERT_EQ(walk(&b, e, 16), 5);
	EXPECT_EQ(e[0].verdict, MADT_ENTRY_SHORT);
	EXPECT_EQ(e[1].verdict, MADT_ENTRY_SHORT);
	EXPECT_EQ(e[2].verdict, MADT_ENTRY_SHORT);
	EXPECT_EQ(e[3].verdict, MADT_ENTRY_SHORT);
	EXPECT_EQ(e[4].verdict, MADT_ENTRY_OK);
	EXPECT_EQ(e[4].off, MADT_HDR + 6 + 11 + 2 + 8);
}

UNIT_TEST(madt, longer_and_unknown_entries_are_fine)
{
	struct blob b;

	blob_madt(&b);
	add_raw(&b, ACPI_MADT_TYPE_LOCAL_APIC, 16, 16);	/* a later revision */
	add_raw(&b, 0x7f, 2, 2);
	add_raw(&b, 0x10, 255, 255);
	ASSERT_EQ(walk(&b, e, 16), 3);
	EXPECT_EQ(e[0].verdict, MADT_ENTRY_OK);
	EXPECT_EQ(e[1].verdict, MADT_ENTRY_OK);
	EXPECT_EQ(e[2].verdict, MADT_ENTRY_OK);
	EXPECT_EQ(e[2].length, 255);
}

UNIT_TEST(madt, no_entries)
{
	struct blob b;

	blob_madt(&b);
	EXPECT_EQ(walk(&b, e, 16), 0);
	b.len = MADT_HDR - 4;	/* a table shorter than its own header */
	EXPECT_EQ(walk(&b, e, 16), 0);
	b.len = 0;
	EXPECT_EQ(walk(&b, e, 16), 0);
}

UNIT_TEST(madt, min_len_per_type)
{
	EXPECT_EQ(madt_entry_min_len(ACPI_MADT_TYPE_LOCAL_APIC), 8);
	EXPECT_EQ(madt_entry_min_len(ACPI_MADT_TYPE_IO_APIC), 12);
	EXPECT_EQ(madt_entry_min_len(ACPI_MADT_TYPE_INTERRUPT_OVERRIDE), 10);
	EXPECT_EQ(madt_entry_min_len(ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE), 12);
	EXPECT_EQ(madt_entry_min_len(ACPI_MADT_TYPE_LOCAL_APIC_NMI), 0);
	EXPECT_EQ(madt_entry_min_len(0xff), 0);
}

/*
 * Garbage tables: whatever the bytes, the walk ends, visits entries in
 * increasing order inside the table, and (under ASan) reads nothing
 * outside it.
 */
UNIT_TEST(madt, random_tables_stay_inside)
{
	unsigned long long s = unit_seed();
	unsigned int round, i, n;
	struct blob b;

	for (round = 0; round < 20000; round++) {
		struct acpi_table_madt *t;
		struct madt_walk w;
		struct madt_entry x;
		u32 last_end = MADT_HDR;

		b.len = MADT_HDR + unit_rand(&s) % 200;
		for (i = MADT_HDR; i < b.len; i++) {
			unsigned long long r = unit_rand(&s);

			/* mostly plausible lengths, so walks go deep */
			b.buf[i] = (i & 1) && (r & 3) ? 2 + r % 14 : r >> 8;
		}
		t = blob_table(&b);
		madt_walk_start(&w, t, b.len);
		for (n = 0; madt_walk_next(&w, &x); n++) {
			if (x.off != last_end || n > b.len) {
				EXPECT_FAIL("round %u entry %u at %u, expected %u",
					    round, n, x.off, last_end);
				break;
			}
			if (x.verdict == MADT_ENTRY_MALFORMED)
				continue;
			last_end = x.off + x.length;
			if (x.length < 2 || last_end > b.len)
				EXPECT_FAIL("round %u entry %u [%u+%u) outside %zu",
					    round, n, x.off, x.length, b.len);
		}
		free(t);
	}
}

/* ---- table_checks.c ---- */

static void fix_checksum(u8 *p, size_t n, size_t at)
{
	p[at] = 0;
	p[at] = -acpi_checksum(0, p, n);
}

UNIT_TEST(acpi, checksum_chunked_equals_whole)
{
	u8 t[300];
	unsigned int i, cut;

	for (i = 0; i < sizeof(t); i++)
		t[i] = i * 7 + 3;
	fix_checksum(t, sizeof(t), 9);
	EXPECT_EQ(acpi_checksum(0, t, sizeof(t)), 0);
	for (cut = 0; cut <= sizeof(t); cut += 37)
		EXPECT_EQ(acpi_checksum(acpi_checksum(0, t, cut), t + cut,
					sizeof(t) - cut), 0);
	t[100] ^= 0x10;
	EXPECT_NE(acpi_checksum(0, t, sizeof(t)), 0);
}

UNIT_TEST(acpi, table_length_bounds)
{
	EXPECT_FALSE(acpi_table_length_ok(0));
	EXPECT_FALSE(acpi_table_length_ok(35));
	EXPECT_TRUE(acpi_table_length_ok(36));
	EXPECT_TRUE(acpi_table_length_ok(16 << 20));
	EXPECT_FALSE(acpi_table_length_ok((16 << 20) + 1));
	EXPECT_FALSE(acpi_table_length_ok(0xffffffff));
}

static void rsdp_v0(u8 *buf)
{
	struct acpi_table_rsdp r;

	memset(&r, 0, sizeof(r));
	memcpy(r.signature, "RSD PTR ", 8);
	memcpy(r.oem_id, "BOCHS ", 6);
	r.rsdt_physical_address = 0x1ffe233c;
	memcpy(buf, &r, sizeof(r));
	fix_checksum(buf, ACPI_RSDP_V1_SIZE, 8);
}

static void rsdp_v2(u8 *buf, u32 length)
{
	struct acpi_table_rsdp r;

	rsdp_v0(buf);
	memcpy(&r, buf, sizeof(r));
	r.revision = 2;
	r.length = length;
	r.xsdt_physical_address = 0x1ffe2400;
	memcpy(buf, &r, sizeof(r));
	fix_checksum(buf, ACPI_RSDP_V1_SIZE, 8);
	fix_checksum(buf, length, 32);
}

UNIT_TEST(acpi, rsdp_v0)
{
	u8 *buf = calloc(1, 36);

	rsdp_v0(buf);
	EXPECT_EQ(acpi_rsdp_size((void *)buf), 20);
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), 0);
	EXPECT_EQ(acpi_rsdp_valid(buf, 20), -EINVAL);	/* too short to tell */
	buf[12] ^= 1;					/* OEM ID */
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), -EINVAL);
	rsdp_v0(buf);
	buf[0] = 'r';
	fix_checksum(buf, ACPI_RSDP_V1_SIZE, 8);
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), -EINVAL);	/* signature */
	free(buf);
}

UNIT_TEST(acpi, rsdp_v2)
{
	u8 *buf = calloc(1, 64);

	rsdp_v2(buf, 36);
	EXPECT_EQ(acpi_rsdp_size((void *)buf), 36);
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), 0);
	buf[24] ^= 0x40;	/* XSDT address: only the extended sum sees it */
	EXPECT_EQ(acpi_checksum(0, buf, ACPI_RSDP_V1_SIZE), 0);
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), -EINVAL);

	rsdp_v2(buf, 64);	/* longer than the structure: all summed */
	EXPECT_EQ(acpi_rsdp_valid(buf, 64), 0);
	EXPECT_EQ(acpi_rsdp_valid(buf, 40), -EINVAL);
	buf[63] ^= 1;
	EXPECT_EQ(acpi_rsdp_valid(buf, 64), -EINVAL);
	free(buf);
}

UNIT_TEST(acpi, rsdp_v2_bad_lengths)
{
	u8 *buf = calloc(1, 36);

	rsdp_v2(buf, 36);
	((struct acpi_table_rsdp *)buf)->length = 35;
	fix_checksum(buf, 36, 32);
	EXPECT_EQ(acpi_rsdp_size((void *)buf), 0);
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), -EINVAL);
	((struct acpi_table_rsdp *)buf)->length = ACPI_RSDP_MAX_LEN + 1;
	EXPECT_EQ(acpi_rsdp_size((void *)buf), 0);
	EXPECT_EQ(acpi_rsdp_valid(buf, 36), -EINVAL);
	((struct acpi_table_rsdp *)buf)->length = 0xffffffff;
	EXPECT_EQ(acpi_rsdp_size((void *)buf), 0);
	free(buf);
}

static int s5(const u8 *p, size_t n, u8 *a, u8 *b)
{
	u8 *copy = malloc(n ? n : 1);
	int ret;

	memcpy(copy, p, n);
	ret = acpi_parse_s5(copy, n, a, b);
	free(copy);
	return ret;
}

UNIT_TEST(acpi, s5_package)
{
	/* QEMU: Name (_S5, Package (0x04) { Zero, Zero, Zero, Zero }) */
	static const u8 qemu[] = { 0x12, 0x06, 0x04, 0x00, 0x00, 0x00, 0x00 };
	static const u8 bytes[] = { 0x12, 0x08, 0x04, 0x0a, 0x05, 0x0a, 0x0f,
				    0x00, 0x00 };
	static const u8 pkglen2[] = { 0x12, 0x46, 0x00, 0x02, 0x0a, 0x05,
				      0x01 };
	u8 a = 9, b = 9;

	EXPECT_EQ(s5(qemu, sizeof(qemu), &a, &b), 0);
	EXPECT_EQ(a, 0);
	EXPECT_EQ(b, 0);
	EXPECT_EQ(s5(bytes, sizeof(bytes), &a, &b), 0);
	EXPECT_EQ(a, 5);
	EXPECT_EQ(b, 7);	/* SLP_TYP is 3 bits */
	EXPECT_EQ(s5(pkglen2, sizeof(pkglen2), &a, &b), 0);
	EXPECT_EQ(a, 5);
	EXPECT_EQ(b, 1);
}

UNIT_TEST(acpi, s5_garbage_changes_nothing)
{
	static const u8 not_pkg[] = { 0x13, 0x06, 0x04, 0x00, 0x00 };
	static const u8 word[] = { 0x12, 0x07, 0x02, 0x0b, 0x05, 0x00, 0x00 };
	static const u8 cut[] = { 0x12, 0x06, 0x04, 0x0a, 0x05, 0x0a };
	static const u8 huge_pkglen[] = { 0x12, 0xc0, 0x00, 0x00, 0x00 };
	u8 a = 9, b = 9;
	size_t n;

	EXPECT_EQ(s5(not_pkg, sizeof(not_pkg), &a, &b), -EINVAL);
	EXPECT_EQ(s5(word, sizeof(word), &a, &b), -EINVAL);
	for (n = 0; n <= sizeof(cut); n++)
		EXPECT_EQ(s5(cut, n, &a, &b), -EINVAL);
	EXPECT_EQ(s5(huge_pkglen, sizeof(huge_pkglen), &a, &b), -EINVAL);
	EXPECT_EQ(a, 9);
	EXPECT_EQ(b, 9);
}

UNIT_TEST(acpi, s3_package)
{
	/* QEMU q35, disable_s3=0: Name (_S3, Package (0x04) { One, One,
	 * Zero, Zero }), bytes after the name as in its DSDT */
	static const u8 qemu[] = { 0x12, 0x06, 0x04, 0x01, 0x01, 0x00, 0x00 };
	/* another firmware's: Package (0x02) { 0x05, 0x05 } */
	static const u8 other[] = { 0x12, 0x07, 0x02, 0x0a, 0x05, 0x0a, 0x05 };
	u8 a = 9, b = 9;

	EXPECT_EQ(s5(qemu, sizeof(qemu), &a, &b), 0);
	EXPECT_EQ(a, 1);
	EXPECT_EQ(b, 1);
	EXPECT_EQ(s5(other, sizeof(other), &a, &b), 0);
	EXPECT_EQ(a, 5);
	EXPECT_EQ(b, 5);
}

/* SeaBIOS's side: the far jump it makes for a waking vector */
static u32 firmware_jump_target(u32 vector, u16 *ip)
{
	u16 cs = vector >> 4;

	*ip = vector & 0xf;
	return ((u32)cs << 4) + *ip;
}

UNIT_TEST(acpi, waking_vector)
{
	static const struct {
		u64 code;
		size_t size;
	} good[] = {
		{ 0x1000, 4096 }, { 0x9a000, 0x5000 }, { 0x10, 16 },
		{ 0xffff0, 16 },
	};
	u32 v;
	u16 ip;
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		v = 0;
		EXPECT_EQ(acpi_waking_vector(good[i].code, good[i].size, &v), 0);
		EXPECT_EQ(firmware_jump_target(v, &ip), good[i].code);
		EXPECT_EQ(ip, 0);
	}
}

UNIT_TEST(acpi, waking_vector_refused)
{
	static const struct {
		u64 code;
		size_t size;
	} bad[] = {
		{ 0, 4096 },		/* the IVT: firmware reads 0 as none */
		{ 0x1008, 4096 },	/* IP would be 8 */
		{ 0x100000, 16 },	/* above real mode */
		{ 0xff000, 0x1010 },	/* runs past 1 MiB */
		{ 0x1000, 0 },
		{ 0x100000000ULL, 16 },	/* the u32 would wrap to 0 */
		{ 0x1000, (size_t)-1 },	/* size overflow */
	};
	u32 v = 0x1234;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT_EQ(acpi_waking_vector(bad[i].code, bad[i].size, &v),
			  -EINVAL);
	EXPECT_EQ(v, 0x1234);
}
