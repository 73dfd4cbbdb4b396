#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service (gnome-keyring) on a private D-Bus session,
# so keytar talks to an actual keychain in tests and CI without touching the user's own keyring.
# Usage: bash scripts/with-keyring.sh <command> [args...]
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [ -z "${FICA_KEYRING_INNER:-}" ]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$0: $tool is missing (Debian/Ubuntu: apt-get install dbus gnome-keyring)" >&2
      exit 127
    fi
  done
  # Throwaway home: gnome-keyring writes its keyring files under XDG_DATA_HOME, never the real one.
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/fica-keyring.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/home" "$tmp/data" "$tmp/runtime" "$tmp/config" "$tmp/cache"
  chmod 700 "$tmp/runtime"
  # Not exec: the trap must run after the session ends to remove the temporary keyring.
  HOME="$tmp/home" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime" \
    XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache" FICA_KEYRING_INNER=1 \
    dbus-run-session -- bash "$0" "$@"
  exit $?
fi

# Inside the D-Bus session: --unlock reads the password on stdin and creates (or unlocks) the
# "login" keyring, which becomes the default collection libsecret stores into.
# It prints GNOME_KEYRING_CONTROL=… (only when XDG_RUNTIME_DIR is unset); export whatever it prints.
keyring_env="$(printf 'test' | gnome-keyring-daemon --unlock --components=secrets --daemonize)"
while IFS= read -r line; do
  if [ -n "$line" ]; then export "${line?}"; fi
done <<<"$keyring_env"
export FICA_KEYRING=1
exec "$@"
