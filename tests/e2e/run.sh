#!/usr/bin/env bash
# Browser tests: a fresh Merit (embedded Postgres + Redis, demo data, API + worker) on a
# spare port, then node's test runner drives Debian's Chromium through playwright-core.
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT="${MERIT_E2E_PORT:-8765}"
DATA="$(mktemp -d /tmp/merit-e2e-XXXXXX)"
LOG="$DATA/server.log"
export MERIT_DATA_DIR="$DATA" MERIT_ENV=test
unset DATABASE_URL REDIS_URL

python3 -m uv run merit dev --port "$PORT" >"$LOG" 2>&1 &
SERVER=$!
cleanup() {
  kill -INT "$SERVER" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.5; done
  kill -9 "$SERVER" 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT

for _ in $(seq 1 240); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then echo "server exited:"; cat "$LOG"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "server did not start:"; cat "$LOG"; exit 1; }

mkdir -p tests/e2e/screenshots
MERIT_E2E_URL="http://localhost:$PORT" node --test --test-concurrency=1 tests/e2e/ || {
  echo "--- server log (tail) ---"; tail -n 80 "$LOG"; exit 1;
}
