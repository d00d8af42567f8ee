// issue 21: pre-approval messages are read by applicants, so none names an internal field ("monthlyIncome",
// "EmploymentStatus: …"); each names the field as the form's label does and says what to do.
import { describe, expect, it } from 'vitest';
import { contactStepSchema, consentStepSchema, downPaymentStepSchema, employmentStepSchema, housingStepSchema, tradeInSchema } from './pre-approval';

const messages = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => i.message);
};
// camelCase or dotted identifiers, or a "field:" prefix, are internal names.
const INTERNAL = /\b[a-z]+[A-Z][a-zA-Z]*\b|\b\w+\.\w+\b|^\w+:/;

describe('pre-approval messages', () => {
  it('an empty employment step asks for the situation and the income in plain words', () => {
    const m = messages(employmentStepSchema, { employmentStatus: undefined, employer: '', jobTitle: '', monthsAtJob: 0, monthlyIncome: undefined });
    expect(m).toEqual(expect.arrayContaining(['Choose your employment situation', 'Enter your gross monthly income (0 if you have none)']));
    for (const x of m) expect(x).not.toMatch(INTERNAL);
  });

  it('a typed word in a money field says it must be a number, naming the field by its label', () => {
    expect(messages(employmentStepSchema, { employmentStatus: 'retired', monthlyIncome: Number('lots') })).toEqual(['Gross monthly income must be a number, such as 4500']);
    expect(messages(employmentStepSchema, { employmentStatus: 'full_time', employer: '', monthlyIncome: 5000 })).toEqual(['Enter your employer or business name']);
  });

  // Issue 33 §3: a missing employer was reported only once the income was fixed (a second Continue).
  it('asks for the employer on the first try, beside the other missing answers', () => {
    expect(messages(employmentStepSchema, { employmentStatus: 'full_time', employer: '', monthlyIncome: undefined }))
      .toEqual(expect.arrayContaining(['Enter your gross monthly income (0 if you have none)', 'Enter your employer or business name']));
    expect(messages(employmentStepSchema, { employmentStatus: 'retired', employer: '', monthlyIncome: undefined })).not.toContain('Enter your employer or business name');
  });

  it('every other step, empty or wrong, speaks plainly', () => {
    const all = [
      ...messages(housingStepSchema, { housingStatus: undefined, monthlyHousingPayment: undefined, street: '', city: '', province: 'XX', postalCode: '90210', yearsAtAddress: -1 }),
      ...messages(downPaymentStepSchema, { downPayment: -1, hasTradeIn: undefined }),
      ...messages(downPaymentStepSchema, { downPayment: 0, hasTradeIn: true }),
      ...messages(tradeInSchema, { year: undefined, make: '', model: '', mileage: undefined }),
      ...messages(contactStepSchema, { firstName: '', lastName: '', email: '', phone: '12', dateOfBirth: '' }),
      ...messages(consentStepSchema, { creditCheckConsent: false }),
    ];
    expect(all.length).toBeGreaterThan(12);
    for (const x of all) expect(x, x).not.toMatch(INTERNAL);
    expect(all).toEqual(expect.arrayContaining([
      'Enter your email address', 'Enter your date of birth', 'Enter a Canadian postal code, such as T6E 6A4',
      'Tick the box to agree to the credit check: we cannot apply without it',
    ]));
  });
});
