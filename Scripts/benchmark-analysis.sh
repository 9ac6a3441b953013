#!/usr/bin/env bash
# Issue 15's figures: the closed-form analysis inside the library, and `inventory` as whole
# processes beside sqlite3 reading the same view, on a generated corpus (seeded): 20 animations
# per file, half keyframes (4 tracks of 6 keyframes of every type), half phases (4 phases, 4
# properties, springs and curves); the analysis also on all-keyframe and all-phase corpora of
# the same animations (100 files each; Scripts/bench/analysis_corpus.py). The shipped binary
# (Scripts/release.sh); one run each; prints the ratios.
#   bash Scripts/benchmark-analysis.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3; }
bash Scripts/release.sh .build/ship >/dev/null
swift build -c release --product motionsync-bench >/dev/null
bin=.build/ship
benchBin="$(swift build -c release --show-bin-path)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 Scripts/bench/analysis_corpus.py "$work"

# secs CMD…: wall seconds of one run, read from bash's own clock (no process of its own around the run).
secs() { local start=$EPOCHREALTIME; "$@" >/dev/null; local end=$EPOCHREALTIME; echo "$end - $start" | bc; }
# median N CMD…: the median wall time of N runs (queries take milliseconds: one run is noise).
median() {
  local n=$1; shift
  for _ in $(seq "$n"); do secs "$@"; done | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
row() { printf "%-52s %9.4f s   %-34s %8.4f s   %6.2f×\n" "$1" "$2" "$3" "$4" "$(echo "$2 / $4" | bc -l)"; }

# The processor: the analysis's animations/s is an absolute figure, and it moves with the machine
# (session 24's gave 17,300 mixed/s, session 25's 22,500 with the same code).
cpu=$(awk -F': ' '/^model name/ { m = $2 } /^cpu family/ { f = $2 } /^model\t/ { n = $2 } /^cpu MHz/ { h = $2 } END { printf "%s (family %s, model %s), %.0f MHz", m, f, n, h }' /proc/cpuinfo 2>/dev/null || true)
echo "== machine: ${cpu:-unknown processor}, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "== analysis inside the library (one thread): mixed, keyframes only, phases only"
"$benchBin/motionsync-bench" analysis "$work/s2k"
"$benchBin/motionsync-bench" analysis "$work/kf2k"
"$benchBin/motionsync-bench" analysis "$work/ph2k"
echo
echo "== import (figures are computed and stored here)"
printf "import 2,000 animations: %.3f s\n" "$(secs "$bin/motionsync" --db "$work/a2k.sqlite" import "$work/s2k")"
printf "import 20,000 animations: %.3f s\n" "$(secs "$bin/motionsync" --db "$work/a20k.sqlite" import "$work/s20k")"
echo
echo "== inventory vs sqlite3 on the same store (whole processes, median wall time of 11 runs, 41 for --screen; sqlite3 reads the view in inventory's order)"
printf "%-52s %11s   %-34s %10s   %7s\n" "motionsync" "" "sqlite3" "" "ratio"
for n in 2k 20k; do
  m=$(median 11 "$bin/motionsync" --db "$work/a$n.sqlite" inventory --format json)
  q=$(median 11 sqlite3 -json "$work/a$n.sqlite" "SELECT * FROM inventory_figures ORDER BY screen, id")
  row "inventory --format json ($n animations)" "$m" "sqlite3 -json (inventory_figures)" "$q"
done
m=$(median 11 "$bin/motionsync" --db "$work/a20k.sqlite" inventory --format csv)
q=$(median 11 sqlite3 -csv "$work/a20k.sqlite" "SELECT * FROM inventory_figures ORDER BY screen, id")
row "inventory --format csv (20k animations)" "$m" "sqlite3 -csv" "$q"
m=$(median 41 "$bin/motionsync" --db "$work/a20k.sqlite" inventory --screen Screen7 --format json)
q=$(median 41 sqlite3 -json "$work/a20k.sqlite" "SELECT * FROM inventory_figures WHERE screen = 'Screen7' ORDER BY id")
row "inventory --screen S (20 of 20k)" "$m" "sqlite3 -json WHERE screen" "$q"
