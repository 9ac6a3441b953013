#!/usr/bin/env bash
# Import each app of apps.tsv (already exported by checkout.sh into CORPUS/<name>) into its
# own store, write the import's JSON lines and the inventory's JSON into RESULTS, and print
# measure.py's report. One app at a time (import uses every core).
#
#   Scripts/realapps/run.sh CORPUS RESULTS [MOTIONSYNC] [NAME...]
#
# MOTIONSYNC defaults to .build/debug/motionsync of this checkout. Keep CORPUS and RESULTS
# outside the repository (stores and fetched code are never committed).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 CORPUS RESULTS [MOTIONSYNC] [NAME...]" >&2; exit 64; }
corpus=$(cd "$1" && pwd); results=$2; shift 2
m=${1:-$here/../../.build/debug/motionsync}; [ $# -gt 0 ] && shift
mkdir -p "$results"
while IFS=$'\t' read -r name _rest; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ $# -gt 0 ]; then
    want=0; for n in "$@"; do [ "$n" = "$name" ] && want=1; done
    [ $want = 1 ] || continue
  fi
  [ -d "$corpus/$name" ] || { echo "$name: no $corpus/$name (run checkout.sh)" >&2; continue; }
  db="$results/corpus-$name.sqlite"
  rm -f "$db" "$db-wal" "$db-shm"
  start=$(date +%s)
  "$m" --db "$db" import "$corpus/$name" --format json > "$results/$name-import.json" 2> "$results/$name-import.err"
  rc=$?
  "$m" --db "$db" inventory --format json > "$results/$name-inv.json" 2> "$results/$name-inv.err"
  rc2=$?
  echo "$name: import exit $rc ($(( $(date +%s) - start )) s), inventory exit $rc2" >&2
  [ $rc2 = 0 ] || { echo "$name: inventory failed: $(head -c 300 "$results/$name-inv.err")" >&2; rm -f "$results/$name-inv.json"; }
done < "$here/apps.tsv"
python3 "$here/measure.py" --all "$corpus" "$results"
