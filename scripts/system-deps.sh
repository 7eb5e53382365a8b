#!/usr/bin/env bash
# Installs the Debian packages the test suites need, once. Sourced by test-all.sh and demo.
# Add a package here when a suite starts to need it.
SYSTEM_PACKAGES=(
  # A real Secret Service for the keychain tests (scripts/with-keyring.sh).
  gnome-keyring dbus-x11 libsecret-tools
  # A real CUPS with a PDF printer for the printing tests (scripts/with-cups.sh).
  cups cups-client cups-bsd printer-driver-cups-pdf
  # Debian's Chromium for the Playwright suites (e2e/); never `npx playwright install`. The
  # suites run in its headless shell (playwright.config.ts), the benchmarks in the full
  # browser. Xvfb and xauth for suites that need a real window.
  chromium chromium-headless-shell xvfb xauth
  # Debian's PostgreSQL for the floor's tests (scripts/with-postgres.sh starts a private
  # cluster; the system's own cluster is never started or changed). openssl makes its
  # throw-away TLS certificate.
  postgresql openssl
)

ensure_debian_packages() {
  local missing=()
  for pkg in "${SYSTEM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing system packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
