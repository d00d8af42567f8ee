// Every lazily loaded component's id (client/lib/lazy-component.tsx) with the module its loader imports, read from
// the client's source. An id is its module's path from the client root, which is also the module's key in Vite's
// build manifest: the server finds a rendered page's chunks by it (server/plugins/client-manifest.ts). An id that
// names no module (a renamed folder, a `#Name` suffix) silently costs that page its preload hints (issue 31), so
// client/lib/lazy-component.test.ts and e2e/client-manifest.spec.ts check them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CLIENT_ROOT = path.resolve(import.meta.dirname, '../client');

export interface LazyModule {
  /** The source file declaring it, from the client root. */
  file: string;
  id: string;
  /** A route's page (the router's page()) or a component loaded on demand (lazyComponent, lazyOnView). */
  kind: 'page' | 'component';
  /** The module the loader imports, resolved to a path from the client root without extension; null if not found. */
  imported: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolveSpecifier(fromFile: string, spec: string): string {
  const abs = spec.startsWith('@/') ? path.join(CLIENT_ROOT, spec.slice(2)) : path.resolve(path.dirname(fromFile), spec);
  return path.relative(CLIENT_ROOT, abs).split(path.sep).join('/');
}

export function lazyModules(): LazyModule[] {
  const found: LazyModule[] = [];
  for (const abs of sourceFiles(CLIENT_ROOT)) {
    const source = readFileSync(abs, 'utf8');
    const loaders = new Map([...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1]!, m[2]!]));
    // lazyComponent('id', loader), lazyOnView('id', loader) and the router's page('id', loader, props?): the loader is
    // inline or a named const.
    for (const m of source.matchAll(/\b(lazyComponent|lazyOnView|page)\('([^']+)',\s*([^\n]*)/g)) {
      const rest = m[3]!;
      const named = [...rest.matchAll(/\b(\w+)\b/g)].map((w) => loaders.get(w[1]!)).find(Boolean);
      const spec = /import\('([^']+)'\)/.exec(rest)?.[1] ?? named;
      found.push({
        file: path.relative(CLIENT_ROOT, abs).split(path.sep).join('/'),
        id: m[2]!,
        kind: m[1] === 'page' ? 'page' : 'component',
        imported: spec ? resolveSpecifier(abs, spec) : null,
      });
    }
  }
  return found;
}
