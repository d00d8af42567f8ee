// npm run lighthouse: Lighthouse (mobile defaults: emulated mid-range phone, throttled 4G) against the production
// build, served on a free port with a fresh data directory, in the system Chromium. Not part of npm test.
//
//   npm run lighthouse                       /, /vehicles, the first vehicle page and the newest blog post
//   npm run lighthouse -- --runs 3           each page three times: the table gives medians
//   npm run lighthouse -- /deal-of-the-day   ... plus extra paths
//   npm run lighthouse -- --min 90           exit 1 when any score of any page is below 90
//   npm run lighthouse -- --url http://localhost:3000   measure a server already running (npm start) instead
//   npm run lighthouse -- --save .tmp/lh     also write each page's full report (JSON) there, to dig into
//
// Bars (issue 14): performance >= 98; accessibility, best practices and SEO 100; FCP <= 1.2 s, LCP <= 1.5 s,
// TBT <= 100 ms, CLS <= 0.02 (medians of three runs on an idle machine).
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
  let runs = 1;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--min') min = Number(argv[++i]);
    else if (a.startsWith('--min=')) min = Number(a.slice(6));
    else if (a === '--details') details = true;
    else if (a === '--url') url = argv[++i]!.replace(/\/$/, '');
    else if (a === '--save') save = argv[++i]!;
    else if (a === '--runs') runs = Number(argv[++i]);
    else if (a.startsWith('/')) paths.push(a);
    else throw new Error(`unknown argument ${a}: give paths starting with "/", --min N, --details, --url URL or --save DIR`);
  }
  if (min !== null && !(min >= 0 && min <= 100)) throw new Error('--min takes a score from 0 to 100');
  if (!(Number.isInteger(runs) && runs >= 1 && runs <= 9)) throw new Error('--runs takes 1 to 9');
  return { paths, min, details, url, save, runs };
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]!; };

const { paths: extra, min, details, url, save, runs } = parseArgs(process.argv.slice(2));
const chromePath = findChromium();
if (!chromePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');

const server = url ? { url, stop: async () => {} } : await serveBuilt();
const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
let failed = false;
try {
  // One real vehicle page: the first of the listing's default order.
  const first = (await (await fetch(`${server.url}/api/vehicles?format=paginated&limit=1`)).json()) as { vehicles: { id: number }[] };
  const vehiclePath = first.vehicles[0] ? `/vehicles/${first.vehicles[0].id}` : null;
  const posts = (await (await fetch(`${server.url}/api/content/posts`)).json()) as { posts: { slug: string }[] };
  const postPath = posts.posts[0] ? `/blog/${posts.posts[0].slug}` : null;
  const paths = ['/', '/vehicles', ...(vehiclePath ? [vehiclePath] : []), ...(postPath ? [postPath] : []), ...extra];
  if (!vehiclePath) console.warn('No vehicles in the seeded inventory: the vehicle page is skipped.');

  // A first visit to warm the server (seeding finished, caches filled), so the runs measure the page, not the boot.
  for (const p of paths) await fetch(server.url + p, { headers: { accept: 'text/html' } });

  const rows: { path: string; scores: number[]; metrics: string }[] = [];
  for (const p of paths) {
    const perRun: { scores: number[]; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(server.url + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${p}`);
      const { lhr } = result;
      if (save) {
        await mkdir(save, { recursive: true });
        await writeFile(path.join(save, `${p.slice(1).replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
      }
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      if (details || (min !== null && scores.some((s) => s < min))) {
        // What cost points: every audit that is scored and not passed, heaviest first.
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
          .map((a) => `    ${String(Math.round((a.score ?? 0) * 100)).padStart(3)}  ${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        console.log(`${p}: audits below 90\n${failing.join('\n') || '    none'}`);
      }
      const m = lhr.audits;
      // A run Lighthouse could not finish (a runtime error: no paint seen) has no metrics and scores of 0: it is
      // reported and left out, so the medians are of the runs that measured the page.
      if (lhr.runtimeError || m['first-contentful-paint']?.numericValue === undefined) {
        console.log(`${p}: run ${run + 1} failed (${lhr.runtimeError?.code ?? 'no paint measured'}); left out of the medians`);
        continue;
      }
      console.log(`${p}: FCP ${m['first-contentful-paint']?.displayValue}, LCP ${m['largest-contentful-paint']?.displayValue}, TBT ${m['total-blocking-time']?.displayValue}, CLS ${m['cumulative-layout-shift']?.displayValue}`);
      perRun.push({
        scores,
        fcp: m['first-contentful-paint']?.numericValue ?? NaN,
        lcp: m['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: m['total-blocking-time']?.numericValue ?? NaN,
        cls: m['cumulative-layout-shift']?.numericValue ?? NaN,
      });
    }
    if (perRun.length === 0) throw new Error(`every Lighthouse run of ${p} failed`);
    const med = (f: (r: (typeof perRun)[number]) => number) => median(perRun.map(f));
    rows.push({
      path: p,
      scores: CATEGORIES.map((_, i) => med((r) => r.scores[i]!)),
      metrics: `FCP ${(med((r) => r.fcp) / 1000).toFixed(2)} s, LCP ${(med((r) => r.lcp) / 1000).toFixed(2)} s, TBT ${Math.round(med((r) => r.tbt))} ms, CLS ${med((r) => r.cls).toFixed(3)}${perRun.length < runs ? ` (${perRun.length} of ${runs} runs)` : ''}`,
    });
  }

  const width = Math.max(...rows.map((r) => r.path.length), 4);
  console.log(`\n${runs > 1 ? `medians of ${runs} runs\n` : ''}${'page'.padEnd(width)}  ${CATEGORIES.map((c) => LABELS[c].padStart(5)).join('')}`);
  for (const r of rows) {
    const low = min !== null && r.scores.some((s) => s < min);
    failed ||= low;
    console.log(`${r.path.padEnd(width)}  ${r.scores.map((s) => String(s).padStart(5)).join('')}  ${r.metrics}${low ? `  below ${min}` : ''}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) process.exitCode = 1;
