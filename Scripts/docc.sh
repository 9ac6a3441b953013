#!/usr/bin/env bash
# API documentation of the public libraries (MotionPipeline, MotionRender, MotionCodegen) with the toolchain's
# own tools, offline: swift-symbolgraph-extract reads the modules `swift build` made, then
# `docc convert --warnings-as-errors` builds each catalog (Sources/<Lib>/<Lib>.docc). Any DocC
# warning (a broken ``Symbol`` link, an unknown topic) fails. Output: .build/docs/<Lib>.doccarchive.
# Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
host=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/host
out=.build/docs
rm -rf "$out"
mkdir -p "$out"
for lib in MotionPipeline MotionRender MotionCodegen; do
  graphs="$out/symbol-graphs/$lib"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$lib" -I "$bin/Modules" -I "$host" \
    -I Sources/CMotionMath/include -I Sources/CSHA256/include -I Sources/CSQLite \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public -output-dir "$graphs"
  docc convert "Sources/$lib/$lib.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$lib" --fallback-bundle-identifier "org.motionsync.$lib" \
    --output-path "$out/$lib.doccarchive" --warnings-as-errors 2>&1 | tee "$out/$lib.log"
  if grep -q "warning:" "$out/$lib.log"; then
    echo "docc printed warnings for $lib" >&2
    exit 1
  fi
done
echo "docs: $(ls -d "$out"/*.doccarchive | tr '\n' ' ')"
