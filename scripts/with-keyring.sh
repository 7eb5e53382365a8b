#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked GNOME Keyring, so tests
# use a real Secret Service without touching anyone's own keyring (see shared/ENVIRONMENT.md,
# "OS keychain"). Exits with the command's exit code.
#
#   bash scripts/with-keyring.sh npx vitest run electron/kernel/settings
#
# The command sees PACKBENCH_TEST_KEYRING=1: keychain tests run only under it, so a plain
# `npx vitest` on a desktop never writes test entries into the developer's real keyring.
# dbus-daemon may print "Failed to set fd limit" when run as root in a container: harmless.
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
  # was dismissed"). Made before the bus starts so that anything D-Bus activates uses them too,
  # never the real ~/.local/share/keyrings.
  data_home=$(mktemp -d)
  runtime_dir=$(mktemp -d)
  trap 'rm -rf "$data_home" "$runtime_dir"' EXIT
  export XDG_DATA_HOME="$data_home" XDG_RUNTIME_DIR="$runtime_dir"
  set +e
  dbus-run-session -- bash "$0" --inside-session "$@"
  status=$?
  set -e
  exit "$status"
fi

# Inside the private session bus. The daemon stops by itself when the bus goes away.
shift
# It may print NAME=value lines (GNOME_KEYRING_CONTROL, …) for its clients: export them.
daemon_env=$(printf %s pw | gnome-keyring-daemon --unlock --components=secrets)
while IFS= read -r line; do
  if [[ "$line" =~ ^[A-Z_][A-Z0-9_]*= ]]; then export "${line?}"; fi
done <<<"$daemon_env"

# --unlock returns before the daemon owns org.freedesktop.secrets; a client asking in between
# would make D-Bus activate a second daemon. Wait for the name (a few ms, 5 s at most).
for _ in $(seq 1 100); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
    grep -q 'boolean true'; then
    break
  fi
  sleep 0.05
done

export PACKBENCH_TEST_KEYRING=1
exec "$@"
