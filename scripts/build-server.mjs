// Bundles the server into dist/server/main.js, and the page render thread it starts into dist/server/render-thread.js
// (server/lib/render-threads.ts). Packages stay external (native addons, PGlite's WASM);
// the SQL migrations are copied beside the bundle, where server/db/client.ts looks for them.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', 'render-thread': 'server/render-thread.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');
