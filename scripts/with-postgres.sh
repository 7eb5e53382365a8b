#!/usr/bin/env bash
# Runs a command beside a private, throw-away PostgreSQL cluster (the floor's database, issue
# 29), then stops it. Exits with the command's exit code.
#
#   bash scripts/with-postgres.sh npx vitest run electron/domains/floor
#
# Nothing system-wide changes: initdb in a temp folder, a free port on 127.0.0.1 only, the Unix
# socket in the temp folder, stopped (and the folder removed) in a trap. PostgreSQL refuses to
# run as root, so as root the cluster runs as the `postgres` user (shared/ENVIRONMENT.md).
#
# The cluster is like a warehouse's: TCP logins need a password (scram-sha-256) and TLS is on
# with a self-signed certificate, so the tests can check refused passwords and TLS for real.
# The command sees:
#   PACKBENCH_TEST_PG=1          a cluster is running
#   PACKBENCH_PG_HOST/PORT       127.0.0.1 and its private port
#   PACKBENCH_PG_USER            packbench (superuser; tests create their own databases)
#   PACKBENCH_PG_PASSWORD        its generated password (test-only; never a real secret)
#   PACKBENCH_PG_SOCKET          the socket folder (local logins are trusted)
#   PACKBENCH_PG_CA              the server's certificate (to verify TLS)
#   PACKBENCH_PG_LOG             the server log; every statement is logged (log_statement=all)
#                                so a test can prove the API key never reaches it
#   PACKBENCH_PG_BIN             the server's bin folder (pg_ctl, for tests that stop/start it)
#   PACKBENCH_PG_DATA            the data folder (for pg_ctl)
#   PACKBENCH_PG_RUN_AS          the user pg_ctl must run as ("" when not root)
# Needs the Debian package postgresql (scripts/system-deps.sh). Without it the command runs
# anyway and the real-PostgreSQL tests skip with the reason, or fail under
# PACKBENCH_REQUIRE_PG=1 (CI), so CI can never lose them silently.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
# A cluster already started by an outer wrapper serves this command too.
if [ "${PACKBENCH_TEST_PG:-}" = "1" ]; then
  exec "$@"
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: PostgreSQL is not installed (apt-get install postgresql); running without it" >&2
  exec "$@"
fi

run_as=""
if [ "$(id -u)" -eq 0 ]; then
  run_as="postgres"
fi
as_server_user() {
  if [ -n "$run_as" ]; then runuser -u "$run_as" -- "$@"; else "$@"; fi
}

dir=$(mktemp -d /tmp/packbench-pg.XXXXXX)
chmod 0755 "$dir"
mkdir -p "$dir/socket"
[ -n "$run_as" ] && chown -R "$run_as" "$dir"
data="$dir/data"
log="$dir/server.log"
started=""

cleanup() {
  local code=$?
  if [ -n "$started" ]; then
    as_server_user "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ "$code" -ne 0 ] && [ "${PACKBENCH_KEEP_PG:-}" = "1" ]; then
    echo "with-postgres: kept $dir (server log: $log)" >&2
  else
    rm -rf "$dir"
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A fresh password per run: it guards nothing outside this run's temp folder.
password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$password" >"$dir/pwfile"
[ -n "$run_as" ] && chown "$run_as" "$dir/pwfile"
as_server_user "$bin/initdb" -D "$data" -U packbench --pwfile="$dir/pwfile" \
  --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
rm -f "$dir/pwfile"

# TLS with a self-signed certificate for 127.0.0.1/localhost.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$data/server.key" -out "$data/server.crt" >/dev/null 2>&1
chmod 0600 "$data/server.key"
cp "$data/server.crt" "$dir/ca.crt"
[ -n "$run_as" ] && chown "$run_as" "$data/server.key" "$data/server.crt"

# A free port: ask the kernel for one, then start on it (a race with another process taking it
# in between is retried).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
for attempt in 1 2 3; do
  port=$(free_port)
  if as_server_user "$bin/pg_ctl" -D "$data" -l "$log" -w -t 30 start -o \
    "-p $port -k $dir/socket -c listen_addresses=127.0.0.1 -c ssl=on -c log_statement=all -c max_connections=200 -c fsync=off" \
    >/dev/null 2>&1; then
    started=1
    break
  fi
  echo "with-postgres: start on port $port failed (attempt $attempt)" >&2
  tail -5 "$log" >&2 || true
done
if [ -z "$started" ]; then
  echo "with-postgres: could not start PostgreSQL" >&2
  exit 1
fi
# The log must be readable by the tests (they look for the API key canary in it).
chmod 0644 "$log" 2>/dev/null || true
chmod 0755 "$dir"

export PACKBENCH_TEST_PG=1
export PACKBENCH_PG_HOST=127.0.0.1
export PACKBENCH_PG_PORT="$port"
export PACKBENCH_PG_USER=packbench
export PACKBENCH_PG_PASSWORD="$password"
export PACKBENCH_PG_SOCKET="$dir/socket"
export PACKBENCH_PG_CA="$dir/ca.crt"
export PACKBENCH_PG_LOG="$log"
export PACKBENCH_PG_BIN="$bin"
export PACKBENCH_PG_DATA="$data"
export PACKBENCH_PG_RUN_AS="$run_as"

set +e
"$@"
code=$?
set -e
exit "$code"
