import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@domain/constants';
import { ApiError, apiDelete, apiGet, apiPost, errorMessage, toQueryString } from './api-client';
import { memoryStorage } from './test-utils';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api-client', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns a non-ok answer into "STATUS: body" (spec §8) and keeps status and parsed body', async () => {
    stubFetch(400, '{"code":"validation_failed","message":"username is required","fields":{"username":"username is required"}}', 'Bad Request');
    const err = await apiPost('/api/auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.message).toBe('400: {"code":"validation_failed","message":"username is required","fields":{"username":"username is required"}}');
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ code: 'validation_failed', message: 'username is required', fields: { username: 'username is required' } });
    expect(e.code).toBe('validation_failed');
    expect(e.serverMessage).toBe('username is required');
    expect(e.fields).toEqual({ username: 'username is required' });
  });

  it('exposes only codes of the shared list: none for an unknown code or a body without one', async () => {
    stubFetch(401, '{"code":"two_factor_required","message":"Enter the code","challenge":"abc"}');
    expect(((await apiPost('/api/auth/login', {}).catch((x: unknown) => x)) as ApiError).code).toBe('two_factor_required');
    stubFetch(418, '{"code":"teapot","message":"short and stout"}');
    const unknown = (await apiGet('/api/tea').catch((x: unknown) => x)) as ApiError;
    expect(unknown.code).toBeUndefined();
    expect(unknown.serverMessage).toBe('short and stout');
    stubFetch(401, '{"message":"no code"}');
    expect(((await apiGet('/api/auth/user').catch((x: unknown) => x)) as ApiError).code).toBeUndefined();
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(503, '', 'Service Unavailable');
    await expect(apiGet('/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps a non-JSON body as text', async () => {
    stubFetch(502, 'Bad gateway from proxy', 'Bad Gateway');
    const e = (await apiGet('/api/vehicles').catch((x: unknown) => x)) as ApiError;
    expect(e.message).toBe('502: Bad gateway from proxy');
    expect(e.body).toBeUndefined();
    expect(e.code).toBeUndefined();
    expect(e.fields).toEqual({});
    expect(errorMessage(e, 'fallback')).toBe('fallback');
  });

  it('sends cookies, JSON with its content type, and no bearer header without a token (spec §7)', async () => {
    const fetchMock = stubFetch(200, '{"ok":true}');
    await expect(apiPost('/api/auth/login', { username: 'a', password: 'b' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"username":"a","password":"b"}');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it('adds the stored admin token as a bearer header (spec §6)', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage({ [STORAGE_KEYS.adminToken]: 'tok123' }) });
    const fetchMock = stubFetch(204, '');
    await expect(apiDelete('/api/vehicles/7')).resolves.toBeUndefined();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok123');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('builds query strings with repeated keys and without empty values (spec §7)', async () => {
    expect(toQueryString({ format: 'paginated', make: ['Ford', 'RAM'], search: '', priceMin: undefined, limit: 6 }))
      .toBe('?format=paginated&make=Ford&make=RAM&limit=6');
    expect(toQueryString({})).toBe('');
    const fetchMock = stubFetch(200, '[]');
    await apiGet('/api/vehicles', { params: { search: 'f-150 lariat' } });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/vehicles?search=f-150+lariat');
  });
});
