// Which built files a server-rendered page's lazily loaded parts need (Vite's build manifest, vite.config.ts), so
// the HTML can preload them (<link rel="modulepreload">) while the entry loads, instead of the browser finding them
// only after the entry has run (client/main.tsx loads them before hydrating).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ClientManifest {
  /** Site paths (/assets/…) of the chunks these components need beyond the entry and what it imports. */
  preloadsFor(componentIds: readonly string[]): string[];
}

/** Reads dist/client/.vite/manifest.json; without one (a hand-made test client) nothing is preloaded. */
export function loadClientManifest(clientDir: string): ClientManifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return { preloadsFor: () => [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // What the entry brings (Vite already preloads its static imports in index.html).
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const k of manifest[key]!.imports ?? []) walk(k, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded);
  const cache = new Map<string, string[]>();
  const forComponent = (id: string): string[] => {
    const hit = cache.get(id);
    if (hit) return hit;
    // A component id is its module's path from the client root (client/lib/lazy-component.tsx).
    const key = ['.tsx', '.ts'].map((ext) => `${id}${ext}`).find((k) => manifest[k]);
    const keys = new Set<string>();
    if (key) walk(key, keys);
    const files = [...keys].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k]!.file}`);
    cache.set(id, files);
    return files;
  };
  return { preloadsFor: (ids) => [...new Set(ids.flatMap(forComponent))] };
}
