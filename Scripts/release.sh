#!/usr/bin/env bash
# Builds the shipped motionsync: the release build of Package.swift, then motionsync linked once
# more from the same objects with the Swift runtime, FoundationEssentials, the C++ runtime and
# SQLite taken from their static archives, and the functions short commands run laid out together
# (Scripts/link/startup.order). The result is a static position-independent executable (static-pie:
# glibc's libc.a too, where libc6-dev has it). It runs on a Linux whatever its C library's version
# (a dynamic one needs the glibc it was linked against, 2.36 or later for packed relocations), a
# command starts without a loader mapping and binding shared libraries, and address randomisation
# stays on.
#
#   bash Scripts/release.sh [OUT]       (OUT defaults to .build/ship)
#
# Writes OUT/motionsync and, beside it, OUT/motionsync-swift (the Swift reader, which stays dynamic:
# it loads the toolchain's SwiftSyntax libraries). Linux only; it needs what the default build
# needs plus the static archives libsqlite3.a (libsqlite3-dev) and libstdc++.a (libstdc++-dev),
# and lld from the toolchain. Without one of them it says which and stops. The default
# `swift build` needs none of this.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-.build/ship}
case "$(uname -s)" in Linux) ;; *) echo "release.sh: links the static binary on Linux only; on $(uname -s) use swift build -c release" >&2; exit 2 ;; esac

swift=$(command -v swiftc) || { echo "release.sh: no swiftc on PATH" >&2; exit 2; }
usr=$(dirname "$(dirname "$(readlink -f "$swift")")")
static="$usr/lib/swift_static/linux"
[ -f "$static/static-stdlib-args.lnk" ] || { echo "release.sh: $static has no static Swift runtime (static-stdlib-args.lnk)" >&2; exit 2; }
[ -x "$usr/bin/ld.lld" ] || { echo "release.sh: the toolchain has no ld.lld ($usr/bin)" >&2; exit 2; }
cc -print-file-name=libstdc++.a | grep -q / || { echo "release.sh: no libstdc++.a (apt-get install libstdc++-dev)" >&2; exit 2; }
# glibc's static C library and its start file for static-pie (libc6-dev; glibc-static elsewhere).
# Without them the binary still links, with libc and libm as the only shared libraries. A static
# glibc would load its name-service modules (users, groups) as shared libraries at run time; no
# motionsync command asks for a user or group name, so none is ever loaded.
staticpie=0
cc -print-file-name=rcrt1.o | grep -q / && cc -print-file-name=libc.a | grep -q / && staticpie=1
sqlite=""
for a in /usr/lib/*-linux-gnu/libsqlite3.a /usr/lib64/libsqlite3.a /usr/lib/libsqlite3.a /usr/local/lib/libsqlite3.a; do [ -f "$a" ] && sqlite=$a; done
[ -n "$sqlite" ] || { echo "release.sh: no libsqlite3.a (apt-get install libsqlite3-dev)" >&2; exit 2; }

echo "== swift build -c release --product motionsync and motionsync-swift (the manifest's own, dynamic, PIE)"
swift build -c release --product motionsync
# The reader is built here too: one left by an older build speaks another wire format.
swift build -c release --product motionsync-swift
bin=$(swift build -c release --show-bin-path)
yaml="$(dirname "$bin")/../release.yaml"
[ -f "$yaml" ] || yaml=.build/release.yaml

# The link command SwiftPM ran for motionsync, from its build plan, as one argument a line.
mkdir -p "$out"
args=$(python3 - "$yaml" "$bin/motionsync" <<'PY'
import json, re, sys
plan, exe = sys.argv[1], sys.argv[2]
text = open(plan).read()
for block in text.split('\n  "')[1:]:
    if f'outputs: ["{exe}"]' in block and "args: " in block:
        line = next(l for l in block.splitlines() if l.strip().startswith("args: "))
        print("\n".join(json.loads(line.strip()[len("args: "):])))
        break
else:
    sys.exit(f"release.sh: no link command for {exe} in {plan}")
PY
)

# Every static library of the runtime folder in one group (the linker takes only what is used).
libs=()
for a in "$static"/lib*.a; do n=$(basename "$a" .a); libs+=("-l${n#lib}"); done
# Scripts/link holds linker scripts named like the shared libraries (libstdc++.so, sqlite/
# libsqlite3.so) that point at the static archives: on the search path first, the driver's own
# -lstdc++ and the module map's -lsqlite3 find them.
extra=(-use-ld=lld -static-stdlib -Xlinker --start-group "${libs[@]}" -lstdc++ -Xlinker --end-group
  -Xlinker --no-export-dynamic
  -L "$root/Scripts/link" -Xclang-linker -static-libgcc
  -L "$root/Scripts/link/sqlite"
  -Xlinker "--symbol-ordering-file=$root/Scripts/link/startup.order" -Xlinker --no-warn-symbol-ordering)
if [ "$staticpie" = 1 ]; then
  # The driver's -pie is then unused (static-pie implies it); say nothing about it.
  extra+=(-Xclang-linker -static-pie -Xclang-linker -Wno-unused-command-line-argument)
  kind="static-pie, glibc linked in"
else
  kind="PIE; libc and libm shared (no rcrt1.o or libc.a: apt-get install libc6-dev for static-pie)"
fi

# Position-independent code is relocated at every start (about 80,000 pointers here); the compact
# RELR form of those relocations makes that cheaper, where the C library reads it (glibc 2.36 on;
# the binary then says so in its version needs, and an older loader refuses it by name).
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
if [ -n "$glibc" ] && [ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" = 2.36 ]; then
  extra+=(-Xlinker -z -Xlinker pack-relative-relocs)
  relr="; relocations packed (RELR, glibc $glibc)"
else
  relr=""
fi

cmd=()
skip=0
while IFS= read -r a; do
  if [ "$skip" = 1 ]; then skip=0; cmd+=("$out/motionsync"); continue; fi
  case "$a" in
    -o) cmd+=("$a"); skip=1 ;;
    # A static-pie relocates itself and has no loader to read a search path: glibc refuses one
    # (DT_RUNPATH) at start. Drop it with the -Xlinker before it.
    -rpath=*) [ "$staticpie" = 1 ] && unset 'cmd[${#cmd[@]}-1]' || cmd+=("$a") ;;
    # pkg-config's folder of the shared SQLite: the linker's default path has it anyway, after
    # the linker scripts' folders.
    -L/usr/lib/*|-L/usr/lib64|-L/usr/local/lib) ;;
    *) cmd+=("$a") ;;
  esac
done <<< "$args"
cmd+=("${extra[@]}")

echo "== linking $out/motionsync: static Swift runtime, FoundationEssentials, libstdc++, SQLite; lld; startup order; $kind$relr"
"${cmd[@]}"

# No module of motionsync imports swift-corelibs-foundation (`Foundation`): with it come
# CoreFoundation and ICU's data, whose relocations and conformance records every command would
# pay at start. One `import Foundation` (where FoundationEssentials would do) brings them back.
if "$usr/bin/llvm-nm" "$out/motionsync" | grep -q -e ' $s10Foundation' -e ' icudt[0-9]*_dat$'; then
  echo "release.sh: $out/motionsync links swift-corelibs-foundation (\$s10Foundation symbols or ICU data): a module imports Foundation; import FoundationEssentials instead" >&2
  exit 1
fi

reader=""
for r in "$bin/motionsync-swift"; do [ -x "$r" ] && { reader=$r; break; }; done
[ -n "$reader" ] || { echo "release.sh: the build made no motionsync-swift" >&2; exit 1; }
cp "$reader" "$out/motionsync-swift"

echo "== $out"
file -L "$out/motionsync" | sed 's/, BuildID.*//'
if [ "$staticpie" = 1 ]; then
  echo "shared libraries: none"
else
  echo "shared libraries: $(ldd "$out/motionsync" | awk '$1 !~ /linux-vdso|ld-linux/ { print $1 }' | tr '\n' ' ')"
fi
"$out/motionsync" --version
echo "reader: $out/motionsync-swift (dynamic, from $reader)"
