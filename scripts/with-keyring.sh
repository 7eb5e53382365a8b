#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked GNOME Keyring, so tests
# use a real Secret Service without touching anyone's own keyring (see shared/ENVIRONMENT.md,
# "OS keychain"). Exits with the command's exit code, and leaves no process behind.
#
#   bash scripts/with-keyring.sh npx vitest run electron/kernel/settings
#
# The command sees PACKBENCH_TEST_KEYRING=1: keychain tests run only under it, so a plain
# `npx vitest` on a desktop never writes test entries into the developer's real keyring.
# dbus-daemon may print "Failed to set fd limit" when run as root in a container: harmless.
#
# The keyring daemon is supervised: it once crashed mid-run (glib trap, "trap int3 in
# libglib-2.0"), D-Bus activated a fresh daemon on the same folder whose keyring was locked and
# could only ask for the password in a prompt CI has no screen for, and every later keychain
# test failed. Now the bus activates nothing (scripts/keyring-session.conf) and a daemon that
# ends unasked is started again at once, unlocked with the same password on the same folders
# and bus, with one line on stderr (scripts/with-keyring.test.ts kills it to check).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

if [ "$1" != "--inside-session" ]; then
  for tool in dbus-run-session gnome-keyring-daemon dbus-send; do
    if ! command -v "$tool" >/dev/null; then
      echo "with-keyring: $tool is missing; install gnome-keyring dbus-x11 libsecret-tools" >&2
      exit 127
    fi
  done
  # Fresh folders each run: reusing a keyring folder with another password fails ("unlock prompt
  # was dismissed"). The restarted daemon reuses them, with the same password.
  data_home=$(mktemp -d)
  runtime_dir=$(mktemp -d)
  trap 'rm -rf "$data_home" "$runtime_dir"' EXIT
  export XDG_DATA_HOME="$data_home" XDG_RUNTIME_DIR="$runtime_dir"
  bus_config="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/keyring-session.conf"
  set +e
  dbus-run-session --config-file="$bus_config" -- bash "$0" --inside-session "$@"
  status=$?
  set -e
  exit "$status"
fi

# Inside the private session bus.
shift
# An outer session's daemon (this script run inside itself, as with-keyring.test.ts does) must
# never be found through its control socket and unlocked or replaced: ours is the default one,
# $XDG_RUNTIME_DIR/keyring, and clients find the Secret Service on the bus, so nothing is exported.
unset GNOME_KEYRING_CONTROL

KEYRING_PASSWORD=pw
# A daemon that cannot live (the bus gone, a crash at every start) is not restarted forever.
MAX_RESTARTS=10

# In the foreground (it stays our child, so `wait` sees it end), reading the password on stdin.
# Its stdout is dropped: after --replace it prints GNOME_KEYRING_CONTROL=, which no client needs
# and which would land in the wrapped command's output. Its stderr (what it says before a crash)
# goes to ours through fd 3.
start_daemon() {
  printf %s "$KEYRING_PASSWORD" |
    gnome-keyring-daemon --foreground "$@" --unlock --components=secrets >/dev/null 2>&3 &
}

bus_answers() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.GetId >/dev/null 2>&1
}

# Keeps one daemon running until it gets SIGTERM; then ends the daemon and waits for it.
supervise() {
  local daemon_pid='' status restarts=0 stopping=0
  # The trap may run between a start and `daemon_pid=$!`: the loop's check ends that daemon.
  trap 'stopping=1; kill -TERM "$daemon_pid" 2>/dev/null || true' TERM
  start_daemon
  daemon_pid=$!
  while [ "$stopping" -eq 0 ]; do
    status=0
    wait "$daemon_pid" || status=$? # a TERM for us interrupts this wait
    [ "$stopping" -eq 0 ] || break
    # This shell killed (SIGKILL) or the bus gone with it: a daemon started now would find no bus
    # and stay running, unowned, for good.
    if ! kill -0 "$$" 2>/dev/null || ! bus_answers; then return 0; fi
    if [ "$restarts" -ge "$MAX_RESTARTS" ]; then
      echo "with-keyring: gnome-keyring-daemon ended (status $status) after $restarts restarts; not restarting it again" >&3
      return 0
    fi
    restarts=$((restarts + 1))
    start_daemon --replace
    daemon_pid=$!
    echo "with-keyring: gnome-keyring-daemon ended unasked (status $status); restarted it unlocked as pid $daemon_pid (restart $restarts of at most $MAX_RESTARTS)" >&3
  done
  kill -TERM "$daemon_pid" 2>/dev/null || true
  wait "$daemon_pid" 2>/dev/null || true
}

# Our stderr as fd 3 for the daemon and the log line; the subshell's own stderr, where bash
# reports a killed job ("Killed | gnome-keyring-daemon …") beside our line, is dropped.
supervise 3>&2 >/dev/null 2>/dev/null &
supervisor_pid=$!
stop_supervisor() {
  kill -TERM "$supervisor_pid" 2>/dev/null || true
  wait "$supervisor_pid" 2>/dev/null || true
}
# Also on a signal to this shell (after the command in the foreground has ended: bash waits).
trap stop_supervisor EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# The daemon owns org.freedesktop.secrets a moment after it starts; a client asking in between
# would be told the name has no owner. Wait for the name (a few ms, 5 s at most).
for _ in $(seq 1 100); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
    grep -q 'boolean true'; then
    break
  fi
  sleep 0.05
done

export PACKBENCH_TEST_KEYRING=1
# Not `exec`: the supervisor and its daemon are stopped once the command ends.
status=0
"$@" || status=$?
exit "$status"
