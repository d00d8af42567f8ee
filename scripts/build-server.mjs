// Bundles the server into dist/server/main.js. Packages stay external (native addons, PGlite's WASM);
// the SQL migrations are copied beside the bundle, where server/db/client.ts looks for them.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
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
