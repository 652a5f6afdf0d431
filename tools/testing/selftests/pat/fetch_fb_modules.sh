#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fetch_fb_modules.sh CACHET_LINUX DIR: put Linux's bochs-drm and the
# modules it needs (drm, drm_kms_helper, ttm, drm_ttm_helper,
# drm_vram_helper, bochs) for the kernel ../shared/linux/fetch.sh fetched
# into DIR, and print the gen_init_cpio lines that put them in
# /lib/modules/fb/ (fb.c loads them on Linux).  The package comes from
# apt, as fetch.sh's does, once; later runs reuse DIR.  Prints nothing,
# with a note on stderr, when there is no fetched kernel or no package.
linux=$1
dir=$2
mods="drm drm_kms_helper ttm drm_ttm_helper drm_vram_helper bochs"

have_all() {
	for m in $mods; do [ -f "$dir/$m.ko" ] || return 1; done
}

if ! have_all; then
	if [ ! -f "$linux/env" ]; then
		echo "fetch_fb_modules: no $linux/env (run ../shared/linux/fetch.sh)" >&2
		exit 0
	fi
	. "$linux/env"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	if ! (cd "$tmp" && apt-get download -qq -o APT::Sandbox::User=root \
		"linux-image-$KVER" >/dev/null 2>&1); then
		echo "fetch_fb_modules: cannot download linux-image-$KVER" >&2
		exit 0
	fi
	dpkg-deb -x "$tmp"/linux-image-*.deb "$tmp/k" || exit 0
	mkdir -p "$dir"
	for m in $mods; do
		f=$(find "$tmp/k/lib/modules" -name "$m.ko*" | head -n 1)
		[ -n "$f" ] || { echo "fetch_fb_modules: no $m" >&2; exit 0; }
		case "$f" in
		*.xz) xz -dc "$f" > "$dir/$m.ko" ;;
		*.zst) zstd -qdc "$f" > "$dir/$m.ko" ;;
		*) cp "$f" "$dir/$m.ko" ;;
		esac
	done
fi
echo "dir /lib/modules/fb 0755 0 0"
for m in $mods; do
	echo "file /lib/modules/fb/$m.ko $dir/$m.ko 0644 0 0"
done
