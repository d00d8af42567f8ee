// The JavaScript word_similarity (./trigram.ts) against pg_trgm itself, on the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the inventory index corrects typos only as well as this agrees.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { wordSimilarity } from './trigram';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** Words built from a small alphabet, so that generated pairs share trigrams often. */
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'o', 'r', 'y', '1', '5', '-', ' '), minLength: 1, maxLength: 12 });

async function pgSimilarities(pairs: [string, string][]): Promise<{ sim: number; match: boolean }[]> {
  const result = await t.db.execute(sql`
    select word_similarity(a, b) as sim, a <% b as match
    from unnest(${sql.param(pairs.map((p) => p[0]))}::text[], ${sql.param(pairs.map((p) => p[1]))}::text[]) with ordinality as x(a, b, n)
    order by n`);
  return (result as unknown as { rows: { sim: number; match: boolean }[] }).rows;
}

describe('wordSimilarity', () => {
  it('equals pg_trgm word_similarity and the <% operator on known pairs', async () => {
    const pairs: [string, string][] = [
      ['hyndai', 'hyundai'], ['toyta', 'toyota'], ['silverdo', 'silverado'], ['f150', 'f-150'], ['word', 'two words'],
      ['abc', 'abcabc'], ['camry', 'camaro'], ['xx', 'yy'],
    ];
    const pg = await pgSimilarities(pairs);
    pairs.forEach(([a, b], i) => {
      expect(wordSimilarity(a, b), `${a} / ${b}`).toBeCloseTo(pg[i]!.sim, 6);
      expect(wordSimilarity(a, b) >= 0.45, `${a} <% ${b}`).toBe(pg[i]!.match);
    });
  });

  it('equals pg_trgm on generated pairs', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 50 }), async (pairs) => {
      const pg = await pgSimilarities(pairs);
      pairs.forEach(([a, b], i) => {
        expect(Math.abs(wordSimilarity(a, b) - pg[i]!.sim), `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBeLessThan(1e-6);
        expect(wordSimilarity(a, b) >= 0.45).toBe(pg[i]!.match);
      });
    }), { numRuns: 60, seed: 17 });
  });
});
