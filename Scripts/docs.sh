#!/usr/bin/env bash
# Writes Docs/Commands.md, the command reference, from motionsync's own help texts (`motionsync
# --help` and `motionsync help COMMAND` for every command it lists), so the page cannot say
# anything the program does not.
#   bash Scripts/docs.sh            builds motionsync (debug) and rewrites Docs/Commands.md
#   bash Scripts/docs.sh --check    changes nothing; exits 1 and shows the difference when the
#                                   page is not what the help texts give (CI runs this)
# MOTIONSYNC_BIN=PATH uses that motionsync instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
case "${1:-}" in --check) check=1 ;; "") ;; *) echo "usage: Scripts/docs.sh [--check]" >&2; exit 2 ;; esac
bin=${MOTIONSYNC_BIN:-}
if [ -z "$bin" ]; then
  swift build --product motionsync >/dev/null
  bin="$(swift build --show-bin-path)/motionsync"
fi
commands=$("$bin" --help | awk '/^COMMANDS$/ { f = 1; next } /^$/ { f = 0 } f { print $1 }')
[ -n "$commands" ] || { echo "docs.sh: $bin --help lists no commands" >&2; exit 1; }

page=$(mktemp)
trap 'rm -f "$page"' EXIT
{
  echo "# Commands"
  echo
  echo "<!-- Written by Scripts/docs.sh from the program's help texts; edit those (Sources/MotionSyncCLI), then run it. -->"
  echo
  echo "Every command's help, as \`motionsync <command> --help\` prints it. The overview is in the"
  echo "[README](../README.md); what the commands read and compute is in [the other pages](README.md)."
  echo
  for c in $commands; do echo "- [\`$c\`](#$c)"; done
  echo
  echo '```'
  "$bin" --help
  echo '```'
  for c in $commands; do
    echo
    echo "## $c"
    echo
    echo '```'
    "$bin" help "$c"
    echo '```'
  done
} > "$page"

if [ "$check" = 1 ]; then
  if ! diff -u Docs/Commands.md "$page"; then
    echo "docs.sh: Docs/Commands.md is not what the help texts say; run bash Scripts/docs.sh and commit it" >&2
    exit 1
  fi
  echo "Docs/Commands.md matches the help texts of $(echo "$commands" | wc -l) commands"
else
  cp "$page" Docs/Commands.md
  echo "wrote Docs/Commands.md ($(echo "$commands" | wc -l) commands)"
fi
