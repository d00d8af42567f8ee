// The JavaScript word_similarity (./trigram.ts) against pg_trgm itself, on the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the inventory index corrects typos only as well as this agrees.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { Spellings } from './search-filter';
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

  it('picks the same close spellings as the SQL path, the trigram pre-filter skipping none', async () => {
    const letters = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'h', 'i', 'n', 'o', 'r', 'u', 'y');
    const vocabWord = fc.string({ unit: letters, minLength: 3, maxLength: 9 });
    // Typos of vocabulary words (a letter dropped, replaced or added), and a few random words.
    const typo = (word: string, at: number, letter: string, kind: number) => {
      const i = at % word.length;
      return kind === 0 ? word.slice(0, i) + word.slice(i + 1) : kind === 1 ? word.slice(0, i) + letter + word.slice(i + 1) : word.slice(0, i) + letter + word.slice(i);
    };
    const question = fc.uniqueArray(vocabWord, { minLength: 1, maxLength: 80 }).chain((vocabulary) => fc.tuple(
      fc.constant(vocabulary),
      fc.uniqueArray(fc.oneof(
        fc.tuple(fc.constantFrom(...vocabulary), fc.nat(), letters, fc.integer({ min: 0, max: 2 })).map(([w, at, l, kind]) => typo(w, at, l, kind)),
        fc.string({ unit: letters, minLength: 4, maxLength: 9 }),
      ), { minLength: 1, maxLength: 4 }),
    ));
    await fc.assert(fc.asyncProperty(question, async ([vocabulary, tokens]) => {
      const result = await t.db.execute(sql`
        select t as token, (array_agg(w order by word_similarity(t, w) desc, w collate "C"))[1:5] as words
        from unnest(${sql.param(tokens)}::text[]) as t, unnest(${sql.param(vocabulary)}::text[]) as w
        where length(t) >= 4 and t <% w and not exists (select 1 from unnest(${sql.param(vocabulary)}::text[]) as v where position(t in v) > 0)
        group by t`);
      const expected = new Map((result as unknown as { rows: { token: string; words: string[] }[] }).rows.map((r) => [r.token, r.words]));
      expect(new Spellings().of(tokens, vocabulary)).toEqual(expected);
    }), { numRuns: 80, seed: 1999 });
  });
});
