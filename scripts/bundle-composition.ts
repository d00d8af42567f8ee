// What a built chunk is made of, read from its source map: each generated character is charged to the source file
// its mapping segment names, the sources are grouped (React, React Router, TanStack Query, ...), and the chunk's
// gzipped size is shared out in proportion. Proportional shares are an estimate (code compresses unevenly), but they
// add up to the measured total and say which part earns its bytes (issue 35 §1). Used by scripts/bundle-size.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

/** Decodes one line of a source map's `mappings` into [generatedColumn, sourceIndex | -1] segments. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of segment) {
      const digit = DIGIT.get(ch);
      if (digit === undefined) throw new Error(`bad source map character ${ch}`);
      value += (digit & 31) << shift;
      if (digit & 32) { shift += 5; continue; }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    column += fields[0]!;
    if (fields.length > 1) state.source += fields[1]!;
    out.push([column, fields.length > 1 ? state.source : -1]);
  }
  return out;
}

/** Characters of the generated file charged to each source (unmapped characters to ''). */
export function charsBySource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (key: string, n: number) => { if (n > 0) totals.set(key, (totals.get(key) ?? 0) + n); };
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  const state = { source: 0 };
  lines.forEach((text, i) => {
    const segs = decodeLine(mapLines[i] ?? '', state);
    if (segs.length === 0) { add('', text.length + 1); return; }
    add('', segs[0]![0]);
    segs.forEach(([col, src], j) => {
      const end = j + 1 < segs.length ? segs[j + 1]![0] : text.length + 1;
      add(src >= 0 ? map.sources[src]! : '', end - col);
    });
  });
  return totals;
}

/** The part of the app or the library a source belongs to. */
export function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (/^(react|react-dom|scheduler)$/.test(pkg)) return 'React + react-dom';
    if (/^(react-router|react-router-dom|cookie|set-cookie-parser)$/.test(pkg)) return 'React Router';
    if (pkg.startsWith('@tanstack/')) return 'TanStack Query';
    if (pkg === 'zod') return 'zod';
    if (pkg === 'radix-ui' || pkg.startsWith('@radix-ui/') || pkg.startsWith('@floating-ui/') || /^(react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)$/.test(pkg)) return 'Radix UI (+ Floating UI)';
    if (pkg === 'lucide-react') return 'lucide icons';
    if (/^(tailwind-merge|clsx|class-variance-authority)$/.test(pkg)) return 'tailwind-merge, clsx, cva';
    return `other libs (${pkg})`;
  }
  const m = /(?:^|\/)(client|domain)\/(.*)$/.exec(source);
  if (!m) return source ? `other (${source})` : 'unmapped (module glue)';
  if (m[1] === 'domain') return 'domain/ (shared rules)';
  const p = m[2]!;
  if (/^features\/[^/]+\/pages\//.test(p) || /^features\/home\//.test(p)) return 'page code';
  if (p.startsWith('features/')) return `feature components (${p.split('/')[1]})`;
  return 'app shell (app/, components/, lib/)';
}

/** Gzipped bytes per group for one built chunk, its measured gzip size shared out by characters. */
export function chunkComposition(distDir: string, urlPath: string, gzipped: number): Map<string, number> {
  const file = path.join(distDir, urlPath);
  const out = new Map<string, number>();
  if (!existsSync(`${file}.map`)) { out.set(`unmapped (${path.basename(urlPath)})`, gzipped); return out; }
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const chars = charsBySource(code, map);
  const total = [...chars.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [source, n] of chars) {
    const g = groupOf(source);
    out.set(g, (out.get(g) ?? 0) + (gzipped * n) / total);
  }
  return out;
}

/** Source files (as the map names them) of a built chunk, with their characters in it, largest first. */
export function chunkSources(distDir: string, urlPath: string): Array<[string, number]> {
  const file = path.join(distDir, urlPath);
  if (!existsSync(`${file}.map`)) return [];
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  return [...charsBySource(readFileSync(file, 'utf8'), map)].sort((a, b) => b[1] - a[1]);
}

/**
 * Layers a shopper uses only after an interaction (issue 35 §1): none may be in the entry's static import graph, or
 * every page pays for them before it can respond. Matched against the entry chunks' source-map sources.
 */
export const ON_DEMAND_LAYERS: ReadonlyArray<{ name: string; source: RegExp }> = [
  { name: 'zod (forms and API schemas)', source: /node_modules\/zod\// },
  { name: 'tooltip and popper layer', source: /node_modules\/(@radix-ui\/react-(tooltip|popper)|@floating-ui\/)|client\/components\/ui\/tooltip-bubble\./ },
  { name: 'account menu', source: /client\/app\/layouts\/account-controls\./ },
  { name: 'notification panel', source: /client\/app\/layouts\/notification-bell\./ },
  { name: 'chat panel', source: /client\/features\/leads\/chat\/chat-panel\./ },
  { name: 'comparison dialog', source: /client\/features\/vehicles\/components\/compare-dialog\./ },
  { name: 'booking modal', source: /client\/components\/booking-modal\./ },
  // Needed from the first toast on (client/app/providers.tsx), not before.
  { name: 'toast viewport', source: /node_modules\/@radix-ui\/react-toast\/|client\/components\/ui\/toast\./ },
  // The listing's own (its page preloads them): no other page needs the filter panel, its slider or the calculator.
  { name: "the listing's filter panel and calculator", source: /client\/features\/vehicles\/components\/(filter-panel|affordability-calculator)\.|node_modules\/@radix-ui\/react-slider\// },
];

/**
 * Pages that load none of the on-demand layers before an interaction either (issue 35 §1): a shopper reaches them
 * straight from a search or a shared link. Manifest keys, relative to client/.
 */
export const PAGES_WITHOUT_ON_DEMAND_LAYERS = ['features/vehicles/pages/vehicle-details-page.tsx'] as const;

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
const readManifest = (distDir: string) => JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The chunks the given manifest keys import statically (themselves included); by default, from the entry. */
export function staticChunks(distDir: string, from?: readonly string[]): string[] {
  const manifest = readManifest(distDir);
  const roots = from ?? Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const missing = roots.filter((key) => !(key in manifest));
  if (missing.length) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  roots.forEach(visit);
  return [...seen].map((k) => manifest[k]!.file);
}

/** The chunks the entry imports statically (itself included), from Vite's build manifest. */
export const entryStaticChunks = (distDir: string): string[] => staticChunks(distDir);

/** The on-demand layers found in the static import graph of the given chunks, with the sources that brought them. */
export function onDemandLayersIn(distDir: string, from?: readonly string[]): Array<{ name: string; sources: string[] }> {
  const sources = staticChunks(distDir, from).flatMap((file) => chunkSources(distDir, `/${file}`).map(([s]) => s));
  return ON_DEMAND_LAYERS
    .map(({ name, source }) => ({ name, sources: sources.filter((s) => source.test(s)) }))
    .filter((x) => x.sources.length > 0);
}

/** The on-demand layers found in the entry's static import graph, with the sources that brought them. */
export const onDemandLayersInEntry = (distDir: string) => onDemandLayersIn(distDir);
