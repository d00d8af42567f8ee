// npm run bench:index [-- --database postgres://… --questions 2000]
// The inventory index in process, without HTTP: builds it over an already seeded database (`npm run bench:api --
// --vehicles N --database …` seeds one), then times each step of the varied questions bench-api sends (the scan for
// a page, the page's vehicles' JSON, the facets, typos) one at a time, and prints the median and p99 of each. Where
// bench-api's CPU per request says how much a question costs, this says which step it goes to.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { vehicleFacetsQuerySchema, vehicleListQuerySchema } from '@domain/vehicle';
import { SORT_KEYS } from '@domain/constants';
import { openDatabase } from '../server/db/client';
import { InventoryIndex } from '../server/modules/vehicles/search-index';
import { normalizeFilter, normalizeQuery } from '../server/modules/vehicles/search-filter';
import { prng, variedListingFilters } from './bench-lib';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/bench_100k' },
    questions: { type: 'string', default: '2000' },
  },
});
const questions = Number(values.questions);
const database = await openDatabase({ kind: 'postgres', url: values.database });
// The index reads the stored listing JSON (migration 0014): a database seeded by an older version gets the table here.
await database.migrate();
// Under node --expose-gc, what the index holds: the heap and its buffers after a full collection, before and after.
const gc = (globalThis as { gc?: () => void }).gc;
const heldMb = () => {
  gc!(); gc!();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
};
const before = gc ? heldMb() : 0;
const index = new InventoryIndex(database.db);
let t = performance.now();
await index.build();
console.log(`built ${index.count} vehicles in ${Math.round(performance.now() - t)} ms`);
t = performance.now();
index.prepareSearch();
console.log(`search prepared in ${Math.round(performance.now() - t)} ms`);
t = performance.now();
await index.warm();
console.log(`JSON warmed (in memory to the budget, then stored for every vehicle without) in ${Math.round(performance.now() - t)} ms`);
if (gc) console.log(`the index holds ${Math.round(heldMb() - before)} MB (heap and buffers after a full collection; its own estimate ${Math.round(index.memoryEstimate() / 1024 / 1024)} MB)`);

const stock = JSON.parse(await index.facetsJson(normalizeFilter(vehicleFacetsQuerySchema.parse({})))) as {
  makes: { value: string }[]; bodyTypes: { value: string }[]; features: { value: string }[]; models: { make: string; model: string }[];
};
const makes = stock.makes.map((m) => m.value);
const bodyTypes = stock.bodyTypes.map((b) => b.value);
const features = stock.features.map((f) => f.value);
const words = [...new Set(stock.models.flatMap((m) => [m.make, m.model]).map((w) => w.toLowerCase()).filter((w) => w.length >= 5 && /^[a-z]+$/.test(w)))];
const rand = prng(42);
const pick = <T,>(a: T[]) => a[Math.floor(rand() * a.length)]!;
const query = (q: URLSearchParams) => {
  const o: Record<string, string | string[]> = {};
  for (const k of new Set(q.keys())) o[k] = q.getAll(k).length > 1 ? q.getAll(k) : q.get(k)!;
  return o;
};
const typo = (word: string) => {
  const i = Math.floor(rand() * (word.length - 1));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
};

const timings = new Map<string, number[]>();
const time = async <T,>(name: string, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const out = await run();
  const list = timings.get(name) ?? [];
  list.push(performance.now() - started);
  timings.set(name, list);
  return out;
};

for (let k = 0; k < questions; k++) {
  const q = variedListingFilters(rand, { makes, bodyTypes, features });
  q.set('sortBy', pick([...SORT_KEYS])); q.set('page', String(1 + Math.floor(rand() * 3))); q.set('limit', '20');
  const page = await time('page: scan', () => index.page(normalizeQuery(vehicleListQuerySchema.parse(query(q)))));
  await time('page: vehicles JSON', () => index.vehiclesJson(page.ids));
  const f = variedListingFilters(rand, { makes, bodyTypes, features });
  await time('facets', () => index.facetsJson(normalizeFilter(vehicleFacetsQuerySchema.parse(query(f)))));
  const s = new URLSearchParams({ search: typo(pick(words)) });
  if (rand() < 0.5) s.set('bodyType', pick(bodyTypes));
  await time('typo: scan', () => index.page(normalizeQuery(vehicleListQuerySchema.parse(query(s)))));
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
for (const [name, list] of timings) {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = list.reduce((a, b) => a + b, 0) / list.length;
  console.log(`${name.padEnd(22)} median ${at(sorted, 0.5).toFixed(3)} ms  p99 ${at(sorted, 0.99).toFixed(3)} ms  mean ${mean.toFixed(3)} ms  (${list.length})`);
}
// An edited vehicle is read again and the columns are rebuilt on the next question (decision 013): what that
// question waits for. The vehicle is not changed: a patch re-reads whatever is stored.
const someId = (await database.db.execute(sql`select min(id)::int as id from vehicles where status = 'available'`) as unknown as { rows: { id: number }[] }).rows[0]!.id;
await index.patch([someId]);
t = performance.now();
await index.page(normalizeQuery(vehicleListQuerySchema.parse({})));
console.log(`first question after a patch (the columns rebuilt): ${Math.round(performance.now() - t)} ms`);
await index.idle();
await database.close();
