import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@domain/constants';
import { readJSON, readString, removeItem, writeJSON, writeString } from './storage';
import { readSavedVehicleIds } from './saved-vehicles';
import { memoryStorage } from './test-utils';

describe('storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips JSON', () => {
    const storage = memoryStorage();
    expect(writeJSON('k', { a: [1, 2] }, { storage })).toBe(true);
    expect(readJSON('k', null, { storage })).toEqual({ a: [1, 2] });
  });

  it('returns the fallback for a missing key', () => {
    expect(readJSON('missing', 42, { storage: memoryStorage() })).toBe(42);
  });

  it('logs and removes a corrupt value by default (spec §8)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage({ k: '{not json' });
    expect(readJSON('k', [], { storage })).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
    expect(storage.data.has('k')).toBe(false);
  });

  it('only logs when asked to keep unreadable values (spec §8: criteria, listing state, chat)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage({ k: '{not json' });
    expect(readJSON('k', 'fallback', { storage, onCorrupt: 'keep' })).toBe('fallback');
    expect(log).toHaveBeenCalledOnce();
    expect(storage.data.get('k')).toBe('{not json');
  });

  it('treats a value of the wrong shape as corrupt', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage({ [STORAGE_KEYS.savedVehicles]: '{"id":3}' });
    expect(readSavedVehicleIds({ storage })).toEqual([]);
    expect(storage.data.has(STORAGE_KEYS.savedVehicles)).toBe(false);
  });

  it('reads a valid saved list', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.savedVehicles]: '[3,5,8]' });
    expect(readSavedVehicleIds({ storage })).toEqual([3, 5, 8]);
  });

  it('never throws when storage itself throws (private mode, quota)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('QuotaExceededError'); },
      removeItem: () => { throw new Error('SecurityError'); },
    };
    expect(readString('k', { storage: broken })).toBeNull();
    expect(writeString('k', 'v', { storage: broken })).toBe(false);
    expect(() => removeItem('k', { storage: broken })).not.toThrow();
    expect(readJSON('k', 1, { storage: broken })).toBe(1);
  });

  it('is a no-op without a browser (no window)', () => {
    expect(readString('k')).toBeNull();
    expect(writeString('k', 'v')).toBe(false);
  });

  it('does not write values JSON cannot serialise', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    expect(writeJSON('k', { n: 1n }, { storage })).toBe(false);
    expect(storage.data.size).toBe(0);
  });
});
