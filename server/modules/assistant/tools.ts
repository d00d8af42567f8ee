// The two things the assistant may look up, for the built-in assistant and as the LLM's tools: live inventory
// (through the listing's own search service and cache, so answers match what /vehicles shows) and the loan
// maths of domain/finance.ts. Nothing here invents a figure: every vehicle and price comes from the database.
import { z } from 'zod';
import { DEFAULT_CRITERIA, loanPayment, maxTermForYear, suggestRate } from '@domain/finance';
import { paginatedVehiclesSchema, vehicleListQuerySchema, type Vehicle } from '@domain/vehicle';
import { getFacets, listVehicles, type InventoryContext } from '../vehicles/service';
import { facetsSchema } from '@domain/vehicle';
import type { Slots, Vocabulary } from './intents';

export interface InventorySearch {
  bodyType?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
  yearMin?: number | undefined;
  yearMax?: number | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  mileageMax?: number | undefined;
  drivetrain?: string | undefined;
  fuel?: string | undefined;
  transmission?: string | undefined;
  features?: string[] | undefined;
  location?: 'Edmonton' | 'Calgary' | undefined;
  sort?: 'recommended' | 'price-asc' | 'price-desc' | 'year-desc' | 'mileage-asc' | undefined;
  limit?: number | undefined;
}

/** The LLM's search_inventory arguments: the same filters, validated (a model's arguments are untrusted input). */
export const inventorySearchSchema = z.object({
  bodyType: z.string().max(40).optional(),
  make: z.string().max(40).optional(),
  model: z.string().max(60).optional(),
  yearMin: z.number().int().min(1980).max(2100).optional(),
  yearMax: z.number().int().min(1980).max(2100).optional(),
  priceMin: z.number().int().min(0).optional(),
  priceMax: z.number().int().min(0).optional(),
  mileageMax: z.number().int().min(0).optional(),
  drivetrain: z.enum(['AWD', '4WD', 'FWD', 'RWD']).optional(),
  fuel: z.enum(['Gasoline', 'Hybrid', 'Plug-in Hybrid', 'Electric', 'Diesel']).optional(),
  transmission: z.enum(['Automatic', 'Manual', 'CVT']).optional(),
  location: z.enum(['Edmonton', 'Calgary']).optional(),
  sort: z.enum(['recommended', 'price-asc', 'price-desc', 'year-desc', 'mileage-asc']).optional(),
  limit: z.number().int().min(1).max(10).optional(),
});

export interface InventoryResult { total: number; vehicles: Vehicle[] }

/** Search words for filters the listing has no column filter for (drivetrain and fuel are in its search text). */
function searchWords(s: InventorySearch): string | undefined {
  const words = [s.drivetrain?.toLowerCase(), s.fuel === 'Plug-in Hybrid' ? 'plug-in' : s.fuel?.toLowerCase()].filter(Boolean);
  return words.length ? words.join(' ') : undefined;
}

export async function searchInventory(ctx: InventoryContext, s: InventorySearch): Promise<InventoryResult> {
  const query = vehicleListQuerySchema.parse({
    format: 'paginated',
    page: 1,
    limit: s.limit ?? 5,
    sortBy: s.sort ?? (s.priceMax !== undefined ? 'price-desc' : 'recommended'),
    ...(s.bodyType ? { bodyType: [s.bodyType] } : {}),
    ...(s.make ? { make: [s.make] } : {}),
    ...(s.model ? { model: [s.model] } : {}),
    ...(s.transmission ? { transmission: [s.transmission] } : {}),
    ...(s.features?.length ? { feature: s.features } : {}),
    ...(s.location ? { location: s.location } : {}),
    ...(s.priceMin !== undefined ? { priceMin: s.priceMin } : {}),
    ...(s.priceMax !== undefined ? { priceMax: s.priceMax } : {}),
    ...(s.yearMin !== undefined ? { yearMin: s.yearMin } : {}),
    ...(s.yearMax !== undefined ? { yearMax: s.yearMax } : {}),
    ...(s.mileageMax !== undefined ? { mileageMax: s.mileageMax } : {}),
    ...(searchWords(s) ? { search: searchWords(s) } : {}),
  });
  // The listing's service and cache (AMVIC: only available vehicles, sold ones leave at once).
  const page = paginatedVehiclesSchema.parse(JSON.parse(await listVehicles(ctx, query, 'available')));
  return { total: page.pagination.totalVehicles, vehicles: page.vehicles };
}

export function searchFromSlots(slots: Slots, limit = 5): InventorySearch {
  return {
    bodyType: slots.bodyType, make: slots.make, model: slots.model,
    yearMin: slots.year ?? slots.yearMin, yearMax: slots.year ?? slots.yearMax,
    priceMin: slots.priceMin, priceMax: slots.priceMax, mileageMax: slots.mileageMax,
    drivetrain: slots.drivetrain, fuel: slots.fuel, transmission: slots.transmission,
    features: slots.features, location: slots.location, sort: slots.sort, limit,
  };
}

/** The makes and models on the lot now, for reading questions (cached with the facets). */
export async function vocabulary(ctx: InventoryContext): Promise<Vocabulary> {
  const facets = facetsSchema.parse(JSON.parse(await getFacets(ctx)));
  return { makes: facets.makes.map((m) => m.value), models: facets.models.map((m) => ({ make: m.make, model: m.model })) };
}

export interface PaymentTerms { price: number; downPayment?: number | undefined; apr?: number | undefined; termMonths?: number | undefined; creditScore?: number | undefined; year?: number | undefined }
export interface PaymentQuote {
  monthly: number; price: number; downPayment: number; apr: number; termMonths: number;
  /** Why the APR is what it is: the shopper's, from their credit score (spec §9), or the calculator default. */
  aprSource: 'given' | 'credit_score' | 'default';
  /** The term was shortened to the longest lenders allow for the model year (spec §5). */
  termCapped: boolean;
}

export const paymentTermsSchema = z.object({
  price: z.number().min(1).max(1_000_000),
  downPayment: z.number().min(0).max(1_000_000).optional(),
  apr: z.number().min(0).max(30).optional(),
  termMonths: z.number().int().min(12).max(96).optional(),
  creditScore: z.number().int().min(300).max(850).optional(),
  year: z.number().int().min(1980).max(2100).optional(),
});

/** spec §9 loan helper with the calculator's defaults (spec §3: $2,000 down, 8.99 %, 84 months). */
export function computePayment(t: PaymentTerms): PaymentQuote {
  const suggested = t.creditScore !== undefined ? suggestRate(t.creditScore) : null;
  const apr = t.apr ?? suggested ?? DEFAULT_CRITERIA.interestRate;
  const aprSource = t.apr !== undefined ? 'given' : suggested !== null ? 'credit_score' : 'default';
  const downPayment = Math.min(Math.max(0, t.downPayment ?? DEFAULT_CRITERIA.downPayment), t.price);
  let termMonths = t.termMonths ?? DEFAULT_CRITERIA.loanTerm;
  let termCapped = false;
  if (t.year !== undefined && termMonths > maxTermForYear(t.year)) { termMonths = maxTermForYear(t.year); termCapped = true; }
  const monthly = loanPayment(t.price, downPayment, apr, termMonths);
  return { monthly, price: Math.round(t.price), downPayment: Math.round(downPayment), apr, termMonths, aprSource, termCapped };
}
