// npm start: builds whatever is missing or stale, then runs the one Node process that serves API and client.
// The database (embedded PGlite under DATA_DIR unless DATABASE_URL is set) is migrated and seeded by the server.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { clientBuildNeeded, serverBuildNeeded } from './build-state.mjs';

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false, env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (clientBuildNeeded()) {
  console.log('Building the client…');
  // Always React's production build: Vite keeps a NODE_ENV it finds set (the e2e server runs with development).
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
}
if (serverBuildNeeded()) {
  console.log('Building the server…');
  run(process.execPath, ['scripts/build-server.mjs']);
}

// Replace this process with the server so signals reach it directly.
await import('../dist/server/main.js');
