// npm run lighthouse: Lighthouse (mobile defaults: emulated mid-range phone, throttled 4G) against the production
// build, served on a free port with a fresh data directory, in the system Chromium. Not part of npm test.
//
//   npm run lighthouse                       /, /vehicles and the first vehicle page
//   npm run lighthouse -- /deal-of-the-day   ... plus extra paths
//   npm run lighthouse -- --min 90           exit 1 when any score of any page is below 90
//   npm run lighthouse -- --url http://localhost:3000   measure a server already running (npm start) instead
//   npm run lighthouse -- --save .tmp/lh     also write each page's full report (JSON) there, to dig into
//
// Bar (shopping issue): performance >= 90; accessibility, best practices and SEO >= 95 on all three pages.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from './chromium.mjs';
import { serveBuilt } from './serve-built';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LABELS: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'perf', accessibility: 'a11y', 'best-practices': 'best', seo: 'seo',
};

function parseArgs(argv: string[]) {
  const paths: string[] = [];
  let min: number | null = null;
  let details = false;
  let url: string | null = null;
  let save: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--min') min = Number(argv[++i]);
    else if (a.startsWith('--min=')) min = Number(a.slice(6));
    else if (a === '--details') details = true;
    else if (a === '--url') url = argv[++i]!.replace(/\/$/, '');
    else if (a === '--save') save = argv[++i]!;
    else if (a.startsWith('/')) paths.push(a);
    else throw new Error(`unknown argument ${a}: give paths starting with "/", --min N, --details, --url URL or --save DIR`);
  }
  if (min !== null && !(min >= 0 && min <= 100)) throw new Error('--min takes a score from 0 to 100');
  return { paths, min, details, url, save };
}

const { paths: extra, min, details, url, save } = parseArgs(process.argv.slice(2));
const chromePath = findChromium();
if (!chromePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');

const server = url ? { url, stop: async () => {} } : await serveBuilt();
const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
let failed = false;
try {
  // One real vehicle page: the first of the listing's default order.
  const first = (await (await fetch(`${server.url}/api/vehicles?format=paginated&limit=1`)).json()) as { vehicles: { id: number }[] };
  const vehiclePath = first.vehicles[0] ? `/vehicles/${first.vehicles[0].id}` : null;
  const paths = ['/', '/vehicles', ...(vehiclePath ? [vehiclePath] : []), ...extra];
  if (!vehiclePath) console.warn('No vehicles in the seeded inventory: the vehicle page is skipped.');

  // A first visit to warm the server (seeding finished, caches filled), so the runs measure the page, not the boot.
  for (const p of paths) await fetch(server.url + p, { headers: { accept: 'text/html' } });

  const rows: { path: string; scores: number[] }[] = [];
  for (const p of paths) {
    const result = await lighthouse(server.url + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${p}`);
    const { lhr } = result;
    if (save) {
      await mkdir(save, { recursive: true });
      await writeFile(path.join(save, `${p.slice(1).replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
    }
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    rows.push({ path: p, scores });
    if (details || (min !== null && scores.some((s) => s < min))) {
      // What cost points: every audit that is scored and not passed, heaviest first.
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => `    ${String(Math.round((a.score ?? 0) * 100)).padStart(3)}  ${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      console.log(`${p}: audits below 90\n${failing.join('\n') || '    none'}`);
    }
    const m = lhr.audits;
    console.log(`${p}: FCP ${m['first-contentful-paint']?.displayValue}, LCP ${m['largest-contentful-paint']?.displayValue}, TBT ${m['total-blocking-time']?.displayValue}, CLS ${m['cumulative-layout-shift']?.displayValue}`);
  }

  const width = Math.max(...rows.map((r) => r.path.length), 4);
  console.log(`\n${'page'.padEnd(width)}  ${CATEGORIES.map((c) => LABELS[c].padStart(5)).join('')}`);
  for (const r of rows) {
    const low = min !== null && r.scores.some((s) => s < min);
    failed ||= low;
    console.log(`${r.path.padEnd(width)}  ${r.scores.map((s) => String(s).padStart(5)).join('')}${low ? `  below ${min}` : ''}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) process.exitCode = 1;
