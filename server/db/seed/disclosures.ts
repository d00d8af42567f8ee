// The demo lot's answers to AMVIC's used-sale questions (issue 57 §4; the list is domain/amvic-disclosure-rules.ts),
// as a real dealer's lot would hold them: most items "no", the usual yeses at their usual rates (a former daily
// rental, a unit bought in from another province, a past repair over $3,000), "unknown" where a dealer honestly
// cannot know (an older unit's odometer history, repairs before the last owner), and some units taken in the last two days
// not answered yet. New units and private sellers' listings need none (AMVIC).
import { AMVIC_DISCLOSURE_KEYS, type AmvicDisclosures, type DisclosureAnswer } from '../../../domain/amvic-disclosure-rules';
import type { Rng } from './prng';

const DAY = 86_400_000;

/** Chances of "yes" and of "unknown" per item on a used unit; an item not listed is "no". */
function chances(v: { year: number; bodyType: string }, currentYear: number): Partial<Record<(typeof AMVIC_DISCLOSURE_KEYS)[number], { yes: number; unknown: number }>> {
  const age = currentYear - v.year;
  const old = age >= 9;
  return {
    // Rental fleets sell cars and SUVs at one to four years old.
    rental: { yes: age <= 4 && v.bodyType !== 'Truck' ? 0.12 : 0.01, unknown: old ? 0.04 : 0 },
    outOfProvince: { yes: 0.14, unknown: old ? 0.06 : 0.02 },
    repairsOver3000: { yes: 0.1, unknown: old ? 0.1 : 0.03 },
    structuralDamage: { yes: 0.01, unknown: old ? 0.03 : 0 },
    odometer: { yes: 0, unknown: old ? 0.05 : 0 },
    manufacturerBuyback: { yes: 0.005, unknown: 0 },
    flood: { yes: 0, unknown: old ? 0.02 : 0 },
  };
}

/** One used dealer unit's answers, or none for a unit taken in within the last three days. */
export function seedDisclosures(rng: Rng, v: { year: number; bodyType: string; createdAt: Date }, now: Date): AmvicDisclosures {
  if (now.getTime() - v.createdAt.getTime() < 2 * DAY && rng.chance(0.4)) return {};
  const odds = chances(v, now.getFullYear());
  const answers: AmvicDisclosures = {};
  for (const key of AMVIC_DISCLOSURE_KEYS) {
    const c = odds[key];
    const r = rng.next();
    const answer: DisclosureAnswer = c && r < c.yes ? 'yes' : c && r < c.yes + c.unknown ? 'unknown' : 'no';
    answers[key] = answer;
  }
  // A rebuilt title was a salvage title first, and the manufacturer's warranty goes with it.
  if (rng.chance(0.01)) Object.assign(answers, { salvage: 'yes', rebuilt: 'yes', warrantyCancelled: 'yes', repairsOver3000: 'yes' });
  // Now and then a unit still waits on its history report: its last few items are not answered yet.
  if (rng.chance(0.05)) for (const key of rng.shuffle(AMVIC_DISCLOSURE_KEYS).slice(0, rng.int(2, 4))) delete answers[key];
  return answers;
}
