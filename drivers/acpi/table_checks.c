// SPDX-License-Identifier: GPL-2.0
/*
 * The checks cachet makes on ACPI tables before believing them: checksums,
 * lengths, the RSDP, the \_S3 and \_S5 packages found by pattern in the
 * DSDT; and the FACS waking vector that sends a CPU back from S3.
 * Pure (no mapping, no printing): drivers/acpi/tables.c reads the bytes,
 * and the host unit tests feed the same functions corrupt tables.
 */
#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/string.h>

/**
 * acpi_checksum() - add @n bytes at @buf to the running byte sum @sum
 * @sum: the sum so far (0 to start)
 * @buf: the bytes
 * @n: how many
 *
 * A table is intact when the sum over all its bytes is 0 (ACPI 6.5,
 * 5.2.6); summing chunk by chunk gives the same result as all at once.
 */
u8 acpi_checksum(u8 sum, const void *buf, size_t n)
{
	const u8 *p = buf;

	while (n--)
		sum += *p++;
	return sum;
}

/**
 * acpi_table_length_ok() - whether a table header's length can be believed
 * @length: the header's length field
 *
 * It must at least cover the header, and stay below a sanity bound so that
 * a garbage value does not make the kernel checksum gigabytes.
 */
bool acpi_table_length_ok(u32 length)
{
	return length >= sizeof(struct acpi_table_header) &&
	       length <= ACPI_TABLE_MAX_LEN;
}

/**
 * acpi_rsdp_size() - how many bytes of an RSDP its checksums cover
 * @rsdp: the RSDP's first sizeof(*rsdp) bytes
 *
 * Returns 20 for revision 0 (ACPI 1.0), the length field for revision 2
 * and later, or 0 when that length is below the structure's size or above
 * ACPI_RSDP_MAX_LEN.
 */
size_t acpi_rsdp_size(const struct acpi_table_rsdp *rsdp)
{
	if (rsdp->revision < 2)
		return ACPI_RSDP_V1_SIZE;
	if (rsdp->length < sizeof(*rsdp) || rsdp->length > ACPI_RSDP_MAX_LEN)
		return 0;
	return rsdp->length;
}

/**
 * acpi_rsdp_valid() - check an RSDP (ACPI 6.5, 5.2.5.3)
 * @buf: the candidate's bytes
 * @n: how many of them @buf holds
 *
 * The signature must be "RSD PTR ", the first 20 bytes must sum to 0 and,
 * from revision 2 on, so must all acpi_rsdp_size() bytes.  Returns 0, or
 * -EINVAL (also when @n is too short to tell).
 */
int acpi_rsdp_valid(const void *buf, size_t n)
{
	const struct acpi_table_rsdp *rsdp = buf;
	size_t size;

	if (n < sizeof(*rsdp) || memcmp(rsdp->signature, "RSD PTR ", 8))
		return -EINVAL;
	if (acpi_checksum(0, buf, ACPI_RSDP_V1_SIZE))
		return -EINVAL;
	size = acpi_rsdp_size(rsdp);
	if (!size || size > n)
		return -EINVAL;
	if (rsdp->revision >= 2 && acpi_checksum(0, buf, size))
		return -EINVAL;
	return 0;
}

/**
 * acpi_parse_s5() - read the two sleep types of an \_S5 (or \_S3) package
 * @p: the bytes just after the name "_S5_" (or "_S3_")
 * @n: how many of them may be read
 * @typa: PM1a's SLP_TYP
 * @typb: PM1b's SLP_TYP
 *
 * AML for "Name (_S5, Package () { a, b, ... })" is PackageOp 0x12, a
 * PkgLength whose lead byte's top two bits count its extra bytes, the
 * element count, then integers as ZeroOp 0x00, OneOp 0x01 or BytePrefix
 * 0x0A and a byte (ACPI 6.5, 20.2.5.4 and 20.2.3).  Returns 0, or -EINVAL
 * for anything else, leaving @typa and @typb unchanged.
 */
int acpi_parse_s5(const u8 *p, size_t n, u8 *typa, u8 *typb)
{
	size_t i;
	u8 v[2];
	int k;

	if (n < 2 || p[0] != 0x12)
		return -EINVAL;
	i = 2 + (p[1] >> 6) + 1;	/* PkgLength, NumElements */
	for (k = 0; k < 2; k++) {
		if (i >= n)
			return -EINVAL;
		if (p[i] == 0x00 || p[i] == 0x01) {
			v[k] = p[i++];
		} else if (p[i] == 0x0a && i + 1 < n) {
			v[k] = p[i + 1];
			i += 2;
		} else {
			return -EINVAL;
		}
	}
	*typa = v[0] & 7;
	*typb = v[1] & 7;
	return 0;
}

/**
 * acpi_waking_vector() - the FACS waking vector for real-mode code at @code
 * @code: physical address of the code's first byte
 * @size: how many bytes it takes
 * @vector: set to the value for FACS.firmware_waking_vector
 *
 * On wake the firmware jumps in real mode to CS:IP = vector >> 4 :
 * vector & 0xf (ACPI 6.5, 5.2.10).  The code finds where it runs from CS
 * alone, so IP must be 0: @code must be 16-byte aligned, and the code must
 * end below 1 MiB, where real mode reaches.  Returns 0, or -EINVAL leaving
 * @vector unchanged.
 */
int acpi_waking_vector(phys_addr_t code, size_t size, u32 *vector)
{
	if (!code || (code & 0xf) || !size || code >= ACPI_WAKING_VECTOR_LIMIT ||
	    size > ACPI_WAKING_VECTOR_LIMIT - code)
		return -EINVAL;
	*vector = code;
	return 0;
}
