// What the car assistant knows about vehicles and the dealership, as pure rules over the inventory's real fields
// (issue 20): fuel economy, seating, winter and towing needs, opening hours at a given day and time, and the
// rate tiers of spec §9. The assistant's search and its answers read these; they never claim what a vehicle's
// record does not hold (no litres per 100 km, no towing capacity: the lot does not record them).
import { albertaClock } from './alberta-time';
import { DEALERSHIP } from './settings';
import { minutesOf } from './booking';
import { RATE_TABLE, rateBandForScore } from './finance';

/** The fields of a vehicle these rules read (the vehicles table's own columns). */
export interface LotVehicle {
  id: number;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  price: number;
  mileage: number;
  bodyType: string;
  transmission: string;
  engine: string | null;
  drivetrain: string | null;
  fuelType: string;
  seats: number | null;
  features: string[];
  location: 'Edmonton' | 'Calgary';
  stockNumber: string;
}

/** Engine displacement in litres from the engine text ("2.0L I4 Turbo" → 2), null when not recorded. */
export function displacement(engine: string | null): number | null {
  const m = engine ? /(\d+(?:\.\d+)?)\s*L\b/i.exec(engine) : null;
  return m ? Number(m[1]) : null;
}

/** A small engine, for "good on gas": 2.0 litres or less, as the engine text records it. */
export const SMALL_ENGINE_LITRES = 2.0;

export const ELECTRIFIED_FUELS = ['Electric', 'Plug-in Hybrid', 'Hybrid'] as const;
const isElectrified = (v: Pick<LotVehicle, 'fuelType'>) => (ELECTRIFIED_FUELS as readonly string[]).includes(v.fuelType);

/**
 * "Good on gas", "efficient", "for commuting": a hybrid, a plug-in, an electric vehicle, or a small engine; never a
 * pickup or a van (a full-size truck is what a shopper asking this does not want, issue 20).
 */
export function isFuelEfficient(v: Pick<LotVehicle, 'fuelType' | 'engine' | 'bodyType'>): boolean {
  if (v.bodyType === 'Truck' || v.bodyType === 'Van') return false;
  if (isElectrified(v)) return true;
  const litres = displacement(v.engine);
  return litres !== null && litres <= SMALL_ENGINE_LITRES;
}

/** Efficient first: electric, then plug-in, then hybrid, then the smallest engine. Lower is better. */
export function efficiencyRank(v: Pick<LotVehicle, 'fuelType' | 'engine'>): number {
  const i = (ELECTRIFIED_FUELS as readonly string[]).indexOf(v.fuelType);
  if (i >= 0) return i;
  return 10 + (displacement(v.engine) ?? 9);
}

/** Why a vehicle counts as efficient, in the words of its own record. */
export function efficiencyReason(v: Pick<LotVehicle, 'fuelType' | 'engine'>): string {
  if (v.fuelType === 'Electric') return 'electric';
  if (v.fuelType === 'Plug-in Hybrid') return 'plug-in hybrid';
  if (v.fuelType === 'Hybrid') return 'hybrid';
  return `${displacement(v.engine)} L engine`;
}

/** Towing and hauling: the lot records pickups, tow packages and trailer brake controllers, not a capacity. */
export const TOWING_FEATURES = ['Tow Package', 'Trailer Brake Controller'] as const;
export function isTowCapable(v: Pick<LotVehicle, 'bodyType' | 'features'>): boolean {
  return v.bodyType === 'Truck' || v.features.some((f) => (TOWING_FEATURES as readonly string[]).includes(f));
}

/** A new driver: a modest, recent, small vehicle (a car or small SUV), not a pickup, a van or a big engine. */
export const NEW_DRIVER = { maxPrice: 25_000, minYear: 2015, maxLitres: 2.5 } as const;
export function suitsNewDriver(v: Pick<LotVehicle, 'bodyType' | 'engine' | 'price' | 'year' | 'fuelType'>): boolean {
  if (!['Sedan', 'Hatchback', 'SUV', 'Wagon'].includes(v.bodyType)) return false;
  const litres = displacement(v.engine);
  if (litres !== null && litres > NEW_DRIVER.maxLitres) return false;
  return v.price <= NEW_DRIVER.maxPrice && v.year >= NEW_DRIVER.minYear;
}

// ---- Opening hours at a day and time (spec §1 hours, per store in domain/settings.ts) ----

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const DAY_CODES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

export type City = 'Edmonton' | 'Calgary';
export interface StoreHoursOn { city: City; opens: string; closes: string }

/** Each store's hours on a weekday (0 = Sunday), or none for a store closed that day. */
export function hoursOnDay(day: number, city?: City): StoreHoursOn[] {
  const code = DAY_CODES[day]!;
  return DEALERSHIP.addresses
    .filter((a) => !city || a.city === city)
    .flatMap((a) => {
      const h = a.hours.find((x) => (x.dayCodes as readonly string[]).includes(code));
      return h ? [{ city: a.city as City, opens: h.opens, closes: h.closes }] : [];
    });
}

/** 24 h "09:00" → "9 AM", "17:30" → "5:30 PM". */
export function clock12(hhmm: string): string {
  const mins = minutesOf(hhmm);
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return `${((h + 11) % 12) + 1}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

export interface OpenAnswer {
  /** true: every store asked about is open then; false: none is; null: some are (answered per store). */
  open: boolean | null;
  dayName: string;
  perStore: { city: City; open: boolean; opens: string | null; closes: string | null }[];
}

/** Is the store (or are both) open on weekday `day` at `minutes` after midnight? Open from opening to closing time. */
export function openAt(day: number, minutes: number, city?: City): OpenAnswer {
  const cities = DEALERSHIP.addresses.filter((a) => !city || a.city === city).map((a) => a.city as City);
  const hours = hoursOnDay(day, city);
  const perStore = cities.map((c) => {
    const h = hours.find((x) => x.city === c);
    const open = !!h && minutes >= minutesOf(h.opens) && minutes < minutesOf(h.closes);
    return { city: c, open, opens: h?.opens ?? null, closes: h?.closes ?? null };
  });
  const all = perStore.every((s) => s.open);
  const none = perStore.every((s) => !s.open);
  const dayName = WEEKDAYS[day]!.charAt(0).toUpperCase() + WEEKDAYS[day]!.slice(1);
  return { open: all ? true : none ? false : null, dayName, perStore };
}

/** The weekday (0 = Sunday) and minutes after midnight of an instant in Alberta. */
export function dealershipClock(now: Date): { day: number; minutes: number } {
  const c = albertaClock(now);
  return { day: c.weekday, minutes: c.minutes };
}

// ---- Approval odds (spec §9 rate tiers): a guide, never an approval ----

/** spec §9 rate suggestion tiers by credit score, as the calculator applies them. */
// issue 33 §3: read from the one rate table (domain/finance.ts), lowest band first, so chat quotes what the financing page offers.
export const RATE_TIERS: readonly { from: number; to: number; rate: number }[] = [...RATE_TABLE].reverse().map((r) => ({ from: r.from, to: r.to, rate: r.apr }));

export function rateTierFor(score: number): (typeof RATE_TIERS)[number] | null {
  const band = rateBandForScore(score);
  return band ? RATE_TIERS.find((t) => t.from === band.from) ?? null : null;
}

/** What a lender weighs in an application: said with every approval-odds answer (no approval in chat). */
export const LENDER_FACTORS = [
  'your credit score and history',
  'your income and how long you have had it',
  'your other monthly debts',
  'the down payment (a larger one lowers the amount financed)',
  'the vehicle\'s price, age and kilometres',
] as const;
