#!/usr/bin/env bash
# Install what the tests need and run every check: the README's second command (and CI's).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh dev
scripts/ensure-redis.sh
scripts/install-system.sh
echo "==> web: npm ci (when the lockfile changed), build, vitest"
scripts/build-web.sh
npm run lint --silent -w web
npm run test --silent -w web
echo "==> app: tsc, jest, expo-doctor, native and web exports"
scripts/build-app.sh
echo "==> ruff"
.venv/bin/ruff check .
echo "==> mypy"
.venv/bin/mypy
echo "==> pytest"
.venv/bin/pytest "$@"
