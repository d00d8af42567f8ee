// The fuzzer's generators (./arbitraries.ts) against real Zod schemas: what valid() makes, Zod accepts; what
// malformed() labels invalid, Zod refuses. The JSON Schema comes from z.toJSONSchema, as for the routes. The domain
// schemas chosen here have no refinements or transforms beyond what JSON Schema says (a trim before a maximum length
// only shortens), so JSON Schema and Zod agree on them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { preferencesSchema, unsubscribeBodySchema } from '@domain/accounts';
import { tradeInSchema } from '@domain/leads';
import {
  conforms, hasForbiddenKey, isWellFormed, lengthOf, malformed, nest, nestedJson, rawBodies, valid, type JsonSchema, type MalformedKind,
} from './arbitraries';

const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
const options = { numRuns: 300, seed: 42 };

// Every keyword the converter handles, in one schema.
const kitchenSink = z.strictObject({
  id: z.number().int().positive().max(2_147_483_647),
  price: z.number().min(0).max(10_000_000).multipleOf(0.01),
  ratio: z.number().gt(0).lt(1),
  big: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  name: z.string().min(2).max(20),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(40),
  email: z.email().max(254),
  at: z.iso.datetime(),
  day: z.iso.date(),
  kind: z.enum(['post', 'page']),
  version: z.literal(2),
  flag: z.boolean(),
  note: z.string().max(50).nullable(),
  tags: z.array(z.string().min(1).max(10)).min(1).max(3),
  pair: z.tuple([z.number().int(), z.string()]),
  budget: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('total'), max: z.number().int().min(1) }),
    z.object({ kind: z.literal('monthly'), perMonth: z.number().int().min(1), down: z.number().int().min(0) }),
  ]),
  either: z.union([z.literal('none'), z.number().int().positive()]).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nested: z.object({ when: z.iso.date().optional(), count: z.number().int().min(0).max(5) }),
});

const cases: [string, z.ZodType][] = [
  ['a synthetic schema with every keyword', kitchenSink],
  ['domain/leads tradeInSchema', tradeInSchema],
  ['domain/account preferencesSchema', preferencesSchema],
  ['domain/account unsubscribeBodySchema', unsubscribeBodySchema],
];

describe.each(cases)('%s', (_name, zod) => {
  const schema = toJsonSchema(zod);

  it('valid() makes values the Zod schema accepts, and conforms() agrees', () => {
    fc.assert(fc.property(valid(schema), (v) => {
      const parsed = zod.safeParse(v);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(conforms(schema, v)).toBe(true);
    }), options);
  });

  it('malformed() values labelled invalid are refused by Zod; the others only break what Zod allows', () => {
    fc.assert(fc.property(malformed(schema), (m) => {
      const accepted = zod.safeParse(m.value).success;
      if (m.invalid) expect(accepted, `${m.kind} at "${m.path}"`).toBe(false);
      // Not invalid: an extra field on a non-strict object (stripped), or a value that happened to fit.
      else expect(accepted, `${m.kind} at "${m.path}" said valid`).toBe(true);
    }), options);
  });
});

describe('malformed()', () => {
  const schema = toJsonSchema(kitchenSink);

  it('covers wrong types, ranges, lengths, patterns, enums, items, missing and extra fields, huge, deep and unicode', () => {
    const kinds = new Set<MalformedKind>(fc.sample(malformed(schema), { numRuns: 3000, seed: 7 }).map((m) => m.kind));
    for (const kind of ['wrong-type', 'out-of-range', 'not-integer', 'not-multiple', 'too-long', 'too-short', 'pattern', 'enum',
      'too-many-items', 'too-few-items', 'missing-required', 'extra-field', 'huge', 'deep', 'unicode'] as MalformedKind[]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('labels an extra field invalid only when the object is strict', () => {
    const extra = (s: z.ZodType) => fc.sample(malformed(toJsonSchema(s)), { numRuns: 500, seed: 3 }).filter((m) => m.kind === 'extra-field');
    expect(extra(z.strictObject({ a: z.string() })).every((m) => m.invalid)).toBe(true);
    expect(extra(z.object({ a: z.string() })).every((m) => !m.invalid)).toBe(true);
  });

  it('names the path it broke', () => {
    const paths = new Set(fc.sample(malformed(schema), { numRuns: 2000, seed: 11 }).map((m) => m.path));
    for (const path of ['id', 'tags', 'nested.count', 'budget']) expect(paths, path).toContain(path);
    expect([...paths].some((p) => /^tags\.\d+$/.test(p)), 'an item of tags').toBe(true);
  });
});

describe('strings', () => {
  it('include emoji, right-to-left text, NUL and, in JSON only, lone surrogates', () => {
    const body = fc.sample(valid({ type: 'string', maxLength: 30 }), { numRuns: 3000, seed: 5 }) as string[];
    expect(body.some((s) => /\p{Extended_Pictographic}/u.test(s))).toBe(true);
    expect(body.some((s) => /[\u0590-\u06FF]/.test(s))).toBe(true);
    expect(body.some((s) => s.includes('\u0000'))).toBe(true);
    expect(body.some((s) => !isWellFormed(s))).toBe(true);
    expect(body.every((s) => lengthOf(s) <= 30)).toBe(true);
    const url = fc.sample(valid({ type: 'string', maxLength: 30 }, { wellFormed: true }), { numRuns: 3000, seed: 5 }) as string[];
    expect(url.every(isWellFormed)).toBe(true);
  });
});

describe('helpers', () => {
  it('nests to any depth without recursion', () => {
    expect(JSON.stringify(nest(3))).toBe('{"a":{"a":{"a":1}}}');
    expect(nestedJson(3, 'array')).toBe('[[[1]]]');
    expect(nestedJson(10_000).length).toBe(10_000 * 6 + 1);
    expect(() => nest(100_000, 'array')).not.toThrow();
  });

  it('spots the keys Fastify refuses', () => {
    expect(hasForbiddenKey(JSON.parse('{"a":[{"__proto__":{}}]}'))).toBe(true);
    expect(hasForbiddenKey(JSON.parse('{"constructor":{"prototype":{}}}'))).toBe(true);
    expect(hasForbiddenKey({ constructor: 'x', proto: 1 })).toBe(false);
  });

  it('rawBodies() are not the JSON a route expects', () => {
    const kinds = new Set(fc.sample(rawBodies(), { numRuns: 500, seed: 1 }).map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['empty', 'invalid-json', 'json-edge', 'multipart-garbage', 'prototype-poisoning', 'text', 'too-large', 'unsupported-type']);
    for (const b of fc.sample(rawBodies(), { numRuns: 300, seed: 2 }).filter((x) => x.kind === 'invalid-json')) {
      expect(() => JSON.parse(b.payload), JSON.stringify(b.payload)).toThrow();
    }
  });
});
