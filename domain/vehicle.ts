// API contracts for vehicles (spec §3, §7). The Zod schemas are the routes' schemas,
// the client's types and the OpenAPI document (DESIGN.md convention 2).
import { z } from 'zod';
import { amvicDisclosuresSchema } from './amvic-disclosures';
import {
  CONDITIONS, DEFAULT_SORT, LOCATIONS, MAX_PAGE_SIZE, PAGE_SIZE, SELLER_TYPES, SORT_KEYS, VEHICLE_STATUSES,
} from './constants';
import { dealRatingSchema } from './deal-rating';

export { vehicleTitle } from './vehicle-title';

export const vehicleIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

export const photoVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  format: z.enum(['webp', 'avif', 'jpeg']),
});
export const photoSchema = z.object({
  id: z.number().int(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Default source: the middle-size WebP. */
  src: z.string(),
  variants: z.array(photoVariantSchema),
});
export type Photo = z.infer<typeof photoSchema>;

export const vehicleSchema = z.object({
  id: z.number().int(),
  vin: z.string(),
  stockNumber: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  /** All-in advertised price in whole CAD: every fee except GST (AMVIC). */
  price: z.number().int(),
  /** Price before the current sale; null when the vehicle is not on sale. */
  originalPrice: z.number().int().nullable(),
  isOnSale: z.boolean(),
  mileage: z.number().int(),
  bodyType: z.string(),
  condition: z.enum(CONDITIONS),
  sellerType: z.enum(SELLER_TYPES),
  status: z.enum(VEHICLE_STATUSES),
  isSold: z.boolean(),
  /** spec §3: list of image URLs (the default source of each photo, cover first). */
  images: z.array(z.string()),
  photos: z.array(photoSchema),
  features: z.array(z.string()),
  transmission: z.string(),
  engine: z.string().nullable(),
  drivetrain: z.string().nullable(),
  fuelType: z.string(),
  exteriorColor: z.string(),
  interiorColor: z.string().nullable(),
  doors: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  description: z.string(),
  location: z.enum(LOCATIONS),
  createdAt: z.string(),
  updatedAt: z.string(),
  soldAt: z.string().nullable(),
  /**
   * How the price compares with comparable vehicles (issue 19, domain/deal-rating.ts); null when the vehicle is not
   * for sale or has fewer than MIN_COMPARABLES comparables. GET /api/vehicles/:id/deal-rating explains it.
   */
  dealRating: dealRatingSchema.nullable(),
  /**
   * A confirmed hold's end (issue 19, domain/holds.ts): set while the vehicle is held for a shopper (status pending),
   * null otherwise. A held vehicle stays in search and shows "On hold until …".
   */
  heldUntil: z.string().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const priceChangeSchema = z.object({
  price: z.number().int(),
  previousPrice: z.number().int().nullable(),
  changedAt: z.string(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const vehicleDetailSchema = vehicleSchema.extend({
  priceHistory: z.array(priceChangeSchema),
  /** AMVIC's used-sale disclosures (issue 34 §5, domain/amvic-disclosures.ts): answered items only. */
  amvicDisclosures: amvicDisclosuresSchema,
});
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalVehicles: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const paginatedVehiclesSchema = z.object({
  vehicles: z.array(vehicleSchema),
  pagination: paginationSchema,
});
export type PaginatedVehicles = z.infer<typeof paginatedVehiclesSchema>;

// --- Query parameters of GET /api/vehicles (spec §7). Strict: bad values are a 400 (DESIGN.md convention 6).

/** PostgreSQL text cannot hold a NUL character; refuse it as bad input rather than fail in the database. */
const hasNoNul = (s: string) => !s.includes('\u0000');
const text = (name: string, max: number) =>
  z.string().trim().min(1, `${name} cannot be empty`).max(max, `${name} is at most ${max} characters`).refine(hasNoNul, `${name} contains a NUL character`);

/** A query parameter that may be given once or repeated (?make=Ford&make=RAM). */
const repeated = (item: z.ZodType<string>) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(50, 'too many values'));

const wholeNumber = (name: string, max = 10_000_000) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} cannot be negative`).max(max, `${name} is too large`);

/** The listing's filters (spec §7), shared by GET /api/vehicles and GET /api/vehicles/facets. */
const vehicleFilterFields = {
  search: z.string().trim().max(100, 'search is at most 100 characters').refine(hasNoNul, 'search contains a NUL character').optional(),
  make: repeated(text('make', 40)),
  model: repeated(text('model', 60)),
  bodyType: repeated(text('bodyType', 40)),
  transmission: repeated(text('transmission', 40)),
  feature: repeated(text('feature', 60)),
  location: z.enum(LOCATIONS).optional(),
  condition: z.enum(CONDITIONS).optional(),
  sellerType: z.enum(SELLER_TYPES).optional(),
  priceMin: wholeNumber('priceMin').optional(),
  priceMax: wholeNumber('priceMax').optional(),
  yearMin: wholeNumber('yearMin', 3000).optional(),
  yearMax: wholeNumber('yearMax', 3000).optional(),
  mileageMax: wholeNumber('mileageMax').optional(),
};

type RangeFields = { priceMin?: number; priceMax?: number; yearMin?: number; yearMax?: number };
const rangesInOrder = <T extends z.ZodType<RangeFields>>(schema: T) => schema
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: 'priceMin must not exceed priceMax', path: ['priceMin'],
  }).refine((q) => q.yearMin === undefined || q.yearMax === undefined || q.yearMin <= q.yearMax, {
    message: 'yearMin must not exceed yearMax', path: ['yearMin'],
  });

export const vehicleListQuerySchema = rangesInOrder(z.object({
  format: z.enum(['paginated', 'array']).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').max(100_000, 'page is too large').default(1),
  // Issue 33 §5: a limit over MAX_PAGE_SIZE is refused with the bound, so a client learns why it got fewer than it asked.
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit is at most ${MAX_PAGE_SIZE}`).default(PAGE_SIZE),
  sortBy: z.enum(SORT_KEYS, { error: `sortBy must be one of ${SORT_KEYS.join(', ')}` }).default(DEFAULT_SORT),
  ...vehicleFilterFields,
  /** Admin only: which statuses to include. Visitors always get available vehicles (AMVIC: sold leaves search at once). */
  status: z.enum([...VEHICLE_STATUSES, 'all']).optional(),
}));
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;

/** GET /api/vehicles/facets: the listing's filters, whose counts the facets follow (issue 17, disjunctive facets). */
export const vehicleFacetsQuerySchema = rangesInOrder(z.object(vehicleFilterFields));
export type VehicleFacetsQuery = z.infer<typeof vehicleFacetsQuerySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
/** The facets both search paths count themselves (search-index.ts, sql-search.ts). */
export const stockFacetsSchema = z.object({
  total: z.number().int(),
  makes: z.array(facetCountSchema),
  bodyTypes: z.array(facetCountSchema),
  transmissions: z.array(facetCountSchema),
  features: z.array(facetCountSchema),
  /** Make/model/body combinations for cascading pickers (home search card). */
  models: z.array(z.object({ make: z.string(), model: z.string(), bodyType: z.string(), count: z.number().int() })),
  price: z.object({ min: z.number().int(), max: z.number().int() }),
  year: z.object({ min: z.number().int(), max: z.number().int() }),
  mileage: z.object({ max: z.number().int() }),
});
export type StockFacets = z.infer<typeof stockFacetsSchema>;
/**
 * The facets, with the store and condition counts (issue 33 §2): each in the spec's order (LOCATIONS, CONDITIONS),
 * counted like the others with every filter but its own, so a count says what picking it would give.
 */
export const facetsSchema = stockFacetsSchema.extend({
  locations: z.array(facetCountSchema),
  conditions: z.array(facetCountSchema),
});
export type Facets = z.infer<typeof facetsSchema>;

export const vehicleMutationResultSchema = z.object({
  message: z.string(),
  vehicle: vehicleSchema.optional(),
});
