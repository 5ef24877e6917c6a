// The browser tests (tests/e2e): Playwright drives Debian's Chromium against a fresh Merit that
// tests/e2e/server.sh starts for the run. Run them with `bash tests/e2e/run.sh` (or `make e2e`);
// `npx playwright test tests/e2e/<file>` runs one file (after the sign-in one, which it needs).
import { defineConfig } from '@playwright/test'

// Every test file but these works in the demo organisation, one file at a time: they share its
// admin account and its data (a backup restore, a password reset, counters that must move by
// exactly one), so two files at once would trip each other.
const SIGN_IN = /sign-in\.test\.mjs$/
const PLATFORM = /workflow-7-platform\.test\.mjs$/ // organisations of its own
const LIGHTHOUSE = /lighthouse\.test\.mjs$/

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /\.test\.mjs$/,
  outputDir: 'tests/e2e/.data/results',
  // Each try counts: a second one could hide a flaky test. Two workers for two cores: the demo
  // organisation's files on one, the platform file beside them on the other.
  retries: 0,
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.MERIT_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    // First, on a fresh server: the admin's first sign-in changes the default password.
    { name: 'sign-in', testMatch: SIGN_IN },
    { name: 'demo', testIgnore: [SIGN_IN, PLATFORM, LIGHTHOUSE], dependencies: ['sign-in'], workers: 1 },
    { name: 'platform', testMatch: PLATFORM, dependencies: ['sign-in'] },
    // Last and alone, on a full run only (a run of chosen files leaves it out): the scores are
    // measured from the CPU time the pages take, so nothing else may run beside it.
    { name: 'lighthouse', testMatch: LIGHTHOUSE, dependencies: ['demo', 'platform'] },
  ],
  webServer: {
    command: 'bash tests/e2e/server.sh',
    // The server names its address and data directory once it is up; Playwright puts them in
    // MERIT_E2E_URL and MERIT_DATA_DIR for the tests.
    wait: { stdout: /merit e2e ready: url=(?<merit_e2e_url>\S+) data=(?<merit_data_dir>\S+)/ },
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
})
