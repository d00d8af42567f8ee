// The page's embedded API answers (domain/page-preload.ts): each stands in for one GET, once, soon after load,
// and never for a caller holding a bearer token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PRELOAD_ELEMENT_ID, API_PRELOAD_FRESH_MS, preloadKey } from '@domain/page-preload';
import { STORAGE_KEYS } from '@domain/constants';
import { ApiError, apiGet } from './api-client';
import { preloadedData, resetPreloaded, takePreloaded } from './preloaded';
import { memoryStorage } from './test-utils';

function pageWith(content: string | null) {
  const el = content === null ? null : { textContent: content, remove: vi.fn() };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === API_PRELOAD_ELEMENT_ID ? el : null) });
  return el;
}

const answers = [
  { url: '/api/auth/user', status: 401, body: { message: 'Not logged in' } },
  { url: '/api/vehicles?page=1&format=paginated&limit=20', status: 200, body: { vehicles: [{ id: 7 }], pagination: { totalVehicles: 1 } } },
];

beforeEach(() => {
  resetPreloaded();
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
});
afterEach(() => vi.unstubAllGlobals());

describe('preloadKey', () => {
  it('matches the same query in any order, and leaves a bare path alone', () => {
    expect(preloadKey('/api/vehicles?page=1&format=paginated&make=RAM&make=Ford')).toBe(preloadKey('/api/vehicles?make=RAM&format=paginated&make=Ford&page=1'));
    expect(preloadKey('/api/vehicles?make=Ford&make=RAM')).not.toBe(preloadKey('/api/vehicles?make=RAM&make=Ford&make=GMC'));
    expect(preloadKey('/api/auth/user')).toBe('/api/auth/user');
  });
});

describe('takePreloaded', () => {
  it('gives each answer once, whatever the parameter order, and takes the block out of the page', () => {
    const el = pageWith(JSON.stringify(answers));
    expect(takePreloaded('/api/vehicles?format=paginated&limit=20&page=1', 100)?.body).toEqual(answers[1]!.body);
    expect(takePreloaded('/api/vehicles?format=paginated&limit=20&page=1', 100)).toBeUndefined();
    expect(takePreloaded('/api/vehicles?format=paginated&limit=20&page=2', 100)).toBeUndefined();
    expect(el!.remove).toHaveBeenCalledOnce();
  });

  it('stops answering once the page is no longer fresh', () => {
    pageWith(JSON.stringify(answers));
    expect(takePreloaded('/api/auth/user', API_PRELOAD_FRESH_MS + 1)).toBeUndefined();
    expect(takePreloaded('/api/auth/user', 10)).toBeUndefined();
  });

  it('treats a missing or damaged block as no answers', () => {
    pageWith(null);
    expect(takePreloaded('/api/auth/user', 10)).toBeUndefined();
    resetPreloaded();
    pageWith('{"not json');
    expect(takePreloaded('/api/auth/user', 10)).toBeUndefined();
  });
});

describe('preloadedData (a query\'s initialData)', () => {
  it('gives a successful body once, and leaves an error answer for the request that will handle it', () => {
    pageWith(JSON.stringify(answers));
    expect(preloadedData('/api/vehicles?limit=20&page=1&format=paginated', 10)).toEqual(answers[1]!.body);
    expect(preloadedData('/api/vehicles?limit=20&page=1&format=paginated', 10)).toBeUndefined();
    expect(preloadedData('/api/auth/user', 10)).toBeUndefined();
    expect(takePreloaded('/api/auth/user', 10)?.status).toBe(401);
  });

  it('gives nothing while a bearer token is stored', () => {
    pageWith(JSON.stringify(answers));
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'tok');
    expect(preloadedData('/api/vehicles?limit=20&page=1&format=paginated', 10)).toBeUndefined();
  });
});

describe('apiGet with embedded answers', () => {
  it('answers from the page without a request, errors included (a visitor\'s 401 makes no console error)', async () => {
    pageWith(JSON.stringify(answers));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const list = await apiGet('/api/vehicles', { params: { format: 'paginated', page: 1, limit: 20 } });
    expect(list).toEqual(answers[1]!.body);
    const err = (await apiGet('/api/auth/user').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.serverMessage).toBe('Not logged in');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server while a bearer token is stored: the page was fetched without it', async () => {
    pageWith(JSON.stringify(answers));
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'tok');
    const fetchMock = vi.fn(async () => new Response('{"user":{"username":"admin"}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiGet('/api/auth/user')).toEqual({ user: { username: 'admin' } });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
