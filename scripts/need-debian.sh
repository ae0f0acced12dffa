#!/usr/bin/env bash
# Install the Debian packages named as arguments that are not installed yet.
# Used by `make test` so that a fresh machine gets what the tests need
# (tmux, chromium, postgresql, redis-server). Idempotent and quiet.
set -euo pipefail
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "need-debian: missing ${missing[*]} and cannot install (not root or no apt-get)" >&2
  exit 0
fi
echo "need-debian: installing ${missing[*]}" >&2
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
