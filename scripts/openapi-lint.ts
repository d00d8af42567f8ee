// npm run lint:openapi (part of npm run lint, so of npm test and CI; issue 36 item 7): the OpenAPI document exactly as
// the app serves it at /api/docs/json, linted by Redocly's CLI with its recommended rules. Any error fails the run;
// warnings are printed. The app runs in-process on an empty in-memory database: nothing listens, nothing is fetched.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const out = path.resolve(process.argv[2] ?? '.tmp/openapi.json');
// Production's public address stands in for the servers list; API_DOCS=public so the document needs no admin.
const config = loadConfig({ NODE_ENV: 'test', SEED: 'off', LOG_LEVEL: 'silent', API_DOCS: 'public', PUBLIC_URL: 'https://www.prairiemotorhub.ca', DATA_DIR: '.tmp/openapi-lint-data' });
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
try {
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(JSON.parse(res.body), null, 2));
} finally {
  await app.close();
  await database.close();
}

// Redocly's CLI asks for no update check and sends no telemetry (DESIGN.md: nothing is fetched at run time).
const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
const r = spawnSync(process.execPath, [cli, 'lint', out, '--extends', 'recommended', '--format', process.env.REDOCLY_FORMAT ?? 'summary'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' },
});
process.exit(r.status ?? 1);
