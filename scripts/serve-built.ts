// Starts the built app (dist/) as `npm start` runs it, on a free port with a throwaway data directory,
// for scripts that measure the production build (bundle size, Lighthouse).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function serveBuilt(): Promise<{ url: string; stop: () => Promise<void> }> {
  // Build whatever is missing or stale, exactly as npm start would.
  const build = spawnSync(process.execPath, ['-e', "const s=await import('./scripts/build-state.mjs');const {spawnSync}=await import('node:child_process');if(s.clientBuildNeeded())spawnSync(process.execPath,['node_modules/vite/bin/vite.js','build','--logLevel','warn'],{stdio:'inherit',env:{...process.env,NODE_ENV:'production'}});if(s.serverBuildNeeded())spawnSync(process.execPath,['scripts/build-server.mjs'],{stdio:'inherit'});"], { stdio: 'inherit', input: '' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'serve-built-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // Production, as a dealer runs it (React's production server renderer): with throwaway secrets, since
    // production refuses the demo ones. The demo lot is seeded into the empty data directory on request (SEED=demo),
    // which production allows only with the demo customers' password replaced.
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production',
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      SEED: 'demo',
      DEMO_CUSTOMER_PASSWORD: randomBytes(12).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PII_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${url}/api/health`)).ok) break; } catch { /* starting */ }
    if (child.exitCode !== null) throw new Error('server exited during start');
    if (i > 1200) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
