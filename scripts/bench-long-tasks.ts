// npm run bench:long-tasks: the long tasks of a page's load on a mid-range phone (issue 35 §2), in the real browser
// rather than Lighthouse's simulation. Each run opens the page at 390 × 844 with the CPU throttled 4× (Chrome
// DevTools' mid-range phone), records the browser's own trace until the page has hydrated and settled, and sorts
// every task over 50 ms by what ran in it:
//   render  the browser parsing, styling and laying out the server's HTML (no script of ours in it)
//   eval    evaluating the entry module
//   react   a task of the entry's code after it: starting the app, React hydrating and committing
//   script  any other script (the analytics beacon, the first script)
// and prints, per kind, the blocking time (each task's time over 50 ms, as Total Blocking Time counts it) and the
// longest React task. Medians of the runs; timings depend on the machine, so compare builds in one sitting.
//
//   npm run bench:long-tasks                          /vehicles, 5 runs
//   npm run bench:long-tasks -- / /vehicles/200 --runs 7
//   npm run bench:long-tasks -- --url http://localhost:3000 /vehicles   a server already running
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';
import { serveBuilt } from './serve-built';

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string; data?: { url?: string } } };
const KINDS = ['render', 'eval', 'react', 'script'] as const;
type Kind = (typeof KINDS)[number];

const args = process.argv.slice(2);
let runs = 5;
let url: string | null = null;
const paths: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--url') url = args[++i]!.replace(/\/$/, '');
  else if (args[i]!.startsWith('/')) paths.push(args[i]!);
  else throw new Error(`unknown argument ${args[i]}: give paths starting with "/", --runs N or --url URL`);
}
if (!(Number.isInteger(runs) && runs >= 1 && runs <= 21)) throw new Error('--runs takes 1 to 21');
if (paths.length === 0) paths.push('/vehicles');

const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
const server = url ? { url, stop: async () => {} } : await serveBuilt();
const browser = await chromium.launch({ executablePath });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Tasks over 50 ms on the page's main thread, each with its kind and duration (ms). */
async function longTasks(pageUrl: string): Promise<Array<{ kind: Kind; ms: number }>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as TraceEvent[])); });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto(pageUrl);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // The parts that hydrate after the root, and the effects after them, have run well within this.
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  // The page's renderer is a new process after navigation: every renderer main thread counts.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = (e: TraceEvent) => mains.some((m) => m.pid === e.pid && m.tid === e.tid);
  const scripts = events.filter((e) => onMain(e) && ['FunctionCall', 'v8.evaluateModule', 'EvaluateScript'].includes(e.name));
  return events
    .filter((e) => e.name === 'RunTask' && onMain(e) && (e.dur ?? 0) > 50_000)
    .map((task) => {
      const end = task.ts + task.dur!;
      // What took most of the task names it.
      const main = scripts.find((e) => e.ts >= task.ts && e.ts <= end && (e.dur ?? 0) > task.dur! * 0.3);
      const kind: Kind = !main ? 'render'
        : main.name === 'v8.evaluateModule' ? 'eval'
          : /\/assets\/index-[^/]*\.js$/.test(main.args?.data?.url ?? '') ? 'react' : 'script';
      return { kind, ms: task.dur! / 1000 };
    });
}

try {
  console.log(`4x CPU, 390 x 844, ${runs} runs per page; blocking = each task's time over 50 ms, medians`);
  console.log(`${'page'.padEnd(20)} ${['all', ...KINDS].map((k) => `${k}`.padStart(8)).join('')}  longest react task`);
  for (const p of paths) {
    const perRun: Array<Record<string, number>> = [];
    for (let r = 0; r < runs; r++) {
      const tasks = await longTasks(server.url + p);
      const blocking = (k?: Kind) => tasks.filter((t) => !k || t.kind === k).reduce((s, t) => s + t.ms - 50, 0);
      perRun.push({
        all: blocking(), ...Object.fromEntries(KINDS.map((k) => [k, blocking(k)])),
        longestReact: Math.max(0, ...tasks.filter((t) => t.kind === 'react').map((t) => t.ms)),
      });
    }
    const cells = ['all', ...KINDS].map((k) => `${Math.round(median(perRun.map((r) => r[k]!)))}`.padStart(8)).join('');
    console.log(`${p.padEnd(20)} ${cells}  ${Math.round(median(perRun.map((r) => r.longestReact!)))} ms`);
  }
} finally {
  await browser.close();
  await server.stop();
}
