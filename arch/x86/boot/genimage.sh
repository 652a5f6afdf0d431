#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Write a hybrid BIOS + UEFI ISO image that boots cachet through GRUB's
# Multiboot2 loader (Documentation/x86/boot.rst), as Linux's
# arch/x86/boot/genimage.sh does for its own protocol:
#
#	genimage.sh OUTPUT.iso VMLINUX [INITRAMFS]
#
# Environment:
#	ISO_APPEND	extra command line for every entry (empty)
#	ISO_DEFAULT	menu entry booted without a key press: 0 default,
#			1 nopat, 2 debugpat (0)
#	ISO_TIMEOUT	seconds the menu waits (1)
#	GRUB_MKRESCUE	the tool (grub-mkrescue)
#
# GRUB's console is the serial port on BIOS (the VGA screen as well);
# on UEFI the firmware's console, which OVMF copies to the serial port.
set -e

out=$1
kernel=$2
initrd=$3
[ -n "$out" ] && [ -f "$kernel" ] || {
	echo "usage: $0 OUTPUT.iso VMLINUX [INITRAMFS]" >&2
	exit 2
}
[ -z "$initrd" ] || [ -f "$initrd" ] || {
	echo "genimage: $initrd: no such initramfs" >&2
	exit 2
}
mkrescue=${GRUB_MKRESCUE:-grub-mkrescue}
command -v "$mkrescue" >/dev/null 2>&1 || {
	echo "genimage: $mkrescue not found: install grub-pc-bin, grub-efi-amd64-bin, xorriso and mtools (make deps)" >&2
	exit 1
}
case ${ISO_DEFAULT:-0} in
0|1|2) ;;
*)	echo "genimage: ISO_DEFAULT must be 0, 1 or 2" >&2
	exit 2 ;;
esac

# the image's files in $tmp/root, grub-mkrescue's log beside them
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cachet-iso.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
mkdir -p "$root/boot/grub"
cp "$kernel" "$root/boot/vmlinux"
module=
if [ -n "$initrd" ]; then
	cp "$initrd" "$root/boot/initramfs.cpio.gz"
	module="	module2 /boot/initramfs.cpio.gz initramfs"
fi

entry() {
	printf "menuentry '%s' {\n" "$1"
	printf '\tmultiboot2 /boot/vmlinux %s\n' "$2"
	[ -z "$module" ] || printf '%s\n' "$module"
	printf '}\n'
}

{
	cat <<CFG
insmod all_video
if [ "\$grub_platform" = "pc" ]; then
	serial --unit=0 --speed=115200
	terminal_input serial console
	terminal_output serial console
fi
set timeout=${ISO_TIMEOUT:-1}
set default=${ISO_DEFAULT:-0}
CFG
	entry "cachet" "$ISO_APPEND"
	entry "cachet (nopat)" "nopat $ISO_APPEND"
	entry "cachet (debugpat)" "debugpat $ISO_APPEND"
} > "$root/boot/grub/grub.cfg"

# only the modules the menu uses, and the partition maps GRUB's EFI
# image probes at start: a smaller image, built faster
mods="normal multiboot2 serial terminal test echo all_video"
for p in acorn amiga apple bsd dfly dvh gpt msdos plan sun sunpc; do
	mods="$mods part_$p"
done
"$mkrescue" -o "$out.tmp" --locales= --fonts= --themes= \
	--install-modules="$mods" \
	"$root" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
mv "$out.tmp" "$out"
