// Inventory feeds in (issue 32 part 1): the dealer's DMS or feed provider publishes its inventory as a CSV at a URL;
// the site fetches it on a schedule, maps its columns to ours and applies the difference through the vehicle write
// path. This file holds the API contracts (integrators depend on them: OpenAPI is generated from these schemas) and
// the pure rules both sides use: our field names, the suggested mapping, the photo-URL list, the safety rule.
import { z } from 'zod';
import { fieldForHeader, normalizeHeader, type ImportField } from './imports';
import { MAX_PHOTOS_PER_VEHICLE } from './media';

// ---------------------------------------------------------------------------------------------------------------
// Our fields: the column names of our own inventory CSV export (domain/feeds.ts INVENTORY_CSV_COLUMNS), so a feed
// made from our export maps itself, plus what a DMS carries that the export does not (the was-price).

export const FEED_FIELDS = [
  'stock_number', 'vin', 'year', 'make', 'model', 'trim', 'condition', 'price', 'original_price', 'odometer_km',
  'body_style', 'transmission', 'drivetrain', 'engine', 'fuel_type', 'exterior_color', 'interior_color', 'doors',
  'seats', 'features', 'photo_urls', 'description', 'location',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** Our feed field → the vehicle field the import rules parse it as (photo_urls is the feed's own). */
export const FEED_FIELD_TO_IMPORT: Record<Exclude<FeedField, 'photo_urls'>, ImportField> = {
  stock_number: 'stockNumber', vin: 'vin', year: 'year', make: 'make', model: 'model', trim: 'trim', condition: 'condition',
  price: 'price', original_price: 'originalPrice', odometer_km: 'mileage', body_style: 'bodyType', transmission: 'transmission',
  drivetrain: 'drivetrain', engine: 'engine', fuel_type: 'fuelType', exterior_color: 'exteriorColor', interior_color: 'interiorColor',
  doors: 'doors', seats: 'seats', features: 'features', description: 'description', location: 'location',
};

export const FEED_FIELD_LABELS: Record<FeedField, string> = {
  stock_number: 'Stock number', vin: 'VIN', year: 'Year', make: 'Make', model: 'Model', trim: 'Trim', condition: 'New or used',
  price: 'All-in price', original_price: 'Was price', odometer_km: 'Odometer (km)', body_style: 'Body style',
  transmission: 'Transmission', drivetrain: 'Drivetrain', engine: 'Engine', fuel_type: 'Fuel type', exterior_color: 'Exterior colour',
  interior_color: 'Interior colour', doors: 'Doors', seats: 'Seats', features: 'Features', photo_urls: 'Photo URLs',
  description: 'Description', location: 'Store',
};

/** A feed must name these columns: a unit is matched by its stock number and VIN (issue 32 "created with the feed's stock number"). */
export const FEED_REQUIRED_FIELDS: readonly FeedField[] = ['stock_number', 'vin'];

/** Headers of photo columns in common DMS exports, normalised (domain/imports.ts normalizeHeader). */
const PHOTO_ALIASES = new Set(['photourls', 'photos', 'photo', 'imageurls', 'imageurl', 'images', 'image', 'imagelist', 'pictures', 'pictureurls', 'photolist', 'mediaurls']);

/** our field → the feed's column, or null when the feed has none. */
export type FeedMapping = Partial<Record<FeedField, string | null>>;

/** The field a feed header means, if we recognise it ("Stock #", "Model Year", "Internet Price", "Image URLs"…). */
export function feedFieldForHeader(header: string): FeedField | undefined {
  const n = normalizeHeader(header);
  if (PHOTO_ALIASES.has(n)) return 'photo_urls';
  if ((FEED_FIELDS as readonly string[]).includes(header.trim().toLowerCase())) return header.trim().toLowerCase() as FeedField;
  const field = fieldForHeader(header);
  if (!field || field === 'status') return undefined;
  return (Object.entries(FEED_FIELD_TO_IMPORT) as [FeedField, ImportField][]).find(([, f]) => f === field)?.[0];
}

/** The suggested mapping for a feed's headers: the first column that means a field takes it. */
export function suggestFeedMapping(headers: readonly string[]): FeedMapping {
  const out: FeedMapping = {};
  for (const h of headers) {
    const f = feedFieldForHeader(h);
    if (f && !out[f]) out[f] = h;
  }
  return out;
}

/**
 * Photo URLs in one cell: DMS exports separate them with "|", ",", ";" or spaces. Only absolute http(s) URLs count;
 * repeats are dropped and at most the per-vehicle photo limit is kept, cover first.
 */
export function splitPhotoUrls(cell: string): string[] {
  const out: string[] = [];
  for (const part of cell.split(/[|,;\s]+/)) {
    const url = part.trim();
    if (!/^https?:\/\/[^\s]+$/i.test(url) || out.includes(url)) continue;
    out.push(url);
    if (out.length === MAX_PHOTOS_PER_VEHICLE) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Safety (issue 32 "Safety"): a run that would take down much of the stock waits for a person.

export const FEED_DEFAULTS = { intervalMinutes: 60, removalThresholdPercent: 30, goneAction: 'sold' } as const;
export const FEED_LIMITS = { intervalMinutesMin: 5, intervalMinutesMax: 7 * 24 * 60, fetchTimeoutMs: 60_000, maxBytes: 20 * 1024 * 1024 } as const;
/** Two failed runs in a row e-mail the dealer. */
export const FEED_FAILURES_BEFORE_NOTICE = 2;

/** Why a run must wait for approval, or null when it may apply by itself. */
export function holdReason(p: { units: number; removals: number; rows: number; lastRows: number | null; thresholdPercent: number }): string | null {
  if (p.units > 0 && p.removals * 100 > p.units * p.thresholdPercent) {
    return `It would remove ${p.removals} of the feed's ${p.units} units (${Math.round((p.removals * 100) / p.units)}%, above the ${p.thresholdPercent}% set for this feed)`;
  }
  if (p.lastRows !== null && p.lastRows > 0 && p.rows * 2 < p.lastRows) {
    return `The feed has ${p.rows} rows, less than half of the ${p.lastRows} it had last time`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// API contracts

const feedMappingSchema = z.partialRecord(z.enum(FEED_FIELDS, { error: `mapping keys must be our field names: ${FEED_FIELDS.join(', ')}` }),
  z.string().trim().min(1).max(200).nullable());

const httpUrl = z.string().trim().max(2000, 'url is at most 2,000 characters').refine((u) => {
  try {
    const p = new URL(u).protocol;
    return p === 'http:' || p === 'https:';
  } catch { return false; }
}, 'url must be an absolute http:// or https:// address').refine((u) => {
  // issue 56 finding 8: a password in the URL would be stored, shown, audited and e-mailed in clear.
  try {
    const p = new URL(u);
    return p.username === '' && p.password === '';
  } catch { return true; }
}, 'url must not hold a user name or password: use the username and password fields');

export const GONE_ACTIONS = ['sold', 'delete'] as const;
export type GoneAction = (typeof GONE_ACTIONS)[number];

export const feedInputSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(80, 'name is at most 80 characters'),
  url: httpUrl,
  format: z.enum(['csv'], { error: 'format must be csv' }).default('csv'),
  intervalMinutes: z.number().int('intervalMinutes must be a whole number')
    .min(FEED_LIMITS.intervalMinutesMin, `intervalMinutes is at least ${FEED_LIMITS.intervalMinutesMin}`)
    .max(FEED_LIMITS.intervalMinutesMax, `intervalMinutes is at most ${FEED_LIMITS.intervalMinutesMax} (a week)`).default(FEED_DEFAULTS.intervalMinutes),
  mapping: feedMappingSchema.optional(),
  /** Basic-auth credentials, stored encrypted (the PII key). Omit the password on an update to keep the stored one. */
  username: z.string().trim().max(200).nullable().optional(),
  password: z.string().max(200).nullable().optional(),
  goneAction: z.enum(GONE_ACTIONS, { error: 'goneAction must be sold or delete' }).default(FEED_DEFAULTS.goneAction),
  removalThresholdPercent: z.number().int().min(1, 'removalThresholdPercent is at least 1').max(100, 'removalThresholdPercent is at most 100').default(FEED_DEFAULTS.removalThresholdPercent),
  enabled: z.boolean().default(true),
}).strict();
export type FeedInput = z.infer<typeof feedInputSchema>;

export const feedPreviewBodySchema = z.object({
  url: httpUrl,
  format: z.enum(['csv']).default('csv'),
  username: z.string().trim().max(200).nullable().optional(),
  password: z.string().max(200).nullable().optional(),
  /** An existing feed's stored credentials, when the form does not repeat them. */
  feedId: z.number().int().positive().optional(),
}).strict();

export const feedPreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string())),
  rowCount: z.number().int(),
  suggested: feedMappingSchema,
  fields: z.array(z.object({ field: z.enum(FEED_FIELDS), label: z.string(), required: z.boolean() })),
});
export type FeedPreview = z.infer<typeof feedPreviewSchema>;

export const RUN_STATUSES = ['running', 'succeeded', 'failed', 'held', 'approved', 'discarded'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const runMessageSchema = z.object({ line: z.number().int().nullable(), message: z.string() });
export type RunMessage = z.infer<typeof runMessageSchema>;

const diffUnit = z.object({ vehicleId: z.number().int().nullable(), stockNumber: z.string(), title: z.string(), price: z.number().int().nullable() });
export const runDiffSchema = z.object({
  create: z.array(diffUnit),
  update: z.array(diffUnit.extend({ changes: z.array(z.string()) })),
  remove: z.array(diffUnit),
});
export type RunDiff = z.infer<typeof runDiffSchema>;

export const feedRunSchema = z.object({
  id: z.number().int(),
  feedId: z.number().int(),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  photosDownloaded: z.number().int(),
  warnings: z.array(runMessageSchema),
  errors: z.array(runMessageSchema),
  /** Why a held run waits, and what it would do (the diff an admin approves). */
  heldReason: z.string().nullable(),
  diff: runDiffSchema.nullable(),
});
export type FeedRun = z.infer<typeof feedRunSchema>;

export const feedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  format: z.enum(['csv']),
  intervalMinutes: z.number().int(),
  mapping: feedMappingSchema,
  username: z.string().nullable(),
  /** Whether a password is stored; it is never sent back. */
  hasPassword: z.boolean(),
  goneAction: z.enum(GONE_ACTIONS),
  removalThresholdPercent: z.number().int(),
  enabled: z.boolean(),
  units: z.number().int(),
  consecutiveFailures: z.number().int(),
  lastRun: feedRunSchema.nullable(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedListSchema = z.object({ feeds: z.array(feedSchema) });
export const feedRunListSchema = z.object({ runs: z.array(feedRunSchema) });
export const feedIdParams = z.object({ id: z.coerce.number().int().positive() });
export const feedRunParams = z.object({ id: z.coerce.number().int().positive(), runId: z.coerce.number().int().positive() });

/** Hand edits (issue 32 "Hand edits"): the whole vehicle, or single fields of it, kept from the feed. */
export const feedLockBodySchema = z.object({
  locked: z.union([z.literal('all'), z.array(z.enum(FEED_FIELDS)).max(FEED_FIELDS.length)]),
}).strict();
export const feedLockSchema = z.object({ vehicleId: z.number().int(), feedId: z.number().int().nullable(), locked: z.union([z.literal('all'), z.array(z.enum(FEED_FIELDS))]) });
export type FeedLock = z.infer<typeof feedLockSchema>;
