#!/usr/bin/env bash
# `npm start`: installs what is needed, then opens Packbench on the saved connection (the
# Electron app where its binary and a display exist, else browser mode with `--no-connect`
# after one line saying why). Options are passed on, e.g. `npm start -- --config-dir DIR`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node-modules.sh
ensure_node_modules
# On Node 24, the key (if any) never in its environment: scripts/console.sh.
exec bash scripts/console.sh --start "$@"
