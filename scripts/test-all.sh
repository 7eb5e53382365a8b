#!/usr/bin/env bash
# The whole test run, as CI runs it (`npm test`): installs what the suites need, then runs
# every suite and ends with one line "N passed, M failed[, K skipped]".
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure-node-modules.sh
ensure_node_modules

# System packages the suites use (the keyring now; browsers and CUPS join here with the
# suites that need them).
source scripts/system-deps.sh
ensure_debian_packages

# Every suite runs inside a private D-Bus session with a fresh, unlocked GNOME Keyring, so the
# keychain tests use a real Secret Service. PACKBENCH_REQUIRE_KEYRING makes those tests fail,
# not skip, if the keyring is missing anyway: CI can never skip them silently.
export PACKBENCH_REQUIRE_KEYRING=1
# Inside that, a private CUPS scheduler with a PDF printer and a raw label queue (nothing
# system-wide changes); PACKBENCH_REQUIRE_CUPS makes the real-CUPS tests fail, not skip, without it.
export PACKBENCH_REQUIRE_CUPS=1
# Innermost, a private PostgreSQL cluster (the floor's database, issue 29: initdb in a temp
# folder, a private port, TLS and passwords on, stopped at the end); PACKBENCH_REQUIRE_PG makes
# the real-PostgreSQL tests fail, not skip, without it.
export PACKBENCH_REQUIRE_PG=1
exec bash scripts/with-keyring.sh bash scripts/with-cups.sh bash scripts/with-postgres.sh \
  node_modules/.bin/tsx scripts/run-tests.ts "$@"
