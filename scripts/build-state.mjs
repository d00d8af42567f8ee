// Decides whether the client or server build is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Tests are not in any bundle: a new component test must not make the next server start rebuild.
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || /\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const m = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (m > newest) newest = m;
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sources = (...dirs) => Math.max(...dirs.map(newestMtime), mtime('package-lock.json'));

export function clientBuildNeeded(outDir = 'dist/client') {
  const built = mtime(`${outDir}/index.html`);
  return built === 0 || sources('client', 'domain') > built || mtime('vite.config.ts') > built;
}

export function serverBuildNeeded() {
  // Both bundles: the server, and the render thread it starts (a build of an older layout has no second one).
  const built = Math.min(mtime('dist/server/main.js'), mtime('dist/server/render-thread.js'));
  // The server bundles the React app's server renderer (client/entry-server.tsx), so client changes count.
  return built === 0 || sources('server', 'domain', 'client') > built;
}
