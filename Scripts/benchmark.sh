#!/usr/bin/env bash
# motionsync beside the tools people would use instead, on seeded generated corpora, and writes
# the report BENCHMARKS.md: one table (what, motionsync, the peer, the ratio, the target, met or
# short) headed by the date, the commit and the machine, then how time grows with hostile input
# (Scripts/hostile-scaling.sh: each case at sizes 1×, 4× and 16×).
#
#   bash Scripts/benchmark.sh              runs everything (about 15 minutes) and rewrites BENCHMARKS.md
#   BENCH_OUT=FILE bash Scripts/benchmark.sh   writes FILE instead
#   BENCH_LOTTIE_SAMPLES=DIR …             adds the Lottie files fetched there (Scripts/bench/fetch-lottie-samples.sh)
#
# The binary measured is the shipped one (Scripts/release.sh). Whole processes are timed by
# /usr/bin/time (CPU = user + sys of all threads, the steadier figure on a shared machine) or, for
# the short queries, as the median wall time of many runs; where the kernel lets `perf stat` count
# instructions, or valgrind is installed, the short queries are also compared by instructions,
# which do not move with the machine's load. Python peers run from a venv made under /tmp.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${BENCH_OUT:-$root/BENCHMARKS.md}
command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3; }
bash Scripts/release.sh .build/ship >/dev/null
swift build -c release --product motionsync-peer-bench >/dev/null
swift build -c release --product motionsync-bench >/dev/null
bin=$root/.build/ship
rel="$(swift build -c release --show-bin-path)"
venv=/tmp/motionsync-bench-venv
if ! "$venv/bin/python" -c "import lottie, scipy" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q lottie scipy
fi
py="$venv/bin/python"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Scripts/bench/corpus.py "$work" --seed 10
python3 Scripts/bench/analysis_corpus.py "$work/analysis"
rows="$work/rows.tsv"
: > "$rows"

# measure NAME CMD…: runs CMD once (stdout to /dev/null), leaves "wall cpu peakKB" in $work/NAME.
measure() {
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/$name.time" "$@" >/dev/null
  awk '{ printf "%.4f %.4f %d\n", $1, $2 + $3, $4 }' "$work/$name.time" > "$work/$name"
}
cpu() { cut -d' ' -f2 "$work/$1"; }
wall() { cut -d' ' -f1 "$work/$1"; }
mem() { cut -d' ' -f3 "$work/$1"; }
# median N CMD…: the median wall seconds of N runs, from bash's own clock.
median() {
  local n=$1; shift
  for _ in $(seq "$n"); do
    local start=$EPOCHREALTIME; "$@" >/dev/null; local end=$EPOCHREALTIME; echo "$end - $start" | bc
  done | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
# instructions CMD…: instructions one run executes (user space), or nothing when they cannot be counted.
counter=none
if perf stat -x, -e instructions:u true 2>&1 >/dev/null | grep -q '^[0-9]'; then counter=perf
elif command -v valgrind >/dev/null; then counter=callgrind; fi
instructions() {
  case $counter in
    perf) perf stat -x, -e instructions:u "$@" 2>&1 >/dev/null | awk -F, '/instructions/ { print $1 }' ;;
    callgrind) valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected :/ { print $4 }' ;;
  esac
}
# row WHAT OURS PEER_NAME PEER RATIO TARGET_OP TARGET: one line of the report; RATIO is motionsync's
# figure ÷ the peer's, the target a bound on it (≤ or ≥); "-" for none.
row() {
  local stands="-"
  if [ "$6" != "-" ] && [ "$5" != nan ]; then
    if awk -v r="$5" -v t="$7" -v op="$6" 'BEGIN { exit !(op == "≤" ? r <= t : r >= t) }'; then stands=met; else stands=short; fi
  fi
  local shown="-"
  [ "$4" = "-" ] || shown="$(printf "%.3g" "$5")×"
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$1" "$2" "$3" "$4" "$shown" "$([ "$6" = "-" ] && echo "-" || echo "$6 $7×")" "$stands" >> "$rows"
  printf "%-58s %-22s | %-34s %-22s | %8.3g× (target %s %s) %s\n" "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$stands"
}
# (A peer's figure of 0, under the clock's resolution, gives no ratio: "nan", never met.)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "nan"; else printf "%.6g\n", a / b }'; }
s() { printf "%.3f s" "$1"; }
ms() { awk -v a="$1" 'BEGIN { printf "%.2f ms", a * 1000 }'; }
migrated() { for f in "$root"/Migrations/*.sql; do sqlite3 "$1" < "$f" >/dev/null; done; }

echo "== import: 300 spec files, 6,000 animations, 144,000 keyframes; figures computed and stored"
measure ms-import "$bin/motionsync" --db "$work/ms.sqlite" import "$work/specs"
measure py-import python3 Scripts/bench/py_import.py "$work/py.sqlite" "$work/specs" "$root/Migrations"
migrated "$work/ceiling.sqlite"
measure ceiling sqlite3 "$work/ceiling.sqlite" ".read $root/Scripts/bench/ceiling.sql"
row "import 300 spec files (6,000 animations), CPU" "$(s "$(cpu ms-import)")" "Python json + sqlite3" "$(s "$(cpu py-import)")" "$(ratio "$(cpu ms-import)" "$(cpu py-import)")" "≤" 0.5
row "the same import, CPU" "$(s "$(cpu ms-import)")" "sqlite3 INSERT … SELECT" "$(s "$(cpu ceiling)")" "$(ratio "$(cpu ms-import)" "$(cpu ceiling)")" "≤" 4
measure ms-reimport "$bin/motionsync" --db "$work/ms.sqlite" import "$work/specs"
measure sha-specs sh -c "sha256sum $work/specs/*.json"
row "re-import of the 300 unchanged files, CPU" "$(s "$(cpu ms-reimport)")" "sha256sum of the files" "$(s "$(cpu sha-specs)")" "$(ratio "$(cpu ms-reimport)" "$(cpu sha-specs)")" "≤" 1

echo "== Swift tree: 2,000 files in 20 modules, 1 % with animators"
measure ms-swift "$bin/motionsync" --db "$work/swift.sqlite" import "$work/app"
# (grep's CPU, and on a fast machine its wall time too, is under /usr/bin/time's 10 ms: the
# medians of bash's own clock here, each import into a new store.)
swift_fresh=$(median 5 sh -c "rm -f '$work/swift-fresh.sqlite'*; '$bin/motionsync' -q --db '$work/swift-fresh.sqlite' import '$work/app'")
grep_swift=$(median 11 grep -rl keyframeAnimator "$work/app")
row "import a Swift tree (2,000 files), wall (median of 5)" "$(s "$swift_fresh")" "grep -rl keyframeAnimator (median of 11)" "$(s "$grep_swift")" "$(ratio "$swift_fresh" "$grep_swift")" "≤" 3
measure ms-swift-again "$bin/motionsync" --db "$work/swift.sqlite" import "$work/app"
measure sha-swift sh -c "find $work/app -name '*.swift' -exec sha256sum {} +"
row "re-import of the unchanged Swift tree, CPU" "$(s "$(cpu ms-swift-again)")" "find -exec sha256sum" "$(s "$(cpu sha-swift)")" "$(ratio "$(cpu ms-swift-again)" "$(cpu sha-swift)")" "-" -

echo "== sampling a Lottie (one layer, 6 animated components, 1 s) at 100,000 fps"
lib=$("$rel/motionsync-peer-bench" sample "$work/lottie.json" 100000)
peer=$("$py" Scripts/bench/lottie_sample.py "$work/lottie.json" 100000)
libRate=${lib##*: }; libRate=${libRate%% *}
peerRate=${peer##*: }; peerRate=${peerRate%% *}
row "library sampling, one thread (ratio of the time per value)" "$libRate values/s" "python-lottie get_value" "$peerRate values/s" "$(ratio "$peerRate" "$libRate")" "≤" 0.005
measure ms-sample "$bin/motionsync" sample "$work/lottie.json" --fps 100000
values=$("$bin/motionsync" sample "$work/lottie.json" --fps 100000 | awk -F, 'NR > 1 { n += NF - 1 } END { print n }')
rate=$(awk -v v="$values" -v t="$(cpu ms-sample)" 'BEGIN { printf "%d", v / t }')
row "motionsync sample --fps 100000 > /dev/null, values/s" "$rate values/s" "the target" "10000000 values/s" "$(ratio "$rate" 10000000)" "≥" 1

lottieCorpus="$root/../shared/corpus/lottie"
if [ -d "$lottieCorpus" ]; then
  echo "== importing the public Lottie corpus beside a per-file Python tool"
  # One import takes about as long as the 10 ms the CPU clock counts in: 50 imports, each into a
  # store of its own and in a process of its own, started by the loop's shell as `find -exec`
  # starts each of the peer's processes (no shell of its own either side), are timed and divided.
  measure ms-lottie sh -c "for i in \$(seq 50); do '$bin/motionsync' -q --db \"$work/lottie-\$i.sqlite\" import '$lottieCorpus' 2>/dev/null; done"
  measure py-lottie sh -c "find '$lottieCorpus' -name '*.json' -exec '$py' Scripts/bench/lottie_import_peer.py {} \\;"
  one=$(awk -v c="$(cpu ms-lottie)" 'BEGIN { printf "%.4f", c / 50 }')
  row "import the public Lottie corpus into a new store, CPU (mean of 50)" "$(s "$one")" "python-lottie at 120 Hz, per file" "$(s "$(cpu py-lottie)")" "$(ratio "$one" "$(cpu py-lottie)")" "≤" 0.01
fi
# More public Lottie files, the same way (fetched, not committed: Scripts/bench/fetch-lottie-samples.sh).
samples=${BENCH_LOTTIE_SAMPLES:-}
if [ -n "$samples" ] && [ -d "$samples" ]; then
  measure ms-samples sh -c "'$bin/motionsync' -q --db '$work/samples.sqlite' import '$samples' 2>/dev/null"
  measure py-samples sh -c "find '$samples' -name '*.json' -exec '$py' Scripts/bench/lottie_import_peer.py {} \\; >/dev/null 2>&1"
  row "import $(find "$samples" -name '*.json' | wc -l) lottie-ios files, CPU" "$(s "$(cpu ms-samples)")" "python-lottie at 120 Hz, per file" "$(s "$(cpu py-samples)")" "$(ratio "$(cpu ms-samples)" "$(cpu py-samples)")" "-" -
fi

echo "== peak time error against the closed form (40 underdamped springs)"
peaks=$("$rel/motionsync-peer-bench" peaks "$work/springs.json" | "$py" Scripts/bench/peaks_peer.py "$work/springs.tsv")
echo "$peaks"
ours=$(echo "$peaks" | sed -nE 's/^motionsync max ([^ ]+) ms.*/\1/p')
theirs=$(echo "$peaks" | sed -nE 's/.*find_peaks @1 kHz max ([^ ]+) ms.*/\1/p')
if [ -n "$ours" ] && [ -n "$theirs" ]; then
  row "largest peak time error (40 springs)" "$ours ms" "scipy find_peaks at 1 kHz" "$theirs ms" "$(ratio "$ours" "$theirs")" "≤" 1
fi

echo "== peak memory: importing 1,000 spec files"
measure ms-1000 "$bin/motionsync" --db "$work/ms1000.sqlite" import "$work/specs1000"
measure py-1000 python3 Scripts/bench/py_import.py "$work/py1000.sqlite" "$work/specs1000" "$root/Migrations"
row "peak memory, import of 1,000 spec files (Python json + sqlite3: $(( $(mem py-1000) / 1024 )) MB)" "$(( $(mem ms-1000) / 1024 )) MB" "the target" "100 MB" "$(ratio "$(mem ms-1000)" "$(( 100 * 1024 ))")" "≤" 1

echo "== analysis inside the library, one thread (animations/s)"
for c in s2k:mixed kf2k:keyframes ph2k:phases; do
  line=$("$rel/motionsync-bench" analysis "$work/analysis/${c%%:*}")
  rate=$(echo "$line" | sed -E 's/.*: ([0-9]+) animations\/s.*/\1/')
  row "analysis, ${c#*:} (2,000 animations, one thread)" "$rate animations/s" "the target" "20000 animations/s" "$(ratio "$rate" 20000)" "≥" 1
done

echo "== import of the analysis corpora, and inventory beside sqlite3 reading the same view"
measure a2k "$bin/motionsync" --db "$work/a2k.sqlite" import "$work/analysis/s2k"
measure a20k "$bin/motionsync" --db "$work/a20k.sqlite" import "$work/analysis/s20k"
row "import 2,000 mixed animations, CPU" "$(s "$(cpu a2k)")" "-" "-" 1 "-" -
row "import 20,000 mixed animations, CPU" "$(s "$(cpu a20k)")" "-" "-" 1 "-" -
q() { sqlite3 "$@"; }
for n in 2k 20k; do
  m=$(median 11 "$bin/motionsync" --db "$work/a$n.sqlite" inventory --format json)
  p=$(median 11 q -json "$work/a$n.sqlite" "SELECT * FROM inventory_figures ORDER BY screen, id")
  row "inventory --format json ($n animations), wall" "$(ms "$m")" "sqlite3 -json, the same view" "$(ms "$p")" "$(ratio "$m" "$p")" "≤" "$([ $n = 20k ] && echo 1.6 || echo 1.5)"
done
m=$(median 11 "$bin/motionsync" --db "$work/a20k.sqlite" inventory --format csv)
p=$(median 11 q -csv "$work/a20k.sqlite" "SELECT * FROM inventory_figures ORDER BY screen, id")
row "inventory --format csv (20k animations), wall" "$(ms "$m")" "sqlite3 -csv" "$(ms "$p")" "$(ratio "$m" "$p")" "≤" 1.5
m=$(median 41 "$bin/motionsync" --db "$work/a20k.sqlite" inventory --screen Screen7 --format json)
p=$(median 41 q -json "$work/a20k.sqlite" "SELECT * FROM inventory_figures WHERE screen = 'Screen7' ORDER BY id")
row "inventory --screen S (20 of 20k), wall" "$(ms "$m")" "sqlite3 -json WHERE screen" "$(ms "$p")" "$(ratio "$m" "$p")" "≤" 1.5
m=$(median 41 "$bin/motionsync" --version)
p=$(median 41 sqlite3 --version)
row "--version (process start), wall" "$(ms "$m")" "sqlite3 --version" "$(ms "$p")" "$(ratio "$m" "$p")" "-" -
if [ "$counter" != none ]; then
  for spec in "inventory --screen S:--db $work/a20k.sqlite inventory --screen Screen7 --format json:-json $work/a20k.sqlite SELECT * FROM inventory_figures WHERE screen = 'Screen7' ORDER BY id" \
              "inventory --format json (20k):--db $work/a20k.sqlite inventory --format json:-json $work/a20k.sqlite SELECT * FROM inventory_figures ORDER BY screen, id" \
              "--version:--version:--version"; do
    IFS=: read -r what ours theirs <<< "$spec"
    # shellcheck disable=SC2086
    mi=$(instructions "$bin/motionsync" $ours)
    if [ "$what" = "--version" ]; then pi=$(instructions sqlite3 --version)
    else pi=$(instructions sqlite3 ${theirs%% SELECT*} "SELECT ${theirs#* SELECT }"); fi
    [ -n "$mi" ] && [ -n "$pi" ] || continue
    row "$what, instructions ($counter)" "$(printf "%'d" "$mi")" "sqlite3" "$(printf "%'d" "$pi")" "$(ratio "$mi" "$pi")" "-" -
  done
fi

echo "== growth with hostile input: sizes 1×, 4×, 16×"
BENCH_BIN=$bin SCALING_MD="$work/scaling.md" bash Scripts/hostile-scaling.sh

# The report.
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo "+changes")
cpuName=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo "unknown processor")
{
  echo "# Benchmarks"
  echo
  echo "<!-- Written by Scripts/benchmark.sh; run it again rather than editing this table. -->"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, $cpuName, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at the end;"
  echo "$(swift --version 2>&1 | head -1); the binary of Scripts/release.sh; peers: $(sqlite3 --version | cut -d' ' -f1-2 | sed 's/^/sqlite3 /'), $("$py" --version 2>&1), python-lottie $("$py" -c 'import importlib.metadata as m; print(m.version("lottie"))'), SciPy $("$py" -c 'import scipy; print(scipy.__version__)')."
  echo
  echo "| what | motionsync | peer | peer's figure | ratio | target | stands |"
  echo "|---|---|---|---|---|---|---|"
  awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, ($7 == "met" ? "met" : ($7 == "short" ? "**short**" : $7)) }' "$rows"
  echo
  cat "$work/scaling.md"
  echo
  echo "## How to run"
  echo
  echo '`bash Scripts/benchmark.sh` (about fifteen minutes; it builds the shipped binary with `Scripts/release.sh`,'
  echo 'generates the corpora from fixed seeds, makes a Python venv under `/tmp` for the peers, and rewrites'
  echo 'this file). `bash Scripts/benchmark-analysis.sh` runs the analysis and `inventory` rows alone,'
  echo '`bash Scripts/hostile-scaling.sh` the growth table.'
  echo 'Run it on an otherwise idle machine: the times are whole processes.'
  echo
  echo "## How to read"
  echo
  echo "- **ratio** is motionsync's figure divided by the peer's: for times, below 1× motionsync is faster;"
  echo "  for a rate (values/s, animations/s) against a target, above 1× it is over the target."
  echo "- **target** is a bound on the ratio; **stands** says whether this run met it. Rows without a"
  echo "  target are context (how far from the cheapest possible work, such as hashing the files)."
  echo "- CPU (user + system time of all threads, from /usr/bin/time: 10 ms resolution, so figures of"
  echo "  a few tens of ms are coarse) is steadier than wall time on a shared machine; the short queries"
  echo "  are medians of 11 or 41 runs. Instruction counts (user space, whole process), where given, do"
  echo "  not move with the load at all: compare those between two builds."
  echo "- Corpora: \`Scripts/bench/corpus.py\` (seed 10: 300 spec files of 20 keyframe animations, 1,000"
  echo "  for memory, a SwiftUI tree of 2,000 files, a Lottie, 40 springs with their closed-form peak),"
  echo "  \`Scripts/bench/analysis_corpus.py\` (seed 15: 2,000 and 20,000 animations, half keyframes, half"
  echo "  phases; keyframes only; phases only). The analysis's figures on a subset of these are a test"
  echo "  (\`AnalysisDigestTests\`): a faster analysis must give the same bits."
  echo "- Earlier runs and what changed between them: \`git log -p BENCHMARKS.md\` and [CHANGELOG.md](CHANGELOG.md)."
} > "$out"
echo "wrote $out"
