#!/usr/bin/env bash
# Install the Debian packages FIRE Path's tests need that are missing (idempotent). As root it runs
# apt-get; otherwise it names what to install and carries on (the tests that need them say so).
#   chromium    the browser of the web client's end-to-end tests (tests/web/test_e2e.py)
#   espeak-ng   synthesised speech for the voice onboarding tests (tests/voice/)
#   nginx       the reverse proxy of the multi-process deployment test (tests/deploy/), run with its own
#               configuration; the system's nginx service is not used
set -euo pipefail
packages=(chromium espeak-ng nginx)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "==> installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  if [[ " ${missing[*]} " == *" nginx "* ]] && command -v systemctl >/dev/null 2>&1; then
    # Debian starts the packaged nginx on port 80; the tests run their own, so leave the system's stopped
    systemctl disable --now nginx >/dev/null 2>&1 || true
  fi
else
  echo "warning: missing Debian packages: ${missing[*]} (as root: apt-get install -y ${missing[*]})" >&2
fi
