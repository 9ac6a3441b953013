#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the checked-in .swift-format
# (4-space indent, 150 columns; rules that would rename declarations are off). Test inputs are
# left as they are: Fixtures/ and Golden/ folders hold Swift files tests read byte for byte.
#   bash Scripts/format.sh            formats Sources, Tests, Plugins, Fuzz and Package.swift in place
#   bash Scripts/format.sh --lint     changes nothing; lists what the formatter would change and
#                                     exits 1 if anything (CI runs this on Sources and Tests)
#   bash Scripts/format.sh [--lint] PATH…   only those files or folders
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift-format >/dev/null || { echo "format.sh: no swift-format on PATH (it ships with Swift 6 toolchains)" >&2; exit 2; }
mode=format
if [ "${1:-}" = "--lint" ]; then mode=lint; shift; fi
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(Sources Tests Plugins Fuzz Package.swift)
for p in "${paths[@]}"; do [ -e "$p" ] || { echo "format.sh: no such file or folder: $p" >&2; exit 2; }; done
files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(find "${paths[@]}" -name '*.swift' -type f -not -path '*/Fixtures/*' -not -path '*/Golden/*' -not -path '*/.build/*' -print0 | sort -z)
[ ${#files[@]} -gt 0 ] || { echo "format.sh: no Swift files in ${paths[*]}" >&2; exit 2; }
if [ "$mode" = lint ]; then
  swift-format lint --strict --parallel --configuration .swift-format "${files[@]}"
else
  swift-format format --in-place --parallel --configuration .swift-format "${files[@]}"
fi
