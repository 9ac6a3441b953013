#!/usr/bin/env bash
# Fetches the Lottie test files of lottie-ios (Tests/Samples/**/*.json, Apache-2.0, Airbnb) at a
# fixed commit into DIR, one folder level (sub-folders joined into the name with "__"), for
# Scripts/benchmark.sh's second Lottie row (BENCH_LOTTIE_SAMPLES=DIR). They are not committed:
# the license asks for its notice with every copy, and the set is about 8 MB.
#   bash Scripts/bench/fetch-lottie-samples.sh DIR            (from GitHub)
#   LOTTIE_IOS_GIT=PATH bash Scripts/bench/fetch-lottie-samples.sh DIR   (from a local clone)
# Files whose contents the local clone lacks are left out, and counted.
set -euo pipefail
dir=${1:?usage: fetch-lottie-samples.sh DIR}
commit=f4db77d7feacba0c2360b84a40c38a6ce8ff399d   # lottie-ios 4.6.1
git=${LOTTIE_IOS_GIT:-}
if [ -z "$git" ]; then
  git=$(mktemp -d)
  trap 'rm -rf "$git"' EXIT
  git init -q --bare "$git"
  git -C "$git" fetch -q --depth 1 https://github.com/airbnb/lottie-ios.git "$commit"
fi
mkdir -p "$dir"
git -C "$git" show "$commit:LICENSE" > "$dir/LICENSE-lottie-ios.txt"
kept=0 missing=0
while read -r _ _ blob path; do
  name=${path#Tests/Samples/}
  if git -C "$git" cat-file -p "$blob" > "$dir/${name//\//__}" 2>/dev/null; then
    kept=$((kept + 1))
  else
    rm -f "$dir/${name//\//__}"
    missing=$((missing + 1))
  fi
done < <(git -C "$git" ls-tree -r "$commit" Tests/Samples | grep '\.json$')
echo "lottie-ios $commit: $kept files in $dir ($missing not in the clone)"
