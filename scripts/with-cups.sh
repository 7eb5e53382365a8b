#!/usr/bin/env bash
# Runs a command with a private, throw-away CUPS scheduler that has two printers (see
# shared/ENVIRONMENT.md, "Printing (CUPS)"), then stops it. Exits with the command's exit code.
#
#   bash scripts/with-cups.sh npx vitest run electron/domains/printing/system
#
# - Packbench-PDF    CUPS-PDF; each job lands as a PDF in $PACKBENCH_CUPS_PDF_DIR.
# - Packbench-Zebra  raw queue on socket://127.0.0.1:9100 (the command runs the listener).
#
# Nothing system-wide changes: the scheduler has its own ServerRoot, spool, logs and a Unix
# socket in a temp folder, and the command sees CUPS_SERVER pointing at that socket, so lp and
# lpstat talk to it and never to the machine's own cupsd (which may or may not be running).
# CUPS-PDF reads its settings only from the fixed path /etc/cups/cups-pdf.conf, so the private
# scheduler runs in its own mount namespace with our cups-pdf.conf bind-mounted over that path.
# Where namespaces are not allowed (unprivileged containers) it falls back to a per-instance
# file /etc/cups/cups-pdf-<unique>.conf (CUPS-PDF's documented multi-instance lookup for the
# URI cups-pdf:/<unique>), removed again on exit.
#
# The command also sees PACKBENCH_TEST_CUPS=1, PACKBENCH_CUPS_DIR (the temp folder, with logs
# in log/), PACKBENCH_CUPS_PDF_DIR and PACKBENCH_CUPSD_PID (the current tests never stop the
# scheduler: other test files may be printing through it). PACKBENCH_KEEP_CUPS=1 keeps the temp
# folder (logs) after a failed run; PACKBENCH_CUPS_NO_NAMESPACE=1 forces the fallback. Needs root
# (cupsd, and CUPS runs the CUPS-PDF backend as root) and the Debian packages
# cups cups-client cups-bsd printer-driver-cups-pdf.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
# Without the tools or root there is no CUPS to offer: run the command anyway, so a developer's
# `npm test` still works. The real-CUPS tests then skip with the reason, or fail under
# PACKBENCH_REQUIRE_CUPS=1 (CI), so CI can never lose them silently.
for tool in /usr/sbin/cupsd lpadmin lpstat lp /usr/lib/cups/backend/cups-pdf; do
  if ! [ -e "$tool" ] && ! command -v "$tool" >/dev/null; then
    echo "with-cups: $tool is missing; install cups cups-client cups-bsd printer-driver-cups-pdf" >&2
    without_cups_reason="$tool is missing"
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  without_cups_reason="not root (cupsd runs the CUPS-PDF backend as root)"
fi
if [ -n "${without_cups_reason:-}" ]; then
  echo "with-cups: $without_cups_reason; running without CUPS" >&2
  exec "$@"
fi
ppd=/usr/share/ppd/cups-pdf/CUPS-PDF_noopt.ppd
[ -f "$ppd" ] || ppd=$(find /usr/share/ppd -name 'CUPS-PDF_noopt.ppd' -print -quit)

dir=$(mktemp -d /tmp/packbench-cups.XXXXXX)
# Filters run as the unprivileged user lp: they must be able to walk into the folder.
chmod 0755 "$dir"
mkdir -p "$dir"/{etc/ppd,etc/ssl,spool/tmp,cache,state,log,pdf,pdf-spool}
chmod 0777 "$dir/pdf"
cupsd_pid=""
instance_conf=""

cleanup() {
  if [ -n "$cupsd_pid" ] && kill -0 "$cupsd_pid" 2>/dev/null; then
    kill "$cupsd_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$cupsd_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$cupsd_pid" 2>/dev/null || true
  fi
  [ -n "$instance_conf" ] && rm -f "$instance_conf"
  # Keep the logs for a failed run when asked to (PACKBENCH_KEEP_CUPS=1).
  if [ "${PACKBENCH_KEEP_CUPS:-}" = "1" ]; then
    echo "with-cups: kept $dir" >&2
  else
    rm -rf "$dir"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cat >"$dir/etc/cups-files.conf" <<CONF
ServerRoot $dir/etc
RequestRoot $dir/spool
TempDir $dir/spool/tmp
CacheDir $dir/cache
StateDir $dir/state
ServerBin /usr/lib/cups
DataDir /usr/share/cups
AccessLog $dir/log/access_log
ErrorLog $dir/log/error_log
PageLog $dir/log/page_log
User lp
Group lp
SystemGroup root
FileDevice No
CONF

# Only a Unix socket: no TCP port that could clash with the machine's cupsd or be reachable.
cat >"$dir/etc/cupsd.conf" <<CONF
Listen $dir/cups.sock
LogLevel info
Browsing No
WebInterface No
DefaultShared No
JobRetryInterval 5
<Location />
  Order allow,deny
  Allow all
</Location>
<Policy default>
  <Limit All>
    Order deny,allow
  </Limit>
</Policy>
CONF
cp /etc/cups/raw.types /etc/cups/raw.convs "$dir/etc/" 2>/dev/null || true

# CUPS-PDF settings: output into our folder, no per-user subfolders, own spool.
cat >"$dir/cups-pdf.conf" <<CONF
Out $dir/pdf
AnonDirName $dir/pdf
Spool $dir/pdf-spool
Label 1
Grp root
CONF

pdf_uri="cups-pdf:/"
start_cupsd() {
  # PACKBENCH_CUPS_NO_NAMESPACE=1 forces the fallback, to test it where namespaces work.
  if [ "${PACKBENCH_CUPS_NO_NAMESPACE:-}" != "1" ] && unshare --mount --propagation private true 2>/dev/null; then
    unshare --mount --propagation private sh -c \
      'mount --bind "$1/cups-pdf.conf" /etc/cups/cups-pdf.conf && exec /usr/sbin/cupsd -f -c "$1/etc/cupsd.conf" -s "$1/etc/cups-files.conf"' \
      sh "$dir" &
  else
    local name="packbench-$$"
    instance_conf="/etc/cups/cups-pdf-$name.conf"
    cp "$dir/cups-pdf.conf" "$instance_conf"
    pdf_uri="cups-pdf:/$name"
    /usr/sbin/cupsd -f -c "$dir/etc/cupsd.conf" -s "$dir/etc/cups-files.conf" &
  fi
  cupsd_pid=$!
}
start_cupsd

export CUPS_SERVER="$dir/cups.sock"
ready=0
for _ in $(seq 1 100); do
  if LANG=C lpstat -r 2>/dev/null | grep -q 'scheduler is running'; then ready=1; break; fi
  kill -0 "$cupsd_pid" 2>/dev/null || break
  sleep 0.05
done
if [ "$ready" != 1 ]; then
  echo "with-cups: private cupsd did not start; its log:" >&2
  cat "$dir/log/error_log" >&2 2>/dev/null || true
  exit 1
fi

lpadmin -p Packbench-PDF -E -v "$pdf_uri" -P "$ppd" -D "Packbench test PDF printer"
# No model: a raw queue, the bytes go to the printer unchanged (as to a networked Zebra).
lpadmin -p Packbench-Zebra -E -v socket://127.0.0.1:9100 -D "Packbench test raw label printer" 2>/dev/null
lpadmin -d Packbench-PDF

export PACKBENCH_TEST_CUPS=1 PACKBENCH_CUPS_DIR="$dir" PACKBENCH_CUPS_PDF_DIR="$dir/pdf"
export PACKBENCH_CUPSD_PID="$cupsd_pid"
set +e
"$@"
status=$?
set -e
exit "$status"
