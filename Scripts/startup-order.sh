#!/usr/bin/env bash
# Writes Scripts/link/startup.order: the functions the static motionsync runs for its short
# commands (start, option parsing, opening a store, one query, writing the answer), then those an
# import into a new store adds (the shipped specs; the public Lottie corpus where the checkout has
# ../shared beside it, as Scripts/benchmark.sh times it), one symbol a line, in the order
# callgrind first lists them. Scripts/release.sh hands the file to lld
# (--symbol-ordering-file), which lays those functions out together at the start of the text, so
# a command's start touches a few dozen pages of code instead of a hundred scattered over 17 MB
# (each first touch is a page fault: about 2.4 µs with the kernel's 64 KB fault-around here).
#
# A symbol the binary no longer has is passed over by the linker (--no-warn-symbol-ordering): an
# old file costs nothing but the grouping of what changed. Run it again after larger changes:
#   bash Scripts/startup-order.sh
# Needs valgrind (apt-get install valgrind). Writes nothing but the order file.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "startup-order.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
bash Scripts/release.sh .build/ship >/dev/null
bin=.build/ship/motionsync
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/store.sqlite"
"$bin" --quiet --db "$db" import Specs/ >/dev/null
screen=$("$bin" --db "$db" inventory --format csv | awk -F, 'NR == 2 { print $1 }')
id=$("$bin" --db "$db" inventory --format csv | awk -F, 'NR == 2 { print $2 }')
# The short commands teams run in CI and by hand, each once under callgrind (mangled names).
n=0
run() {
  n=$((n + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$n" "$bin" "$@" >/dev/null 2>&1 || true
}
run --version
run --help
run inventory --help
run --db "$db" inventory
run --db "$db" inventory --format json
run --db "$db" inventory --format csv
run --db "$db" inventory --screen "$screen" --format json
run --db "$db" budget --format json
run --db "$db" peaks "$screen/$id"
run --db "$db" haptics "$screen/$id"
# An import into a new store, after them: its functions follow the short commands' ones.
run --quiet --db "$work/specs.sqlite" import Specs/
lottie=../shared/corpus/lottie
[ -d "$lottie" ] && run --quiet --db "$work/lottie.sqlite" import "$lottie"
# Every function named in the profiles, first listing first, kept where the binary defines it.
nm --defined-only "$bin" | awk '{ print $3 }' | sort -u > "$work/defined"
for k in $(seq "$n"); do grep -h -E '^c?fn=\([0-9]+\) ' "$work/cg.$k" | sed -E 's/^c?fn=\([0-9]+\) //'; done \
  | awk '!seen[$0]++' | awk 'NR == FNR { defined[$0] = 1; next } defined[$0]' "$work/defined" - > Scripts/link/startup.order
echo "wrote Scripts/link/startup.order: $(wc -l < Scripts/link/startup.order) functions of $n commands"
