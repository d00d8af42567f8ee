// Issue 31: every lazily loaded component's id is a key of the built client's Vite manifest, so a server-rendered
// page preloads its own chunks (server/plugins/client-manifest.ts). The login page's id once named an old folder,
// and its first HTML preloaded nothing of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { onDemandLayersIn, onDemandLayersInEntry, PAGES_WITHOUT_ON_DEMAND_LAYERS } from '../scripts/bundle-composition';
import { lazyModules } from '../scripts/lazy-modules';
import { expect, test } from './fixtures';

const manifest = () => JSON.parse(readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const keyOf = (m: Record<string, unknown>, id: string) => ['.tsx', '.ts'].map((ext) => `${id}${ext}`).find((k) => k in m);

// Every route's page is a chunk of its own, so it is a manifest key. (A component may instead be bundled with a module
// that imports it statically, such as the calculator in the listing's entry; the unit test holds its id to its module.)
test("every route's page is in the built manifest under its id", () => {
  const m = manifest();
  const ids = [...new Set(lazyModules().filter((x) => x.kind === 'page').map((x) => x.id))];
  expect(ids.length).toBeGreaterThan(40);
  expect(ids.filter((id) => !keyOf(m, id))).toEqual([]);
});

test('a server-rendered page preloads its own chunk', async ({ request }) => {
  const m = manifest();
  const html = await (await request.get('/login')).text();
  const chunks = JSON.parse(/<script type="application\/json" id="page-chunks">([^<]*)<\/script>/.exec(html)![1]!) as string[];
  expect(chunks).toContain(`/${m[keyOf(m, 'features/auth/pages/login-page')!]!.file}`);
});

// Issue 35 §1: what a shopper uses only after an interaction (tooltips and their popper layer, the account menu, the
// notification panel, the chat panel, the comparison dialog, the booking modal, zod's schemas) loads on first use,
// so none of it may be in the entry's static import graph (read from the chunks' source maps).
test('the layers used only after an interaction are not in the entry', () => {
  expect(onDemandLayersInEntry(path.resolve('dist/client'))).toEqual([]);
});

// The vehicle page too: a shopper lands on it from a search or a shared link, and its deal worksheet, disclosures and
// hold box once brought zod (26 KiB) through domain modules that also held schemas (PERFORMANCE.md).
for (const page of PAGES_WITHOUT_ON_DEMAND_LAYERS) {
  test(`the layers used only after an interaction are not in ${page}'s static imports`, () => {
    expect(onDemandLayersIn(path.resolve('dist/client'), [page])).toEqual([]);
  });
}
