// A tiny external store over one browser-storage key, for state several components share
// (approval criteria, comparison list, saved vehicles). useSyncExternalStore keeps every reader in step;
// 'storage' events keep other tabs in step.
import { useSyncExternalStore } from 'react';
import { readString, removeItem, writeString } from './storage';

export interface LocalStore<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

export function createLocalStore<T>(key: string, opts: {
  fallback: T;
  /** Parse the stored JSON; throw to reject it. */
  parse: (raw: unknown) => T;
  /** What to do with a value that cannot be read (spec §8 differs per key). */
  onCorrupt: (err: unknown) => 'remove' | 'keep';
}): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: T = opts.fallback;

  const read = (): T => {
    const raw = readString(key);
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    if (raw === null) return (cached = opts.fallback);
    try {
      cached = opts.parse(JSON.parse(raw));
    } catch (err) {
      if (opts.onCorrupt(err) === 'remove') removeItem(key);
      cached = opts.fallback;
    }
    return cached;
  };
  const emit = () => { for (const l of listeners) l(); };
  const store: LocalStore<T> = {
    get: read,
    set(next) {
      const value = typeof next === 'function' ? (next as (p: T) => T)(read()) : next;
      writeString(key, JSON.stringify(value));
      emit();
    },
    clear() { removeItem(key); emit(); },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => { if (e.key === null || e.key === key) listener(); };
      window.addEventListener('storage', onStorage);
      return () => { listeners.delete(listener); window.removeEventListener('storage', onStorage); };
    },
    use() {
      return useSyncExternalStore(store.subscribe, read, () => opts.fallback);
    },
  };
  return store;
}
