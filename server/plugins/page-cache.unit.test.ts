import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, PageCache } from './page-cache';

describe('PageCache', () => {
  it('serves a page until its time is up, in any encoding, and forgets it on clear', () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 10, ttlMs: 5_000, now: () => now });
    cache.set('light /vehicles', 200, '<p>cards</p>', 'br', encode('<p>cards</p>', 'br'));
    expect(cache.get('light /vehicles', 'br')?.status).toBe(200);
    expect(gunzipSync(cache.get('light /vehicles', 'gzip')!.body).toString()).toBe('<p>cards</p>');
    expect(cache.get('dark /vehicles', 'br')).toBeNull();
    now += 4_999;
    expect(cache.get('light /vehicles', 'identity')?.body.toString()).toBe('<p>cards</p>');
    now += 1;
    expect(cache.get('light /vehicles', 'identity')).toBeNull();
    cache.set('light /', 404, 'x', 'identity', encode('x', 'identity'));
    cache.clear();
    expect(cache.get('light /', 'identity')).toBeNull();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 60_000, now: () => 0 });
    cache.set('a', 200, 'a', 'identity', encode('a', 'identity'));
    cache.set('b', 200, 'b', 'identity', encode('b', 'identity'));
    cache.get('a', 'identity');
    cache.set('c', 200, 'c', 'identity', encode('c', 'identity'));
    expect(cache.get('b', 'identity')).toBeNull();
    expect(cache.get('a', 'identity')).not.toBeNull();
    expect(cache.get('c', 'identity')).not.toBeNull();
  });
});
