#!/usr/bin/env bash
# The server the browser tests run against, started by Playwright (webServer in
# playwright.config.mjs) and stopped by it with SIGTERM: a fresh Merit (embedded Postgres and
# Redis, demo data, API and worker) with its own data directory, serving a copy of the built
# web app, beside a local SMTP server (aiosmtpd) that writes every mail to a Maildir the tests
# read, and a local platform admin for the super-admin tests. Once all is up it prints
#   merit e2e ready: url=http://localhost:<port> data=<data dir>
# which Playwright reads into MERIT_E2E_URL and MERIT_DATA_DIR for the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."

# MERIT_E2E_PORT picks the port (default: any free one, which the server names in its log).
PORT="${MERIT_E2E_PORT:-0}"
[ -f web/dist/index.html ] || { echo "web/dist is missing: run npm run build first" >&2; exit 1; }
DATA="$(mktemp -d /tmp/merit-e2e-XXXXXX)"
LOG="$DATA/server.log"
export MERIT_DATA_DIR="$DATA" MERIT_ENV=test MERIT_WORKER_METRICS_PORT=0
unset DATABASE_URL REDIS_URL

# Serve a copy of the built web, so a rebuild of web/dist during the run changes nothing.
cp -r web/dist "$DATA/web"
export MERIT_WEB_DIST="$DATA/web"

# The same address and password as tests/e2e/lib/env.mjs.
PLATFORM_EMAIL=platform-admin@example.com PLATFORM_PASSWORD=Platform2026x
# Both servers bind a port the system picks and keep it (no port is chosen, released and then
# taken again, which another process could take in between); each names its port in its log.
PYTHONPATH="$PWD" python3 -m uv run python tests/e2e/lib/smtp_server.py "$DATA/maildir" >"$DATA/smtp.log" 2>&1 &
SMTP=$!
SERVER=""
cleanup() {
  trap - EXIT INT TERM
  kill "$SMTP" 2>/dev/null || true
  if [ -n "$SERVER" ]; then
    # SIGTERM ends `merit dev` like Ctrl+C: it stops its worker, Postgres and Redis first.
    kill -TERM "$SERVER" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$SERVER" 2>/dev/null || true
  fi
  # The log outlives the data directory: run.sh shows its tail when a test failed.
  mkdir -p tests/e2e/.data && cp "$LOG" tests/e2e/.data/server.log 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT
trap 'exit 0' TERM INT

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
  if ! kill -0 "$SERVER" 2>/dev/null; then echo "server exited:" >&2; cat "$LOG" >&2; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "server did not start:" >&2; cat "$LOG" >&2; exit 1; }
# (after the server is up, so it attaches to the running Postgres instead of starting its own)
python3 -m uv run merit platform-admin create \
  --email "$PLATFORM_EMAIL" --password "$PLATFORM_PASSWORD" >>"$LOG" 2>&1

echo "merit e2e ready: url=http://localhost:$PORT data=$DATA"
# Until Playwright stops it (the trap above); `wait` returns early on a signal, `sleep` would not.
wait "$SERVER"
echo "the server stopped on its own:" >&2
exit 1
