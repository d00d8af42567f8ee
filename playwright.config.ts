import { readdirSync } from 'node:fs';
import { defineConfig, devices, type Project } from '@playwright/test';
import { appPortOf, e2ePort as port, workerAppURL } from './e2e/servers';

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
    // A first start seeds the demo data: 30 s on a quiet machine, 260 s at a load of 30.
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // The per-address limits (5 appraisals an hour, 5 leads in 10 minutes) count the whole run as one visitor on
    // loopback; trusting the loopback proxy lets a test that posts such forms come from an address of its own
    // (X-Forwarded-For), so the suite's order never decides whether a limit is reached. Tests without the header
    // still share 127.0.0.1, as the rate-limit tests expect.
    env: { PORT: String(p), DATA_DIR: `.tmp/e2e-data-${p}`, LOG_LEVEL: 'warn', NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1,::1' },
  };
}

// Two workers by default (issue 55), each driving an app server with a data directory of its own (e2e/servers.ts),
// and every test owning its data (e2e/fixtures.ts), so tests run in any order and side by side: fullyParallel
// spreads even one file's tests over both workers. The runner, which starts the servers, has no worker index.
const workers = Number(process.env.E2E_WORKERS ?? 2);

// What runs where (issue 55, "right test, right layer"):
//   desktop, mobile  journeys, on a desktop and (tests tagged @mobile) on a Pixel 7
//   a11y             axe on every page type, once per device and theme (e2e/a11y.spec.ts); functional specs don't
//   hydration        every public page hydrated by React's development build, which reports every mismatch
//   perf             speed and build plumbing: parse order, interaction delay, the manifest, field data; one at a
//                    time (the other worker goes on with journeys), and their bars hold on a busy machine.
const perfSpecs = /(client-manifest|interaction-delay|parse-order|react-runtime|early-input|web-vitals)\.spec\.ts$/;
const a11ySpec = /\/a11y\.spec\.ts$/;
const ownProject = [/hydration\.spec\.ts$/, a11ySpec, perfSpecs];
const desktop = { ...devices['Desktop Chrome'], channel: undefined };
const phone = { ...devices['Pixel 7'], channel: undefined };

// `npm run test:e2e:order` runs the suite once with its spec files in reverse (E2E_ORDER=reverse): Playwright
// schedules files alphabetically within a project and projects in the order listed, so the reverse is one project
// per file, listed backwards. A test that needs another to have run first fails there.
const reverse = process.env.E2E_ORDER === 'reverse';
// Matched as Playwright matches them, by the file's path (the patterns start at a slash).
const specFiles = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts') && !ownProject.some((re) => re.test(`/${f}`))).sort();

function functional(name: string, use: Project['use'], extra: Partial<Project> = {}): (Project & { name: string })[] {
  if (!reverse) return [{ name, use, testIgnore: ownProject, ...extra }];
  return [...specFiles].reverse().map((file) => ({ name: `${name} ${file}`, use, testMatch: new RegExp(`/${file.replace(/\./g, '\\.')}$`), ...extra }));
}

const journeys = [...functional('desktop', desktop), ...functional('mobile', phone, { grep: /@mobile/ })];

export default defineConfig({
  testDir: './e2e',
  // One folder per base port, so two runs on different ports (two people, or a helper script) keep their traces.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  workers,
  // One retry in CI: a test that only passes on retry is reported as flaky (and must be fixed: the bar is a run
  // with no retry used), but a hiccup of a shared machine does not cost the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The JSON report feeds `npm run test:timings` (scripts/test-timings.mjs).
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/test-timings/e2e.json' }]],
  use: {
    baseURL: workerAppURL,
    // Recording a trace costs every test time; CI records one on the retry of a failed test (its first run's
    // failure is in the log), locally every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    // First: Playwright hands out tests in this order, and the perf project's one-at-a-time tests then run beside the
    // others instead of alone at the end with a worker idle.
    { name: 'perf', use: desktop, testMatch: perfSpecs, workers: 1 },
    ...journeys,
    // An a11y test scans each state of its page twice (light with every rule, dark for contrast), up to four full
    // axe runs over a vehicle page's DOM: 20 s at a load of 10 with nothing else running, past 30 s beside the API
    // suite. Its budget is per scan, so the test's is twice the default.
    { name: 'a11y', use: desktop, testMatch: a11ySpec, timeout: 60_000 },
    { name: 'hydration', use: { ...desktop, baseURL: `http://localhost:${port + 1}` }, testMatch: /hydration\.spec\.ts$/ },
  ],
  // E2E_HYDRATION_SERVER=0 leaves out React's development build (a run of specs that don't use it starts faster).
  webServer: [appServer(port), ...(process.env.E2E_HYDRATION_SERVER === '0' ? [] : [{
    command: 'node scripts/start-react-dev-build.mjs',
    url: `http://localhost:${port + 1}/api/health`,
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: { PORT: String(port + 1), DATA_DIR: `.tmp/e2e-data-${port + 1}`, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  }]),
  // Worker n > 0 gets the app on port + 2n. Started after the first, so the build is already there and no two
  // servers build into dist/ at once (Playwright starts web servers one after another).
  ...Array.from({ length: Math.max(0, workers - 1) }, (_, n) => appServer(appPortOf(n + 1)))],
});
