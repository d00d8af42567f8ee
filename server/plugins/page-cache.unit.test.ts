import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, PageCache } from './page-cache';

const page = (text: string) => `<main>${text}</main>`;

describe('PageCache', () => {
  it('serves a page until its time is up, in any encoding, and forgets it on clear', () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20, ttlMs: 5_000, now: () => now });
    cache.set('light /vehicles', 200, 'br', encode('<p>cards</p>', 'br'));
    expect(cache.get('light /vehicles', 'br')?.status).toBe(200);
    expect(gunzipSync(cache.get('light /vehicles', 'gzip')!.body).toString()).toBe('<p>cards</p>');
    expect(cache.get('dark /vehicles', 'br')).toBeNull();
    now += 4_999;
    expect(cache.get('light /vehicles', 'identity')?.body.toString()).toBe('<p>cards</p>');
    now += 1;
    expect(cache.get('light /vehicles', 'identity')).toBeNull();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    cache.set('light /', 404, 'identity', encode('x', 'identity'));
    cache.clear();
    expect(cache.get('light /', 'identity')).toBeNull();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('makes any encoding from a page stored uncompressed or as gzip, text outside Latin-1 included', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000, now: () => 0 });
    const text = page('Prix — 25 000 $ · «Sédan»');
    cache.set('a', 200, 'identity', encode(text, 'identity'));
    cache.set('b', 200, 'gzip', encode(text, 'gzip'));
    expect(brotliDecompressSync(cache.get('a', 'br')!.body).toString()).toBe(text);
    expect(cache.get('b', 'identity')!.body.toString()).toBe(text);
    expect(brotliDecompressSync(cache.get('b', 'br')!.body).toString()).toBe(text);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 1 << 20, ttlMs: 60_000, now: () => 0 });
    cache.set('a', 200, 'identity', encode('a', 'identity'));
    cache.set('b', 200, 'identity', encode('b', 'identity'));
    cache.get('a', 'identity');
    cache.set('c', 200, 'identity', encode('c', 'identity'));
    expect(cache.get('b', 'identity')).toBeNull();
    expect(cache.get('a', 'identity')).not.toBeNull();
    expect(cache.get('c', 'identity')).not.toBeNull();
  });

  it('keeps at most maxBytes of bodies, other encodings made on a hit included, dropping the least recently used', () => {
    const cache = new PageCache({ maxEntries: 100, maxBytes: 1_000, ttlMs: 60_000, now: () => 0 });
    // Seeded letters, so the gzip body made below is not tiny.
    let seed = 7;
    const letter = () => String.fromCharCode(97 + ((seed = (seed * 1664525 + 1013904223) >>> 0) % 26));
    const body = (n: number) => encode(Array.from({ length: n }, letter).join(''), 'identity');
    cache.set('a', 200, 'identity', body(400));
    cache.set('b', 200, 'identity', body(400));
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    cache.get('a', 'identity');
    cache.set('c', 200, 'identity', body(400)); // 1,200 bytes: b, the least recently used, goes
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    expect(cache.get('b', 'identity')).toBeNull();
    // a's gzip body is made and kept: with it the budget is passed again, and c (now least recently used) goes.
    cache.get('c', 'identity');
    const gzip = cache.get('a', 'gzip')!.body;
    expect(gzip.length).toBeGreaterThan(200);
    expect(cache.size).toEqual({ entries: 1, bytes: 400 + gzip.length });
    expect(cache.get('c', 'identity')).toBeNull();
    // A body larger than the whole budget is not kept at all.
    cache.set('d', 200, 'identity', body(2_000));
    expect(cache.get('d', 'identity')).toBeNull();
  });
});
