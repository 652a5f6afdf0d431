#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Emit the kernel's text symbol table as assembly for the .kallsyms section:
# sorted addresses, name offsets and a string table, read by kernel/kallsyms.c.
set -e
${NM:-nm} -n --defined-only "$1" | awk '
BEGIN { n = 0 }
$2 ~ /^[tT]$/ && $3 !~ /^\.L/ && $3 !~ /^__kallsyms/ {
	addr[n] = $1; name[n] = $3; n++
}
END {
	print "\t.section .kallsyms, \"a\""
	print "\t.balign 8"
	print "\t.globl kallsyms_num"
	print "kallsyms_num:\n\t.quad " n
	print "\t.globl kallsyms_addresses"
	print "kallsyms_addresses:"
	for (i = 0; i < n; i++)
		print "\t.quad 0x" addr[i]
	print "\t.globl kallsyms_offsets"
	print "kallsyms_offsets:"
	off = 0
	for (i = 0; i < n; i++) {
		print "\t.long " off
		off += length(name[i]) + 1
	}
	print "\t.globl kallsyms_names"
	print "kallsyms_names:"
	for (i = 0; i < n; i++)
		print "\t.asciz \"" name[i] "\""
}'
