// npm run bench:feed [-- --units 5000 --photos 3 --changes 50 --concurrency 4]
// Issue 32's feed bars: a local HTTP server plays the DMS (a CSV of N units, each with P photo URLs of its own, served
// as 1024×768 JPEGs); the app is built in process on a fresh embedded database, and the feed is run through the same
// service the admin API and the scheduler call. Times: the first run (photos downloaded and processed), a re-run
// with nothing changed (once answered 304 through the validators, once read in full without them), and a run with
// C price changes. Prints the figures and writes them under bench-results/.
// Issue 54 §3: the photos are seeded photograph-like JPEGs of about 250 KB (media/sample-photo.ts), never flat
// colours, and the bench prints the photo pipeline's CPU per photo (median, one at a time) and the first run's
// process CPU per photo (everything the run did, divided by the photos it stored).
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withCheckDigit } from '../domain/vin';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createFeed, feedContextOf, runFeed } from '../server/modules/inventory-feeds/service';
import { measurePipeline, printPipeline } from '../server/modules/media/bench-pipeline';
import { samplePhoto } from '../server/modules/media/sample-photo';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '5000' },
    photos: { type: 'string', default: '3' },
    changes: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
  },
});
const UNITS = Number(values.units);
const PHOTOS = Number(values.photos);
const CHANGES = Number(values.changes);

const MAKES = [['Ford', 'F-150', 'Truck'], ['Toyota', 'RAV4', 'SUV'], ['Honda', 'Civic', 'Sedan'], ['Chevrolet', 'Equinox', 'SUV'], ['Ram', '1500', 'Truck']] as const;
/** Distinct seeded photos the DMS serves in turn (each request is decoded and encoded anew: nothing is cached). */
const jpegs = await Promise.all(Array.from({ length: 8 }, (_, i) => samplePhoto(i + 1)));

let priceBump = 0;
let useEtag = true;
const etag = '"1"';
let photoRequests = 0;
let base = '';
const csv = () => {
  const lines = ['Stock #,VIN,Model Year,Make,Model,Internet Price,Odometer,Body Style,Transmission,Fuel,Ext. Color,Store,Image URLs'];
  for (let i = 0; i < UNITS; i++) {
    const [make, model, body] = MAKES[i % MAKES.length]!;
    const price = 15_000 + (i * 37) % 40_000 + (i < priceBump ? -500 : 0);
    const photos = Array.from({ length: PHOTOS }, (_, k) => `${base}/p/${i}-${k}.jpg`).join('|');
    lines.push(`B${String(i).padStart(6, '0')},${withCheckDigit(`1HGCM8263${String(i).padStart(8, '0')}`)},${2015 + (i % 10)},${make},${model},${price},${20_000 + i},${body},Automatic,Gasoline,Grey,${i % 2 ? 'Calgary' : 'Edmonton'},${photos}`);
  }
  return lines.join('\n');
};
const dms = http.createServer((req, res) => {
  if (req.url === '/feed.csv') {
    if (useEtag && req.headers['if-none-match'] === etag) return res.writeHead(304).end();
    return res.writeHead(200, { 'content-type': 'text/csv', ...(useEtag ? { etag } : {}) }).end(csv());
  }
  const m = /^\/p\/(\d+)-(\d+)\.jpg$/.exec(req.url ?? '');
  if (m) {
    photoRequests += 1;
    return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpegs[(Number(m[1]) + Number(m[2])) % jpegs.length]);
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => dms.listen(0, '127.0.0.1', resolve));
base = `http://127.0.0.1:${(dms.address() as AddressInfo).port}`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-feed-'));
const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent', INVENTORY_INDEX: 'on' });
const database = await openDatabase(config.database.kind === 'pglite' ? { kind: 'pglite', dataDir: path.join(dataDir, 'db') } : config.database);
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const ctx = { ...feedContextOf(app), photoConcurrency: Number(values.concurrency) };
const admin = { id: null, name: 'bench' };

const feed = await createFeed(ctx, admin, { name: 'Bench DMS', url: `${base}/feed.csv`, format: 'csv', intervalMinutes: 60, goneAction: 'sold', removalThresholdPercent: 30, enabled: false });
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const timed = async (label: string) => {
  photoRequests = 0;
  const started = performance.now();
  const cpuStart = cpuSeconds();
  const r = await runFeed(ctx, feed.id, { trigger: 'manual' });
  const ms = Math.round(performance.now() - started);
  const cpuS = Math.round((cpuSeconds() - cpuStart) * 10) / 10;
  const cpuMsPerPhoto = r.photosDownloaded ? Math.round((cpuS * 1000) / r.photosDownloaded) : null;
  const line = { label, ms, cpuS, cpuMsPerPhoto, status: r.status, created: r.created, updated: r.updated, unchanged: r.unchanged, photosDownloaded: r.photosDownloaded, photoRequests, warnings: r.warnings.length, errors: r.errors.length };
  console.log(`${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(7)} s (CPU ${cpuS} s${cpuMsPerPhoto === null ? '' : `, ${cpuMsPerPhoto} ms per photo`})  ${r.status}  created ${r.created}, updated ${r.updated}, unchanged ${r.unchanged}, photos ${r.photosDownloaded} (requests ${photoRequests}), warnings ${r.warnings.length}, errors ${r.errors.length}`);
  return line;
};

console.log(`feed of ${UNITS} units with ${PHOTOS} photo URLs each (seeded 1024×768 photos, ${jpegs.map((j) => `${Math.round(j.length / 1024)}`).join('/')} KB), photo concurrency ${values.concurrency}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
const pipeline = PHOTOS > 0 ? await measurePipeline(jpegs, 3) : null;
if (pipeline) printPipeline('photo pipeline, one photo at a time', pipeline);
const results = [];
results.push(await timed('first run (photos downloaded and processed)'));
results.push(await timed('re-run, nothing changed (304 by the ETag)'));
useEtag = false;
results.push(await timed('re-run, nothing changed (read in full)'));
priceBump = CHANGES;
results.push(await timed(`run with ${CHANGES} price changes`));

await app.close();
await database.close();
dms.close();
await rm(dataDir, { recursive: true, force: true });
await mkdir('bench-results', { recursive: true });
const out = `bench-results/feed-${UNITS}x${PHOTOS}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
await writeFile(out, JSON.stringify({ at: new Date().toISOString(), units: UNITS, photos: PHOTOS, changes: CHANGES, node: process.version, loadAverage: os.loadavg(), pipeline, results }, null, 2));
console.log(`written ${out}`);
