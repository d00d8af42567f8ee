// npm test: every check the project has, the quick ones first and side by side, so a type error or a lint finding
// fails the run in a minute instead of after the browser suite (issue 55).
//
//   check   typecheck, lint, unit tests, component tests and the production build, at once (seconds to a minute each)
//   suites  the API suite on the embedded database, then (with TEST_POSTGRES_URL set, as .ci/run sets it when a
//           PostgreSQL answers) against PostgreSQL, then the end-to-end suite: one after another, as the API
//           suite's fault tests time real outages and failed beside the browser suite on 2 cores
//
// The first task that fails stops the others and the run. Each task's output goes to .tmp/test-logs/NAME.log and is
// printed whole when it fails, its last lines when it passes; .tmp/test-timings/ keeps each stage's time and each
// test's duration for `npm run test:timings`.
//
//   node scripts/test.mjs [--only task,task]   e.g. --only typecheck,unit
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import process from 'node:process';

const LOGS = '.tmp/test-logs';
const TIMINGS = '.tmp/test-timings';
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${TIMINGS}/${name}.json`];

/** @type {{ name: string, stage: 'check' | 'suites', args: string[], npm?: boolean, env?: Record<string, string>, after?: string }[]} */
const tasks = [
  { name: 'typecheck', stage: 'check', args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', stage: 'check', args: ['run', 'lint'], npm: true },
  { name: 'unit', stage: 'check', args: [...vitest, '--project', 'unit', ...vitestJson('unit')] },
  { name: 'component', stage: 'check', args: [...vitest, '--project', 'component', ...vitestJson('component')] },
  { name: 'build', stage: 'check', args: ['run', 'build'], npm: true },
  // The client with React's development build, for the e2e hydration check (its server would build it at start).
  { name: 'build-react-dev', stage: 'check', args: ['scripts/start-react-dev-build.mjs', '--build-only'] },
  { name: 'api', stage: 'suites', args: [...vitest, '--project', 'api*', ...vitestJson('api')] },
  ...(process.env.TEST_POSTGRES_URL
    ? [{ name: 'api-postgres', stage: 'suites', after: 'api', args: [...vitest, '--project', 'api*', ...vitestJson('api-postgres')], env: { TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL } }]
    : []),
  // After the API suites, not beside them: the API suite's fault tests (a Redis freeze, a process killed mid-write,
  // a second instance refused) time real outages, and beside a 2-worker browser suite on 2 cores they failed.
  { name: 'e2e', stage: 'suites', after: process.env.TEST_POSTGRES_URL ? 'api-postgres' : 'api', args: ['scripts/e2e.mjs'] },
];

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : null;
const chosen = only ? tasks.filter((t) => only.has(t.name)) : tasks;
if (only) for (const name of only) if (!tasks.some((t) => t.name === name)) {
  console.error(`No such task: ${name} (tasks: ${tasks.map((t) => t.name).join(', ')})`);
  process.exit(2);
}

mkdirSync(LOGS, { recursive: true });
mkdirSync(TIMINGS, { recursive: true });
for (const t of chosen) rmSync(`${TIMINGS}/${t.name}.json`, { force: true });

const started = Date.now();
const seconds = (ms) => Math.round(ms / 100) / 10;
const record = { startedAt: new Date(started).toISOString(), tasks: [] };
const running = new Map();
let failed = null;

function tail(file, lines) {
  const text = readFileSync(file, 'utf8').trimEnd().split('\n');
  return text.slice(-lines).join('\n');
}

function run(task) {
  const log = `${LOGS}/${task.name}.log`;
  const out = createWriteStream(log);
  const t0 = Date.now();
  console.log(`▶ ${task.name}`);
  const command = task.npm ? 'npm' : process.execPath;
  const child = spawn(command, task.args, {
    env: { ...process.env, FORCE_COLOR: '0', ...task.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a failure elsewhere stops its servers and browsers too
  });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  running.set(task.name, child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(task.name);
      out.end(() => {
        const took = seconds(Date.now() - t0);
        const status = code === 0 ? 'passed' : signal && failed ? 'stopped' : 'failed';
        record.tasks.push({ name: task.name, stage: task.stage, seconds: took, status, startedAfter: seconds(t0 - started) });
        if (status === 'passed') {
          console.log(`✔ ${task.name} passed in ${took} s\n${indent(tail(log, task.stage === 'suites' ? 12 : 4))}`);
        } else if (status === 'failed') {
          console.log(`✘ ${task.name} failed (exit ${code ?? signal}) after ${took} s; its output (${log}):\n${readFileSync(log, 'utf8')}`);
          if (!failed) {
            failed = task.name;
            stopAll();
          }
        } else {
          console.log(`■ ${task.name} stopped after ${took} s because ${failed} failed`);
        }
        resolve(status === 'passed');
      });
    });
  });
}

function indent(text) {
  return text.split('\n').map((l) => `    ${l}`).join('\n');
}

function stopAll() {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

process.on('SIGINT', () => {
  failed ??= 'an interrupt';
  stopAll();
});

async function stage(name) {
  const group = chosen.filter((t) => t.stage === name);
  // A task with `after` waits for that one to pass (the PostgreSQL pass after the embedded one, the browser suite
  // after both).
  const firsts = group.filter((t) => !t.after || !group.some((o) => o.name === t.after));
  const chain = async (t) => {
    if (!(await run(t))) return;
    await Promise.all(group.filter((o) => o.after === t.name).map((next) => (failed ? undefined : chain(next))));
  };
  await Promise.all(firsts.map(chain));
}

// A line every two minutes while anything runs, so a CI log shows the run is alive and what it is waiting for.
const heartbeat = setInterval(() => {
  if (running.size === 0) return;
  const e2eDone = (() => {
    try {
      return (readFileSync(`${LOGS}/e2e.log`, 'utf8').match(/^\s+[✓✘-]\s+\d+ /gmu) ?? []).length;
    } catch {
      return null;
    }
  })();
  const names = [...running.keys()].map((n) => (n === 'e2e' && e2eDone !== null ? `e2e (${e2eDone} tests done)` : n));
  console.log(`… ${seconds(Date.now() - started)} s: ${names.join(', ')} running`);
}, 120_000);
heartbeat.unref();

await stage('check');
if (!failed) await stage('suites');

record.seconds = seconds(Date.now() - started);
record.status = failed ? 'failed' : 'passed';
writeFileSync(`${TIMINGS}/run.json`, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\n${failed ? `✘ npm test failed (${failed})` : '✔ npm test passed'} in ${record.seconds} s: ${record.tasks.map((t) => `${t.name} ${t.seconds} s`).join(', ')}`);
console.log('`npm run test:timings` lists where the time went.');
process.exit(failed ? 1 : 0);
