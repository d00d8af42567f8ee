// Server-rendered pages for visitors who are not signed in, kept briefly (issue 14: "cache what can be cached").
// Such a page depends only on its address and theme: the API answers it was rendered from are the same for every
// signed-out visitor. A page with a session cookie is never stored or served from here (it embeds that visitor's
// own data). Entries go when the inventory changes (InventoryCache.onInvalidate: a sold vehicle leaves every page at
// once) and after a few seconds otherwise (blog and site page edits, the deal of the day at midnight, other
// instances' writes). Compressed bodies are kept per encoding, so a hit costs a lookup.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  status: number;
  bodies: Partial<Record<Encoding, Buffer>>;
  html: string;
  expiresAt: number;
}

export interface PageCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

export function encode(html: string, encoding: Encoding): Buffer {
  // A few kilobytes per page: quick levels (the assets are compressed at build time, at the strongest).
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html, { level: 6 });
  return Buffer.from(html);
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  clear(): void {
    this.entries.clear();
  }

  get(key: string, encoding: Encoding): { status: number; body: Buffer } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    // Most recently used last (a Map iterates in insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    const body = (entry.bodies[encoding] ??= encode(entry.html, encoding));
    return { status: entry.status, body };
  }

  set(key: string, status: number, html: string, encoding: Encoding, body: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, { status, html, bodies: { [encoding]: body }, expiresAt: this.now() + this.options.ttlMs });
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(k);
    }
  }
}
