// fast-check arbitraries from JSON Schema, for fuzzing the API (server/test/fuzz/routes.test.ts).
//
// valid(schema): values the schema accepts. malformed(schema): values built to break it (a wrong type, a number out
// of range, a string past maxLength, a missing required field, an extra field, a huge or deeply nested value, odd
// Unicode), each labelled with where and how it was broken and whether it really violates the schema (`invalid`,
// decided by conforms(), a small validator of the same keywords). rawBodies(): request bodies that are not the JSON
// the route expects at all.
//
// The schemas come from the routes' Zod schemas through z.toJSONSchema (draft 2020-12, as the app's OpenAPI document
// is made), so the keywords handled are the ones Zod writes: type (or a list of types), properties, required,
// additionalProperties, propertyNames, items, prefixItems, minItems, maxItems, uniqueItems, minLength, maxLength,
// pattern, format, minimum, maximum, exclusiveMinimum, exclusiveMaximum (numbers, or OpenAPI 3.0 booleans),
// multipleOf, enum, const, anyOf, oneOf, allOf, not, nullable (OpenAPI 3.0) and $ref into $defs or components.
// String lengths count code points, as JSON Schema and Zod (the real validator behind every route) do.
import fc from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  components?: { schemas?: Record<string, JsonSchema> };
  type?: JsonType | JsonType[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  default?: unknown;
  [keyword: string]: unknown;
}
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

export interface GenOptions {
  /** The document $refs point into (defaults to the schema itself). */
  root?: JsonSchema;
  /**
   * Only well-formed Unicode (no lone surrogates): for values that travel in a URL (path parameters, query strings),
   * where a lone surrogate cannot be percent-encoded. JSON bodies may carry them (as \ud800 escapes).
   */
  wellFormed?: boolean;
  /** Depths of the "deeply nested" values (default [50]). */
  nestDepths?: number[];
}

export type MalformedKind =
  | 'wrong-type' | 'out-of-range' | 'not-integer' | 'not-multiple' | 'too-long' | 'too-short' | 'pattern' | 'enum'
  | 'too-many-items' | 'too-few-items' | 'missing-required' | 'extra-field' | 'huge' | 'deep' | 'unicode';

export interface Malformed {
  value: unknown;
  /** Where it was broken: a dotted path from the schema's root ('' for the root itself). */
  path: string;
  kind: MalformedKind;
  /** True when the value violates the schema. Extra fields, say, are fine unless additionalProperties is false. */
  invalid: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared helpers

/** Emoji (with ZWJ sequences and flags), right-to-left text and overrides, combining marks, BOM, zero-width space,
 *  NUL and other controls, full-width and astral letters, and a few injection-shaped strings. */
export const UNICODE_SAMPLES: readonly string[] = [
  '😀', '👩‍👩‍👧‍👦', '🇨🇦', 'שלום עולם', 'مرحبا بالعالم', '\u202Eevil\u202C', 'e\u0301\u0327', 'Ｆｕｌｌ', '\uFEFFbom',
  '\u0000', 'a\u0000b', '\u200B', 'ß', 'İı', '𝕏𝕐', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', '\r\n', '\t\u000B\u0007', '\u2028\u2029',
  '"; DROP TABLE users; --', '<script>alert(1)</script>', '../../etc/passwd', '%00%zz', '${7*7}{{7*7}}', '\\', ' ',
];
/** Strings that are not valid UTF-16: JSON can carry them as escapes, UTF-8 cannot encode them. */
export const LONE_SURROGATES: readonly string[] = ['\uD800', '\uDFFF', 'a\uD83Db', '\uDE00\uD83D'];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormed = (s: string) => !LONE_SURROGATE.test(s);
/** Keys a JSON body must not carry: Fastify's parser refuses them (prototype poisoning). */
export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A value nested `depth` levels deep: {"a":{"a":…}} or [[…]]. Built in a loop, so any depth works. */
export function nest(depth: number, shape: 'object' | 'array' = 'object', leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = shape === 'object' ? { a: value } : [value];
  return value;
}

/** The JSON text of nest(depth, shape), written directly (JSON.stringify recurses). */
export function nestedJson(depth: number, shape: 'object' | 'array' = 'object'): string {
  return shape === 'object' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + '1' + ']'.repeat(depth);
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  const m = /^#\/(\$defs|definitions|components\/schemas)\/(.+)$/.exec(ref);
  const table = m?.[1] === '$defs' ? root.$defs : m?.[1] === 'definitions' ? root.definitions : root.components?.schemas;
  const target = m ? table?.[decodeURIComponent(m[2]!)] : undefined;
  if (!target) throw new Error(`Cannot resolve $ref ${ref}`);
  return target;
}

const deref = (s: JsonSchema, root: JsonSchema): JsonSchema => (s.$ref ? deref(resolveRef(s.$ref, root), root) : s);

function typesOf(s: JsonSchema): JsonType[] | undefined {
  if (s.type === undefined) return undefined;
  const types = Array.isArray(s.type) ? [...s.type] : [s.type];
  if (s.nullable && !types.includes('null')) types.push('null');
  return types;
}

function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

function isType(t: JsonType, v: unknown): boolean {
  switch (t) {
    case 'null': return v === null;
    case 'boolean': return typeof v === 'boolean';
    case 'string': return typeof v === 'string';
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'array': return Array.isArray(v);
    case 'object': return typeof v === 'object' && v !== null && !Array.isArray(v);
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Lower and upper bounds of a number schema, exclusive bounds in either dialect. */
function bounds(s: JsonSchema) {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum === true ? s.minimum : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.exclusiveMaximum === true ? s.maximum : undefined;
  const min = exMin === undefined ? s.minimum : undefined;
  const max = exMax === undefined ? s.maximum : undefined;
  return { min, max, exMin, exMax };
}

/** Zod's float-safe remainder test for multipleOf. */
function isMultiple(value: number, step: number): boolean {
  const decimals = Math.max((String(step).split('.')[1] ?? '').length, (String(value).split('.')[1] ?? '').length);
  const scale = 10 ** decimals;
  return Math.round(value * scale) % Math.round(step * scale) === 0;
}

/** A string's length in code points (a lone surrogate counts one), as Zod and JSON Schema measure it. */
export const lengthOf = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Cuts a string to at most `max` code points and pads it to `min` with 'x'. */
function fit(s: string, min: number, max: number): string {
  let out = lengthOf(s) > max ? [...s].slice(0, max).join('') : s;
  const short = min - lengthOf(out);
  if (short > 0) out += 'x'.repeat(short);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// conforms: does a value satisfy the schema? (the labels of malformed values, and the unit tests)

export function conforms(schema: JsonSchema | boolean | undefined, value: unknown, root?: JsonSchema): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  const r = root ?? schema;
  const s = deref(schema, r);
  if (s.nullable && value === null) return true;
  if ('const' in s && !deepEqual(value, s.const)) return false;
  if (s.enum && !s.enum.some((e) => deepEqual(e, value))) return false;
  if (s.allOf && !s.allOf.every((c) => conforms(c, value, r))) return false;
  if (s.anyOf && !s.anyOf.some((c) => conforms(c, value, r))) return false;
  if (s.oneOf && s.oneOf.filter((c) => conforms(c, value, r)).length !== 1) return false;
  if (s.not && conforms(s.not, value, r)) return false;
  const types = typesOf(s);
  if (types && !types.some((t) => isType(t, value))) return false;

  if (typeof value === 'string') {
    if (s.minLength !== undefined && lengthOf(value) < s.minLength) return false;
    if (s.maxLength !== undefined && lengthOf(value) > s.maxLength) return false;
    if (s.pattern !== undefined && !new RegExp(s.pattern).test(value)) return false;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    const { min, max, exMin, exMax } = bounds(s);
    if (min !== undefined && value < min) return false;
    if (max !== undefined && value > max) return false;
    if (exMin !== undefined && value <= exMin) return false;
    if (exMax !== undefined && value >= exMax) return false;
    if (s.multipleOf !== undefined && !isMultiple(value, s.multipleOf)) return false;
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) return false;
    if (s.maxItems !== undefined && value.length > s.maxItems) return false;
    const prefix = s.prefixItems ?? [];
    if (!value.every((item, i) => (i < prefix.length ? conforms(prefix[i], item, r) : s.items === undefined || conforms(s.items, item, r)))) return false;
    if (s.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return false;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    if (s.required?.some((k) => !Object.hasOwn(obj, k))) return false;
    for (const [k, v] of Object.entries(obj)) {
      if (s.propertyNames && !conforms(s.propertyNames, k, r)) return false;
      const own = s.properties?.[k];
      if (own !== undefined) {
        if (!conforms(own, v, r)) return false;
      } else if (s.additionalProperties !== undefined && !conforms(s.additionalProperties, v, r)) {
        return false;
      }
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// valid: values the schema accepts

/**
 * Any code point but a surrogate half, controls included; ASCII, the other BMP and the astral planes equally often.
 * (fast-check's own `unit: 'binary'` does the same but spends seconds building tables on first use.)
 */
const anyCodePoint = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0xffff }).filter((c) => c < 0xd800 || c > 0xdfff),
  fc.integer({ min: 0x10000, max: 0x10ffff }),
).map((c) => String.fromCodePoint(c));

/** Any string: printable ASCII, whole graphemes (emoji, combining marks, RTL scripts), any code point, or a sample. */
export function anyString(opts: { minLength?: number; maxLength?: number; wellFormed?: boolean } = {}): fc.Arbitrary<string> {
  const min = opts.minLength ?? 0;
  const max = opts.maxLength ?? Math.max(min, 40);
  const units = Math.min(max, min + 40);
  const samples = opts.wellFormed ? UNICODE_SAMPLES : [...UNICODE_SAMPLES, ...LONE_SURROGATES];
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: units }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: units }) },
    { weight: 2, arbitrary: fc.string({ unit: anyCodePoint, maxLength: units }) },
    { weight: 2, arbitrary: fc.array(fc.constantFrom(...samples), { maxLength: 4 }).map((parts) => parts.join('')) },
  ).map((s) => fit(s, min, max));
}

function formatString(format: string | undefined): fc.Arbitrary<string> | undefined {
  const dates = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true });
  switch (format) {
    case 'email': return fc.emailAddress();
    case 'uri': case 'url': return fc.webUrl();
    case 'uuid': return fc.uuid();
    case 'date-time': return dates.map((d) => d.toISOString());
    case 'date': return dates.map((d) => d.toISOString().slice(0, 10));
    case 'ipv4': return fc.ipV4();
    default: return undefined;
  }
}

function validString(s: JsonSchema, opts: GenOptions): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  const lengthOk = (v: string) => lengthOf(v) >= min && lengthOf(v) <= max;
  // A pattern is what Zod really checks (its formats are written as patterns too), so it wins over the format name.
  if (s.pattern !== undefined) return fc.stringMatching(new RegExp(s.pattern)).filter(lengthOk);
  const byFormat = formatString(s.format);
  if (byFormat) return byFormat.filter(lengthOk);
  return anyString({ minLength: min, maxLength: Number.isFinite(max) ? max : undefined, wellFormed: opts.wellFormed });
}

const SAFE_32 = 2 ** 31 - 1;

function validInteger(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max, exMin, exMax } = bounds(s);
  let lo = Math.max(min ?? Number.MIN_SAFE_INTEGER, exMin === undefined ? -Infinity : Math.floor(exMin) + 1);
  let hi = Math.min(max ?? Number.MAX_SAFE_INTEGER, exMax === undefined ? Infinity : Math.ceil(exMax) - 1);
  lo = Math.ceil(lo); hi = Math.floor(hi);
  const step = s.multipleOf && Number.isInteger(s.multipleOf) ? s.multipleOf : 1;
  const kLo = Math.ceil(lo / step), kHi = Math.floor(hi / step);
  // fc.integer stays within 32 bits; wider ranges (Zod's safe-integer bounds) go through bigInt. Both lean to small values.
  const small = { min: Math.max(kLo, -1000), max: Math.min(kHi, 1000) };
  const wide = fc.bigInt({ min: BigInt(kLo), max: BigInt(kHi) }).map(Number);
  const k = kLo >= -SAFE_32 - 1 && kHi <= SAFE_32 ? fc.integer({ min: kLo, max: kHi })
    : small.min <= small.max ? fc.oneof(fc.integer(small), wide) : wide;
  return k.map((n) => n * step);
}

function validNumber(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max, exMin, exMax } = bounds(s);
  if (s.multipleOf) {
    const step = s.multipleOf;
    const decimals = (String(step).split('.')[1] ?? '').length;
    const lo = Math.ceil(((min ?? exMin ?? -1e9) + (exMin !== undefined ? step : 0)) / step);
    const hi = Math.floor(((max ?? exMax ?? 1e9) - (exMax !== undefined ? step : 0)) / step);
    return fc.integer({ min: Math.max(lo, -SAFE_32), max: Math.min(hi, SAFE_32) }).map((k) => Number((k * step).toFixed(decimals)));
  }
  return fc.double({
    min: min ?? exMin ?? -1e15, max: max ?? exMax ?? 1e15,
    minExcluded: exMin !== undefined, maxExcluded: exMax !== undefined, noNaN: true, noDefaultInfinity: true,
  }).map((n) => (Object.is(n, -0) ? 0 : n));
}

const objectKey = (opts: GenOptions, propertyNames?: JsonSchema) =>
  (propertyNames ? validString(propertyNames, opts) : anyString({ maxLength: 20, wellFormed: opts.wellFormed })).filter((k) => !FORBIDDEN_KEYS.has(k));

/** Objects and arrays nested `nestDepths` levels deep. */
const deepValues = (opts: GenOptions) =>
  fc.constantFrom(...(opts.nestDepths ?? [50]).flatMap((d) => [nest(d, 'object'), nest(d, 'array')]));

/** A free-form JSON value: small ones mostly, now and then a deeply nested one. */
function anyJson(opts: GenOptions): fc.Arbitrary<unknown> {
  const small = fc.jsonValue({ maxDepth: 3 }).filter((v) => !hasForbiddenKey(v));
  return fc.oneof({ weight: 8, arbitrary: small }, { weight: 1, arbitrary: deepValues(opts) });
}

function mergeAllOf(s: JsonSchema, root: JsonSchema): JsonSchema {
  const parts = (s.allOf ?? []).map((p) => deref(p, root));
  const { allOf: _drop, ...rest } = s;
  return parts.reduce<JsonSchema>((acc, p) => ({
    ...p, ...acc,
    properties: { ...p.properties, ...acc.properties },
    required: [...new Set([...(acc.required ?? []), ...(p.required ?? [])])],
  }), rest);
}

export function valid(schema: JsonSchema | boolean | undefined, opts: GenOptions = {}): fc.Arbitrary<unknown> {
  if (schema === undefined || schema === true) return anyJson(opts);
  if (schema === false) throw new Error('No value conforms to the schema `false`');
  const root = opts.root ?? schema;
  const o = { ...opts, root };
  const s = deref(schema, root);
  const withNull = (a: fc.Arbitrary<unknown>) => (s.nullable ? fc.oneof(a, fc.constant(null)) : a);

  if ('const' in s) return withNull(fc.constant(s.const));
  if (s.enum) return withNull(fc.constantFrom(...s.enum));
  if (s.allOf) return valid(mergeAllOf(s, root), o).filter((v) => conforms(s, v, root));
  if (s.anyOf || s.oneOf) {
    const branches = (s.anyOf ?? s.oneOf)!.map((b) => valid(b, o));
    const union = fc.oneof(...branches);
    return withNull(s.oneOf ? union.filter((v) => conforms(s, v, root)) : union);
  }
  const types = typesOf(s);
  if (!types) return withNull(s.properties ? validObject(s, o) : anyJson(o));
  return fc.oneof(...types.map((t) => validOfType(t, s, o)));
}

function validOfType(t: JsonType, s: JsonSchema, o: GenOptions): fc.Arbitrary<unknown> {
  switch (t) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return validInteger(s);
    case 'number': return validNumber(s);
    case 'string': return validString(s, o);
    case 'array': return validArray(s, o);
    case 'object': return validObject(s, o);
  }
}

function validArray(s: JsonSchema, o: GenOptions): fc.Arbitrary<unknown[]> {
  const prefix = (s.prefixItems ?? []).map((p) => valid(p, o));
  const minLength = Math.max(0, (s.minItems ?? 0) - prefix.length);
  const maxLength = Math.max(minLength, Math.min((s.maxItems ?? Infinity) - prefix.length, minLength + 5));
  const item = s.items === false ? undefined : valid(s.items, o);
  const rest = !item || maxLength === 0 ? fc.constant([]) : s.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength, maxLength });
  return fc.tuple(fc.tuple(...prefix), rest).map(([head, tail]) => [...head, ...tail]);
}

function validObject(s: JsonSchema, o: GenOptions): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valid(p, o)]));
  const fixed = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props), noNullPrototype: true });
  // A record (additionalProperties with a schema, no own properties) gets a few entries of its own.
  const extra = s.additionalProperties && typeof s.additionalProperties === 'object' && Object.keys(props).length === 0
    ? fc.dictionary(objectKey(o, s.propertyNames), valid(s.additionalProperties, o), { maxKeys: 5, noNullPrototype: true })
    : fc.constant({});
  const required = (s.required ?? []).filter((k) => !(k in props));
  return fc.tuple(fixed, extra, fc.tuple(...required.map(() => anyJson(o))))
    .map(([f, e, req]) => ({ ...e, ...Object.fromEntries(required.map((k, i) => [k, req[i]])), ...f }));
}

// ---------------------------------------------------------------------------------------------------------------
// malformed: values built to break the schema

const HUGE_STRING_LENGTH = 100_000;
const HUGE_STRINGS = ['x'.repeat(HUGE_STRING_LENGTH), '😀'.repeat(HUGE_STRING_LENGTH)];
const HUGE_ARRAY = Array.from({ length: 10_000 }, (_, i) => i);

/** A value of every JSON type, to pick the wrong ones from. */
function valuesOfType(t: JsonType, opts: GenOptions): fc.Arbitrary<unknown> {
  switch (t) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return fc.oneof(fc.integer(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER + 2, -(2 ** 53), 1e21));
    case 'number': return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)), fc.constantFrom(0.5, -1.5, 1e308, 5e-324));
    case 'string': return fc.oneof(anyString({ wellFormed: opts.wellFormed }), fc.constantFrom('', '1', 'true', 'null', '[]', '{}', 'NaN', '-0', '1e400'));
    case 'array': return fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }).filter((v) => !hasForbiddenKey(v));
    case 'object': return fc.dictionary(objectKey(opts), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3, noNullPrototype: true }).filter((v) => !hasForbiddenKey(v));
  }
}

const ALL_TYPES: JsonType[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];

/** The JSON types a schema accepts somewhere (undefined: any). */
function acceptedTypes(s: JsonSchema, root: JsonSchema): Set<JsonType> | undefined {
  s = deref(s, root);
  if ('const' in s || s.enum) {
    const set = new Set<JsonType>(('const' in s ? [s.const] : s.enum!).map(jsonTypeOf));
    if (set.has('integer')) set.add('number');
    return set;
  }
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const set = new Set<JsonType>(s.nullable ? ['null'] : []);
    for (const b of branches) {
      const t = acceptedTypes(b, root);
      if (!t) return undefined;
      t.forEach((x) => set.add(x));
    }
    return set;
  }
  if (s.allOf) return acceptedTypes(s.allOf[0] ?? {}, root);
  const types = typesOf(s);
  if (!types) return s.properties ? new Set(['object']) : undefined;
  const set = new Set(types);
  if (set.has('number')) set.add('integer');
  return set;
}

export function malformed(schema: JsonSchema, opts: GenOptions = {}): fc.Arbitrary<Malformed> {
  const root = opts.root ?? schema;
  const o = { ...opts, root };
  const label = (kind: MalformedKind, path = '') => (value: unknown): Malformed => ({ value, path, kind, invalid: !conforms(schema, value, root) });
  const candidates = violations(schema, o, label);
  if (candidates.length === 0) {
    // Nothing to break (an "any value" schema): huge, deep and odd values are still worth sending.
    return fc.oneof(
      deepValues(o).map(label('deep')),
      fc.constantFrom(...HUGE_STRINGS).map(label('huge')),
      fc.constantFrom(...UNICODE_SAMPLES).map(label('unicode')),
    );
  }
  return fc.oneof(...candidates);
}

type Labeller = (kind: MalformedKind, path?: string) => (value: unknown) => Malformed;
/** For a part of a value: its caller puts it in place, then labels the whole. */
const inner: Labeller = (kind, path = '') => (value) => ({ value, path, kind, invalid: true });

function violations(schema: JsonSchema, o: GenOptions, label: Labeller): fc.Arbitrary<Malformed>[] {
  const root = o.root!;
  const s = deref(schema, root);
  const out: fc.Arbitrary<Malformed>[] = [];

  // Wrong type: a value of a JSON type the schema never accepts (integers count as numbers; 1.5 is no integer).
  const accepted = acceptedTypes(s, root);
  if (accepted) {
    const wrong = ALL_TYPES.filter((t) => !accepted.has(t) && !(t === 'integer' && accepted.has('number')));
    if (wrong.length) out.push(fc.oneof(...wrong.map((t) => valuesOfType(t, o))).map(label('wrong-type')));
    out.push(deepValues(o).map(label('deep')));
  }
  if (s.enum || 'const' in s) {
    const allowed = 'const' in s ? [s.const] : s.enum!;
    const near = allowed.filter((v): v is string => typeof v === 'string').flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, v.slice(0, -1)]);
    out.push(fc.oneof(fc.constantFrom('', 'other', ...near), anyString({ wellFormed: o.wellFormed })).map(label('enum')));
    return out;
  }
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    // Breaking one branch may still satisfy another: conforms() decides, through the label.
    for (const b of branches) out.push(...violations(b, o, label));
    return out;
  }
  if (s.allOf) return violations(mergeAllOf(s, root), o, label);
  const types = typesOf(s) ?? (s.properties ? ['object'] : []);
  if (types.includes('string')) out.push(...stringViolations(s, o, label));
  if (types.includes('integer') || types.includes('number')) out.push(...numberViolations(s, types.includes('integer') && !types.includes('number'), label));
  if (types.includes('array')) out.push(...arrayViolations(s, o, label));
  if (types.includes('object')) out.push(...objectViolations(s, o, label));
  return out;
}

function stringViolations(s: JsonSchema, o: GenOptions, label: Labeller): fc.Arbitrary<Malformed>[] {
  const out: fc.Arbitrary<Malformed>[] = [];
  // No spaces in the filler: Zod trims many strings before measuring them.
  const filler = fc.constantFrom('x', 'é', '😀', 'ש', '9');
  // Past maxLength, unless the limit is far beyond what a request body can carry anyway (then `huge` covers it).
  if (s.maxLength !== undefined && s.maxLength <= 2 * HUGE_STRING_LENGTH) {
    const max = s.maxLength;
    out.push(fc.tuple(filler, fc.integer({ min: 1, max: 20 })).map(([c, extra]) => c.repeat(max + extra)).map(label('too-long')));
  }
  out.push(fc.constantFrom(...HUGE_STRINGS).map(label('huge')));
  if (s.minLength) out.push(fc.integer({ min: 0, max: s.minLength - 1 }).map((n) => 'x'.repeat(n)).map(label('too-short')));
  if (s.pattern !== undefined) {
    const re = new RegExp(s.pattern);
    const near = validString(s, o).chain((v) => fc.tuple(fc.nat(v.length), fc.constantFrom(' ', '!', '\u0000', '😀', '/', '\n'))
      .map(([i, c]) => v.slice(0, i) + c + v.slice(i)));
    out.push(fc.oneof(near, anyString({ wellFormed: o.wellFormed })).filter((v) => !re.test(v)).map(label('pattern')));
  }
  out.push(anyString({ minLength: s.minLength, maxLength: s.maxLength, wellFormed: o.wellFormed }).map(label('unicode')));
  return out;
}

function numberViolations(s: JsonSchema, integer: boolean, label: Labeller): fc.Arbitrary<Malformed>[] {
  const { min, max, exMin, exMax } = bounds(s);
  const out: fc.Arbitrary<Malformed>[] = [];
  const lo = min ?? exMin, hi = max ?? exMax;
  const below = lo === undefined ? [] : [exMin !== undefined ? lo : lo - 1, lo - 1000, lo - 0.5, -1e308];
  const above = hi === undefined ? [] : [exMax !== undefined ? hi : hi + 1, hi + 1000, hi + 0.5, 1e308];
  if (below.length || above.length) out.push(fc.constantFrom(...below, ...above).map(label('out-of-range')));
  out.push(fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e21, 2 ** 31, -(2 ** 31) - 1).map(label('huge')));
  if (integer) {
    const base = Math.max(lo ?? 0, Math.min(hi ?? 0, 1));
    out.push(fc.constantFrom(base + 0.5, base + 1e-9, 5e-324).map(label('not-integer')));
  }
  if (s.multipleOf) out.push(fc.constant((lo ?? 0) + s.multipleOf / 3).map(label('not-multiple')));
  return out;
}

function arrayViolations(s: JsonSchema, o: GenOptions, label: Labeller): fc.Arbitrary<Malformed>[] {
  const out: fc.Arbitrary<Malformed>[] = [];
  const item = s.items && typeof s.items === 'object' ? s.items : undefined;
  const itemValue = item ? valid(item, o) : fc.jsonValue({ maxDepth: 1 });
  if (s.maxItems !== undefined) {
    out.push(fc.array(itemValue, { minLength: s.maxItems + 1, maxLength: s.maxItems + 3 }).map(label('too-many-items')));
  }
  if (s.minItems) out.push(fc.array(itemValue, { maxLength: s.minItems - 1 }).map(label('too-few-items')));
  out.push(fc.constant(HUGE_ARRAY).map(label('huge')));
  if (item) {
    // One bad item among good ones.
    const bad = violations(item, o, inner);
    if (bad.length) {
      out.push(fc.tuple(fc.array(itemValue, { maxLength: 2 }), fc.oneof(...bad), fc.nat(2)).map(([good, b, at]) => {
        const i = Math.min(at, good.length);
        const value = [...good.slice(0, i), b.value, ...good.slice(i)];
        return label(b.kind, `${i}${b.path ? `.${b.path}` : ''}`)(value);
      }));
    }
  }
  return out;
}

function objectViolations(s: JsonSchema, o: GenOptions, label: Labeller): fc.Arbitrary<Malformed>[] {
  const out: fc.Arbitrary<Malformed>[] = [];
  const base = validObject(s, o);
  const props = s.properties ?? {};
  for (const key of s.required ?? []) {
    out.push(base.map((v) => { const c = { ...v }; delete c[key]; return c; }).map(label('missing-required', key)));
  }
  // Extra fields: Zod strips unknown keys unless the object is strict (additionalProperties: false); the label says.
  const extraKey = objectKey(o).filter((k) => !(k in props));
  out.push(fc.tuple(base, extraKey, fc.oneof(fc.jsonValue({ maxDepth: 2 }), deepValues(o))).filter(([, , v]) => !hasForbiddenKey(v))
    .map(([v, k, extra]) => label('extra-field', k)({ ...v, [k]: extra })));
  for (const [key, p] of Object.entries(props)) {
    const bad = violations(p, o, inner);
    if (bad.length === 0) {
      // A free-form property ({} in the schema): the place for a deeply nested value.
      out.push(fc.tuple(base, deepValues(o)).map(([v, deep]) => label('deep', key)({ ...v, [key]: deep })));
      continue;
    }
    out.push(fc.tuple(base, fc.oneof(...bad)).map(([v, b]) => label(b.kind, b.path ? `${key}.${b.path}` : key)({ ...v, [key]: b.value })));
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && Object.keys(props).length === 0) {
    const bad = violations(s.additionalProperties, o, inner);
    if (bad.length) out.push(fc.tuple(base, objectKey(o, s.propertyNames), fc.oneof(...bad)).map(([v, k, b]) => label(b.kind, k)({ ...v, [k]: b.value })));
  }
  return out;
}

/** True when a parsed JSON value has a key Fastify's body parser refuses: __proto__, or constructor.prototype. */
export function hasForbiddenKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (!Array.isArray(v)) {
      if (Object.hasOwn(v, '__proto__')) return true;
      const ctor = (v as Record<string, unknown>).constructor;
      if (Object.hasOwn(v, 'constructor') && typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) return true;
    }
    stack.push(...Object.values(v));
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// rawBodies: what a careless or hostile client sends instead of the JSON the route expects

export type RawBodyKind = 'invalid-json' | 'json-edge' | 'prototype-poisoning' | 'too-large' | 'unsupported-type' | 'text' | 'empty' | 'multipart-garbage';
export interface RawBody { kind: RawBodyKind; contentType: string; payload: string }

/** The JSON body limit of the app (server/plugins/body.ts): one byte over it must be a 413. */
export const BODY_LIMIT = 1024 * 1024;
let tooLarge: string | undefined;

export function rawBodies(): fc.Arbitrary<RawBody> {
  tooLarge ??= `{"x":"${'a'.repeat(BODY_LIMIT)}"}`;
  const json = (kind: RawBodyKind) => (payload: string): RawBody => ({ kind, contentType: 'application/json', payload });
  // Not JSON even to a parser that skips a byte order mark (Fastify's), and not blank (read as "no body").
  const notJson = fc.string({ unit: anyCodePoint, maxLength: 30 }).filter((t) => { try { JSON.parse(t.replace(/^\uFEFF/, '')); return false; } catch { return t.trim() !== ''; } });
  return fc.oneof(
    fc.oneof(
      fc.constantFrom('{', '{"a":', "{'a':1}", 'undefined', 'NaN', '{"a":1,}', '[1,2', '"\\x"', '{"a" 1}', 'nul', '\u0000', '{"a":1}{"b":2}', '{"a":"\uD800"'),
      notJson,
    ).map(json('invalid-json')),
    // Parses, but to something odd: an infinite number, a number past 2^53, a bare scalar, an empty container.
    fc.constantFrom('1e400', '{"a":1e400}', '9007199254740993', '-0', '[]', '{}', 'null', 'true', '""', '0', '"\\ud800"', `[${'1,'.repeat(999)}1]`, '\uFEFF{}').map(json('json-edge')),
    fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"a":{"__proto__":{"x":1}}}').map(json('prototype-poisoning')),
    fc.constant(tooLarge).map(json('too-large')),
    fc.constantFrom(' ', '\n\t ', '').map(json('empty')),
    fc.record({ contentType: fc.constantFrom('text/plain', 'text/plain; charset=utf-8'), payload: fc.oneof(fc.constant('hello'), anyString()) })
      .map((b): RawBody => ({ kind: 'text', ...b })),
    fc.constantFrom<[string, string]>(
      ['application/x-www-form-urlencoded', 'a=1&b=%zz'], ['application/xml', '<a>1</a>'], ['application/octet-stream', '\u0000\u0001\u0002'],
      ['application/json-patch+json', '[]'], ['image/png', '\u0089PNG'], ['application/jsonx', '{}'],
    ).map(([contentType, payload]): RawBody => ({ kind: 'unsupported-type', contentType, payload })),
    multipartGarbage(),
  );
}

/** Multipart bodies that are not what an upload route wants: no boundary, no parts, a part that is no image. */
export function multipartGarbage(): fc.Arbitrary<RawBody> {
  const part = (name: string, content: string) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${content}\r\n--x--\r\n`;
  return fc.oneof(
    fc.constantFrom<[string, string]>(
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=x', 'garbage without boundaries'],
      ['multipart/form-data; boundary=x', '--x--\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="photos"\r\n\r\n'],
    ),
    fc.tuple(fc.constantFrom('photo', 'photos', 'file', ''), fc.oneof(fc.constant('not an image'), fc.string({ maxLength: 50 })))
      .map(([name, content]): [string, string] => ['multipart/form-data; boundary=x', part(name, content)]),
  ).map(([contentType, payload]): RawBody => ({ kind: 'multipart-garbage', contentType, payload }));
}
