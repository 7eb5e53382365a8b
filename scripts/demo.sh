#!/usr/bin/env bash
# `npm run demo`: installs what is needed, then starts Packbench against the embedded sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node-modules.sh
ensure_node_modules
exec node_modules/.bin/tsx scripts/demo.ts "$@"
