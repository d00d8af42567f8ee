// Issue 15 item 5: only an admin's sign-in answer leaves a token in browser storage (admin_token, spec §4/§6);
// a customer's sign-in relies on the httpOnly cookie and drops any admin_token left behind.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@domain/constants';
import { rememberSessionToken } from './auth';
import { memoryStorage } from './test-utils';

const base = { email: 'a@b.ca', firstName: null, lastName: null, profileImageUrl: null, isActive: true, createdAt: '2025-01-01T00:00:00Z' };
const admin = { ...base, id: 1, username: 'admin', role: 'admin' };
const customer = { ...base, id: 2, username: 'pat', role: 'customer' };

describe('rememberSessionToken (spec §4, issue 15 item 5)', () => {
  let local: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    local = memoryStorage();
    vi.stubGlobal('window', { localStorage: local });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores an admin's token as admin_token", () => {
    rememberSessionToken({ message: 'ok', token: 'admin-token', user: admin });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
  });

  it("replaces an older admin_token with the new admin's", () => {
    local.setItem(STORAGE_KEYS.adminToken, 'old');
    rememberSessionToken({ token: 'new', user: admin });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('new');
  });

  it('stores nothing for a customer, and drops a stale admin_token', () => {
    local.setItem(STORAGE_KEYS.adminToken, 'stale');
    rememberSessionToken({ message: 'ok', user: customer });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(local.data.size).toBe(0);
  });

  it("ignores a token a customer's answer still carries (an older server)", () => {
    rememberSessionToken({ token: 'customer-token', user: customer });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('stores nothing when the admin answer has no token, or an empty one', () => {
    local.setItem(STORAGE_KEYS.adminToken, 'stale');
    rememberSessionToken({ user: admin });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    rememberSessionToken({ token: '', user: admin });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('reads a bare user answer too (spec §7) and stores nothing without a user', () => {
    rememberSessionToken({ ...admin, token: 'bare' });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('bare');
    rememberSessionToken({ token: 'who' });
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    rememberSessionToken(undefined);
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('does not throw when browser storage is unavailable', () => {
    vi.stubGlobal('window', undefined);
    expect(() => rememberSessionToken({ token: 't', user: admin })).not.toThrow();
  });
});
