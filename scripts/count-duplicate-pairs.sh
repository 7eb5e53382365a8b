#!/usr/bin/env bash
# Issue 15's measure: pairs of places in production files sharing six or more identical or
# same-shaped lines (tests, e2e, benchmarks, generated files, fixtures and test support, dotfiles
# and data/docs left out), counted by the tool library's `duplicates` (../.library; a developer
# tool, not run by CI). Usage: bash scripts/count-duplicate-pairs.sh [MOST=200]
# Issue 33's test measure, `bash scripts/count-duplicate-pairs.sh tests [MOST=200]`: the same
# count over the tests alone (test and spec files, e2e/, test support), so every pair it lists
# is a test↔test pair: pasted set-up that a shared helper should carry.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = tests ]; then
  shift
  keep() { grep -E '(\.test\.|\.spec\.|^e2e/|test-support|/testing/)' | grep -Ev '(\.md$|\.json$|\.ya?ml$|fixtures)'; }
else
  keep() { grep -Ev '(\.test\.|\.spec\.|^e2e/|^bench/|/generated/|\.gen\.|openapi-types|^\.|\.md$|\.json$|\.ya?ml$|fixtures|test-support|/testing/)'; }
fi
most=${1:-200}
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -co --exclude-standard |
  keep |
  while read -r f; do
    [ -f "$f" ] || continue
    mkdir -p "$copy/$(dirname "$f")"
    cp "$f" "$copy/$f"
  done
duplicates --repo "$copy" --seconds 120 --most "$most"
