#!/usr/bin/env bash
# Make sure a Redis answers on 127.0.0.1:6379 for the Celery tests: use the running one, else start one
# (installing Debian's redis-server first when it is missing and we may).
set -euo pipefail
port="${REDIS_PORT:-6379}"
ping() { (exec 3<>/dev/tcp/127.0.0.1/"$port" && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null; }
ping && exit 0
if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> installing redis-server"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "Redis is not running on 127.0.0.1:$port and redis-server is not installed (apt-get install redis-server)" >&2
    exit 1
  fi
fi
echo "==> starting redis-server on 127.0.0.1:$port"
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
  --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/firepath-test-redis.log"
for _ in $(seq 50); do ping && exit 0; sleep 0.1; done
echo "redis-server did not answer on 127.0.0.1:$port" >&2
exit 1
