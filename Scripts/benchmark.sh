#!/usr/bin/env bash
# motionsync beside the tools people would use instead (issue 10), on a seeded generated corpus
# (Scripts/bench/corpus.py), release build, one run each. Each row: motionsync's figure, its
# peer's, and the ratio (peer time / motionsync time: above 1 motionsync is faster). Times are
# wall and CPU (user + sys, all threads) of whole processes, from /usr/bin/time; the machine may
# be shared, so CPU is the steadier figure. Python peers run from a venv made under /tmp.
#   bash Scripts/benchmark.sh            (BENCH_SEED=N for another corpus; BENCH_KEEP=1 keeps it;
#                                         BENCH_LOTTIE_SAMPLES=DIR adds the Lottie files fetched there)
# Analysis inside the library and `inventory` beside sqlite3: Scripts/benchmark-analysis.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3; }
swift build -c release --product motionsync >/dev/null
swift build -c release --product motionsync-peer-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
venv=/tmp/motionsync-bench-venv
if ! "$venv/bin/python" -c "import lottie, scipy" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q lottie scipy
fi
py="$venv/bin/python"
work=$(mktemp -d)
[ "${BENCH_KEEP:-}" = 1 ] && echo "corpus and stores kept in $work" || trap 'rm -rf "$work"' EXIT
python3 Scripts/bench/corpus.py "$work" --seed "${BENCH_SEED:-10}"

# measure NAME CMD…: runs CMD (stdout to /dev/null), leaves "wall cpu peakKB" in $work/NAME.
measure() {
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/$name.time" "$@" >/dev/null
  awk '{ printf "%.3f %.3f %d\n", $1, $2 + $3, $4 }' "$work/$name.time" > "$work/$name"
}
wall() { cut -d' ' -f1 "$work/$1"; }
cpu() { cut -d' ' -f2 "$work/$1"; }
mem() { cut -d' ' -f3 "$work/$1"; }
# row LABEL OURS PEER_LABEL PEER: wall and CPU of each, ratios of both.
row() {
  printf "%-34s %7.3f s wall %7.3f s CPU | %-30s %7.3f s wall %7.3f s CPU | %6.2f× wall %6.2f× CPU\n" \
    "$1" "$(wall "$2")" "$(cpu "$2")" "$3" "$(wall "$4")" "$(cpu "$4")" \
    "$(echo "$(wall "$4") / $(wall "$2")" | bc -l)" "$(echo "$(cpu "$4") / $(cpu "$2")" | bc -l)"
}
migrated() { for f in "$root"/Migrations/*.sql; do sqlite3 "$1" < "$f" >/dev/null; done; }

echo "== import: 300 spec files, 6,000 animations, 144,000 keyframes ($(du -sh "$work/specs" | cut -f1)); figures computed and stored by motionsync"
measure ms-import "$bin/motionsync" --db "$work/ms.sqlite" import "$work/specs"
measure py-import python3 Scripts/bench/py_import.py "$work/py.sqlite" "$work/specs" "$root/Migrations"
migrated "$work/ceiling.sqlite"
measure ceiling sqlite3 "$work/ceiling.sqlite" ".read $root/Scripts/bench/ceiling.sql"
row "motionsync import" ms-import "Python json + sqlite3" py-import
row "motionsync import" ms-import "sqlite3 INSERT … SELECT" ceiling
measure ms-reimport "$bin/motionsync" --db "$work/ms.sqlite" import "$work/specs"
measure sha-specs sh -c "sha256sum $work/specs/*.json"
row "re-import unchanged" ms-reimport "sha256sum of the files" sha-specs

echo
echo "== Swift tree: 2,000 files in 20 modules, 1 % with animators ($(du -sh "$work/app" | cut -f1))"
measure ms-swift "$bin/motionsync" --db "$work/swift.sqlite" import "$work/app"
measure grep-swift grep -rl keyframeAnimator "$work/app"
row "motionsync import" ms-swift "grep -rl keyframeAnimator" grep-swift
measure ms-swift-again "$bin/motionsync" --db "$work/swift.sqlite" import "$work/app"
measure sha-swift sh -c "find $work/app -name '*.swift' -exec sha256sum {} +"
row "re-import unchanged" ms-swift-again "find | sha256sum" sha-swift

echo
echo "== sampling a Lottie (one layer, 6 animated transform components, 1 s) at 100,000 fps"
lib=$("$bin/motionsync-peer-bench" sample "$work/lottie.json" 100000)
peer=$("$py" Scripts/bench/lottie_sample.py "$work/lottie.json" 100000)
libRate=${lib##*: }; libRate=${libRate%% *}
peerRate=${peer##*: }; peerRate=${peerRate%% *}
echo "library (one thread):  $lib"
echo "python-lottie get_value: $peer"
printf "library %'d values/s vs python-lottie %'d values/s: %.0f×\n" "$libRate" "$peerRate" "$(echo "$libRate / $peerRate" | bc -l)"
measure ms-sample "$bin/motionsync" sample "$work/lottie.json" --fps 100000
values=$("$bin/motionsync" sample "$work/lottie.json" --fps 100000 | awk -F, 'NR > 1 { n += NF - 1 } END { print n }')
printf "motionsync sample --fps 100000 > /dev/null: %'d values in %.3f s wall (%.3f s CPU): %'d values/s (%.0f× python-lottie)\n" \
  "$values" "$(wall ms-sample)" "$(cpu ms-sample)" "$(echo "$values / $(wall ms-sample)" | bc)" "$(echo "$values / $(wall ms-sample) / $peerRate" | bc -l)"

echo
echo "== importing the public Lottie corpus (../shared/corpus/lottie, a fresh store) beside a per-file Python tool"
lottieCorpus="$root/../shared/corpus/lottie"
if [ -d "$lottieCorpus" ]; then
  # (its warnings, spatial tangents and an empty composition, are not the measurement)
  measure ms-lottie sh -c "'$bin/motionsync' -q --db '$work/lottie.sqlite' import '$lottieCorpus' 2>/dev/null"
  measure py-lottie sh -c "find '$lottieCorpus' -name '*.json' -exec '$py' Scripts/bench/lottie_import_peer.py {} \\;"
  row "motionsync import" ms-lottie "python-lottie 120 Hz, per file" py-lottie
else
  echo "no $lottieCorpus: skipped"
fi
# More public Lottie files, the same way (fetched, not committed: Scripts/bench/fetch-lottie-samples.sh).
samples=${BENCH_LOTTIE_SAMPLES:-}
if [ -n "$samples" ] && [ -d "$samples" ]; then
  measure ms-samples sh -c "'$bin/motionsync' -q --db '$work/samples.sqlite' import '$samples' 2>/dev/null"
  measure py-samples sh -c "find '$samples' -name '*.json' -exec '$py' Scripts/bench/lottie_import_peer.py {} \\; >/dev/null 2>&1"
  row "motionsync import ($(find "$samples" -name '*.json' | wc -l) lottie-ios files)" ms-samples "python-lottie 120 Hz, per file" py-samples
fi

echo
echo "== peak time error against the closed form (40 underdamped springs, first peak at π/ωd)"
"$bin/motionsync-peer-bench" peaks "$work/springs.json" | "$py" Scripts/bench/peaks_peer.py "$work/springs.tsv"

echo
echo "== peak memory: importing 1,000 spec files ($(du -sh "$work/specs1000" | cut -f1))"
measure ms-1000 "$bin/motionsync" --db "$work/ms1000.sqlite" import "$work/specs1000"
measure py-1000 python3 Scripts/bench/py_import.py "$work/py1000.sqlite" "$work/specs1000" "$root/Migrations"
printf "motionsync %d MB (%.1f s wall, %.1f s CPU) | Python json + sqlite3 %d MB (%.1f s wall, %.1f s CPU)\n" \
  $(( $(mem ms-1000) / 1024 )) "$(wall ms-1000)" "$(cpu ms-1000)" $(( $(mem py-1000) / 1024 )) "$(wall py-1000)" "$(cpu py-1000)"

echo
echo "== cold start (20 runs each)"
start=$(date +%s.%N); for _ in $(seq 20); do "$bin/motionsync" --version >/dev/null; done; ours=$(echo "($(date +%s.%N) - $start) / 20" | bc -l)
start=$(date +%s.%N); for _ in $(seq 20); do sqlite3 --version >/dev/null; done; theirs=$(echo "($(date +%s.%N) - $start) / 20" | bc -l)
printf "motionsync --version %.1f ms | sqlite3 --version %.1f ms | %.2f×\n" "$(echo "$ours * 1000" | bc -l)" "$(echo "$theirs * 1000" | bc -l)" "$(echo "$theirs / $ours" | bc -l)"
