// The /vehicle-finder questionnaire's state: what the shopper has typed so far, kept in sessionStorage so a
// reload or a look at a vehicle does not lose it, and the rules that turn it into the API's answers.
import { FINDER_FUELS, FINDER_USES, type FinderAnswers, type FinderFuel, type FinderUse } from '@domain/finder';
import { parseTypedNumber } from '@domain/typed-number';

export const FINDER_STEPS = ['Budget', 'Body style', 'Seats', 'How you drive', 'Fuel', 'Must-haves'] as const;
export const RESULTS_STEP = FINDER_STEPS.length;
export const FINDER_STORAGE_KEY = 'vehicle-finder-answers';
export const MAX_MUST_HAVES = 12;

export interface FinderDraft {
  /** 0..5 the questions, 6 the results. */
  step: number;
  budgetKind: 'total' | 'monthly';
  /** Raw field texts: validated when the shopper moves on. */
  max: string;
  perMonth: string;
  downPayment: string;
  bodyTypes: string[];
  minSeats: number;
  uses: FinderUse[];
  fuel: FinderFuel;
  mustHave: string[];
}

export const EMPTY_DRAFT: FinderDraft = {
  step: 0, budgetKind: 'total', max: '', perMonth: '', downPayment: '',
  bodyTypes: [], minSeats: 0, uses: [], fuel: 'any', mustHave: [],
};

export const SEAT_OPTIONS = [0, 4, 5, 7, 8] as const;

const wholeDollars = (raw: string): number | null => {
  const n = parseTypedNumber(raw);
  return n !== undefined && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

/** The budget step's error, or null when the shopper may go on. */
export function budgetError(d: FinderDraft): string | null {
  if (d.budgetKind === 'total') {
    const max = wholeDollars(d.max);
    return max && max > 0 ? null : 'Enter the most you want to spend, in dollars.';
  }
  const per = wholeDollars(d.perMonth);
  if (!per || per <= 0) return 'Enter a monthly payment, in dollars.';
  if (per > 50_000) return 'Enter a monthly payment under $50,000.';
  if (d.downPayment.trim() && wholeDollars(d.downPayment) === null) return 'Enter a down payment of 0 or more, in dollars.';
  return null;
}

/** The POST body for /api/vehicle-finder; null while the budget is not valid. */
export function toAnswers(d: FinderDraft): FinderAnswers | null {
  if (budgetError(d)) return null;
  const budget: FinderAnswers['budget'] = d.budgetKind === 'total'
    ? { kind: 'total', max: wholeDollars(d.max)! }
    : { kind: 'monthly', perMonth: wholeDollars(d.perMonth)!, downPayment: wholeDollars(d.downPayment) ?? 0 };
  return { budget, bodyTypes: d.bodyTypes, minSeats: d.minSeats, uses: d.uses, fuel: d.fuel, mustHave: d.mustHave.slice(0, MAX_MUST_HAVES) };
}

export const toggle = <T,>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** Accepts a stored draft only when its shape is right (another version of the site may have written it). */
export function isDraft(v: unknown): v is FinderDraft {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  return Number.isInteger(d.step) && (d.step as number) >= 0 && (d.step as number) <= RESULTS_STEP
    && (d.budgetKind === 'total' || d.budgetKind === 'monthly')
    && typeof d.max === 'string' && typeof d.perMonth === 'string' && typeof d.downPayment === 'string'
    && strings(d.bodyTypes) && strings(d.mustHave) && Number.isInteger(d.minSeats)
    && Array.isArray(d.uses) && d.uses.every((u) => (FINDER_USES as readonly unknown[]).includes(u))
    && (FINDER_FUELS as readonly unknown[]).includes(d.fuel);
}

export interface Relaxation { step: number; text: string }

/** An honest empty state: which answers to relax, most restrictive first, each with the step that sets it. */
export function relaxations(d: FinderDraft, lowestPrice: number | null, priceCap: number | null): Relaxation[] {
  const out: Relaxation[] = [];
  if (lowestPrice !== null && priceCap !== null && priceCap < lowestPrice) {
    out.push({ step: 0, text: `Raise your budget: our lowest all-in price today is $${lowestPrice.toLocaleString('en-CA')}.` });
  }
  if (d.mustHave.length) out.push({ step: 5, text: `Drop a must-have feature (you chose ${d.mustHave.length}).` });
  if (d.fuel !== 'any') out.push({ step: 4, text: 'Choose "No preference" for fuel.' });
  if (d.minSeats) out.push({ step: 2, text: `Ask for fewer than ${d.minSeats} seats.` });
  if (d.bodyTypes.length) out.push({ step: 1, text: 'Add more body styles, or choose none to see them all.' });
  if (!out.some((r) => r.step === 0)) out.push({ step: 0, text: 'Raise your budget a little.' });
  return out;
}
