#!/usr/bin/env bash
# Check and build the Expo app (app/): TypeScript, its jest tests, expo-doctor, the native bundles for Android and
# iOS (expo export: they build, offline) and the web export that tests/app drives in chromium (app/dist-web).
# Usage: scripts/build-app.sh [--export-only]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-web.sh --install-only
export EXPO_OFFLINE=1 EXPO_NO_TELEMETRY=1 CI=1
cd app
if [ "${1:-}" != "--export-only" ]; then
  echo "==> app: tsc"
  npx tsc --noEmit -p .
  echo "==> app: jest"
  npx jest --ci --silent
  echo "==> app: expo-doctor (its two checks that need the Expo API are reported as warnings offline)"
  EXPO_DOCTOR_WARN_ON_NETWORK_ERRORS=1 EXPO_DOCTOR_ENABLE_DIRECTORY_CHECK=0 npx expo-doctor
  echo "==> app: expo export (android, ios)"
  rm -rf dist-native
  npx expo export --platform android --platform ios --output-dir dist-native >/dev/null
  ls dist-native/_expo/static/js/android/*.hbc dist-native/_expo/static/js/ios/*.hbc
fi
echo "==> app: expo export (web) into app/dist-web"
rm -rf dist-web
npx expo export --platform web --output-dir dist-web >/dev/null
ls dist-web/index.html
