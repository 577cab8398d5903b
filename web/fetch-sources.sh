#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# The decompressors of the WebAssembly build, from their C sources: Debian 12's zstd 1.5.4 and
# zlib 1.2.13 (the original tarballs of the packages whose libzstd and zlib the native build
# links), downloaded from Debian's archive, checked against the checksums of their .dsc, and
# unpacked into DIR (default: /var/cache/libtraceevent-web, kept between runs):
#   web/fetch-sources.sh [DIR]   then   meson setup build-wasm --cross-file cross/wasm32-emscripten.ini -Dwasm_sources=DIR
set -euo pipefail
dir=${1:-/var/cache/libtraceevent-web}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$dir"
fetch() {  # url sha256 unpacked-dir
	local file=$dir/$(basename "$1")
	[ -d "$dir/$3" ] && return 0
	if [ ! -f "$file" ]; then curl -sSfL "$1" -o "$file.part" && mv "$file.part" "$file"; fi
	echo "$2  $file" | sha256sum -c --quiet - || { echo "fetch-sources: $file: checksum mismatch" >&2; rm -f "$file"; return 1; }
	tar -xf "$file" -C "$dir"
	[ -d "$dir/$3" ] || { echo "fetch-sources: $file has no $3" >&2; return 1; }
}
fetch "$mirror/pool/main/libz/libzstd/libzstd_1.5.4+dfsg2.orig.tar.xz" \
	8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953 zstd-1.5.4
fetch "$mirror/pool/main/z/zlib/zlib_1.2.13.dfsg.orig.tar.bz2" \
	71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1 zlib-1.2.13.dfsg
echo "$dir"
