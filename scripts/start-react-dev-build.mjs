// The e2e hydration check's server (playwright.config.ts, e2e/hydration.spec.ts): the production server, serving a
// client built with React's development build. Only that build reports every hydration mismatch (attributes too;
// the production build repairs some silently), so the check runs against it. Built into dist/client-dev when
// missing or stale, beside the real build, which it never touches.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import { clientBuildNeeded, serverBuildNeeded } from './build-state.mjs';

const outDir = path.resolve('dist/client-dev');

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false, env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (clientBuildNeeded(outDir)) {
  console.log('Building the client with React development builds…');
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'development', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { NODE_ENV: 'development' });
}
// `--build-only`: just the development client (npm test builds it beside the production build, which builds the
// server; scripts/test.mjs).
if (process.argv.includes('--build-only')) process.exit(0);
if (serverBuildNeeded()) {
  console.log('Building the server…');
  run(process.execPath, ['scripts/build-server.mjs']);
}
process.env.CLIENT_DIR = outDir;
await import('../dist/server/main.js');
