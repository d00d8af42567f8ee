// Photos from an inventory feed through the admin API, against a local HTTP server playing the DMS (issue 56 §9,
// issue 54 §3): a 49-megapixel PNG under the byte limit is refused from its header with a warning that names it,
// and a realistic 1024 × 768 photo is stored with every variant the vehicle's <picture> offers.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRun } from '@domain/inventory-feeds';
import { photoSrcSet } from '@domain/photo-srcset';
import { withCheckDigit } from '@domain/vin';
import { vehicles } from '../../db/schema';
import { createTestApp, loginAs, type Session, type TestContext } from '../../test/helpers';
import { decodeSlots } from './pipeline';
import { samplePhoto } from './sample-photo';

const files = new Map<string, Buffer>();
let csv = '';
const server = http.createServer((req, res) => {
  if (req.url === '/feed.csv') return void res.writeHead(200, { 'content-type': 'text/csv' }).end(csv);
  const body = files.get(req.url ?? '');
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': req.url!.endsWith('.png') ? 'image/png' : 'image/jpeg' }).end(body);
});

let t: TestContext;
let admin: Session;
let base = '';
beforeAll(async () => {
  files.set('/photos/front.jpg', await samplePhoto(11));
  // A real 8100 × 6050 PNG made by sharp: small on the wire (one colour compresses to little), 49 MP decoded.
  files.set('/photos/huge.png', await sharp({ create: { width: 8100, height: 6050, channels: 3, background: '#41607d' } }).png({ compressionLevel: 9 }).toBuffer());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie, origin: t.config.publicUrl }, ...(payload ? { payload } : {}) });

describe('feed photos', () => {
  it('refuses a 49 MP PNG before decoding it, with a warning naming it, and stores the realistic photo beside it', { timeout: 60_000 }, async () => {
    expect(files.get('/photos/huge.png')!.length).toBeLessThan(15 * 1024 * 1024);
    csv = [
      'Stock #,VIN,Model Year,Make,Model,Internet Price,Odometer,Body Style,Transmission,Fuel,Ext. Color,Store,Condition,Image URLs',
      `P100,${withCheckDigit('2T1BURHE0KC100077')},2021,Toyota,Corolla,21995,45000,Sedan,Automatic,Gasoline,White,Edmonton,Used,"${base}/photos/front.jpg|${base}/photos/huge.png"`,
    ].join('\r\n');
    const created = await api('POST', '/api/admin/inventory-feeds', { name: 'DMS photos', url: `${base}/feed.csv`, enabled: false });
    expect(created.statusCode, created.body).toBe(201);

    decodeSlots.peak = 0;
    const res = await api('POST', `/api/admin/inventory-feeds/${created.json().id}/run`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as FeedRun;
    expect(run).toMatchObject({ status: 'succeeded', created: 1, photosDownloaded: 1 });
    expect(run.warnings.map((w) => w.message)).toEqual([
      `Photo ${base}/photos/huge.png was not added: The image is 8100 × 6050 (49 megapixels); feed photos in PNG can be at most 12 megapixels (JPEG up to 50); ask the DMS for smaller photos.`,
    ]);
    // Only the JPEG was decoded: the PNG was refused from its header.
    expect(decodeSlots.peak).toBe(1);

    // The stored photo offers AVIF and WebP at 480 and 960 (a 1024 px original), and every file it names is served.
    const [unit] = await t.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.stockNumber, 'P100'));
    const listed = (await t.app.inject({ method: 'GET', url: `/api/vehicles/${unit!.id}` })).json();
    expect(listed.photos).toHaveLength(1);
    const photo = listed.photos[0];
    expect([photo.width, photo.height]).toEqual([960, 720]);
    for (const format of ['avif', 'webp'] as const) {
      const srcset = photoSrcSet(photo, format);
      expect(srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['480w', '960w']);
      for (const entry of srcset.split(', ')) {
        const [url, w] = entry.split(' ');
        const served = await t.app.inject({ method: 'GET', url: url! });
        expect(served.statusCode, url).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).width).toBe(Number(w!.slice(0, -1)));
      }
    }
  });
});
