// A small in-process LRU for the public inventory reads (list pages, counts, facets, vehicle details).
//
// Why it is safe:
// - It holds inventory data only, never anything about the caller. Keys are built from the normalised query and
//   the *effective* status filter (visitors always get 'available'; only admins can ask for other statuses), so a
//   visitor can never be served an admin's page. Per-caller rules (who may see a pending listing) are applied to
//   the cached value after it is read, not baked into it.
// - Every vehicle mutation in this process calls invalidate() once its transaction has committed. That empties
//   the cache, in-flight loads included (they may have read the old rows), so the next read queries afresh.
// - With the embedded database this process is the only writer (PGlite is in-process and exclusive), so the
//   cache is exact. With PostgreSQL other instances may write too, so entries also expire after a short TTL:
//   a sold vehicle leaves other instances' results within that many seconds (AMVIC: "at once" in practice).
// - It is bounded by entries and by bytes (a limit=100 page is ~300 kB of JSON), so odd queries cannot grow it.
// - Entries are shared promises, so a burst of identical cold requests runs one query, not one each.

declare module 'fastify' {
  interface FastifyInstance {
    /** Any module that changes vehicles, their photos or prices calls app.inventoryCache.invalidate(). */
    inventoryCache: InventoryCache;
  }
}

export interface InventoryCacheOptions {
  maxEntries: number;
  /** Budget for cached JSON strings (other values count as 1 kB). */
  maxBytes: number;
  /** Infinity when this process is the only writer. */
  ttlMs: number;
}

interface Entry { promise: Promise<unknown>; expiresAt: number; bytes: number }

const sizeOf = (value: unknown) => (typeof value === 'string' ? value.length : 1024);

export class InventoryCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly options: InventoryCacheOptions) {}

  /** How long an entry may be served: Infinity when this process is the only writer (invalidation is exact). */
  get ttlMs(): number { return this.options.ttlMs; }

  /** Call after any change to vehicles, their photos or prices. */
  invalidate(): void {
    this.entries.clear();
    this.bytes = 0;
    for (const listener of this.listeners) listener();
  }

  /** Caches built from inventory data (the server-rendered pages, plugins/pages.ts) are dropped with it. */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      // Re-insert to mark as most recently used (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.promise as Promise<T>;
    }
    if (hit) this.remove(key, hit);
    const promise = load();
    const entry: Entry = { promise, expiresAt: now + this.options.ttlMs, bytes: 0 };
    this.entries.set(key, entry);
    this.evict();
    try {
      const value = await promise;
      if (this.entries.get(key) === entry) {
        entry.bytes = sizeOf(value);
        this.bytes += entry.bytes;
        this.evict();
      }
      return value;
    } catch (err) {
      // Failures are not cached: the next caller tries again.
      if (this.entries.get(key) === entry) this.remove(key, entry);
      throw err;
    }
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
