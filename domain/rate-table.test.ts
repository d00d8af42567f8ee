// issue 33 §3: one story about money. Every rate a surface shows as ours must be a rate the financing page offers
// (the rows of RATE_TABLE). The source scan catches a literal rate typed into a page, a prompt or the assistant.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_TIERS, rateTierFor } from './assistant-knowledge';
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, DEFAULT_CRITERIA, OFFERED_RATES, RATE_TABLE, suggestRate } from './finance';
import { paymentOffer } from './payment-offer';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    // Tests and the assistant's question fixtures quote rates a shopper types ("at 6.99%"); they are not our offers.
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|\.data\.ts$/.test(name) ? [p] : [];
  });
}

describe('the one rate table (issue 33 §3)', () => {
  it('covers every score from 300 to 850 exactly once, with the spec §9 constants', () => {
    for (let s = CREDIT_SCORE_MIN; s <= CREDIT_SCORE_MAX; s++) {
      expect(RATE_TABLE.filter((r) => s >= r.from && s <= r.to)).toHaveLength(1);
    }
    expect(suggestRate(450)).toBe(23.99);
    expect(suggestRate(550)).toBe(14.99);
    expect(suggestRate(720)).toBe(8.99);
    expect(suggestRate(299)).toBeNull();
    expect(OFFERED_RATES).toContain(7.99);
  });

  it('the cards, the vehicle page, the calculator and the assistant show only offered rates', () => {
    expect(OFFERED_RATES).toContain(DEFAULT_CRITERIA.interestRate);
    expect(OFFERED_RATES).toContain(paymentOffer({ price: 30_000, year: 2022 }).apr);
    for (let s = CREDIT_SCORE_MIN; s <= CREDIT_SCORE_MAX; s++) {
      expect(OFFERED_RATES).toContain(suggestRate(s));
      expect(OFFERED_RATES).toContain(rateTierFor(s)?.rate);
    }
    for (const t of RATE_TIERS) expect(OFFERED_RATES).toContain(t.rate);
  });

  it('no page, prompt or feed types a rate the financing page does not offer', () => {
    const offenders: string[] = [];
    for (const file of ['client', 'server', 'domain'].flatMap((d) => sourceFiles(join(root, d)))) {
      const text = readFileSync(file, 'utf8');
      // "8.99%", "8.99 %", "apr: 8.99", "interestRate: 8.99", "rate = 8.99"
      for (const m of text.matchAll(/\b(\d{1,2}\.\d{2})\s?%|\b(?:apr|interestRate|rate)\s*[:=]\s*(\d{1,2}\.\d{2})\b/gi)) {
        const rate = Number(m[1] ?? m[2]);
        if (!OFFERED_RATES.includes(rate)) offenders.push(`${relative(root, file)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
