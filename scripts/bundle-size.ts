// npm run bundle:size: the JavaScript a shopper's phone downloads before the first tap can be handled, on /,
// /vehicles, a vehicle page and a blog post (the first post /blog links to), measured in the real browser (390 x 844,
// the issue's phone) against the production build, gzip-compressed as a server would send it.
// Bar (issue 35 §1, "script before interaction", React included): at most 170 KiB gzipped on each, counting what the
// page had requested by the time it was hydrated (html[data-hydrated]); first paint and LCP do not wait for it (the
// page arrives server-rendered: see PERFORMANCE.md). What loads after, when the browser is idle (the site's analytics)
// or as the shopper comes near a part (lazyOnView), is measured too, waited for (the analytics' page view) and
// reported as the page's total, and broken down by what it is made of (React, React Router, TanStack Query, ..., page
// code; read from the chunks' source maps, scripts/bundle-composition.ts).
// The run fails if a page is over the bar, or if a layer a shopper uses only after an interaction (tooltips, menus,
// panels, dialogs, zod) is in the entry's static import graph, or in that of a page that must do without them too
// (the vehicle page: PAGES_WITHOUT_ON_DEMAND_LAYERS).
// `npm run bundle:size -- /path ...` measures other pages; TOP=n lists the n largest files of each; BEFORE=1 lists
// the files requested before hydration.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.mjs';
import { chunkComposition, onDemandLayersIn, onDemandLayersInEntry, PAGES_WITHOUT_ON_DEMAND_LAYERS } from './bundle-composition';
import { serveBuilt } from './serve-built';

const BUDGET_KIB = 170;
const BLOG_POST = '<first blog post>';
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/vehicles', '/vehicles/1', BLOG_POST];
const DIST = path.resolve('dist/client');

const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
const server = await serveBuilt();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
let failed = false;
try {
  for (let p of pages) {
    if (p === BLOG_POST) {
      const index = await (await fetch(`${server.url}/blog`)).text();
      const slug = [...index.matchAll(/href="(\/blog\/(?!category\/)[^"?#]+)"/g)].map((m) => m[1]!).find((href) => !/\.(xml|rss|json)$/.test(href));
      if (!slug) { console.log('no blog post linked from /blog: skipped'); continue; }
      p = slug;
    }
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // When the app has hydrated the page (the root layout's first effect sets html[data-hydrated]): the script the
    // page had requested by then is what a shopper's first tap waited for.
    await page.addInitScript(() => {
      // On the document: the init script runs before the parser has made the html element.
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.hasAttribute('data-hydrated')) return;
        (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    const scripts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      reads.push(res.body().then((b) => { scripts.set(res.url(), gzipSync(b, { level: 9 }).length); }, (err: unknown) => { console.warn('could not read', res.url(), String(err).slice(0, 120)); }));
    });
    // The site's analytics loads when the browser is idle after hydration, and its first act is the page view.
    const analyticsLoaded = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics/page-view', { timeout: 20_000 })
      .catch(() => console.warn('  (no page view was sent: the total may miss the idle analytics)'));
    await page.goto(server.url + p, { waitUntil: 'networkidle' });
    await analyticsLoaded;
    // Until every script response seen so far has been read (reading one may take long enough for another to come).
    for (let n = -1; n !== reads.length;) { n = reads.length; await Promise.all(reads); }
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    const requestedBeforeHydration = new Set(await page.evaluate(() => {
      const at = (window as unknown as { hydratedAt?: number }).hydratedAt ?? Infinity;
      return performance.getEntriesByType('resource').filter((e) => e.startTime < at).map((e) => e.name);
    }));
    const before = [...scripts].filter(([url]) => requestedBeforeHydration.has(url));
    const beforeHydration = before.reduce((a, [, b]) => a + b, 0) / 1024;
    const over = beforeHydration > BUDGET_KIB;
    failed ||= over;
    console.log(`${p.padEnd(14)} ${beforeHydration.toFixed(2).padStart(7)} KiB gzipped JS in ${before.length} files before the page was hydrated (bar ${BUDGET_KIB} KiB${over ? `: OVER by ${(beforeHydration - BUDGET_KIB).toFixed(1)}` : ': met'})`);
    console.log(`  ${total.toFixed(1)} KiB in ${scripts.size} files in all, with what loads after, when idle or on view`);
    if (process.env.BEFORE) for (const [url, size] of before) console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KiB  ${new URL(url).pathname} (before hydration)`);
    const parts = new Map<string, number>();
    for (const [url, size] of scripts) {
      const { pathname } = new URL(url);
      const composition = pathname.startsWith('/assets/') ? chunkComposition(DIST, pathname, size) : new Map([[`public/ script (${pathname.slice(1)}, minified by the build)`, size]]);
      for (const [group, bytes] of composition) parts.set(group, (parts.get(group) ?? 0) + bytes);
    }
    const shared = [...parts.values()].reduce((a, b) => a + b, 0) / 1024;
    if (Math.abs(shared - total) > 0.5) console.warn(`  (the parts add up to ${shared.toFixed(1)} KiB, not ${total.toFixed(1)})`);
    console.log('  made of:');
    for (const [group, bytes] of [...parts].sort((a, b) => b[1] - a[1])) {
      console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KiB  ${group}`);
    }
    console.log('  largest files:');
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 6))) {
      console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KiB  ${new URL(url).pathname}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const inEntry = onDemandLayersInEntry(DIST);
for (const { name, sources } of inEntry) console.log(`IN THE ENTRY: ${name} (${sources.slice(0, 3).join(', ')})`);
if (inEntry.length === 0) console.log('The entry imports none of the on-demand layers statically.');
let inPages = 0;
for (const key of PAGES_WITHOUT_ON_DEMAND_LAYERS) {
  const found = onDemandLayersIn(DIST, [key]);
  inPages += found.length;
  for (const { name, sources } of found) console.log(`IN ${key}: ${name} (${sources.slice(0, 3).join(', ')})`);
  if (found.length === 0) console.log(`${key} imports none of them statically either.`);
}
if (failed || inEntry.length > 0 || inPages > 0) process.exitCode = 1;
