// Uploads in an S3-compatible bucket (issue 18), against a real S3-protocol server on local disk (s3rver): the
// storage's five methods, a photo uploaded through the admin API stored in the bucket and served at /uploads by
// the app (or addressed at S3_PUBLIC_URL), readiness, and npm run storage:copy moving files from disk.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { S3Storage } from './s3-storage';
import { copyUploadsToBucket } from './storage-copy';

let dir: string;
let server: S3rver | null = null;
let endpoint = '';
const BUCKET = 'prairie-uploads';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3-test-'));
  try {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  } catch (err) {
    console.warn(`S3 storage tests skipped: the local S3-protocol server (s3rver) could not start: ${(err as Error).message}`);
    server = null;
  }
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Env = () => ({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
const storage = () => new S3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });

describe('S3Storage', () => {
  it('puts, gets, streams and deletes objects; a missing key is null, a bad key refused', async (ctx) => {
    if (!server) return ctx.skip();
    const s = storage();
    await s.put('vehicles/7/abc-480.webp', Buffer.from('webp bytes'), 'image/webp');
    expect((await s.get('vehicles/7/abc-480.webp'))?.toString()).toBe('webp bytes');
    const chunks: Buffer[] = [];
    for await (const c of (await s.stream('vehicles/7/abc-480.webp'))!) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('webp bytes');
    expect(await s.exists('vehicles/7/abc-480.webp')).toBe(true);
    await s.delete('vehicles/7/abc-480.webp');
    expect(await s.get('vehicles/7/abc-480.webp')).toBeNull();
    expect(await s.stream('vehicles/7/abc-480.webp')).toBeNull();
    await s.delete('vehicles/7/abc-480.webp'); // deleting what is gone is not an error
    await expect(s.get('../etc/passwd')).rejects.toThrow(/Invalid storage key/);
    expect(s.url('vehicles/7/a.webp')).toBe('/uploads/vehicles/7/a.webp');
    expect(new S3Storage({ ...s.settings, publicUrl: 'https://cdn.example.ca' }).url('vehicles/7/a.webp')).toBe('https://cdn.example.ca/vehicles/7/a.webp');
    await s.ping();
    await expect(new S3Storage({ ...s.settings, bucket: 'no-such-bucket' }).ping()).rejects.toThrow();
  });
});

describe('the app with S3_BUCKET', () => {
  let t: TestContext;
  beforeAll(async () => { if (server) t = await createTestApp({ env: s3Env() }); });
  afterAll(async () => { await t?.close(); });

  it('stores an uploaded photo in the bucket, not on disk, and serves it at /uploads', async (ctx) => {
    if (!server) return ctx.skip();
    const admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
    const v = await t.createVehicle();
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } }).jpeg({ quality: 70 }).toBuffer();
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
    const body = new Response(form);
    const res = await t.app.inject({
      method: 'POST', url: `/api/admin/photos/vehicles/${v.id}`,
      headers: { origin: t.config.publicUrl, cookie: admin.cookie, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    const src: string = res.json().photos[0].src;
    expect(src).toMatch(/^\/uploads\/vehicles\/\d+\/[0-9a-f]{16}-960\.webp$/);
    expect(await storage().exists(src.slice('/uploads/'.length))).toBe(true);
    const onDisk = await readdir(t.config.uploadsDir, { recursive: true }).catch(() => [] as string[]);
    expect(onDisk.filter((f) => String(f).endsWith('.webp'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/vehicles/1/missing-960.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('serves files still on disk (the demo stock images) from there', async (ctx) => {
    if (!server) return ctx.skip();
    await mkdir(path.join(t.config.uploadsDir, 'stock'), { recursive: true });
    await writeFile(path.join(t.config.uploadsDir, 'stock', 'suv-480.webp'), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp().toBuffer());
    const served = await t.app.inject({ method: 'GET', url: '/uploads/stock/suv-480.webp' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('is ready only while the bucket answers (production)', async (ctx) => {
    if (!server) return ctx.skip();
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-production-password', SESSION_SECRET: 'x'.repeat(40), PII_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    const up = await createTestApp({ env: { ...production, ...s3Env() } });
    const down = await createTestApp({ env: { ...production, ...s3Env(), S3_BUCKET: 'no-such-bucket' } });
    try {
      expect((await up.app.inject({ method: 'GET', url: '/api/health/ready' })).json().checks.storage).toBe('up');
      const r = await down.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json().checks.storage).toBe('down');
    } finally {
      await up.close();
      await down.close();
    }
  });
});

describe('npm run storage:copy', () => {
  it('copies the files on disk into the bucket once, skipping what is there', async (ctx) => {
    if (!server) return ctx.skip();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'storage-copy-'));
    try {
      const uploads = path.join(dataDir, 'uploads');
      await mkdir(path.join(uploads, 'avatars', '3'), { recursive: true });
      await writeFile(path.join(uploads, 'avatars', '3', 'face-160.webp'), 'face');
      await writeFile(path.join(uploads, 'avatars', '3', 'face-160.webp.123.abc.tmp'), 'half');
      await mkdir(path.join(uploads, 'copytest'), { recursive: true });
      await writeFile(path.join(uploads, 'copytest', 'banner-1440.jpg'), 'banner');
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3Env() });
      const log: string[] = [];
      expect(await copyUploadsToBucket(config, (l) => log.push(l))).toEqual({ copied: 2, skipped: 0 });
      expect((await storage().get('avatars/3/face-160.webp'))?.toString()).toBe('face');
      expect((await storage().object('copytest/banner-1440.jpg'))?.contentType).toBe('image/jpeg');
      expect(await storage().exists('avatars/3/face-160.webp.123.abc.tmp')).toBe(false);
      expect(await copyUploadsToBucket(config, (l) => log.push(l))).toEqual({ copied: 0, skipped: 2 });
      await expect(copyUploadsToBucket(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), () => {})).rejects.toThrow(/S3_BUCKET is not set/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
