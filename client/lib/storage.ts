// Safe browser storage (spec §8): storage can be missing (private mode, server-side tests) or hold
// values another version of the site wrote. Reading never throws; a corrupt value is logged and,
// for the keys spec §8 names (saved vehicles, comparison list), removed so it cannot break the page again.

/** The subset of the Web Storage API we use, so tests can pass an in-memory object. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

type Area = 'local' | 'session';

function browserStorage(area: Area): StorageLike | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Some browsers throw on mere access when storage is disabled.
    return undefined;
  }
}

export interface StorageOptions {
  /** Defaults to window.localStorage. */
  storage?: StorageLike;
  /** 'session' picks window.sessionStorage when no storage is given. */
  area?: Area;
}

export interface ReadJsonOptions<T> extends StorageOptions {
  /** Extra shape check: return false (or throw) to treat a parsed value as corrupt. */
  validate?: (value: unknown) => value is T;
  /**
   * spec §8: corrupt saved data is removed after an error log (the default); unreadable criteria,
   * listing state or chat storage are only logged ('keep').
   */
  onCorrupt?: 'remove' | 'keep';
}

const pick = (o: StorageOptions) => o.storage ?? browserStorage(o.area ?? 'local');

/** Read a raw string; null when missing or storage is unavailable. */
export function readString(key: string, options: StorageOptions = {}): string | null {
  try {
    return pick(options)?.getItem(key) ?? null;
  } catch (err) {
    console.error(`Could not read "${key}" from browser storage`, err);
    return null;
  }
}

/** Write a raw string; returns false when storage refused it (quota, disabled). */
export function writeString(key: string, value: string, options: StorageOptions = {}): boolean {
  try {
    const s = pick(options);
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch (err) {
    console.error(`Could not write "${key}" to browser storage`, err);
    return false;
  }
}

export function removeItem(key: string, options: StorageOptions = {}): void {
  try {
    pick(options)?.removeItem(key);
  } catch (err) {
    console.error(`Could not remove "${key}" from browser storage`, err);
  }
}

/** Read and parse JSON; the fallback when missing, unavailable or corrupt. */
export function readJSON<T>(key: string, fallback: T, options: ReadJsonOptions<T> = {}): T {
  const raw = readString(key, options);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    if (options.validate && !options.validate(value)) throw new Error('unexpected shape');
    return value as T;
  } catch (err) {
    console.error(`Discarding unreadable browser storage value "${key}"`, err);
    if ((options.onCorrupt ?? 'remove') === 'remove') removeItem(key, options);
    return fallback;
  }
}

export function writeJSON(key: string, value: unknown, options: StorageOptions = {}): boolean {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    console.error(`Could not serialise "${key}" for browser storage`, err);
    return false;
  }
  return writeString(key, text, options);
}
