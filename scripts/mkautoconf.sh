#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Turn a .config into a C header: CONFIG_FOO=y becomes "#define CONFIG_FOO 1",
# "# CONFIG_FOO is not set" and =n define nothing, other values are copied.
set -e
echo "/* generated from $1: do not edit */"
sed -n \
	-e 's/^\(CONFIG_[A-Za-z0-9_]*\)=y$/#define \1 1/p' \
	-e '/^CONFIG_[A-Za-z0-9_]*=n$/d' \
	-e 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(".*"\)$/#define \1 \2/p' \
	-e 's/^\(CONFIG_[A-Za-z0-9_]*\)=\([-0-9xa-fA-F][0-9xa-fA-F]*\)$/#define \1 \2/p' \
	"$1"
