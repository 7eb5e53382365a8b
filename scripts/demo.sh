#!/usr/bin/env bash
# `npm run demo`: installs what is needed, then starts the console against the embedded sandbox
# (the Electron app where its binary exists, else browser mode with a line saying why).
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm run demo -- --floor N`: N stations sharing one floor database (scripts/floor-demo.sh).
if [ "${1:-}" = "--floor" ]; then
  shift
  exec bash scripts/floor-demo.sh "$@"
fi
source scripts/ensure-node-modules.sh
ensure_node_modules
# On Node 24, the key (if any) never in its environment: scripts/console.sh.
exec bash scripts/console.sh "$@"
