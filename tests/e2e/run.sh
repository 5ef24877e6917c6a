#!/usr/bin/env bash
# Browser tests: a fresh Merit (embedded Postgres + Redis, demo data, API + worker) on a
# port the system picks, then node's test runner drives Debian's Chromium through playwright-core.
# Besides the server: a local SMTP server (aiosmtpd) that writes every mail to a Maildir the
# tests read (forgot password), and a local platform admin for the super-admin tests.
set -euo pipefail
cd "$(dirname "$0")/../.."

# MERIT_E2E_PORT picks the port (default: any free one, which the server names in its log),
# MERIT_E2E_FILES the test files (default: all of them).
PORT="${MERIT_E2E_PORT:-0}"
[ -f web/dist/index.html ] || { echo "web/dist is missing: run npm run build first"; exit 1; }
DATA="$(mktemp -d /tmp/merit-e2e-XXXXXX)"
LOG="$DATA/server.log"
export MERIT_DATA_DIR="$DATA" MERIT_ENV=test MERIT_WORKER_METRICS_PORT=0
unset DATABASE_URL REDIS_URL

# Serve a copy of the built web, so a rebuild of web/dist during the run changes nothing.
cp -r web/dist "$DATA/web"
export MERIT_WEB_DIST="$DATA/web"

export MERIT_E2E_MAILDIR="$DATA/maildir"
export MERIT_E2E_PLATFORM_EMAIL=platform-admin@example.com MERIT_E2E_PLATFORM_PASSWORD=Platform2026x
# Both servers bind a port the system picks and keep it (no port is chosen, released and then
# taken again, which another process could take in between); each names its port in its log.
PYTHONPATH="$PWD" python3 -m uv run python tests/e2e/lib/smtp_server.py "$MERIT_E2E_MAILDIR" >"$DATA/smtp.log" 2>&1 &
SMTP=$!
SERVER=""
cleanup() {
  kill "$SMTP" 2>/dev/null || true
  if [ -n "$SERVER" ]; then
    kill -INT "$SERVER" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$SERVER" 2>/dev/null || true
  fi
  [ -n "${MERIT_E2E_KEEP:-}" ] && cp "$LOG" "$MERIT_E2E_KEEP" || true; rm -rf "$DATA"
}
trap cleanup EXIT

# wait_for_port PID LOGFILE PATTERN: the port a server names in its log (sed pattern with one
# group), waiting up to 120 s; fails when the server exits first.
wait_for_port() {
  local found
  for _ in $(seq 1 240); do
    found="$(sed -nE "s|.*$3.*|\1|p" "$2" | head -n 1)"
    if [ -n "$found" ]; then echo "$found"; return 0; fi
    if ! kill -0 "$1" 2>/dev/null; then echo "exited before naming its port:" >&2; cat "$2" >&2; return 1; fi
    sleep 0.5
  done
  echo "named no port within 120 s:" >&2; cat "$2" >&2; return 1
}
SMTP_PORT="$(wait_for_port "$SMTP" "$DATA/smtp.log" 'SMTP listening on ([0-9]+)')"
export SMTP_HOST=127.0.0.1 SMTP_PORT

python3 -m uv run merit dev --port "$PORT" >"$LOG" 2>&1 &
SERVER=$!
PORT="$(wait_for_port "$SERVER" "$LOG" 'running at http://localhost:([0-9]+)')"
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
# One file at a time, each once: a failure fails the run (no second try that could hide a
# flaky test). Every file runs, so one run shows all that fail.
FILES=(${MERIT_E2E_FILES:-tests/e2e/*.test.mjs})
failed=()
for file in "${FILES[@]}"; do
  node --test --test-concurrency=1 "$file" || failed+=("$file")
done
# Lighthouse (mobile) on the landing page and the dashboard, with the scores printed; on a full
# run only (sign-in.test.mjs has changed the admin's default password by then).
if [ -z "${MERIT_E2E_FILES:-}" ]; then
  node tests/e2e/lighthouse.mjs || failed+=("tests/e2e/lighthouse.mjs")
fi
if [ "${#failed[@]}" -gt 0 ]; then
  echo "--- server log (tail) ---"; tail -n 80 "$LOG"
  echo "=== failed: ${failed[*]} ==="
  exit 1
fi
