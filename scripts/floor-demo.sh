#!/usr/bin/env bash
# `npm run demo -- --floor N` (issue 29): a floor on one machine — a private PostgreSQL
# (scripts/with-postgres.sh: a temp folder, a private port, stopped at the end), one embedded
# sandbox account, and N station consoles in browser mode on that account and that floor, each
# with its own config folder ("Station 1" … "Station N"). Prints one URL per station; open each
# in its own browser tab. Ctrl-C stops them all and removes the folders.
#
# The stations reach the database over its Unix socket (local logins are trusted there, so no
# password is needed in a keychain for the demo, and TLS is off because nothing leaves the
# computer). A real floor uses Settings → Floor with a host, a user and a password.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${PACKBENCH_TEST_PG:-}" != "1" ]; then
  source scripts/ensure-node-modules.sh
  ensure_node_modules
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    source scripts/system-deps.sh
    ensure_debian_packages
  fi
  exec bash scripts/with-postgres.sh bash "$0" "$@"
fi

stations="${1:-3}"
if ! [[ "$stations" =~ ^[1-9][0-9]?$ ]]; then
  echo "usage: npm run demo -- --floor N   (N from 1 to 99 stations)" >&2
  exit 2
fi

source scripts/with-node24.sh
PATH="$(node24_bin):$PATH"
export PATH

work=$(mktemp -d /tmp/packbench-floor-demo.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$PACKBENCH_PG_BIN/psql" -q -h "$PACKBENCH_PG_SOCKET" -p "$PACKBENCH_PG_PORT" -U "$PACKBENCH_PG_USER" \
  -d postgres -c 'CREATE DATABASE packbench_floor' >/dev/null

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# One account for the whole floor: one sandbox, its key in a file only this user can read.
key="floor-demo-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$key" >"$work/api-key"
chmod 600 "$work/api-key"
sandbox_port=$(free_port)
node --import tsx sandbox/cli.ts --port "$sandbox_port" --key "$key" >"$work/sandbox.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 300); do
  grep -q "$sandbox_port" "$work/sandbox.log" 2>/dev/null && break
  sleep 0.2
done

for i in $(seq 1 "$stations"); do
  dir="$work/station-$i"
  mkdir -p "$dir"
  chmod 700 "$dir"
  # The station's name (Settings → Station) and its floor (Settings → Floor), as saved there.
  printf '{"station":{"name":"Station %s"}}\n' "$i" >"$dir/settings.json"
  printf '{"stationId":"demo-station-%s","connection":{"host":"%s","port":%s,"database":"packbench_floor","user":"%s","tls":"off"},"allowPlain":false}\n' \
    "$i" "$PACKBENCH_PG_SOCKET" "$PACKBENCH_PG_PORT" "$PACKBENCH_PG_USER" >"$dir/floor.json"
  chmod 600 "$dir/settings.json" "$dir/floor.json"
  : >"$dir/console.log"
  bash scripts/console.sh --browser --port "$(free_port)" --config-dir "$dir" \
    --api-base "http://127.0.0.1:$sandbox_port" --api-key-file "$work/api-key" >"$dir/console.log" 2>&1 &
  pids+=($!)
done

echo "A floor of $stations stations on one sandbox account (PostgreSQL on port $PACKBENCH_PG_PORT):"
for i in $(seq 1 "$stations"); do
  url=""
  for _ in $(seq 1 600); do
    url=$(sed -n 's/^Packbench console: \(http.*\)/\1/p' "$work/station-$i/console.log" | head -1 || true)
    [ -n "$url" ] && break
    if ! kill -0 "${pids[$i]}" 2>/dev/null; then break; fi
    sleep 0.2
  done
  if [ -z "$url" ]; then
    echo "Station $i did not start:" >&2
    tail -20 "$work/station-$i/console.log" >&2
    exit 1
  fi
  echo "Station $i: $url"
done
echo "Ctrl-C stops the floor."
wait
