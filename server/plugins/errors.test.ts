// Every error is JSON {code, message} with the right status, validation errors name their fields, and no input a
// client can send produces a 500 (foundation issue). The code of every kind of error is checked here ("module
// boundaries": clients branch on it, domain/errors.ts).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@domain/errors';
import { MAX_JSON_DEPTH } from '@domain/json-limits';
import { ADDITIONAL_DATA_MAX_DEPTH } from '@domain/leads';
import { AppError, badRequest, conflict, forbidden, frameworkErrors, notFound, registerErrorHandler, tooMany, unauthorized } from '../errors';
import { createTestApp, loginAs, type Session, type TestContext } from '../test/helpers';

let t: TestContext;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await t.createUser({ role: 'admin' }));
  await t.createVehicle({ photos: 1 });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('an unknown /api path is a JSON 404 naming method and path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/xyz?secret=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // path_not_found, not not_found: no route at all, as opposed to a route whose record is missing.
    expect(res.json()).toEqual({ code: 'path_not_found', message: 'Not found: GET /api/xyz' });
    const post = await t.app.inject({ method: 'POST', url: '/api/vehicles/1/explode', headers: { accept: 'text/html' } });
    expect(post.json()).toEqual({ code: 'path_not_found', message: 'Not found: POST /api/vehicles/1/explode' });
  });

  it('malformed JSON is a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "a",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: 'Request body is not valid JSON' });
  });

  it('a body nested deeper than MAX_JSON_DEPTH is a 400, and a deep free-form field of a lead is one too (issue 15 item 9)', async () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const lead = (additionalData: string) => t.app.inject({
      method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json' }, remoteAddress: '10.91.0.1',
      payload: `{"email":"deep@example.ca","source":"contact","leadType":"general","additionalData":${additionalData}}`,
    });
    const deep = await lead(nested(10_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ code: 'bad_request', message: `Invalid body: JSON is nested more than ${MAX_JSON_DEPTH} levels deep` });
    // Within the parser's bound but past the field's own: the field is named.
    const field = await lead(nested(ADDITIONAL_DATA_MAX_DEPTH + 1));
    expect(field.statusCode).toBe(400);
    expect(field.json<{ code: string }>().code).toBe('validation_failed');
    expect(Object.keys(field.json<{ fields: Record<string, string> }>().fields)).toEqual(['additionalData']);
    const ok = await lead(nested(ADDITIONAL_DATA_MAX_DEPTH - 1));
    expect(ok.statusCode, ok.body).toBe(201);
    // Brackets inside strings are text, not nesting.
    expect((await lead(JSON.stringify({ note: '['.repeat(3_000) }))).statusCode).toBe(201);
  });

  it('a multipart body that cannot be read is a 400, not a 500 (found by the route fuzzing)', async () => {
    const customer = await loginAs(t.app, await t.createUser());
    for (const [url, who] of [['/api/account/photo', customer], ['/api/admin/photos/vehicles/1', admin]] as const) {
      for (const [type, body] of [['multipart/form-data; boundary=x', '--x\r\n'], ['multipart/form-data', 'garbage without boundaries']]) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...who.bearer, 'content-type': type }, payload: body });
        expect(res.statusCode, `${url} ${type}`).toBe(400);
        expect(res.json<{ code: string }>().code).toBe('bad_request');
        expect(res.json<{ message: string }>().message).toMatch(/^The multipart body is malformed/);
      }
    }
  });

  it('refuses prototype poisoning', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"admin": true}, "username": "a", "password": "b"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('bad_request');
  });

  it('a body over 1 MiB is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: expect.any(String) });
  });

  it('an unsupported content type is a 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<username>a</username>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'unsupported_media_type', message: expect.any(String) });
  });

  it('a validation error summarises and lists the failing fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vehicles?page=abc&limit=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid query: page must be a number',
      fields: { page: 'page must be a number', limit: 'limit must be at least 1' },
    });
  });
});

describe('every kind of error carries its code', () => {
  const ip = () => `10.93.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it('through the app: 401, 403, 404, 409, 429 and the router\'s 400 and 414', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).json()).toEqual({ code: 'unauthorized', message: 'Authentication required' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip(), payload: { username: 'nobody-at-all', password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid username or password' });
    const sold = await t.app.inject({ method: 'GET', url: '/api/vehicles?status=all' });
    expect(sold.statusCode).toBe(403);
    expect(sold.json()).toEqual({ code: 'forbidden', message: expect.any(String) });
    const missing = await t.app.inject({ method: 'GET', url: '/api/vehicles/2147483647' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: expect.any(String) });
    const user = await t.createUser();
    const taken = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: ip(), payload: { username: user.username, email: 'someone-else@example.ca', password: 'long-enough-pw' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'conflict', message: expect.any(String), fields: expect.any(Object) });
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/%' })).json()).toEqual({ code: 'bad_request', message: 'Malformed URL' });
    const long = await t.app.inject({ method: 'GET', url: `/api/vehicles/${'9'.repeat(400)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'uri_too_long', message: 'URL path segment too long' });
  });

  it('a rate-limited answer is rate_limited with its Retry-After', async () => {
    let res;
    for (let i = 0; i < 20; i++) {
      res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip(), payload: { username: 'limited-account', password: `guess-${i}-password` } });
      if (res.statusCode === 429) break;
      expect(res.json().code).toBe('invalid_credentials');
    }
    expect(res!.statusCode).toBe(429);
    expect(res!.json()).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many failed sign-in attempts/) });
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('through the handler: each helper its code, status-only errors by status, anything else internal', async () => {
    const bare = Fastify({ frameworkErrors });
    registerErrorHandler(bare);
    const raise = (err: unknown) => async () => { throw err; };
    const withStatus = (status: number, message: string) => Object.assign(new Error(message), { statusCode: status });
    const routes: [string, unknown][] = [
      ['/bad', badRequest('Invalid body: x is wrong', { x: 'is wrong' })],
      ['/bad-request', badRequest('Cannot read it', undefined, 'bad_request')],
      ['/unauthorized', unauthorized()],
      ['/credentials', unauthorized('Invalid username or password', 'invalid_credentials')],
      ['/forbidden', forbidden('Admin access required')],
      ['/not-found', notFound('Vehicle not found')],
      ['/conflict', conflict('Taken', { vin: 'is taken' })],
      ['/too-many', tooMany('Slow down', 1.2)],
      ['/app-error', new AppError(422, 'import_has_errors', 'No row is valid, so nothing was imported')],
      ['/plugin-429', withStatus(429, 'Rate limit exceeded, retry in 1 minute')],
      ['/plugin-406', withStatus(406, 'the request is not multipart')],
      ['/plugin-413', withStatus(413, 'reach files limit')],
      ['/teapot', withStatus(418, "I'm a teapot")],
      ['/data', Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })],
      ['/multipart', new Error('Unexpected end of form data')],
      ['/crash', new Error('secret detail')],
      ['/crash-5xx', withStatus(503, 'upstream down')],
    ];
    for (const [url, err] of routes) bare.get(url, raise(err));
    await bare.ready();
    const answer = async (url: string) => {
      const res = await bare.inject({ method: 'GET', url });
      expect(errorBodySchema.strict().safeParse(res.json()).error, url).toBeUndefined();
      return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
    };
    try {
      expect(await answer('/bad')).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Invalid body: x is wrong', fields: { x: 'is wrong' } } });
      expect(await answer('/bad-request')).toMatchObject({ status: 400, body: { code: 'bad_request', message: 'Cannot read it' } });
      expect(await answer('/unauthorized')).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'Authentication required' } });
      expect(await answer('/credentials')).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
      expect(await answer('/forbidden')).toMatchObject({ status: 403, body: { code: 'forbidden', message: 'Admin access required' } });
      expect(await answer('/not-found')).toMatchObject({ status: 404, body: { code: 'not_found', message: 'Vehicle not found' } });
      expect(await answer('/conflict')).toMatchObject({ status: 409, body: { code: 'conflict', message: 'Taken', fields: { vin: 'is taken' } } });
      expect(await answer('/too-many')).toEqual({ status: 429, body: { code: 'rate_limited', message: 'Slow down' }, retryAfter: '2' });
      expect(await answer('/app-error')).toMatchObject({ status: 422, body: { code: 'import_has_errors' } });
      expect(await answer('/plugin-429')).toMatchObject({ status: 429, body: { code: 'rate_limited', message: 'Rate limit exceeded, retry in 1 minute' } });
      expect(await answer('/plugin-406')).toMatchObject({ status: 406, body: { code: 'unsupported_media_type', message: 'the request is not multipart' } });
      expect(await answer('/plugin-413')).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
      expect(await answer('/teapot')).toMatchObject({ status: 418, body: { code: 'bad_request' } });
      expect(await answer('/data')).toEqual({ status: 400, body: { code: 'validation_failed', message: 'Invalid input' }, retryAfter: undefined });
      expect(await answer('/multipart')).toMatchObject({ status: 400, body: { code: 'bad_request', message: expect.stringMatching(/^The multipart body is malformed/) } });
      expect(await answer('/crash')).toEqual({ status: 500, body: { code: 'internal', message: 'Internal server error' }, retryAfter: undefined });
      expect(await answer('/crash-5xx')).toEqual({ status: 500, body: { code: 'internal', message: 'Internal server error' }, retryAfter: undefined });
    } finally {
      await bare.close();
    }
  });
});

describe('odd inputs never give a 500', () => {
  type Case = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string>; expected: number };
  const cases: Case[] = [
    { method: 'GET', url: '/api/vehicles?page=99999999999999999999', expected: 400 },
    { method: 'GET', url: '/api/vehicles?page=-1', expected: 400 },
    { method: 'GET', url: '/api/vehicles?page=1e400', expected: 400 },
    { method: 'GET', url: '/api/vehicles?page=NaN', expected: 400 },
    { method: 'GET', url: '/api/vehicles?page=Infinity', expected: 400 },
    { method: 'GET', url: '/api/vehicles?page=1&page=2', expected: 400 },
    { method: 'GET', url: '/api/vehicles?page=100000', expected: 200 },
    { method: 'GET', url: '/api/vehicles?limit=-5', expected: 400 },
    { method: 'GET', url: '/api/vehicles?limit=1000000000', expected: 400 },
    { method: 'GET', url: '/api/vehicles?priceMin=1e400', expected: 400 },
    { method: 'GET', url: '/api/vehicles?priceMax=99999999999', expected: 400 },
    { method: 'GET', url: '/api/vehicles?yearMin=0x7e0', expected: 200 },
    { method: 'GET', url: '/api/vehicles?priceMin[]=1', expected: 200 },
    { method: 'GET', url: '/api/vehicles?make=%00', expected: 400 },
    { method: 'GET', url: '/api/vehicles?make=Ford%00', expected: 400 },
    { method: 'GET', url: '/api/vehicles?search=%00', expected: 400 },
    { method: 'GET', url: '/api/vehicles?feature=%00', expected: 400 },
    { method: 'GET', url: '/api/vehicles?make=', expected: 400 },
    { method: 'GET', url: `/api/vehicles?${Array.from({ length: 51 }, () => 'make=Ford').join('&')}`, expected: 400 },
    { method: 'GET', url: `/api/vehicles?search=${'a'.repeat(101)}`, expected: 400 },
    { method: 'GET', url: `/api/vehicles?make=${'a'.repeat(41)}`, expected: 400 },
    { method: 'GET', url: `/api/vehicles?search=${encodeURIComponent("' OR 1=1; DROP TABLE vehicles; --")}`, expected: 200 },
    { method: 'GET', url: `/api/vehicles?make=${encodeURIComponent("Ford' OR '1'='1")}`, expected: 200 },
    { method: 'GET', url: `/api/vehicles?search=${encodeURIComponent('🚗 Ëlantra 日本 \\ % _')}`, expected: 200 },
    { method: 'GET', url: '/api/vehicles?search=%ED%A0%80', expected: 200 },
    { method: 'GET', url: '/api/vehicles?search=%E0%A4%A', expected: 200 },
    { method: 'GET', url: `/api/vehicles?search=${encodeURIComponent('a b c d e f g h i j k l m n o p')}`, expected: 200 },
    { method: 'GET', url: `/api/vehicles?search=${encodeURIComponent('abcdefghij klmnopqrst uvwxyzabcd')}`, expected: 200 },
    { method: 'GET', url: '/api/vehicles?sortBy=%27%20OR%201%3D1', expected: 400 },
    { method: 'GET', url: '/api/vehicles?status=all', expected: 403 },
    { method: 'GET', url: '/api/vehicles?status=deleted', headers: { authorization: 'Bearer x' }, expected: 400 },
    { method: 'GET', url: '/api/vehicles?format[]=paginated', expected: 200 },
    { method: 'GET', url: '/api/vehicles/1%20OR%201=1', expected: 400 },
    { method: 'GET', url: '/api/vehicles/%00', expected: 400 },
    { method: 'GET', url: '/api/vehicles/1e3', expected: 404 },
    { method: 'GET', url: `/api/vehicles/${'9'.repeat(400)}`, expected: 414 },
    { method: 'GET', url: '/api/vehicles/%E0%A4%A', expected: 400 },
    { method: 'GET', url: '/api/vehicles/%', expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: 'username=a&password=b', headers: { 'content-type': 'text/plain' }, expected: 400 },
    { method: 'GET', url: '/api/vehicles/%E2%82%AC', expected: 400 },
    { method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${'A'.repeat(5000)}` }, expected: 401 },
    { method: 'GET', url: '/api/auth/user', headers: { cookie: `session=${'%'.repeat(300)}` }, expected: 401 },
    { method: 'GET', url: '/api/auth/user', headers: { cookie: 'session=\u0000abc' }, expected: 401 },
    { method: 'POST', url: '/api/auth/login', payload: [], expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: 'just a string', headers: { 'content-type': 'application/json' }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: 'null', headers: { 'content-type': 'application/json' }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: '12345678901234567890123456789', headers: { 'content-type': 'application/json' }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: { username: 123, password: true }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: { username: { $ne: null }, password: 'x' }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: { username: ['a', 'b'], password: 'x' }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: { username: 'a\u0000b', password: 'x' }, expected: 400 },
    { method: 'POST', url: '/api/auth/login', payload: { username: 'ünïcødé-名前', password: 'пароль-пароль' }, expected: 401 },
    { method: 'POST', url: '/api/auth/login', payload: { username: "admin' --", password: "' OR '1'='1" }, expected: 401 },
    { method: 'POST', url: '/api/auth/login', payload: { username: 'x'.repeat(255), password: 'x' }, expected: 400 },
    { method: 'POST', url: '/api/auth/register', payload: { username: 'valid_name', email: 'a@b.ca', password: 'p'.repeat(129) }, expected: 400 },
    { method: 'POST', url: '/api/auth/register', payload: { username: 'valid_name', email: 'a@b.ca\u0000', password: 'long-enough-pw' }, expected: 400 },
    { method: 'POST', url: '/api/auth/register', payload: { username: 'valid_name', email: 'a@b.ca', password: 'long-enough-pw', lastName: 'x'.repeat(61) }, expected: 400 },
    { method: 'POST', url: '/api/auth/register', payload: { username: 'valid_name', email: 'a@b.ca', password: 'long-enough-pw', role: 'admin' }, expected: 201 },
    { method: 'POST', url: '/api/vehicles/1/mark-sold', payload: '{', headers: { 'content-type': 'application/json' }, expected: 400 },
    // Admin routes check the session before reading input (issue 4 "Access"): a visitor learns nothing from validation.
    { method: 'DELETE', url: '/api/vehicles/-5', expected: 401 },
    { method: 'DELETE', url: '/api/vehicles/5', expected: 401 },
  ];

  it.each(cases)('$method $url → $expected', async ({ method, url, payload, headers, expected }) => {
    const res = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}), remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    expect(res.statusCode, res.body).toBe(expected);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // {code, message, fields?} with a code of the shared list, nothing else.
    if (expected >= 400) expect(errorBodySchema.strict().safeParse(res.json()).error).toBeUndefined();
  });

  it('an admin sending odd ids or statuses gets 4xx, never 500', async () => {
    for (const url of ['/api/vehicles?status=all&page=99999', '/api/vehicles/2147483647', '/api/vehicles/2147483648']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.bearer });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const del = await t.app.inject({ method: 'DELETE', url: '/api/vehicles/2147483647', headers: admin.bearer });
    expect(del.statusCode).toBe(404);
  });

  it('a registration cannot choose its role', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'would_be_admin', email: 'wba@b.ca', password: 'long-enough-pw', role: 'admin' } });
    expect(res.json().user.role).toBe('customer');
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs/json from the route schemas, without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/vehicles', '/api/vehicles/facets', '/api/vehicles/{id}', '/api/vehicles/{id}/mark-sold', '/api/auth/login', '/api/auth/user', '/api/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
    expect(JSON.stringify(doc)).not.toMatch(/passwordHash/);
    // Error answers document their code, as the closed list of domain/errors.ts.
    const unauthorizedBody = doc.paths['/api/auth/user'].get.responses['401'].content['application/json'].schema;
    expect(unauthorizedBody.required).toEqual(expect.arrayContaining(['code', 'message']));
    expect(unauthorizedBody.properties.code.enum).toEqual(expect.arrayContaining(['unauthorized', 'invalid_credentials', 'two_factor_required', 'internal']));
  });

  it('serves the Swagger UI page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
