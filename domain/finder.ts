// Vehicle finder (issue: "a short questionnaire that ranks real inventory and says why each match fits").
// Pure scoring so the ranking is testable and the same wherever it runs.
import { z } from 'zod';
import { approvedAmount, DEFAULT_CRITERIA } from './finance';
import { vehicleSchema } from './vehicle';

export const FINDER_USES = ['commute', 'family', 'towing', 'winter', 'work', 'weekend'] as const;
export type FinderUse = (typeof FINDER_USES)[number];
export const FINDER_USE_LABELS: Record<FinderUse, string> = {
  commute: 'Commuting in the city',
  family: 'Hauling the family',
  towing: 'Towing a trailer or boat',
  winter: 'Alberta winters and back roads',
  work: 'Work and job sites',
  weekend: 'Weekend fun',
};
export const FINDER_FUELS = ['any', 'gas', 'hybrid', 'electric'] as const;
export type FinderFuel = (typeof FINDER_FUELS)[number];

export interface FinderAnswers {
  budget: { kind: 'total'; max: number } | { kind: 'monthly'; perMonth: number; downPayment: number };
  bodyTypes: string[]; // empty = any
  minSeats: number; // 0 = any
  uses: FinderUse[];
  fuel: FinderFuel;
  mustHave: string[];
}

const money = (name: string) =>
  z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} cannot be negative`).max(10_000_000, `${name} is too large`);
const shortText = (name: string) => z.string().trim().min(1, `${name} cannot be empty`).max(60, `${name} is at most 60 characters`).refine((s) => !s.includes('\u0000'), `${name} contains a NUL character`);

/** POST /api/vehicle-finder body: the questionnaire's answers, strictly checked (DESIGN.md convention 6). */
export const finderAnswersSchema = z.object({
  budget: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('total'), max: money('max').min(1, 'max must be more than 0') }),
    z.object({ kind: z.literal('monthly'), perMonth: money('perMonth').min(1, 'perMonth must be more than 0').max(50_000, 'perMonth is too large'), downPayment: money('downPayment') }),
  ], { error: 'budget must be a total or a monthly payment' }),
  bodyTypes: z.array(shortText('bodyType')).max(20, 'too many body types'),
  minSeats: z.number({ error: 'minSeats must be a number' }).int('minSeats must be a whole number').min(0, 'minSeats cannot be negative').max(15, 'minSeats is at most 15'),
  uses: z.array(z.enum(FINDER_USES, { error: `uses must be among ${FINDER_USES.join(', ')}` })).max(FINDER_USES.length, 'too many uses'),
  fuel: z.enum(FINDER_FUELS, { error: `fuel must be one of ${FINDER_FUELS.join(', ')}` }),
  mustHave: z.array(shortText('feature')).max(12, 'at most 12 must-have features'),
}) satisfies z.ZodType<FinderAnswers>;

export const finderResultSchema = z.object({
  matches: z.array(z.object({ vehicle: vehicleSchema, score: z.number(), reasons: z.array(z.string()) })),
  /** The most the shopper can spend, from their total or monthly budget (spec §9 estimate). */
  priceCap: z.number().int(),
});
export type FinderResult = z.infer<typeof finderResultSchema>;

export interface FinderVehicle {
  id: number; year: number; make: string; model: string; price: number; mileage: number; bodyType: string;
  seats: number | null; fuelType: string; drivetrain: string | null; features: string[]; isOnSale: boolean;
}

export interface FinderMatch<V> { vehicle: V; score: number; reasons: string[] }

/** The most a shopper can spend, from a total budget or a monthly payment (spec §9 affordability maths at default rate and term). */
export function finderPriceCap(budget: FinderAnswers['budget']): number {
  if (budget.kind === 'total') return budget.max;
  return approvedAmount({ ...DEFAULT_CRITERIA, monthlyBudget: budget.perMonth, downPayment: budget.downPayment });
}

const fuelMatches = (fuel: FinderFuel, fuelType: string) => {
  const f = fuelType.toLowerCase();
  if (fuel === 'any') return true;
  if (fuel === 'electric') return f === 'electric';
  if (fuel === 'hybrid') return f.includes('hybrid');
  return f === 'gasoline' || f === 'diesel';
};
const hasFeature = (v: FinderVehicle, name: string) => v.features.some((f) => f.toLowerCase() === name.toLowerCase());
const fmt = (n: number) => `$${Math.round(n).toLocaleString('en-CA')}`;

/** Ranks vehicles: hard limits (budget, body, seats, fuel, must-haves) filter; uses and value add points. */
export function rankForFinder<V extends FinderVehicle>(vehicles: readonly V[], a: FinderAnswers, now: Date = new Date(), limit = 12): FinderMatch<V>[] {
  const cap = finderPriceCap(a.budget);
  const out: FinderMatch<V>[] = [];
  for (const v of vehicles) {
    if (v.price > cap) continue;
    if (a.bodyTypes.length && !a.bodyTypes.includes(v.bodyType)) continue;
    if (a.minSeats && (v.seats ?? 0) < a.minSeats) continue;
    if (!fuelMatches(a.fuel, v.fuelType)) continue;
    if (!a.mustHave.every((m) => hasFeature(v, m))) continue;

    const reasons: string[] = [`${fmt(v.price)} is within your ${fmt(cap)} budget`];
    let score = 10 + 10 * (1 - v.price / Math.max(cap, 1)); // room left in the budget
    if (a.bodyTypes.length) reasons.push(`It is ${/^[AEIOU]|^SUV/.test(v.bodyType) ? 'an' : 'a'} ${v.bodyType}, as you asked`);
    if (a.minSeats && v.seats) reasons.push(`Seats ${v.seats}`);
    if (a.mustHave.length) reasons.push(`Has ${a.mustHave.join(', ')}`);
    const awd = v.drivetrain === 'AWD' || v.drivetrain === '4WD';
    for (const use of a.uses) {
      if (use === 'winter' && awd) { score += 8; reasons.push(`${v.drivetrain} for winter roads`); }
      if (use === 'winter' && (hasFeature(v, 'Remote Start') || hasFeature(v, 'Heated Seats'))) { score += 3; reasons.push('Remote start or heated seats for cold mornings'); }
      if (use === 'towing' && (v.bodyType === 'Truck' || hasFeature(v, 'Tow Package'))) { score += 8; reasons.push(v.bodyType === 'Truck' ? 'A truck built to tow' : 'Has a tow package'); }
      if (use === 'family' && (v.seats ?? 0) >= 7) { score += 8; reasons.push(`${v.seats} seats for the whole family`); }
      if (use === 'family' && ['SUV', 'Minivan'].includes(v.bodyType)) score += 4;
      if (use === 'commute' && (v.fuelType !== 'Gasoline' && v.fuelType !== 'Diesel')) { score += 8; reasons.push(`${v.fuelType}: lower running costs for daily driving`); }
      if (use === 'commute' && ['Sedan', 'Hatchback'].includes(v.bodyType)) { score += 4; reasons.push('Easy to park and efficient in the city'); }
      if (use === 'work' && v.bodyType === 'Truck') { score += 8; reasons.push('A pickup bed for tools and materials'); }
      if (use === 'weekend' && ['Coupe', 'Convertible'].includes(v.bodyType)) { score += 6; reasons.push(`A ${v.bodyType.toLowerCase()} for fun drives`); }
      if (use === 'weekend' && awd && v.bodyType === 'SUV') { score += 3; reasons.push('Ready for the mountains'); }
    }
    const age = Math.max(0, now.getFullYear() - v.year);
    score += Math.max(0, 6 - age) + Math.max(0, 4 - v.mileage / 40_000);
    if (v.isOnSale) { score += 2; reasons.push('On sale now'); }
    out.push({ vehicle: v, score: Math.round(score * 10) / 10, reasons: [...new Set(reasons)] });
  }
  return out.sort((x, y) => y.score - x.score || x.vehicle.price - y.vehicle.price || x.vehicle.id - y.vehicle.id).slice(0, limit);
}
