// The upload pipeline with real sharp and a real directory: content sniffing, limits, orientation, metadata
// stripping and the variants it stores.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@domain/media';
import { AppError } from '../../errors';
import { DECODE_CONCURRENCY, decodeSlots, deleteImage, processImage, storeImage, variantKey } from './pipeline';
import { assertValidKey, LocalDiskStorage } from './storage';

const jpeg = (width: number, height: number, opts: { orientation?: number } = {}) => {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg({ quality: 80 });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation, exif: { IFD0: { Copyright: 'Secret Camera Owner' } } });
  return img.toBuffer();
};

async function statusOf(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a rejection');
}

let dir: string;
let storage: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-unit-'));
  storage = new LocalDiskStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// Real encodes on a shared 2-core machine: a generous timeout per test.
describe('processImage', () => {
  it('makes WebP and AVIF variants at the vehicle widths, never upscaled', { timeout: 30_000 }, async () => {
    const out = await processImage(await jpeg(2000, 1500), { kind: 'vehicle' });
    expect(out.format).toBe('jpeg');
    expect([out.width, out.height]).toEqual([1600, 1200]);
    expect(out.variants.map((v) => `${v.format}-${v.width}x${v.height}`).sort()).toEqual(
      ['avif-1600x1200', 'avif-480x360', 'avif-960x720', 'webp-1600x1200', 'webp-480x360', 'webp-960x720']);
    for (const v of out.variants) expect((await sharp(v.data).metadata()).width).toBe(v.width);

    const small = await processImage(await jpeg(700, 500), { kind: 'vehicle' });
    expect(small.variants.map((v) => v.width)).toEqual([480, 480, 700, 700]);
    expect([small.width, small.height]).toEqual([700, 500]);
    const tiny = await processImage(await jpeg(300, 200), { kind: 'vehicle' });
    expect(tiny.variants.map((v) => v.width)).toEqual([300, 300]);
  });

  it('applies the EXIF orientation and strips the metadata', { timeout: 30_000 }, async () => {
    // Orientation 6: stored landscape, shown portrait.
    const out = await processImage(await jpeg(1200, 800, { orientation: 6 }), { kind: 'vehicle' });
    expect(out.height).toBeGreaterThan(out.width);
    const meta = await sharp(out.variants.find((v) => v.format === 'webp')!.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('crops profile photos square', async () => {
    const out = await processImage(await jpeg(900, 600), { kind: 'avatar' });
    expect(out.variants.every((v) => v.width === v.height)).toBe(true);
  });

  it('refuses an empty file, a non-image named .jpg, an SVG, a truncated JPEG, oversize files and too many pixels', { timeout: 30_000 }, async () => {
    expect(await statusOf(processImage(Buffer.alloc(0), { kind: 'vehicle' }))).toMatchObject({ status: 400, code: 'image_empty' });
    expect(await statusOf(processImage(Buffer.from('just some text, not a photo'), { kind: 'vehicle' })))
      .toMatchObject({ status: 415, code: 'image_unsupported' });
    expect(await statusOf(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), { kind: 'vehicle' })))
      .toMatchObject({ status: 415 });
    const truncated = (await jpeg(800, 600)).subarray(0, 400);
    expect((await statusOf(processImage(truncated, { kind: 'vehicle' }))).status).toBe(400);
    const huge = Buffer.concat([await jpeg(100, 100), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect(await statusOf(processImage(huge, { kind: 'vehicle' }))).toMatchObject({ status: 413, code: 'image_too_large' });
    // 10000 × 6000 = 60 MP: a PNG of one colour is small on disk but over the pixel limit.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const r = await statusOf(processImage(bomb, { kind: 'vehicle' }));
    expect(r).toMatchObject({ status: 413, code: 'image_too_many_pixels' });
    expect(r.message).toContain('10000 × 6000');
  });

  it('accepts PNG with transparency, WebP and AVIF by content', { timeout: 30_000 }, async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    expect((await processImage(png, { kind: 'vehicle' })).format).toBe('png');
    const webp = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } }).webp().toBuffer();
    expect((await processImage(webp, { kind: 'vehicle' })).format).toBe('webp');
    const avif = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } }).avif().toBuffer();
    expect((await processImage(avif, { kind: 'vehicle' })).format).toBe('avif');
  });
});

describe('storage', () => {
  it('stores variants under a fresh key, serves URLs under /uploads, and deletes them', async () => {
    const saved = await storeImage(storage, await processImage(await jpeg(1000, 750), { kind: 'vehicle' }), 'vehicles/7');
    expect(saved.storageKey).toMatch(/^vehicles\/7\/[0-9a-f]{16}$/);
    const files = await readdir(path.join(dir, 'vehicles', '7'));
    expect(files.sort()).toEqual(saved.variants.map((v) => path.basename(variantKey(saved.storageKey, v.width, v.format))).sort());
    expect(storage.url(variantKey(saved.storageKey, 480, 'webp'))).toBe(`/uploads/${saved.storageKey}-480.webp`);
    expect((await storage.get(variantKey(saved.storageKey, 480, 'webp')))!.length).toBeGreaterThan(0);
    await deleteImage(storage, saved.storageKey, saved.variants);
    expect(await readdir(path.join(dir, 'vehicles', '7'))).toEqual([]);
    expect(await storage.get(variantKey(saved.storageKey, 480, 'webp'))).toBeNull();
    expect(await storage.stream('vehicles/7/missing.webp')).toBeNull();
  });

  it('refuses keys that could escape the directory', () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '', 'a/./b', 'a\\b']) expect(() => assertValidKey(bad)).toThrow();
    expect(() => assertValidKey('vehicles/12/ab-480.webp')).not.toThrow();
  });
});

// Issue 31: a burst of uploads decodes at most DECODE_CONCURRENCY photos at once, and a refused file (too many
// pixels, by its header) never takes a slot.
describe('decode slots', () => {
  it('runs at most DECODE_CONCURRENCY decodes at once, and every one completes', { timeout: 60_000 }, async () => {
    decodeSlots.peak = 0;
    const inputs = await Promise.all(Array.from({ length: 6 }, (_, i) => jpeg(1200 + i * 10, 900)));
    const outs = await Promise.all(inputs.map((b) => processImage(b, { kind: 'vehicle' })));
    expect(outs.map((o) => o.width)).toEqual([1200, 1210, 1220, 1230, 1240, 1250]);
    expect(decodeSlots.peak).toBe(DECODE_CONCURRENCY);
    expect(decodeSlots.active).toBe(0);
  });

  it('refuses an oversized picture from its header without taking a slot', { timeout: 30_000 }, async () => {
    decodeSlots.peak = 0;
    const huge = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect((await statusOf(processImage(huge, { kind: 'vehicle' }))).code).toBe('image_too_many_pixels');
    expect(decodeSlots.peak).toBe(0);
  });
});
