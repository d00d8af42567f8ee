import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@domain/constants';
import { fetchCurrentUser } from './auth';
import { memoryStorage } from './test-utils';

const user = { id: 1, username: 'admin', email: 'a@b.ca', firstName: null, lastName: null, profileImageUrl: null, role: 'admin', isActive: true, createdAt: '2025-01-01T00:00:00Z' };

describe('fetchCurrentUser (spec §4, §7, §8)', () => {
  let local: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    local = memoryStorage();
    vi.stubGlobal('window', { localStorage: local });
  });
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })));

  it('reads the user under a user field', async () => {
    answer(200, { user });
    await expect(fetchCurrentUser()).resolves.toEqual(user);
  });

  it('reads a bare user too', async () => {
    answer(200, user);
    await expect(fetchCurrentUser()).resolves.toEqual(user);
  });

  it('gives no user on 401 and drops a token the server no longer accepts', async () => {
    local.setItem(STORAGE_KEYS.adminToken, 'old');
    answer(401, { code: 'unauthorized', message: 'Authentication required' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('reads "nobody is signed in" from the code, not the status: a 401 of another kind is an error', async () => {
    local.setItem(STORAGE_KEYS.adminToken, 'kept');
    answer(401, { message: 'Unauthorized (from a proxy, say)' });
    await expect(fetchCurrentUser()).rejects.toThrow(/^Failed to fetch user$/);
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('kept');
  });

  it("fails with 'Failed to fetch user' on any other error", async () => {
    answer(500, { code: 'internal', message: 'boom' });
    await expect(fetchCurrentUser()).rejects.toThrow(/^Failed to fetch user$/);
  });
});
