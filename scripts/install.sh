#!/usr/bin/env bash
# Install FIRE Path's Python environment into .venv/ (idempotent: skipped when nothing changed).
# Usage: scripts/install.sh [dev]
set -euo pipefail
cd "$(dirname "$0")/.."

extras="${1:-}"
python="${PYTHON:-}"
if [ -z "$python" ]; then
  for candidate in python3.11 python3.12 python3; do
    if command -v "$candidate" >/dev/null 2>&1; then python="$candidate"; break; fi
  done
fi
[ -n "$python" ] || { echo "Python 3.11 or 3.12 is required" >&2; exit 1; }

if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv with $python"
  "$python" -m venv .venv || {
    echo "could not create a virtual environment; on Debian: apt-get install python3-venv" >&2; exit 1; }
fi

spec="."
[ "$extras" = "dev" ] && spec=".[dev]"
stamp=".venv/.firepath-installed"
want="$(cat pyproject.toml | sha256sum | cut -d' ' -f1) $spec"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "==> installing Python packages ($spec)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip 2>&1 | grep -v "is ignored" || true
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec" 2>&1 | grep -v "is ignored" || true
  .venv/bin/python -c "import api, fastapi, pgserver, celery" # fail loudly if the install did not work
  echo "$want" > "$stamp"
fi
echo "==> the plan engine's compiled kernels (numba caches them on disk: slow once, about two seconds after)"
.venv/bin/python -c "from api.planning.household import compile_kernels; compile_kernels()"

# The npm workspace of the web client (web/, packages/shared) when Node.js is present.
if [ -f package-lock.json ] && command -v npm >/dev/null 2>&1; then
  scripts/build-web.sh --install-only
fi
