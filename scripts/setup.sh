#!/usr/bin/env bash
# From a fresh machine to FICA Desk in one command.
#   bash scripts/setup.sh start   system packages, npm packages, build, then the app on the embedded
#                                 training sandbox (npm run start:web); extra arguments go to it
#   bash scripts/setup.sh test    system packages (with the test tools), npm packages, npm test
# On Debian/Ubuntu it installs the system packages itself with apt-get (as root, or through sudo),
# saying what each is for; elsewhere it lists what to install and stops if something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-}"
case "$mode" in
  start | test) shift ;;
  -h | --help)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "usage: bash scripts/setup.sh start|test [app options]  (bash scripts/setup.sh --help)" >&2
    exit 2
    ;;
esac

export ELECTRON_SKIP_BINARY_DOWNLOAD=1

# Node 20.19, 22.12 or 24 (engines in package.json); the code uses nothing newer than 20.19 has.
if ! command -v node >/dev/null 2>&1 || ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "FICA Desk needs Node.js 20.19, 22 or 24 with npm (https://nodejs.org/ or your package manager)." >&2
  exit 1
fi
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit((a===20&&b>=19)||(a===22&&b>=12)||a===24?0:1)'; then
  echo "Note: FICA Desk is tested on Node.js 20.19, 22 and 24; this is $(node --version)." >&2
fi

# What each system package is for. keytar (the OS keychain) and better-sqlite3 are native modules
# that npm builds from source when no prebuilt binary can be fetched.
declare -A why=(
  [build-essential]="C/C++ compiler and make, to build keytar and better-sqlite3"
  [python3]="node-gyp, to build the native modules"
  [pkg-config]="finds libsecret when keytar is built"
  [libsecret-1-dev]="libsecret, the Secret Service client keytar uses for the OS keychain"
  [chromium]="the browser the end-to-end tests drive (Playwright)"
  [gnome-keyring]="a real Secret Service for the keychain tests"
  [dbus]="the D-Bus session the keychain tests run in"
  [dbus-user-session]="the D-Bus user session tools"
  [poppler-utils]="pdftotext, which the report tests read PDFs with"
  [sane-utils]="scanimage, through which the app scans from the branch's scanners (SANE)"
  [libsane1]="SANE's scanner back-ends, including the test scanner the scanning tests use"
)
packages=(build-essential python3 pkg-config libsecret-1-dev sane-utils libsane1)
if [ "$mode" = test ]; then packages+=(chromium gnome-keyring dbus dbus-user-session poppler-utils); fi

if command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; then
  need=()
  for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
  done
  if [ "${#need[@]}" -gt 0 ]; then
    echo "== system packages (apt-get install):"
    for pkg in "${need[@]}"; do echo "   $pkg: ${why[$pkg]}"; done
    sudo=()
    if [ "$(id -u)" -ne 0 ]; then
      if ! command -v sudo >/dev/null 2>&1; then
        echo "Run this as root, or install sudo, to install: ${need[*]}" >&2
        exit 1
      fi
      sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
else
  cat >&2 <<'TEXT'
== system packages: not a Debian/Ubuntu machine, so nothing is installed for you. You need:
   a C/C++ toolchain, make and Python 3 (node-gyp builds keytar and better-sqlite3);
   Linux: pkg-config and libsecret development files (Fedora: libsecret-devel; Arch: libsecret);
   macOS: Xcode Command Line Tools (xcode-select --install); Windows: Visual Studio Build Tools
   with "Desktop development with C++" and Python 3.
   For the tests also: Chromium at /usr/bin/chromium, gnome-keyring and dbus (dbus-run-session),
   and poppler's pdftotext.
   Scanning: SANE's scanimage and back-ends (macOS: brew install sane-backends).
TEXT
  if [ "$(uname -s)" = Linux ] && ! pkg-config --exists libsecret-1 2>/dev/null; then
    echo "libsecret-1 was not found by pkg-config; install it first." >&2
    exit 1
  fi
fi

echo "== npm packages (npm ci)"
npm ci --no-audit --no-fund

if [ "$mode" = test ]; then
  echo "== npm test"
  exec npm test
fi

echo "== build and start"
# `start -- --port 0` and `start --port 0` mean the same: the separator is npm's habit, not ours.
if [ "${1:-}" = "--" ]; then shift; fi
args=("$@")
# No desktop session (server, container, SSH): no Secret Service to keep secrets in. The training
# sandbox then runs on the development keychain, a plain file in the data folder, and says so.
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] \
  && [[ " ${args[*]-} " != *" --dev-keychain "* ]]; then
  echo "No desktop session (no D-Bus session bus, no display), so no OS keychain: starting the training"
  echo "sandbox with the INSECURE development keychain (--dev-keychain). Test and live need the OS keychain."
  args+=(--dev-keychain)
fi
exec npm run start:web -- "${args[@]}"
