import { describe, expect, it } from 'vitest';
import { budgetError, EMPTY_DRAFT, isDraft, relaxations, toAnswers, toggle } from './finder-draft';

describe('finder draft', () => {
  it('needs a positive budget before answers exist', () => {
    expect(budgetError(EMPTY_DRAFT)).toMatch(/most you want to spend/);
    expect(toAnswers(EMPTY_DRAFT)).toBeNull();
    expect(toAnswers({ ...EMPTY_DRAFT, max: '0' })).toBeNull();
    expect(toAnswers({ ...EMPTY_DRAFT, max: '$35,000', bodyTypes: ['SUV'] })).toMatchObject({ budget: { kind: 'total', max: 35_000 }, bodyTypes: ['SUV'] });
  });

  it('reads a monthly budget with an optional down payment', () => {
    const d = { ...EMPTY_DRAFT, budgetKind: 'monthly' as const, perMonth: '450', downPayment: '' };
    expect(toAnswers(d)?.budget).toEqual({ kind: 'monthly', perMonth: 450, downPayment: 0 });
    expect(toAnswers({ ...d, downPayment: '3000' })?.budget).toEqual({ kind: 'monthly', perMonth: 450, downPayment: 3000 });
    expect(budgetError({ ...d, downPayment: '-5' })).toMatch(/down payment/);
    expect(budgetError({ ...d, perMonth: '' })).toMatch(/monthly payment/);
  });

  it('toggles list items', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('accepts only well-formed stored drafts', () => {
    expect(isDraft(EMPTY_DRAFT)).toBe(true);
    expect(isDraft({ ...EMPTY_DRAFT, uses: ['racing'] })).toBe(false);
    expect(isDraft({ ...EMPTY_DRAFT, step: 9 })).toBe(false);
    expect(isDraft('nope')).toBe(false);
  });

  it('suggests what to relax, budget first when it is below our cheapest vehicle', () => {
    const d = { ...EMPTY_DRAFT, max: '3000', bodyTypes: ['Coupe'], fuel: 'electric' as const, mustHave: ['Sunroof'], minSeats: 7 };
    const r = relaxations(d, 9_995, 3_000);
    expect(r.map((x) => x.step)).toEqual([0, 5, 4, 2, 1]);
    expect(r[0]!.text).toContain('$9,995');
    expect(relaxations(EMPTY_DRAFT, 9_995, 50_000)).toEqual([{ step: 0, text: 'Raise your budget a little.' }]);
  });
});

describe('budgets as people type them (issue 33 §2)', () => {
  it('reads "$21,500" and "1,250" as the numbers they are', () => {
    expect(toAnswers({ ...EMPTY_DRAFT, budgetKind: 'total', max: '$21,500' })?.budget).toEqual({ kind: 'total', max: 21_500 });
    expect(toAnswers({ ...EMPTY_DRAFT, budgetKind: 'monthly', perMonth: '450', downPayment: '1,250' })?.budget)
      .toEqual({ kind: 'monthly', perMonth: 450, downPayment: 1_250 });
    expect(budgetError({ ...EMPTY_DRAFT, budgetKind: 'total', max: '21,50' })).not.toBeNull();
  });
});
