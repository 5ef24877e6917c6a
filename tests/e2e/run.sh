#!/usr/bin/env bash
# The browser tests: Playwright (playwright.config.mjs) starts a fresh Merit for the run
# (tests/e2e/server.sh) and drives Debian's Chromium against it; a full run ends with Lighthouse.
# Every test runs once: a failure fails the run (no second try that could hide a flaky test).
# Arguments go to `playwright test`: file names run only those files (after the sign-in one,
# without Lighthouse), `--trace on` keeps a trace of each test (npx playwright show-trace).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p tests/e2e/screenshots
rm -f tests/e2e/screenshots/axe-report.json # every axe finding of this run (lib/axe.mjs)
if ! npx playwright test "$@"; then
  echo "--- server log (tail) ---"
  tail -n 80 tests/e2e/.data/server.log 2>/dev/null || true
  exit 1
fi
