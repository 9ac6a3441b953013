#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a bounded time.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer flags…]     TARGET: json spec tokens lottie ahap haptic swift figures facts wire
#   Fuzz/run.sh build TARGET                           build only
#
# Each target compiles the Sources/ modules it needs directly with swiftc (-sanitize=fuzzer,address,
# whole module), into Fuzz/.build/modules-Onone or modules-O (shared by the targets) and
# Fuzz/.build/TARGET/. Without optimisation by default: every read through an unsafe buffer
# pointer is then bounds-checked (the facts scan and the core read through them), and the build
# is several times shorter, which is what a bounded run in CI spends most on. FUZZ_OPTIMIZATION=-O
# builds optimised modules for long campaigns by hand (more inputs a second, fewer checks);
# `facts` is always built without, for the bounds checks. Seeds come from Specs/, ../shared/corpus and the
# test fixtures (copied into Fuzz/.build/TARGET/seeds, never into the repository); what libFuzzer
# finds new goes to Fuzz/.build/TARGET/corpus. A crash, leak, out-of-memory or an input slower
# than 10 s stops the run with a non-zero exit and leaves its input in Fuzz/.build/TARGET/
# (crash-…, leak-…, timeout-…, oom-…): make it a regression test. FUZZ_TIMEOUT (default 10) is
# the seconds one input may take, wall clock: raise it on a machine shared with other work.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ "${1:-}" = build ]; then build_only=1; shift; else build_only=0; fi
target=${1:?usage: Fuzz/run.sh TARGET SECONDS}
seconds=${2:-60}
shift 2 2>/dev/null || shift $#

# Modules each target needs, in dependency order.
case "$target" in
  json)   modules="MotionJSON" ;;
  ahap|haptic) modules="MotionJSON MotionCore MotionHaptics" ;;
  spec|tokens|lottie|figures) modules="MotionJSON MotionCore MotionHaptics MotionFormats" ;;
  swift)  modules="MotionJSON MotionCore MotionHaptics MotionFormats MotionSwiftSourceModel MotionSwiftSource" ;;
  facts|wire) modules="MotionCore MotionSwiftSourceModel" ;;
  *) echo "unknown target $target (json spec tokens lottie ahap haptic swift figures facts wire)" >&2; exit 2 ;;
esac

# Modules are built once for every target of an optimisation level; each target has its own folder.
optimisation=${FUZZ_OPTIMIZATION:--Onone}
case "$optimisation" in -O|-Onone) ;; *) echo "FUZZ_OPTIMIZATION is -O or -Onone, not $optimisation" >&2; exit 2 ;; esac
if [ "$target" = facts ]; then optimisation=-Onone; fi
modulesDir=$root/Fuzz/.build/modules$optimisation
out=$root/Fuzz/.build/$target
mkdir -p "$out/corpus" "$out/seeds" "$modulesDir"
# CMotionMath (header-only C: sincos) is found through its module map.
flags=(-sanitize=fuzzer,address "$optimisation" -wmo -parse-as-library -I "$modulesDir" -I "$root/Sources/CMotionMath/include" -g)
host=""
if [ "$target" = swift ]; then
  host=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/host
  # Like Package.swift: without the toolchain's parser there is no Swift importer to fuzz.
  [ -f "$host/SwiftParser.swiftmodule" ] || [ -d "$host/SwiftParser.swiftmodule" ] || { echo "skipped: no SwiftParser in $host"; echo "Done 0 runs in 0 second(s) (skipped)"; exit 0; }
fi

# MARK: build (only what changed since the last build)
libs=()
rebuilt=0  # a rebuilt module, or one older than a module before it, rebuilds every later one
for module in $modules; do
  lib=$modulesDir/lib$module.a
  extra=()
  if [ "$module" = MotionSwiftSource ]; then extra=(-I "$host" -D MOTIONSYNC_SWIFTSYNTAX); fi
  stale=0
  for dependency in "${libs[@]+"${libs[@]}"}"; do [ "$dependency" -nt "$lib" ] && stale=1; done
  if [ "$rebuilt" = 1 ] || [ "$stale" = 1 ] || [ ! -f "$lib" ] || [ -n "$(find "Sources/$module" -name '*.swift' -newer "$lib" | head -1)" ]; then
    rebuilt=1
    echo "== swiftc $module" >&2
    (cd "$modulesDir" && swiftc -emit-library -static -emit-module -module-name "$module" "${flags[@]}" "${extra[@]+"${extra[@]}"}" \
      $(find "$root/Sources/$module" -name '*.swift' | sort) -o "$lib" 2>&1 | grep -v "ld.gold: warning: Cannot export local symbol" >&2 || true)
    [ -f "$lib" ] || { echo "building $module failed" >&2; exit 1; }
  fi
  libs+=("$lib")
done
binary=$out/fuzz-$target$optimisation
link=()
if [ "$target" = swift ]; then
  link=(-I "$host" -L "$host" -lSwiftSyntax -lSwiftParser -lSwiftBasicFormat -lSwiftDiagnostics -lSwiftParserDiagnostics -Xlinker -rpath -Xlinker "$host")
fi
if [ ! -f "$binary" ] || [ -n "$(find "${libs[@]}" Fuzz/Targets -newer "$binary" | head -1)" ]; then
  echo "== swiftc fuzz-$target" >&2
  sources=("$root/Fuzz/Targets/$target.swift" "$root/Fuzz/Targets/Support.swift")
  case "$target" in spec|tokens|lottie|swift|figures) sources+=("$root/Fuzz/Targets/Pipeline.swift") ;; esac
  # Static libraries link dependents first.
  reversed=()
  for ((k=${#libs[@]}-1; k>=0; k--)); do reversed+=("${libs[k]}"); done
  (cd "$out" && swiftc "${flags[@]}" "${sources[@]}" "${reversed[@]}" "${link[@]+"${link[@]}"}" \
    -o "$binary") 2>&1 | grep -v "ld.gold: warning: Cannot export local symbol" >&2 || true
  [ -x "$binary" ] || { echo "linking fuzz-$target failed" >&2; exit 1; }
fi
[ "$build_only" = 1 ] && exit 0

# MARK: seeds
seed() { for f in "$@"; do [ -f "$f" ] && cp -n "$f" "$out/seeds/$(sha1sum "$f" | cut -c1-16)-$(basename "$f")" 2>/dev/null || true; done; }
shared=$root/../shared/corpus
case "$target" in
  json|spec|tokens) seed Specs/*.json Tests/*/Fixtures/*.json Tests/*/Fixtures/*/*.json
                    [ -d "$shared" ] && seed $(find "$shared" -name '*.json' -size -256k | head -400) ;;
  lottie) [ -d "$shared/lottie" ] && seed $(find "$shared/lottie" -name '*.json' -size -512k | head -300)
          seed Tests/*/Fixtures/*.json ;;
  ahap)   [ -d "$shared" ] && seed $(find "$shared" -name '*.ahap' -size -256k | head -300)
          seed Tests/MotionSyncCLITests/Golden/*.ahap ;;
  haptic) [ -d "$shared" ] && seed $(find "$shared" -name '*.haptic' -size -256k | head -300) ;;
  swift|facts) seed Tests/*/Fixtures/*.swift Tests/*/Fixtures/*/*.swift ;;
  wire)   # The reader's answers on the Swift fixtures, from the reader `swift build` made (if any).
          python3 "$root/Fuzz/wire-seeds.py" "$root/.build/debug/motionsync-swift" "$out/seeds" Tests/*/Fixtures/*.swift || true ;;
  figures) # A spring keyframe of damping ratio -1 (the hang a store edited by hand caused) and one of 0.5.
           printf '\x03\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\x24\x40\0\0\0\0\0\0\xf0\xbf\0\0\0\0\0\0\xf0\x3f' > "$out/seeds/negative-damping"
           printf '\x03\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\xe0\x3f\0\0\0\0\0\0\x24\x40\0\0\0\0\0\0\xe0\x3f\0\0\0\0\0\0\xf0\x3f' > "$out/seeds/half-damping" ;;
esac

# MARK: run
dict=$root/Fuzz/Dictionaries/${target/facts/swift}.dict
dictflag=()
[ -f "$dict" ] && dictflag=(-dict="$dict")
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}
cd "$out"
# FUZZ_TIMEOUT: seconds one input may take (wall clock: raise it when the machine is shared).
exec "$binary" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  "${dictflag[@]+"${dictflag[@]}"}" "$@" corpus seeds
