#!/usr/bin/env bash
# Export each app of apps.tsv, at its pinned commit, into TARGET/<name>/ (Swift files and
# the licence only: the import reads folders recursively, and JSON/asset files are not
# what we measure; some snapshots also lack large binary blobs, which `git archive` of
# the whole tree trips over).
#
#   Scripts/realapps/checkout.sh MIRRORS TARGET [NAME...]
#
# MIRRORS is a folder holding one bare git directory per app, found as (first match):
#   MIRRORS/<owner>+<repo>/repo     (the layout `fetch` writes under /work/.mirror)
#   MIRRORS/<owner>+<repo>
#   MIRRORS/<name>.git  or  MIRRORS/<name>
# The fetched code is never committed: keep TARGET outside the repository.
# Our own runs only; CI does not use this (it has small fixtures of its own).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 MIRRORS TARGET [NAME...]" >&2; exit 64; }
mirrors=$1; target=$2; shift 2
mkdir -p "$target"
status=0
while IFS=$'\t' read -r name repo commit license style nfiles; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ $# -gt 0 ]; then
    want=0; for n in "$@"; do [ "$n" = "$name" ] && want=1; done
    [ $want = 1 ] || continue
  fi
  slug=${repo/\//+}
  gitdir=
  for c in "$mirrors/$slug/repo" "$mirrors/$slug" "$mirrors/$name.git" "$mirrors/$name"; do
    if [ -d "$c" ] && git --git-dir="$c" rev-parse --git-dir >/dev/null 2>&1; then gitdir=$c; break; fi
  done
  if [ -z "$gitdir" ]; then echo "$name: no mirror of $repo under $mirrors" >&2; status=1; continue; fi
  if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "$name: $gitdir lacks commit $commit" >&2; status=1; continue
  fi
  out="$target/$name"
  rm -rf "$out"; mkdir -p "$out"
  lic=$(git --git-dir="$gitdir" ls-tree --name-only "$commit" | grep -iE '^(licen[cs]e|copying)' || true)
  # shellcheck disable=SC2086
  git --git-dir="$gitdir" archive "$commit" -- ':(glob)**/*.swift' $lic | tar -x -C "$out"
  got=$(find "$out" -name '*.swift' | wc -l | tr -d ' ')
  echo "$name: $repo@${commit:0:12} -> $out ($got Swift files; apps.tsv says $nfiles)"
  [ "$got" = "$nfiles" ] || { echo "$name: Swift file count differs from apps.tsv" >&2; status=1; }
done < "$here/apps.tsv"
exit $status
