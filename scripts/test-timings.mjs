// npm run test:timings: where the last `npm test` (or any suite run since) spent its time: each task's time and
// the 20 slowest tests of the unit, API and end-to-end suites, from the reports scripts/test.mjs and
// playwright.config.ts leave in .tmp/test-timings/.
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';

const DIR = '.tmp/test-timings';
const count = Number(process.argv[2] ?? 20);
const read = (name) => (existsSync(`${DIR}/${name}`) ? JSON.parse(readFileSync(`${DIR}/${name}`, 'utf8')) : null);

const run = read('run.json');
if (run) {
  console.log(`Last npm test, started ${run.startedAt}: ${run.status} in ${run.seconds} s\n`);
  console.log('task           stage    start (s)  took (s)  status');
  for (const t of run.tasks.sort((a, b) => a.startedAfter - b.startedAfter)) {
    console.log(`${t.name.padEnd(14)} ${t.stage.padEnd(8)} ${String(t.startedAfter).padStart(9)}  ${String(t.seconds).padStart(8)}  ${t.status}`);
  }
  console.log('');
} else {
  console.log('No record of a whole `npm test` run yet (.tmp/test-timings/run.json); the suites\' own reports follow.\n');
}

/** @type {{ suite: string, name: string, ms: number, file: string }[]} */
const tests = [];
for (const suite of ['unit', 'component', 'api', 'api-postgres']) {
  const report = read(`${suite}.json`);
  for (const file of report?.testResults ?? []) {
    for (const a of file.assertionResults ?? []) {
      tests.push({ suite, name: a.fullName ?? a.title, ms: a.duration ?? 0, file: file.name.replace(`${process.cwd()}/`, '') });
    }
  }
}
const e2e = read('e2e.json');
function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      // A reversed run (E2E_ORDER=reverse) names a project per file, "desktop listing.spec.ts": summed by its device.
      tests.push({ suite: `e2e ${t.projectName.split(' ')[0]}`, name: spec.title, ms, file: `${spec.file}:${spec.line}` });
    }
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
for (const suite of e2e?.suites ?? []) walk(suite, suite.file);

if (tests.length === 0) {
  console.log('No test reports in .tmp/test-timings/ yet: run `npm test` (or one of its suites through scripts/test.mjs).');
  process.exit(0);
}
const bySuite = new Map();
for (const t of tests) bySuite.set(t.suite, (bySuite.get(t.suite) ?? 0) + t.ms);
console.log('Summed test time per suite (tests run side by side, so this is more than the wall-clock time):');
for (const [suite, ms] of [...bySuite].sort((a, b) => b[1] - a[1])) console.log(`  ${suite.padEnd(16)} ${(ms / 1000).toFixed(1).padStart(8)} s`);
console.log(`\nThe ${count} slowest tests:`);
for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, count)) {
  console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.suite.padEnd(14)} ${t.file}  ${t.name}`);
}
