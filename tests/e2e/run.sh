#!/usr/bin/env bash
# Browser tests: a fresh Merit (embedded Postgres + Redis, demo data, API + worker) on a
# spare port, then node's test runner drives Debian's Chromium through playwright-core.
# Besides the server: a local SMTP server (aiosmtpd) that writes every mail to a Maildir the
# tests read (forgot password), and a local platform admin for the super-admin tests.
set -euo pipefail
cd "$(dirname "$0")/../.."

# MERIT_E2E_PORT picks the port, MERIT_E2E_FILES the test files (default: all of them).
PORT="${MERIT_E2E_PORT:-8765}"
[ -f web/dist/index.html ] || { echo "web/dist is missing: run npm run build first"; exit 1; }
DATA="$(mktemp -d /tmp/merit-e2e-XXXXXX)"
LOG="$DATA/server.log"
export MERIT_DATA_DIR="$DATA" MERIT_ENV=test MERIT_WORKER_METRICS_PORT=0
unset DATABASE_URL REDIS_URL

# Serve a copy of the built web, so a rebuild of web/dist during the run changes nothing.
cp -r web/dist "$DATA/web"
export MERIT_WEB_DIST="$DATA/web"

SMTP_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export SMTP_HOST=127.0.0.1 SMTP_PORT MERIT_E2E_MAILDIR="$DATA/maildir"
export MERIT_E2E_PLATFORM_EMAIL=platform-admin@example.com MERIT_E2E_PLATFORM_PASSWORD=Platform2026x
python3 -m uv run python -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" -c aiosmtpd.handlers.Mailbox "$MERIT_E2E_MAILDIR" \
  >"$DATA/smtp.log" 2>&1 &
SMTP=$!

python3 -m uv run merit dev --port "$PORT" >"$LOG" 2>&1 &
SERVER=$!
cleanup() {
  kill "$SMTP" 2>/dev/null || true
  kill -INT "$SERVER" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.5; done
  kill -9 "$SERVER" 2>/dev/null || true
  [ -n "${MERIT_E2E_KEEP:-}" ] && cp "$LOG" "$MERIT_E2E_KEEP" || true; rm -rf "$DATA"
}
trap cleanup EXIT

for _ in $(seq 1 240); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then echo "server exited:"; cat "$LOG"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "server did not start:"; cat "$LOG"; exit 1; }
# (after the server is up, so it attaches to the running Postgres instead of starting its own)
python3 -m uv run merit platform-admin create \
  --email "$MERIT_E2E_PLATFORM_EMAIL" --password "$MERIT_E2E_PLATFORM_PASSWORD" >>"$LOG" 2>&1

mkdir -p tests/e2e/screenshots
rm -f tests/e2e/screenshots/axe-report.json  # every axe finding of this run (lib/axe.mjs)
export MERIT_E2E_URL="http://localhost:$PORT"
# One file at a time. A file that fails is run once more against the same server: a failure
# that does not come back is reported loudly (with the first run's errors above it), but does
# not fail the run; one that fails twice does.
FILES=(${MERIT_E2E_FILES:-tests/e2e/*.test.mjs})
failed=()
for file in "${FILES[@]}"; do
  node --test --test-concurrency=1 "$file" || failed+=("$file")
done
for file in "${failed[@]}"; do
  echo "=== $file failed; running it once more ==="
  if node --test --test-concurrency=1 "$file"; then
    echo "=== FLAKY: $file failed once, then passed (see its first run's errors above) ==="
  else
    echo "--- server log (tail) ---"; tail -n 80 "$LOG"; exit 1
  fi
done
