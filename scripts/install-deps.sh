#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages that building and testing cachet need, if
# missing.  Quiet when everything is there; uses sudo when not root.
set -e

PKGS="make gcc clang binutils python3 qemu-system-x86 libclang-rt-14-dev gnuplot-nox sparse \
	busybox-static cpio musl-tools zlib1g-dev \
	grub-pc-bin grub-efi-amd64-bin xorriso mtools ovmf"

missing=""
for p in $PKGS; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "install-deps: missing packages:$missing" >&2
	echo "install-deps: not root and no sudo: install them by hand" >&2
	exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: missing packages:$missing, and no apt-get (not Debian?)" >&2
	exit 1
fi
echo "install-deps: installing$missing"
$SUDO apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
