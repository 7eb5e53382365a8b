#!/usr/bin/env bash
# Installs exactly the locked Node packages when they are missing or older than the lock file.
ensure_node_modules() {
  if [ ! -x node_modules/.bin/tsx ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}
