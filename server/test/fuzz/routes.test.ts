// Property-based fuzzing of every API route (fast-check). Each route gets FUZZ_RUNS requests (200 here and in CI,
// 10,000 with `npm run fuzz:api`), about half of them shaped by the route's own schemas and half malformed: wrong
// types, out-of-range numbers, strings past their limit, missing and extra fields, huge and deeply nested values,
// odd Unicode, and bodies that are not JSON at all. Properties:
//   1. no request ever gets a 5xx;
//   2. a request the route's schemas refuse gets a 400 whose `fields` name what is wrong (server/errors.ts), or the
//      status of the layer that legitimately answers before validation (see expectationFor).
//
// Generating from the route's own Zod schema: the Zod schemas each route was registered with are captured (an onRoute
// hook, below), turned into JSON Schema with z.toJSONSchema exactly as the OpenAPI document at /api/docs/json is made
// (fastify-type-provider-zod), and fed to ./arbitraries. JSON Schema loses refinements, transforms and preprocessing,
// so the same Zod schemas then decide, for every generated request, whether its input is schema-invalid: they are the
// oracle, exactly as Fastify will run them (params, then body, then query; the first failure answers).
//
// Reproducible: fast-check is seeded with FUZZ_SEED (a constant by default), one seed per route derived from it, so
// the same command replays the same requests (routes share one database, so rerun the whole file, not one test). A
// failure prints the route, the request (fast-check's shrunk counterexample), what was expected and the answer.
// Other seeds: FUZZ_SEED=123 npx vitest run --project api-isolated server/test/fuzz; more requests: npm run fuzz:api.
import fc from 'fast-check';
import type * as Argon2 from '@node-rs/argon2';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { IMPORT_MAX_BYTES } from '@domain/imports';
import { MAX_JSON_DEPTH } from '@domain/json-limits';
import { createTestApp, loginAs } from '../helpers';
import {
  BODY_LIMIT, FORBIDDEN_KEYS, hasForbiddenKey, isWellFormed, malformed, multipartGarbage, nestedJson, rawBodies, UNICODE_SAMPLES, valid,
  type JsonSchema, type Malformed, type RawBody,
} from './arbitraries';

// The route table as registered, with each route's Zod schemas (the OpenAPI document only has their JSON Schema):
// an onRoute hook on every Fastify instance created in this file, i.e. the app buildApp makes. Nothing else changes.
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const fastify = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => { registered.push(route); });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: fastify, fastify };
});

// Cheaper password hashing in this file only: argon2id with the OWASP parameters (server/lib/password.ts)
// costs tens of milliseconds a hash, and the sign-in, sign-up, password and two-factor routes would spend most of
// their fuzzing budget in it. Same algorithm, same code paths, smaller memory and time cost.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return { ...actual, hash: (password: string | Uint8Array) => actual.hash(password, { memoryCost: 256, timeCost: 1, parallelism: 1 }) };
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
/** The router's limit on one path parameter, decoded, in UTF-16 units (find-my-way's maxParamLength default). */
const MAX_PARAM_LENGTH = 100;
/**
 * Deeply nested values inside the generated requests: 50 levels, and one level under the body parser's limit (so
 * that, placed in a property, the value reaches the schemas). The 10,000-level case has its own tests below.
 */
const NEST_DEPTHS = [MAX_JSON_DEPTH - 1, 50];
const HUGE_NEST_DEPTH = 10_000;

type Part = 'params' | 'body' | 'querystring';
const PARTS: Part[] = ['params', 'body', 'querystring'];

interface FuzzRoute {
  name: string;
  method: string;
  url: string;
  zod: Partial<Record<Part, z.ZodType>>;
  json: Partial<Record<Part, JsonSchema>>;
  /** The JSON parser the route's plugin uses (see jsonParserOf). */
  parser: JsonParser;
  /** Behind the admin guard (server/modules/admin/guard.ts): under /api/admin, or tagged 'admin'. */
  admin: boolean;
  /** An upload route (multipart/form-data): the fuzzer never sends a real file, so it must always answer 4xx. */
  upload: boolean;
}

interface JsonParser { bodyLimit: number; maxDepth: number | undefined }
/** Routes that also take raw bodies of these types (server/modules/content/routes.ts: the cover image upload). */
const RAW_BODY_TYPES: Record<string, string[]> = {
  'POST /api/admin/content/cover': ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'],
};
/**
 * The app's JSON parser (server/plugins/body.ts: 1 MiB, at most MAX_JSON_DEPTH levels), and the one the imports
 * plugin puts in its place (server/modules/imports/routes.ts: a whole CSV file travels as a JSON string) which, today,
 * has no depth limit: a deep body there goes on to the schemas (or is refused by a parser that learnt the limit).
 */
const APP_JSON: JsonParser = { bodyLimit: BODY_LIMIT, maxDepth: MAX_JSON_DEPTH };
const IMPORTS_JSON: JsonParser = { bodyLimit: 2 * IMPORT_MAX_BYTES + 64 * 1024, maxDepth: undefined };
const jsonParserOf = (url: string) => (url.startsWith('/api/admin/imports/') ? IMPORTS_JSON : APP_JSON);

// ---------------------------------------------------------------------------------------------------------------
// The app and its route table

const t = await createTestApp();
afterAll(() => t.close());
const admin = await t.createUser({ role: 'admin' });

const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Why a registered route is not fuzzed; the completeness test below fails on any route left out for another reason. */
const SKIP_REASONS = {
  head: 'the HEAD twin Fastify adds to a GET route (exposeHeadRoutes): same schema and handler as the GET, which is fuzzed',
  docs: 'Swagger UI and the OpenAPI document (@fastify/swagger-ui): static, no input schema',
  site: 'not an API route: a built client file, the sitemap, robots.txt, a blog feed or a vehicle feed; no input schema',
} as const;

function skipReason(route: RouteOptions, method: string, all: RouteOptions[]): string | undefined {
  if (method === 'HEAD' && all.some((r) => r.url === route.url && [r.method].flat().includes('GET'))) return SKIP_REASONS.head;
  if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) return SKIP_REASONS.docs;
  if (!route.url.startsWith('/api/') && method === 'GET' && !hasInputSchema(route)) return SKIP_REASONS.site;
  return undefined;
}

const hasInputSchema = (route: RouteOptions) => PARTS.some((p) => (route.schema as Partial<Record<Part, unknown>> | undefined)?.[p] !== undefined);

const skipped: { name: string; reason: string }[] = [];
const routes: FuzzRoute[] = [];
for (const route of registered) {
  for (const method of [route.method].flat()) {
    const name = `${method} ${route.url}`;
    const reason = skipReason(route, method, registered);
    if (reason) { skipped.push({ name, reason }); continue; }
    const schema = (route.schema ?? {}) as Partial<Record<Part | 'headers', unknown>> & { tags?: string[]; consumes?: string[] };
    if (schema.headers) throw new Error(`${name} validates headers: teach the fuzzer to send them`);
    const zod: FuzzRoute['zod'] = {}, json: FuzzRoute['json'] = {};
    for (const part of PARTS) {
      const s = schema[part];
      if (s === undefined) continue;
      if (!(s instanceof z.ZodType)) throw new Error(`${name}: the ${part} schema is not a Zod schema`);
      zod[part] = s;
      json[part] = toJsonSchema(s);
    }
    const adminOnly = route.url === '/api/admin' || route.url.startsWith('/api/admin/') || (schema.tags ?? []).includes('admin');
    const upload = (schema.consumes ?? []).includes('multipart/form-data');
    routes.push({ name, method, url: route.url, zod, json, parser: jsonParserOf(route.url), admin: adminOnly, upload });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

interface FuzzRequest {
  shape: 'valid' | 'malformed';
  /** Sent with the admin's session, or as a visitor. */
  signedIn: boolean;
  /** What was broken, e.g. "body.leadType: wrong-type" or "raw body: invalid-json". */
  note: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: { contentType: string; payload: string };
}

const truncate = (s: string, max = 600) => (s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);
const describeRequest = (route: FuzzRoute, r: FuzzRequest) => [
  `${r.shape} request (${r.note}), ${r.signedIn ? 'signed in as an admin' : 'as a visitor'}`,
  `  ${route.method} ${truncate(urlOf(route, r), 800)}`,
  ...(r.body ? [`  content-type: ${r.body.contentType}`, `  body: ${truncate(JSON.stringify(r.body.payload), 800)}`] : []),
].join('\n');

/** fast-check prints counterexamples with this: a short description, not a megabyte of payload. */
const printable = (route: FuzzRoute, r: FuzzRequest): FuzzRequest =>
  Object.defineProperty(r, fc.toStringMethod, { value: () => describeRequest(route, r), enumerable: false });

/** A path parameter or query value as text: what a client would put in the URL. */
function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
const wellFormed = (s: string) => (isWellFormed(s) ? s : s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

/** A query object as the server's parser (fast-querystring) will hand it over: repeated keys become arrays. */
function toQuery(v: unknown): Record<string, string | string[]> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const out: Record<string, string | string[]> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined || k === '' || FORBIDDEN_KEYS.has(k)) continue;
    const items = (Array.isArray(x) ? x : [x]).map((i) => wellFormed(toText(i)));
    if (items.length) out[wellFormed(k)] = items.length === 1 ? items[0]! : items;
  }
  return out;
}

function toParams(route: FuzzRoute, v: unknown): Record<string, string> {
  const names = Object.keys(route.json.params?.properties ?? {});
  const obj = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  return Object.fromEntries(names.map((n) => [n, wellFormed(toText(obj[n] ?? '1'))]));
}

function urlOf(route: FuzzRoute, r: FuzzRequest): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(r.params[name] ?? ''));
  const query = Object.entries(r.query)
    .flatMap(([k, v]) => [v].flat().map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`)).join('&');
  return query ? `${path}?${query}` : path;
}

const takesBody = (route: FuzzRoute) => route.method !== 'GET' && route.method !== 'HEAD';
const jsonBody = (value: unknown) => ({ contentType: 'application/json', payload: value === undefined ? '' : JSON.stringify(value) });

/** Junk path parameters on top of the schema's own malformed values: non-numbers, signs, decimals, unicode, long. */
const JUNK_PARAMS = ['abc', ' ', '-1', '0', '1.5', '1e3', '0x10', '+1', '1 ', '9'.repeat(30), 'null', '%', '%zz', 'a/b', '?', '#', ...UNICODE_SAMPLES, 'x'.repeat(MAX_PARAM_LENGTH + 1), '', '..'];

function requestArbitrary(route: FuzzRoute, knownIds: number[]): fc.Arbitrary<FuzzRequest> {
  const { json } = route;
  const urlOpts = { wellFormed: true, nestDepths: NEST_DEPTHS };
  const bodyOpts = { nestDepths: NEST_DEPTHS };

  // Valid-shaped parts. Integer path parameters are mostly ids that exist (so handlers run past their lookups).
  const paramNames = Object.keys(json.params?.properties ?? {});
  const validParams = json.params
    ? fc.record(Object.fromEntries(paramNames.map((n) => {
      const p = json.params!.properties![n]!;
      const arb = p.type === 'integer' ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownIds) }, { weight: 1, arbitrary: valid(p, urlOpts) }) : valid(p, urlOpts);
      return [n, arb];
    }))).map((v) => toParams(route, v))
    : fc.constant({});
  const validQuery = json.querystring ? valid(json.querystring, urlOpts).map(toQuery) : fc.constant({});
  const validBody = json.body
    ? valid(json.body, bodyOpts).map(jsonBody)
    : takesBody(route) ? fc.option(valid(undefined, bodyOpts), { nil: undefined }).map(jsonBody) : fc.constant(undefined);

  type Unsigned = Omit<FuzzRequest, 'signedIn'>;
  const build = (shape: FuzzRequest['shape'], note: string, params: Record<string, string>, query: Record<string, string | string[]>, body?: FuzzRequest['body']): Unsigned =>
    ({ shape, note, params, query, ...(body ? { body } : {}) });
  const validRequest = fc.tuple(validParams, validQuery, validBody).map(([p, q, b]) => build('valid', 'as the schemas describe', p, q, b));

  // Malformed variants, one part broken at a time (the others valid). Query strings and path parameters carry text,
  // so what breaks them is a property's value; the whole object being "not an object" cannot be sent there.
  const note = (part: string, m: Malformed) => `${part}${m.path ? `.${m.path}` : ''}: ${m.kind}${m.invalid ? '' : ' (may still be valid)'}`;
  const broken: fc.Arbitrary<Unsigned>[] = [];
  if (json.params) {
    broken.push(fc.tuple(malformed(json.params, urlOpts).filter((m) => m.path !== ''), validQuery, validBody)
      .map(([m, q, b]) => build('malformed', note('params', m), toParams(route, m.value), q, b)));
    broken.push(fc.tuple(validParams, fc.constantFrom(...paramNames), fc.constantFrom(...JUNK_PARAMS), validQuery, validBody)
      .map(([p, name, junk, q, b]) => build('malformed', `params.${name}: junk`, { ...p, [name]: junk }, q, b)));
  }
  // Unknown and repeated query keys are sent to every route: they must be ignored or refused, never crash.
  const junkQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.oneof(fc.string(), fc.array(fc.constantFrom(...UNICODE_SAMPLES), { minLength: 2, maxLength: 3 })), { minKeys: 1, maxKeys: 3, noNullPrototype: true });
  broken.push(fc.tuple(validParams, validQuery, junkQuery, validBody)
    .map(([p, q, extra, b]) => build('malformed', 'query: extra keys', p, { ...toQuery(extra), ...q }, b)));
  if (json.querystring) {
    broken.push(fc.tuple(validParams, malformed(json.querystring, urlOpts).filter((m) => m.path !== ''), validBody)
      .map(([p, m, b]) => build('malformed', note('query', m), p, toQuery(m.value), b)));
  }
  if (json.body) {
    broken.push(fc.tuple(validParams, validQuery, malformed(json.body, bodyOpts))
      .map(([p, q, m]) => build('malformed', note('body', m), p, q, jsonBody(m.value))));
  }
  const raw = (bodies: fc.Arbitrary<RawBody>) => fc.tuple(validParams, validQuery, bodies)
    .map(([p, q, b]) => build('malformed', `raw body: ${b.kind}`, p, q, { contentType: b.contentType, payload: b.payload }));
  if (takesBody(route)) broken.push(raw(rawBodies()));
  // Upload routes take multipart bodies: they get broken ones as often as anything else.
  if (route.upload) broken.push(raw(multipartGarbage()));
  // Admin routes get the admin's session 9 times in 10 (a visitor only meets the guard's 401), other routes half the
  // time (validation comes before their sign-in check; the session lookup is most of a request's cost).
  const signedIn = route.admin ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) : fc.boolean();
  return fc.tuple(fc.oneof(validRequest, fc.oneof(...broken)), signedIn).map(([r, s]) => printable(route, { ...r, signedIn: s }));
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle: what the app must answer

type Expectation =
  | { kind: 'no-5xx'; why: string }
  | { kind: 'status'; statuses: number[]; why: string; message?: RegExp }
  | { kind: 'validation'; part: Part; fields: string[]; issues: string };

/** The body Fastify hands to validation, or the status its content-type parsers answer with first. */
function parsedBody(route: FuzzRoute, body: FuzzRequest['body']): { value: unknown } | Expectation {
  if (!body || !takesBody(route)) return { value: undefined };
  const type = body.contentType.split(';')[0]!.trim().toLowerCase();
  const size = Buffer.byteLength(body.payload);
  if (type === 'multipart/form-data') {
    // Plugins with upload routes register a multipart parser for all their routes: garbage may then reach a route
    // that reads no body (a 2xx is fine there), and a 415 answers elsewhere. Upload routes must say 4xx (check()).
    return { kind: 'no-5xx', why: 'multipart garbage: refused by the parser or the route (415 where no multipart parser is registered)' };
  }
  if (RAW_BODY_TYPES[route.name]?.includes(type)) return { value: Buffer.from(body.payload) };
  if (type !== 'application/json' && type !== 'text/plain') {
    return { kind: 'status', statuses: [415], why: 'no parser for this content type (Fastify answers 415 before anything else)' };
  }
  if (size > route.parser.bodyLimit) return { kind: 'status', statuses: [413], why: `body over the ${route.parser.bodyLimit}-byte limit of the route's parser` };
  if (type === 'text/plain') return { value: body.payload };
  if (body.payload.trim() === '') return { value: undefined };
  const refused = (what: string): Expectation =>
    ({ kind: 'status', statuses: [400], message: /not valid JSON|nested more than/, why: `the JSON parser refuses ${what} before validation (no field to name)` });
  let value: unknown;
  try {
    // Fastify's parser (secure-json-parse) skips a leading byte order mark; JSON.parse does not.
    value = JSON.parse(body.payload.replace(/^\uFEFF/, ''));
  } catch {
    return refused('text that is not JSON');
  }
  const depth = depthOf(value);
  if (route.parser.maxDepth !== undefined && depth > route.parser.maxDepth) return refused(`nesting deeper than ${route.parser.maxDepth} levels (server/plugins/body.ts)`);
  if (depth > MAX_JSON_DEPTH) return { kind: 'no-5xx', why: `nesting deeper than ${MAX_JSON_DEPTH} levels on a route whose JSON parser has no depth limit` };
  if (hasForbiddenKey(value)) return refused('a __proto__ or constructor.prototype key');
  return { value };
}

/** Levels of objects and arrays: 0 for a scalar, 1 for {} or [1], and so on. Iterative: any depth is fine. */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    max = Math.max(max, d + 1);
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}



const isExpectation = (x: object): x is Expectation => 'kind' in x;

function expectationFor(route: FuzzRoute, r: FuzzRequest): Expectation {
  const params = Object.values(r.params);
  // An empty segment, "." or ".." changes the path itself: the request goes to another route or none (404).
  if (params.some((p) => p === '' || p === '.' || p === '..')) return { kind: 'no-5xx', why: 'the path no longer names this route' };
  // The router refuses an over-long parameter before any route runs (errors.ts frameworkErrors, 414).
  if (params.some((p) => p.length > MAX_PARAM_LENGTH)) {
    return { kind: 'status', statuses: [414], why: `a path parameter over ${MAX_PARAM_LENGTH} characters (the router's limit)` };
  }
  const body = parsedBody(route, r.body);
  if (isExpectation(body)) return body;
  // The admin guard answers a visitor in preValidation: after the router and the body parser, before the schemas.
  if (route.admin && !r.signedIn) return { kind: 'status', statuses: [401], why: 'a visitor on an admin route (server/modules/admin/guard.ts)' };
  const input: Record<Part, unknown> = { params: r.params, body: body.value, querystring: r.query };
  for (const part of PARTS) {
    const schema = route.zod[part];
    if (!schema) continue;
    const result = schema.safeParse(input[part]);
    if (result.success) continue;
    const fields = [...new Set(result.error.issues.map((i) => i.path.map(String).join('.') || part))];
    return { kind: 'validation', part, fields, issues: truncate(JSON.stringify(result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))), 400) };
  }
  return { kind: 'no-5xx', why: 'schema-valid input: the route may answer anything but a 5xx (404, 409, 429, a 400 of its own…)' };
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

let requestCount = 0;
/** A different client address per request: the per-IP rate limits must not stand between a request and validation. */
const nextAddress = () => `2001:db8::${(++requestCount).toString(16)}`;

async function send(route: FuzzRoute, r: FuzzRequest, authorization: string) {
  return t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route, r),
    remoteAddress: nextAddress(),
    headers: { ...(r.signedIn ? { authorization } : {}), ...(r.body ? { 'content-type': r.body.contentType } : {}) },
    ...(r.body && r.body.payload !== '' ? { payload: r.body.payload } : {}),
  });
}

/**
 * FUZZ_REPORT=1: at the end, the 400s that named no field, by route and message, for requests the schemas accepted
 * (the route's own checks, or the database refusing a value) or that the JSON parser refused.
 */
const unnamed = new Map<string, { count: number; example: string }>();
afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  const lines = [...unnamed].sort(([a], [b]) => a.localeCompare(b)).map(([k, { count, example }]) => `  ${count}× ${k}\n    e.g. ${example.replaceAll('\n', '\n    ')}`);
  console.info(`400s without fields:\n${lines.join('\n')}`);
});

function tally(route: FuzzRoute, r: FuzzRequest, exp: Expectation, status: number, responseBody: string) {
  if (status !== 400 || exp.kind === 'validation') return;
  let parsed: { message?: string; fields?: unknown } = {};
  try { parsed = JSON.parse(responseBody) as typeof parsed; } catch { /* counted below */ }
  if (parsed.fields) return;
  const key = `${route.name}: ${String(parsed.message).slice(0, 120)}`;
  const seen = unnamed.get(key);
  if (seen) seen.count++;
  else unnamed.set(key, { count: 1, example: truncate(describeRequest(route, r), 400) });
}

function check(route: FuzzRoute, r: FuzzRequest, exp: Expectation, status: number, responseBody: string) {
  if (process.env.FUZZ_REPORT) tally(route, r, exp, status, responseBody);
  const fail = (what: string) => {
    const expected = exp.kind === 'validation' ? `400 naming one of [${exp.fields.join(', ')}] (${exp.part} issues: ${exp.issues})`
      : exp.kind === 'status' ? `${exp.statuses.length > 10 ? '4xx' : exp.statuses.join(' or ')}: ${exp.why}` : `no 5xx: ${exp.why}`;
    throw new Error(`${route.name}: ${what}\n${describeRequest(route, r)}\nexpected: ${expected}\ngot ${status}: ${truncate(responseBody, 1500)}`);
  };
  if (status >= 500) fail('a 5xx');
  if (route.upload && (status < 400 || status >= 500)) fail(`status ${status} from an upload route that was sent no file`);
  if (exp.kind === 'status') {
    if (!exp.statuses.includes(status)) fail(`status ${status}`);
    if (exp.message && !exp.message.test(responseBody)) fail('the message does not say what is wrong');
  }
  if (exp.kind === 'validation') {
    if (status !== 400) fail(`status ${status} for schema-invalid input`);
    let parsed: { message?: unknown; fields?: Record<string, unknown> } = {};
    try { parsed = JSON.parse(responseBody) as typeof parsed; } catch { fail('a 400 that is not JSON'); }
    if (typeof parsed.message !== 'string') fail('a 400 without a message');
    const named = Object.keys(parsed.fields ?? {});
    if (!exp.fields.some((f) => named.includes(f))) fail('the 400 does not name the field');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The tests

/** A per-route seed from FUZZ_SEED: a route's sequence does not change when other routes come and go. */
function seedFor(name: string): number {
  let h = SEED | 0;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619);
  return h | 0;
}

describe('the route table', () => {
  it('fuzzes every route of the OpenAPI document, and skips only what is listed with a reason', async () => {
    const { bearer } = await loginAs(t.app, admin);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer });
    expect(docs.statusCode).toBe(200);
    const doc = docs.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)).sort();
    const fuzzed = routes.map((r) => r.name).sort();
    expect(fuzzed.length, 'a plausible number of API routes').toBeGreaterThan(100);
    expect(fuzzed).toEqual(documented);
    // Under /api only the docs are skipped (and HEAD twins); a hidden API route would show up above as undocumented.
    const apiSkipped = skipped.filter((s) => s.reason !== SKIP_REASONS.head && s.name.split(' ')[1]!.startsWith('/api/'));
    expect(apiSkipped.every((s) => s.reason === SKIP_REASONS.docs), JSON.stringify(apiSkipped)).toBe(true);
    const summary = Object.values(SKIP_REASONS).map((reason) => {
      const names = skipped.filter((s) => s.reason === reason).map((s) => s.name);
      return `  ${names.length} skipped: ${reason}${reason === SKIP_REASONS.docs ? ` (${names.join(', ')})` : ''}`;
    });
    console.info(`fuzzing ${routes.length} routes\n${summary.join('\n')}`);
  });
});

describe(`every route, ${RUNS} requests each (FUZZ_RUNS), seed ${SEED} (FUZZ_SEED)`, () => {
  it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    // A session of its own per route (a logout or an account change elsewhere cannot end it) and a vehicle that exists.
    const { bearer } = await loginAs(t.app, admin);
    const { id } = await t.createVehicle();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route, [id, 1, 2]), async (r) => {
        const res = await send(route, r, bearer.authorization);
        check(route, r, expectationFor(route, r), res.statusCode, res.body);
      }),
      { numRuns: RUNS, seed: seedFor(route.name) },
    );
  }, Math.max(60_000, RUNS * 150));
});

describe(`a body nested ${HUGE_NEST_DEPTH} levels deep`, () => {
  // POST /api/leads answered 500 here (additionalData) until the JSON body parser learnt MAX_JSON_DEPTH; the imports
  // plugin's own parser has no depth limit, so its routes must cope with the parsed value.
  const bodyRoutes = routes.filter((r) => r.json.body && takesBody(r));
  it.each(bodyRoutes.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const { bearer } = await loginAs(t.app, admin);
    const free = freeFormProperty(route.json.body!);
    const payloads = [nestedJson(HUGE_NEST_DEPTH, 'object'), nestedJson(HUGE_NEST_DEPTH, 'array')];
    if (free) {
      // A body the schema accepts everywhere else, with the deep value in a property that takes any JSON.
      const [sample] = fc.sample(valid(route.json.body!, { nestDepths: [1] }).filter((v) => typeof v === 'object' && v !== null), { numRuns: 1, seed: seedFor(route.name) });
      const text = JSON.stringify(setAt(sample, free, '__DEEP__'));
      payloads.push(text.replace('"__DEEP__"', nestedJson(HUGE_NEST_DEPTH, 'object')));
    }
    for (const payload of payloads) {
      const r = printable(route, { shape: 'malformed', signedIn: true, note: `${HUGE_NEST_DEPTH} levels deep${free ? ` (free-form property ${free.join('.')})` : ''}`, params: toParams(route, { id: 1 }), query: {}, body: jsonBody(undefined) });
      r.body = { contentType: 'application/json', payload };
      const res = await send(route, r, bearer.authorization);
      check(route, r, expectationFor(route, r), res.statusCode, res.body);
    }
  }, 60_000);
});

/** The path of the first property whose schema takes any JSON value (e.g. additionalData), searching objects depth-first. */
function freeFormProperty(schema: JsonSchema, path: string[] = []): string[] | undefined {
  for (const [key, p] of Object.entries(schema.properties ?? {})) {
    const anyValue = p.type === undefined && !p.anyOf && !p.oneOf && !p.enum && !('const' in p) && !p.properties;
    const record = p.type === 'object' && !p.properties && (p.additionalProperties === undefined || (typeof p.additionalProperties === 'object' && Object.keys(p.additionalProperties).length === 0));
    if (anyValue || record) return [...path, key, ...(record ? ['deep'] : [])];
    if (p.type === 'object') {
      const inner = freeFormProperty(p, [...path, key]);
      if (inner) return inner;
    }
  }
  return undefined;
}

function setAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const obj = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  return { ...obj, [path[0]!]: setAt(obj[path[0]!], path.slice(1), leaf) };
}
