#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1
# Makes upstream libtraceevent runnable on Debian 12, as the test oracle of the differential
# suites: 1.9.0 (the target: Debian forky's binary packages) or, with ORACLE_VERSION=1.8.4, the
# previous release (trixie's), for finding what changed between the two.
#   tests/oracle/fetch-oracle.sh OUTDIR [ARCH]
# Afterwards: OUTDIR/lib/libtraceevent.so.1, OUTDIR/plugins/plugin_*.so (13; 12 for 1.8.4),
#             OUTDIR/include/traceevent/*.h, OUTDIR/VERSION.
# Then: meson setup BUILD -Doracle=OUTDIR
# KEEP_DEBS=DIR also keeps the four .debs (libtraceevent-doc too) in DIR, for
# tests/packaging/ to compare file lists with.
# ARCH is a Debian architecture, this machine's by default; for another one (i386, arm64,
# s390x: the cross builds of tests/cross/run.sh) the binaries are that architecture's, patched
# the same way and checked under qemu-user with Debian's cross sysroot (/usr/<triplet>).
#
# Why patching is needed: both releases' binaries were built against glibc 2.38 or later, which
# turned the C library's strtol family and sscanf into __isoc23_* entry points (GLIBC_2.38, the
# newest version they require on amd64, i386, arm64 and s390x). Debian 12 has glibc 2.36. We
# give the loader a tiny library defining those five names on top of the classic functions,
# strip the symbols' version tags, and point the GLIBC_2.38 requirement at GLIBC_2.2.5.
#
# Needs root (or a writable apt cache is not needed: all apt state goes to a temp dir), network
# access to the Debian mirror this machine uses, a C compiler (the cross one and qemu-user for
# another ARCH), patchelf and python3.
set -eu
out=$(realpath -m "${1:?usage: fetch-oracle.sh OUTDIR [ARCH]}")
want=${ORACLE_VERSION:-1.9.0}
case $want in
	1.9.0) suite=forky ;;
	1.8.4) suite=trixie ;;
	*) echo "fetch-oracle: no Debian suite known for libtraceevent $want" >&2; exit 1 ;;
esac
host_arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
arch=${2:-$host_arch}
# Debian architecture -> multiarch directory, cross compiler prefix, qemu-user program.
case $arch in
	amd64) multiarch=x86_64-linux-gnu triplet=x86_64-linux-gnu qemu=x86_64 ;;
	i386) multiarch=i386-linux-gnu triplet=i686-linux-gnu qemu=i386 ;;
	arm64) multiarch=aarch64-linux-gnu triplet=aarch64-linux-gnu qemu=aarch64 ;;
	s390x) multiarch=s390x-linux-gnu triplet=s390x-linux-gnu qemu=s390x ;;
	*) echo "fetch-oracle: architecture $arch not known here" >&2; exit 1 ;;
esac
if [ "$arch" = "$host_arch" ]; then
	cc=cc
else
	cc=$triplet-gcc
	command -v "qemu-$qemu" >/dev/null || { echo "fetch-oracle: needs qemu-$qemu (qemu-user)" >&2; exit 1; }
fi

if [ -f "$out/VERSION" ] && [ -e "$out/lib/libtraceevent.so.1" ] && [ "${FORCE:-0}" != 1 ] &&
	grep -q ":$want-" "$out/VERSION"; then
	echo "oracle already in $out ($(cat "$out/VERSION")); FORCE=1 to redo"
	exit 0
fi
for tool in patchelf python3 "$cc" dpkg-deb objdump; do
	command -v "$tool" >/dev/null || { echo "fetch-oracle: needs $tool" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# A private apt configuration that only knows $suite main, on the mirror bookworm already uses.
mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v security | head -n1 || true)
if [ -z "$mirror" ]; then
	mirror=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' \
		/etc/apt/sources.list 2>/dev/null || true)
fi
[ -n "$mirror" ] || { echo "fetch-oracle: no Debian mirror in the apt sources" >&2; exit 1; }
mkdir -p "$tmp/state/lists/partial" "$tmp/cache/archives/partial" "$tmp/debs" "$tmp/root"
echo "deb [arch=$arch] $mirror $suite main" > "$tmp/suite.list"
cat > "$tmp/apt.conf" <<EOF
Dir::Etc::SourceList "$tmp/suite.list";
Dir::Etc::SourceParts "-";
Dir::State "$tmp/state";
Dir::State::Lists "$tmp/state/lists";
Dir::State::status "/var/lib/dpkg/status";
Dir::Cache "$tmp/cache";
Dir::Cache::Archives "$tmp/cache/archives";
Debug::NoLocking "true";
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
APT::Sandbox::User "root";
APT::Get::List-Cleanup "false";
Acquire::Check-Valid-Until "false";
EOF
export APT_CONFIG="$tmp/apt.conf"
apt-get -q update >"$tmp/update.log" 2>&1 || { cat "$tmp/update.log" >&2; exit 1; }
(cd "$tmp/debs" && apt-get -q download libtraceevent1 libtraceevent1-plugin libtraceevent-dev \
	${KEEP_DEBS:+libtraceevent-doc}) \
	>"$tmp/download.log" 2>&1 || { cat "$tmp/download.log" >&2; exit 1; }
unset APT_CONFIG
if [ -n "${KEEP_DEBS:-}" ]; then mkdir -p "$KEEP_DEBS" && cp "$tmp"/debs/*.deb "$KEEP_DEBS"/; fi
for deb in "$tmp"/debs/*.deb; do dpkg-deb -x "$deb" "$tmp/root"; done
version=$(dpkg-deb -f "$tmp"/debs/libtraceevent1_*.deb Version)
case "$version" in
	*:"$want"-*|"$want"-*) ;;
	*) echo "fetch-oracle: warning: $suite ships libtraceevent $version, not $want" >&2 ;;
esac

rm -rf "$out"
mkdir -p "$out/lib" "$out/plugins" "$out/include"
cp -a "$tmp/root/usr/lib/$multiarch"/libtraceevent.so.1* "$out/lib/"
cp -a "$tmp/root/usr/lib/$multiarch"/traceevent/plugins/plugin_*.so "$out/plugins/"
cp -a "$tmp/root/usr/include/traceevent" "$out/include/"

# The five C23 entry points, implemented with glibc 2.36's functions of the same meaning
# (the only C23 change relevant here, 0b/0B prefixes in base 0/2, never occurs in trace text).
cat > "$tmp/c23shim.c" <<'EOF'
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }
int __isoc23_sscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsscanf(s, fmt, ap);
	va_end(ap);
	return n;
}
EOF
"$cc" -shared -fPIC -O2 -Wl,-soname,libtepc23shim.so -o "$out/lib/libtepc23shim.so" "$tmp/c23shim.c"

# Rewrites each Vernaux entry naming OLD so that it names the oldest GLIBC_ version the file
# requires (hash and name offset copied from that entry; GLIBC_2.2.5 on amd64, GLIBC_2.0 on
# i386, ...): the loader then no longer asks glibc for OLD.
cat > "$tmp/retarget-verneed.py" <<'EOF'
import re, struct, sys
path, old = sys.argv[1], sys.argv[2].encode()
elf = bytearray(open(path, "rb").read())
if elf[:4] != b"\x7fELF" or elf[4] not in (1, 2) or elf[5] not in (1, 2):
    sys.exit(f"{path}: not an ELF file")
bo = "<" if elf[5] == 1 else ">"
if elf[4] == 2:  # ELF64
    e_shoff, = struct.unpack_from(bo + "Q", elf, 0x28)
    e_shentsize, e_shnum = struct.unpack_from(bo + "HH", elf, 0x3A)
    shdr = bo + "IIQQQQIIQQ"
else:
    e_shoff, = struct.unpack_from(bo + "I", elf, 0x20)
    e_shentsize, e_shnum = struct.unpack_from(bo + "HH", elf, 0x2E)
    shdr = bo + "IIIIIIIIII"
sections = [struct.unpack_from(shdr, elf, e_shoff + i * e_shentsize) for i in range(e_shnum)]
SHT_GNU_VERNEED = 0x6FFFFFFE
changed = 0
for sh_name, sh_type, _f, _a, sh_offset, _s, sh_link, sh_info, _al, _es in sections:
    if sh_type != SHT_GNU_VERNEED:
        continue
    strtab = sections[sh_link][4]
    def name_at(off):
        start = strtab + off
        return bytes(elf[start:elf.index(0, start)])
    aux_entries = []
    need = sh_offset
    for _ in range(sh_info):
        _ver, cnt, _file, aux_off, next_off = struct.unpack_from(bo + "HHIII", elf, need)
        aux = need + aux_off
        for _ in range(cnt):
            vna_hash, _flags, _other, vna_name, vna_next = struct.unpack_from(bo + "IHHII", elf, aux)
            aux_entries.append((aux, vna_hash, vna_name, name_at(vna_name)))
            aux += vna_next
        need += next_off
    def version(entry):
        m = re.fullmatch(rb"GLIBC_([0-9.]+)", entry[3])
        return tuple(int(x) for x in m.group(1).split(b".")) if m and entry[3] != old else None
    older = [e for e in aux_entries if version(e)]
    replacement = min(older, key=version) if older else None
    for aux, _h, _n, name in aux_entries:
        if name != old:
            continue
        if replacement is None:
            sys.exit(f"{path}: needs {old.decode()} but no other GLIBC_ version to point it at")
        struct.pack_into(bo + "I", elf, aux, replacement[1])
        struct.pack_into(bo + "I", elf, aux + 8, replacement[2])
        changed += 1
open(path, "wb").write(elf)
print(f"{path}: {changed} requirement(s) of {old.decode()} retargeted")
EOF

for f in "$out"/lib/libtraceevent.so.1.* "$out"/plugins/*.so; do
	syms=$(objdump -T "$f" | awk '$0 ~ /GLIBC_2\.38/ { print $NF }')
	[ -n "$syms" ] || continue
	for s in $syms; do patchelf --clear-symbol-version "$s" "$f"; done
	patchelf --add-needed libtepc23shim.so "$f"
	case "$f" in
		*/plugins/*) patchelf --set-rpath "$out/lib" "$f" ;;
		*) patchelf --set-rpath '$ORIGIN' "$f" ;;
	esac
	python3 "$tmp/retarget-verneed.py" "$f" GLIBC_2.38 >/dev/null
done

# Check that the library and every plugin now load on this glibc (another ARCH's: under qemu
# with the cross sysroot).
cat > "$tmp/loadcheck.c" <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	void *lib = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
	if (!lib || !dlsym(lib, "tep_alloc")) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	for (int i = 2; i < argc; i++) {
		if (!dlopen(argv[i], RTLD_NOW)) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
	}
	printf("loaded the library and %d plugins\n", argc - 2);
	return 0;
}
EOF
"$cc" -O2 -o "$tmp/loadcheck" "$tmp/loadcheck.c" -ldl
if [ "$arch" = "$host_arch" ]; then
	"$tmp/loadcheck" "$out/lib/libtraceevent.so.1" "$out"/plugins/plugin_*.so
else
	"qemu-$qemu" -L "/usr/$triplet" "$tmp/loadcheck" "$out/lib/libtraceevent.so.1" "$out"/plugins/plugin_*.so
fi
echo "$version" > "$out/VERSION"
echo "upstream libtraceevent $version oracle in $out"
