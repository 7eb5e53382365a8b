#!/usr/bin/env bash
# Issue 15's measure: pairs of places in production files sharing six or more identical or
# same-shaped lines (tests, e2e, benchmarks, generated files, fixtures and test support, dotfiles
# and data/docs left out), counted by the tool library's `duplicates` (../.library; a developer
# tool, not run by CI). Usage: bash scripts/count-duplicate-pairs.sh [MOST=200]
set -euo pipefail
cd "$(dirname "$0")/.."
most=${1:-200}
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -co --exclude-standard |
  grep -Ev '(\.test\.|\.spec\.|^e2e/|^bench/|/generated/|\.gen\.|openapi-types|^\.|\.md$|\.json$|\.ya?ml$|fixtures|test-support|/testing/)' |
  while read -r f; do
    [ -f "$f" ] || continue
    mkdir -p "$copy/$(dirname "$f")"
    cp "$f" "$copy/$f"
  done
duplicates --repo "$copy" --seconds 120 --most "$most"
