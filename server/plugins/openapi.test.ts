// Issue 36 item 7: the served OpenAPI document names every operation, says how each is called, lists the server and
// leaves internal endpoints out. `npm run lint:openapi` (part of npm run lint) lints the same document with Redocly.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { OPERATION_IDS } from './openapi-operations';

type Operation = { operationId?: string; security?: Record<string, string[]>[]; tags?: string[] };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

let t: TestContext;
let doc: Document;
const operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  // The backup endpoint on, as a server that serves `npm run db:backup` has it: still not in the document.
  t = await createTestApp({ env: { BACKUP_ENDPOINT: 'on', API_DOCS: 'public' }, backupControlToken: () => 'x'.repeat(43) });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) operations.push({ method, path, op });
  }
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('names every operation once, from the table, and the table names no route that is gone', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((o) => o.op.operationId);
    expect(operations.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(Object.keys(OPERATION_IDS).filter((k) => !documented.has(k))).toEqual([]);
  });

  it('declares security on every operation: a session or bearer token for admin and personal routes, none for public ones', () => {
    expect(operations.filter((o) => !Array.isArray(o.op.security)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const signedIn = [{ session: [] }, { bearer: [] }];
    const byId = new Map(operations.map((o) => [o.op.operationId, o.op.security]));
    // The admin scope, a requireUser route, one that checks the session itself, and public ones.
    for (const id of ['adminListVehicles', 'adminDeleteVehicle', 'adminDisableTwoFactor', 'listMyListings', 'changeMyPassword', 'getCurrentUser']) {
      expect(byId.get(id), id).toEqual(signedIn);
    }
    for (const id of ['listVehicles', 'getVehicle', 'login', 'register', 'createLead', 'getHealth']) expect(byId.get(id), id).toEqual([]);
    for (const o of operations.filter((x) => x.path.startsWith('/api/admin/'))) expect(o.op.security, o.path).toEqual(signedIn);
  });

  it('documents the estimate photo upload as taking the estimate\'s token', () => {
    expect(operations.find((o) => o.op.operationId === 'addAppraisalPhotos')!.op.security).toEqual([{ appraisalPhotoToken: [] }]);
  });

  it('a visitor is never asked to sign in by an operation documented as public', async () => {
    const asked: string[] = [];
    for (const { method, path, op } of operations.filter((o) => o.op.security?.length === 0)) {
      const url = path.replace(/\{vin\}/g, '1HGCM82633A004352').replace(/\{(\w+)\}/g, '1');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { origin: t.config.publicUrl }, ...(method === 'get' ? {} : { payload: {} }) });
      if (res.statusCode === 401) asked.push(`${op.operationId}: ${method} ${path}`);
    }
    expect(asked).toEqual([]);
  });

  it('every operation without a 4XX answer is in the lint\'s ignore file, and none of those can be refused (issue 56)', async () => {
    type Responses = { responses?: Record<string, unknown> };
    const without = operations.filter((o) => !Object.keys((o.op as Responses).responses ?? {}).some((code) => code.startsWith('4')));
    const pointer = (o: { method: string; path: string }) => `#/paths/${o.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${o.method}/responses`;
    const ignored = [...readFileSync(new URL('../../.redocly.lint-ignore.yaml', import.meta.url), 'utf8').matchAll(/'(#\/paths\/[^']+)'/g)].map((m) => m[1]);
    expect(without.map(pointer).sort()).toEqual(ignored.sort());
    for (const o of without) {
      const requests = [
        { payload: '{', headers: { 'content-type': 'application/json' } },
        { payload: '<x/>', headers: { 'content-type': 'text/xml' } },
        { headers: { authorization: 'Bearer not-a-token' } },
        { query: { page: '-1', q: '%E0%A4%A', id: 'x'.repeat(500) } },
      ];
      for (const extra of requests) {
        const res = await t.app.inject({ method: o.method.toUpperCase() as 'GET', url: o.path, ...extra });
        expect(res.statusCode, `${o.method} ${o.path} ${JSON.stringify(extra)}`).toBeLessThan(400);
      }
    }
  });

  it('lists the public server and no internal endpoint', () => {
    expect(doc.servers).toEqual([{ url: t.config.publicUrl }]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
