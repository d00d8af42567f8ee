// Server-rendered pages for visitors who are not signed in, kept briefly (issue 14: "cache what can be cached").
// Such a page depends only on its address and theme: the API answers it was rendered from are the same for every
// signed-out visitor. A page with a session cookie is never stored or served from here (it embeds that visitor's
// own data). Entries go when the inventory changes (InventoryCache.onInvalidate: a sold vehicle leaves every page at
// once) and after a few seconds otherwise (blog and site page edits, the deal of the day at midnight, other
// instances' writes). Compressed bodies are kept per encoding, so a hit costs a lookup.
// Issue 17: only the bodies are kept, never the page's text (a listing page is ~290 kB of HTML, twice that as a
// JavaScript string, against ~20 kB compressed), and the cache is bounded by their bytes as well as their number:
// 500 listing pages kept as text held ~300 MB after a burst of varied filters.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  status: number;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** The bodies' bytes together. */
  bytes: number;
  expiresAt: number;
}

export interface PageCacheOptions {
  maxEntries: number;
  /** Budget for the bodies kept, all encodings together. */
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export function encode(html: string, encoding: Encoding): Buffer {
  // A few kilobytes per page: quick levels (the assets are compressed at build time, at the strongest).
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html, { level: 6 });
  return Buffer.from(html);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The same bytes as encode(), compressed on libuv's thread pool instead of the event loop's thread (issue 30: in
 * the 10-minute soak, compressing each rendered page synchronously was about 8 % of the server's CPU, all of it
 * time every other request waited). For a freshly rendered page; encode() stays for the rare re-encoding of a kept one.
 */
export async function encodeAsync(html: string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipAsync(html, { level: 6 });
  return Buffer.from(html);
}

function decode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** The bodies' bytes kept now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string, encoding: Encoding): { status: number; body: Buffer } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return null;
    }
    // Most recently used last (a Map iterates in insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    let body = entry.bodies[encoding];
    if (!body) {
      // Another encoding of a kept page: made from the one it was stored in, then kept too.
      const [stored, storedBody] = Object.entries(entry.bodies)[0] as [Encoding, Buffer];
      body = encode(decode(storedBody, stored).toString(), encoding);
      entry.bodies[encoding] = body;
      entry.bytes += body.length;
      this.bytes += body.length;
      this.evict();
    }
    return { status: entry.status, body };
  }

  set(key: string, status: number, encoding: Encoding, body: Buffer): void {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { status, bodies: { [encoding]: body }, bytes: body.length, expiresAt: this.now() + this.options.ttlMs });
    this.bytes += body.length;
    this.evict();
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops least recently used entries until both budgets hold. */
  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
