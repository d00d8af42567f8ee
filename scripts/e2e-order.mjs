// npm run test:e2e:order: the end-to-end suite must pass in any order (issue 55). Runs it twice: every test twice
// in a row on the same servers (--repeat-each 2: a test meets its own earlier run's data), then with the spec files
// in reverse (E2E_ORDER=reverse, playwright.config.ts: a test that relied on an earlier file fails). No retries, so
// a test that passes only on a second try fails here. Extra arguments go to both runs (a spec file, --project…).
import { spawnSync } from 'node:child_process';
import process from 'node:process';

const runs = [
  { title: 'every test twice (--repeat-each 2)', args: ['--repeat-each', '2'], env: {} },
  { title: 'the spec files in reverse', args: [], env: { E2E_ORDER: 'reverse' } },
];
for (const run of runs) {
  console.log(`\n== ${run.title}`);
  const r = spawnSync(process.execPath, ['scripts/e2e.mjs', '--retries', '0', ...run.args, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env, PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/test-timings/e2e-order.json' },
  });
  if (r.status !== 0) {
    console.error(`✘ The suite failed when run with ${run.title}.`);
    process.exit(r.status ?? 1);
  }
}
console.log('\n✔ The suite passed twice over and in reverse, with no retry.');
