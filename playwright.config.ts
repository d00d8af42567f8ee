import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromiumArgs = [
  // As root in a container Chromium needs --no-sandbox; the rest keep it off the (closed) network.
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function appServer(p: number) {
  return {
    // The same entry point as `npm start`: builds what is missing, migrates, seeds on first start, serves.
    command: 'node scripts/start.mjs',
    url: `http://localhost:${p}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // The per-address limits (5 appraisals an hour, 5 leads in 10 minutes) count the whole run as one visitor on
    // loopback; trusting the loopback proxy lets a test that posts such forms come from an address of its own
    // (X-Forwarded-For), so the suite's order never decides whether a limit is reached. Tests without the header
    // still share 127.0.0.1, as the rate-limit tests expect.
    env: { PORT: String(p), DATA_DIR: `.tmp/e2e-data-${p}`, LOG_LEVEL: 'warn', NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1,::1' },
  };
}

// E2E_WORKERS=2 runs two workers, each driving its own app server with its own data directory, so a spec sees
// only what the specs before it on that worker did, as on one worker; files never run side by side against one
// database. Playwright loads this file in each worker process with TEST_PARALLEL_INDEX set (0 … workers - 1, kept
// when a worker restarts), so worker n's pages, requests and every context a test opens itself go to the app on
// port + 2n; the runner, which starts the servers, has none. The hydration project shares its read-only server.
// One worker by default: on a 2-core machine two browsers and two servers saturate both cores and each test took
// 1.9 times as long (docs/PERFORMANCE.md "The test suite and the lint"), so two workers bought no time there.
const workers = Number(process.env.E2E_WORKERS ?? 1);
const appPort = port + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers,
  // One retry in CI: a test that only passes on retry is listed as flaky in the report (and must be fixed), but a
  // timing hiccup on a shared machine does not fail the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${appPort}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /hydration\.spec/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/, testIgnore: /hydration\.spec/ },
    // Every public page hydrated by React's development build, which reports every mismatch (scripts/start-react-dev-build.mjs).
    { name: 'hydration', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${port + 1}` }, testMatch: /hydration\.spec/ },
  ],
  webServer: [appServer(port), {
    command: 'node scripts/start-react-dev-build.mjs',
    url: `http://localhost:${port + 1}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port + 1), DATA_DIR: `.tmp/e2e-data-${port + 1}`, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  },
  // Worker n > 0 gets the app on port + 2n (appPort above). Started after the first, so the build is
  // already there and no two servers build into dist/ at once (Playwright starts web servers one after another).
  ...Array.from({ length: Math.max(0, workers - 1) }, (_, n) => appServer(port + 2 * (n + 1)))],
});
