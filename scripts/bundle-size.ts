// npm run bundle:size: the JavaScript a shopper's browser downloads for /vehicles before interacting,
// measured in the real browser against the production build, gzip-compressed as a server would send it.
// Bar (issue 14, React 19 included): at most 190 KiB gzipped, and first paint and LCP must not wait for it
// (the page arrives server-rendered: see PERFORMANCE.md).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.mjs';
import { serveBuilt } from './serve-built';

const BUDGET_KIB = 190;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/vehicles', '/', '/vehicles/1'];

const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
const server = await serveBuilt();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
let failed = false;
try {
  for (const p of pages) {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      reads.push(res.body().then((b) => { scripts.set(res.url(), gzipSync(b, { level: 9 }).length); }, (err: unknown) => { console.warn('could not read', res.url(), String(err).slice(0, 120)); }));
    });
    await page.goto(server.url + p, { waitUntil: 'networkidle' });
    await Promise.all(reads);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    const over = p === '/vehicles' && total > BUDGET_KIB;
    failed ||= over;
    console.log(`${p.padEnd(14)} ${total.toFixed(1).padStart(7)} KiB gzipped JS in ${scripts.size} files${p === '/vehicles' ? ` (budget ${BUDGET_KIB} KiB${over ? ': OVER' : ''})` : ''}`);
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 6))) {
      console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KiB  ${new URL(url).pathname}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failed) process.exitCode = 1;
