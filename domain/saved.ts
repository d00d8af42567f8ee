// Saved vehicles and saved searches (issue 5, "Saved vehicles"; spec §3 saved-vehicle entries, §4 saving, §7 sync).
import { z } from 'zod';
import { vehicleSchema } from './vehicle';

/** A generous cap: a real shortlist is a handful; this only stops abuse. */
export const MAX_SAVED_VEHICLES = 200;
export const MAX_SAVED_SEARCHES = 20;

const vehicleId = z.coerce.number({ error: 'savedVehicles must hold vehicle ids' }).int('savedVehicles must hold whole numbers').positive('savedVehicles must hold positive ids').max(2_147_483_647, 'vehicle id is too large');

export const savedVehicleDetailSchema = z.object({
  vehicleId,
  savedAt: z.iso.datetime({ offset: true, error: 'savedAt must be an ISO timestamp' }),
  originalPrice: z.number().int().min(0).max(10_000_000).default(0),
});
export type SavedVehicleDetailInput = z.infer<typeof savedVehicleDetailSchema>;

/**
 * spec §7: POST /api/saved-vehicles/sync {savedVehicles: ids}; the whole list after each change. The detail
 * entries (spec §3: savedAt, originalPrice) may ride along so the server keeps the price when saved.
 */
export const syncSavedBodySchema = z.object({
  savedVehicles: z.array(vehicleId, { error: 'savedVehicles must be an array of vehicle ids' }).max(MAX_SAVED_VEHICLES, `at most ${MAX_SAVED_VEHICLES} saved vehicles`),
  savedVehicleDetails: z.array(savedVehicleDetailSchema).max(MAX_SAVED_VEHICLES, `at most ${MAX_SAVED_VEHICLES} saved vehicles`).optional(),
});

export const savedVehicleEntrySchema = z.object({
  vehicleId: z.number().int(),
  savedAt: z.string(),
  originalPrice: z.number().int(),
});
export type SavedVehicleEntry = z.infer<typeof savedVehicleEntrySchema>;

/** GET /api/saved-vehicles: the user's list with each vehicle as it is now (sold ones included, marked). */
export const savedVehiclesResponseSchema = z.object({
  savedVehicles: z.array(z.number().int()),
  savedVehicleDetails: z.array(savedVehicleEntrySchema),
  vehicles: z.array(vehicleSchema),
});
export type SavedVehiclesResponse = z.infer<typeof savedVehiclesResponseSchema>;

/**
 * "$1,500 less than when you saved it": the change since saving, or null when the price then is unknown (0,
 * spec §3's default) or unchanged.
 */
export function priceChangeSinceSaved(originalPrice: number, price: number): { amount: number; direction: 'down' | 'up' } | null {
  if (!originalPrice || originalPrice === price) return null;
  return { amount: Math.abs(originalPrice - price), direction: price < originalPrice ? 'down' : 'up' };
}

/** Merges the browser's list with the server's at login: the union, each vehicle keeping its earliest save. */
export function mergeSavedLists(local: SavedVehicleEntry[], server: SavedVehicleEntry[]): SavedVehicleEntry[] {
  const byId = new Map<number, SavedVehicleEntry>();
  for (const e of [...server, ...local]) {
    const prev = byId.get(e.vehicleId);
    if (!prev || Date.parse(e.savedAt) < Date.parse(prev.savedAt)) {
      byId.set(e.vehicleId, { ...e, originalPrice: prev && !e.originalPrice ? prev.originalPrice : e.originalPrice });
    }
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.savedAt) - Date.parse(b.savedAt));
}

// --- Saved searches ---

const hasNoNul = (s: string) => !s.includes('\u0000');
const words = (name: string, max: number) => z.array(z.string().trim().min(1, `${name} cannot be empty`).max(max, `${name} is at most ${max} characters`).refine(hasNoNul, `${name} contains a NUL character`))
  .max(30, `too many ${name} values`).default([]);
const whole = (name: string) => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} cannot be negative`).max(10_000_000, `${name} is too large`).optional();

/** The listing filters a saved search keeps: the same ones GET /api/vehicles takes (spec §7). */
export const savedSearchFiltersSchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').refine(hasNoNul, 'search contains a NUL character').optional(),
  makes: words('makes', 40),
  models: words('models', 60),
  bodyTypes: words('bodyTypes', 40),
  transmissions: words('transmissions', 40),
  features: words('features', 60),
  priceMin: whole('priceMin'),
  priceMax: whole('priceMax'),
  yearMin: whole('yearMin'),
  yearMax: whole('yearMax'),
  mileageMax: whole('mileageMax'),
});
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

export const createSavedSearchBodySchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(80, 'name is at most 80 characters').refine(hasNoNul, 'name contains a NUL character'),
  filters: savedSearchFiltersSchema,
});

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: savedSearchFiltersSchema,
  /** The /vehicles URL that shows this search. */
  url: z.string(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  /** Available vehicles matching it that were listed since lastSeenAt. */
  newCount: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });

export const savedSearchIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

/** The /vehicles URL for saved filters, in the listing's own URL parameters (domain/listing.ts, listing-restore.ts). */
export function savedSearchUrl(f: SavedSearchFilters): string {
  const p = new URLSearchParams();
  if (f.search) p.set('search', f.search);
  for (const m of f.makes) p.append('make', m);
  for (const m of f.models) p.append('model', m);
  for (const b of f.bodyTypes) p.append('bodyType', b);
  for (const t of f.transmissions) p.append('transmission', t);
  for (const x of f.features) p.append('feature', x);
  if (f.priceMin !== undefined) p.set('minPrice', String(f.priceMin));
  if (f.priceMax !== undefined) p.set('maxPrice', String(f.priceMax));
  if (f.yearMin !== undefined) p.set('minYear', String(f.yearMin));
  if (f.yearMax !== undefined) p.set('maxYear', String(f.yearMax));
  if (f.mileageMax !== undefined) p.set('kmMax', String(f.mileageMax));
  const qs = p.toString();
  return qs ? `/vehicles?${qs}` : '/vehicles';
}

export interface MatchableVehicle {
  make: string; model: string; bodyType: string; transmission: string; features: string[];
  price: number; year: number; mileage: number; searchText: string | null;
}

/**
 * Whether a vehicle matches saved filters: the listing's rules (server/modules/vehicles/service.ts whereFor):
 * case-insensitive make/model/body/transmission, every feature, ranges inclusive, every search word a substring
 * of the vehicle's search text. Used for new-match notifications and "N new since your last visit".
 */
export function vehicleMatchesSearch(f: SavedSearchFilters, v: MatchableVehicle): boolean {
  const inList = (values: string[], value: string) => !values.length || values.some((x) => x.toLowerCase() === value.toLowerCase());
  if (!inList(f.makes, v.make) || !inList(f.models, v.model) || !inList(f.bodyTypes, v.bodyType) || !inList(f.transmissions, v.transmission)) return false;
  if (!f.features.every((x) => v.features.includes(x))) return false;
  if (f.priceMin !== undefined && v.price < f.priceMin) return false;
  if (f.priceMax !== undefined && v.price > f.priceMax) return false;
  if (f.yearMin !== undefined && v.year < f.yearMin) return false;
  if (f.yearMax !== undefined && v.year > f.yearMax) return false;
  if (f.mileageMax !== undefined && v.mileage > f.mileageMax) return false;
  const text = (v.searchText ?? '').toLowerCase();
  return (f.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).every((w) => text.includes(w));
}

/** Saved filters from the listing's current view; defaults are left out, so a search keeps only what was chosen. */
export function filtersFromListing(view: {
  search: string; models?: string[]; transmissions?: string[];
  filters: { makes: string[]; bodyTypes: string[]; features: string[]; priceMin: number; priceMax: number; yearMin: number; yearMax: number; mileageMax: number | null };
}, defaults: { priceMin: number; priceMax: number; yearMin: number; yearMax: number }): SavedSearchFilters {
  const f = view.filters;
  return {
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    makes: f.makes, models: view.models ?? [], bodyTypes: f.bodyTypes, transmissions: view.transmissions ?? [], features: f.features,
    ...(f.priceMin > defaults.priceMin ? { priceMin: f.priceMin } : {}),
    ...(f.priceMax < defaults.priceMax ? { priceMax: f.priceMax } : {}),
    ...(f.yearMin > defaults.yearMin ? { yearMin: f.yearMin } : {}),
    ...(f.yearMax < defaults.yearMax ? { yearMax: f.yearMax } : {}),
    ...(f.mileageMax !== null ? { mileageMax: f.mileageMax } : {}),
  };
}

/** A name to offer for a new saved search: "SUV · Toyota · under $30,000". */
export function suggestSearchName(f: SavedSearchFilters): string {
  const money = (n: number) => `$${n.toLocaleString('en-CA')}`;
  const parts = [
    f.search ? `“${f.search}”` : '',
    f.bodyTypes.join('/'), f.makes.join('/'), f.models.join('/'),
    f.priceMax !== undefined ? `under ${money(f.priceMax)}` : '',
    f.yearMin !== undefined ? `${f.yearMin} or newer` : '',
  ].filter(Boolean);
  return (parts.join(' · ') || 'All vehicles').slice(0, 80);
}

/**
 * What the empty saved list asks the shopper to do (spec §6: hearts are for signed-in shoppers). "Tap" on a touch
 * screen, "select" with a mouse (issue 57); the page shows the one that fits the pointer by CSS, so the server and the
 * browser render the same HTML.
 */
export function savedEmptyHint(verb: 'tap' | 'select', signedIn: boolean): string {
  return signedIn ? `${verb[0]!.toUpperCase()}${verb.slice(1)} the heart on any vehicle to keep it here.` : `Log in, then ${verb} the heart on any vehicle to keep it here.`;
}
