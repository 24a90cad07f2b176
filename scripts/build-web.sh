#!/usr/bin/env bash
# Install the npm workspace (npm ci, when package-lock.json changed) and build the web client into web/dist.
# Usage: scripts/build-web.sh [--install-only]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v npm >/dev/null 2>&1 || { echo "npm (Node.js 20+) is required to build the web client" >&2; exit 1; }
stamp="node_modules/.firepath-installed"
want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "==> npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
[ "${1:-}" = "--install-only" ] && exit 0
echo "==> building web/dist"
npm run build --silent -w web
