#!/usr/bin/env bash
# The whole test run, as CI runs it (`npm test`): installs what the suites need, then runs
# every suite and ends with one line "N passed, M failed[, K skipped]".
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure-node-modules.sh
ensure_node_modules

# System packages the suites use (none yet for the sandbox; browsers, CUPS and the keyring
# join here with the suites that need them).
source scripts/system-deps.sh
ensure_debian_packages

exec node_modules/.bin/tsx scripts/run-tests.ts "$@"
