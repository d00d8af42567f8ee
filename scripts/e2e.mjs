// npm run test:e2e: Playwright against the built app started as `npm start` starts it, in a fresh data directory.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import process from 'node:process';
import { findChromium } from './chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error('End-to-end tests need Chromium: run `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH to a Chromium binary.');
  process.exit(1);
}

// A fresh data directory per run: the server seeds it on first start, as a newcomer's npm start would.
// Servers: the app, the same app on the next port serving React's development build (hydration check), and with
// one more app per worker after the first on port + 2, + 4… (two workers unless E2E_WORKERS says otherwise;
// playwright.config.ts, e2e/servers.ts).
const port = Number(process.env.E2E_PORT ?? 3100);
const workers = Number(process.env.E2E_WORKERS ?? 2);
for (const p of [port, port + 1, ...Array.from({ length: workers - 1 }, (_, n) => port + 2 * (n + 1))]) rmSync(`.tmp/e2e-data-${p}`, { recursive: true, force: true });
// The counts behind the tests' unique serials and addresses (e2e/fixtures.ts) start again with the data.
rmSync(`.tmp/e2e-unique-${port}`, { recursive: true, force: true });
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(r.status ?? 1);
