#!/usr/bin/env bash
# `npm run demo`: installs what is needed, then starts the console against the embedded sandbox
# (the Electron app where its binary exists, else browser mode with a line saying why).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node-modules.sh
ensure_node_modules
exec node_modules/.bin/tsx scripts/console.ts "$@"
