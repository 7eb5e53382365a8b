#!/usr/bin/env bash
# `npm run console` (and `npm run demo` and `npm start` after their install step): the console
# (scripts/console.ts) on Node 24, started with `exec`, so the process npm started becomes the
# console and no wrapper stays behind to orphan it or to forward signals.
#
# The key never enters the console's environment. `--api-key-file PATH` and `--api-key-stdin`
# are the ways to give it without a keychain. PACKBENCH_API_KEY is still understood, for
# scripts written before them: this launcher reads it, removes it from the environment the
# console is started with, and hands it over on the console's standard input with
# `--api-key-stdin` (a here-string: bash 5.1+ writes it into a pipe). Removing a variable
# from a running process's environment does not clear /proc/PID/environ; a process started
# without it never had it there, nor do its children.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/with-node24.sh
PATH="$(node24_bin):$PATH"
export PATH

key="${PACKBENCH_API_KEY:-}"
unset PACKBENCH_API_KEY

# The variable is for --api-base (the embedded sandbox has its own key), and a key given as an
# option wins over it.
hand_over=0
if [ -n "$key" ]; then
  for arg in "$@"; do
    case "$arg" in
      --api-key-file | --api-key-file=* | --api-key-stdin) hand_over=0 && break ;;
      --api-base | --api-base=*) hand_over=1 ;;
    esac
  done
fi

# The console's own environment is named variables only, like its children's
# (electron/kernel/child-env.ts, whose list child-env.test.ts checks is kept here): what tsx's
# esbuild service and anything else a library starts inherit from it. Plus the console's own
# settings (PACKBENCH_*, ELECTRON_*) and the certificates a company's API may need.
console_env=()
for name in $(compgen -e); do
  case "$name" in
    PATH | HOME | USER | LOGNAME | SHELL | LANG | LANGUAGE | TZ | TMPDIR | TMP | TEMP | \
      CUPS_SERVER | CUPS_USER | CUPS_ENCRYPTION | DISPLAY | WAYLAND_DISPLAY | XAUTHORITY | \
      XDG_RUNTIME_DIR | XDG_CONFIG_HOME | XDG_DATA_HOME | XDG_CACHE_HOME | XDG_SESSION_TYPE | \
      DBUS_SESSION_BUS_ADDRESS | NODE_ENV | PACKBENCH_TEST_RUN | LC_* | \
      PACKBENCH_* | ELECTRON_* | XDG_* | GTK_* | GDK_* | DESKTOP_SESSION | TERM | NO_COLOR | FORCE_COLOR | \
      NODE_EXTRA_CA_CERTS | SSL_CERT_FILE | SSL_CERT_DIR)
      console_env+=("$name=${!name}")
      ;;
  esac
done

if [ "$hand_over" = 1 ]; then
  exec env -i "${console_env[@]}" node --import tsx scripts/console.ts "$@" --api-key-stdin <<<"$key"
fi
unset key
exec env -i "${console_env[@]}" node --import tsx scripts/console.ts "$@"
