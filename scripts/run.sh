#!/usr/bin/env bash
# Install FIRE Path and serve it on the embedded PostgreSQL: the README's first command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
if [ -f web/package.json ] && command -v npm >/dev/null 2>&1 && [ -x scripts/build-web.sh ]; then
  scripts/build-web.sh
fi
exec .venv/bin/firepath serve "$@"
